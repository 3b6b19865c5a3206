/// The renderer moved into a target of its own (`AlbumReportRenderer`); `import AlbumReport` still
/// gives `ScreenRenderer` and `SheetDrawing`, as it did when they lived here.
@_exported import AlbumReportRenderer
