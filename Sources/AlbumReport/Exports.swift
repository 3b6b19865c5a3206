/// The comparison's report and the template loading moved into `AlbumReportCompareReport`, which
/// the compare-only executable links without the renderer; `import AlbumReport` still gives
/// `ComparisonReportWriter` and `TemplateFile`.
@_exported import AlbumReportCompareReport
/// The renderer moved into a target of its own (`AlbumReportRenderer`); `import AlbumReport` still
/// gives `ScreenRenderer` and `SheetDrawing`, as it did when they lived here.
@_exported import AlbumReportRenderer
