/// How the SwiftUI app presents a card: as a sheet over the dimmed list, whose top edge shows
/// above the sheet (iPhone) or around it (iPad). The sheet has the one (large) detent, so it has
/// no grabber (UIKit's `prefersGrabberVisible` is false by default; SwiftUI's automatic
/// `presentationDragIndicator` shows one only on a resizable sheet).
public struct SheetPresentation: Sendable, Hashable, Codable {
    /// The colour behind everything (the window's black).
    public var backdrop: RGBA
    /// The list, pushed back and dimmed, behind the sheet.
    public var presentingFrame: Rect
    public var presentingColor: RGBA
    public var presentingCornerRadius: Double
    /// The status bar over the backdrop (light content, as iOS shows it while a sheet is up).
    public var statusBar: StatusBarLayout?
    /// The sheet itself.
    public var sheetFrame: Rect
    public var sheetColor: RGBA
    public var cornerRadius: Double
    /// Whether the sheet's bottom corners are rounded too (iPad's floating sheet).
    public var roundsBottom: Bool
    /// The list the sheet was presented from, drawn behind it (iPad, where it shows around the sheet).
    public var presentingList: SheetLayout?
    /// The translucent black iOS dims the presenting view with, over `presentingList`.
    public var dimming: RGBA?
}

extension SheetPresentation {
    /// The size of the form sheet a plain `.sheet` is on an iPad, in points, by the screen's
    /// longer side, as UIKit's `_UISheetPresentationMetrics.defaultFormSheetSizeForScreenSize:`
    /// picks it since iPadOS 16 (which made form sheets "slightly bigger": Geoff Hackworth, "View
    /// Controller Presentation Changes in iOS and iPadOS 16"): 540 × 600 up to 1,024 pt, 620 × 680
    /// from 1,590 pt, 580 × 640 between (every current iPad, in either orientation).
    public static func formSheetSize(on device: Device) -> Size {
        let longer = max(device.size.width, device.size.height)
        if longer <= 1024 { return Size(width: 540, height: 600) }
        return longer >= 1590 ? Size(width: 620, height: 680) : Size(width: 580, height: 640)
    }

    /// The sheet a SwiftUI app presents the detail in: on iPhone it starts 10 pt under the
    /// safe-area top with the dimmed list's top edge showing above it; on iPad it is a form sheet
    /// (``formSheetSize(on:)``, 10 pt corners, the same metrics), centred over the dimmed list. `formSheetHeight` is the height a form
    /// sheet needs for all of its content (`--fit content`): it grows to it, staying centred
    /// while it fits between the status bar and the bottom with ``formSheetMargin`` around it,
    /// and reaching below the screen when it does not (the card grows, as a full-page screenshot).
    static func make(
        device: Device, colors: Theme.Colors, statusBar: StatusBarLayout?, formSheetHeight: Double? = nil
    ) -> SheetPresentation {
        // The list pushed back under iOS's dimming: in dark mode its black background stays black
        // (never the sheet's own elevated #1C1C1E, which would make the top read as a folder tab).
        let dimmed =
            colors.background.isDarkColor
            ? RGBA(red: 0, green: 0, blue: 0, alpha: 0x23).over(colors.groupedBackground)
            : RGBA(red: 0xD1, green: 0xD1, blue: 0xD6)
        let black = RGBA(red: 0, green: 0, blue: 0)
        let top = max(device.safeArea.top, device.statusBarHeight)
        if device.isPad {
            return SheetPresentation(
                backdrop: black,
                presentingFrame: Rect(x: 0, y: 0, width: device.size.width, height: device.size.height),
                presentingColor: dimmed, presentingCornerRadius: 0, statusBar: statusBar,
                sheetFrame: formSheetFrame(on: device, top: top, height: formSheetHeight),
                sheetColor: colors.sheetBackground, cornerRadius: 10, roundsBottom: true)
        }
        let sheetTop = top + 10
        let inset = device.size.width * 0.04
        let sheet = Rect(x: 0, y: sheetTop, width: device.size.width, height: device.size.height - sheetTop)
        return SheetPresentation(
            backdrop: black,
            presentingFrame: Rect(
                x: inset, y: top, width: device.size.width - 2 * inset, height: device.size.height - top),
            presentingColor: dimmed, presentingCornerRadius: 10, statusBar: statusBar, sheetFrame: sheet,
            sheetColor: colors.sheetBackground, cornerRadius: 10, roundsBottom: false)
    }

    /// The least room kept around a form sheet (UIKit's `minimumSidePadding`): beside it, and
    /// between a grown sheet and the status bar above it and the card's bottom below it.
    static let formSheetMargin = 25.0

    /// An iPad's form sheet, ``formSheetSize(on:)`` or `height` (when taller), centred on the
    /// screen while it fits under the status bar.
    private static func formSheetFrame(on device: Device, top: Double, height: Double?) -> Rect {
        let size = formSheetSize(on: device)
        let width = min(size.width, device.size.width - 2 * formSheetMargin)
        let height = max(height ?? 0, min(size.height, device.size.height - top - 2 * formSheetMargin))
        let y = max((device.size.height - height) / 2, top + formSheetMargin)
        return Rect(x: (device.size.width - width) / 2, y: y, width: width, height: height)
    }
}

extension SheetPresentation: LayoutPart {
    /// The sheet's frame.
    var frame: Rect { sheetFrame }

    /// The status bar, the dimmed list's frame and the sheet; the list drawn behind the sheet is
    /// not a part of the card's: it was laid out (and mirrored) as a sheet of its own.
    mutating func visitParts(_ visitor: inout some LayoutPartVisitor) {
        visitor.visit(&statusBar, .parts)
        visitor.visit(&presentingFrame, .unrecorded)
        visitor.visit(&sheetFrame, .element(.sheet))
    }
}

extension RGBA {
    /// Whether the colour is dark (sum of channels under half).
    var isDarkColor: Bool { Int(red) + Int(green) + Int(blue) < 3 * 128 }
}
