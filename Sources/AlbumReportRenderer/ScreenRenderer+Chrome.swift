import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// The iOS chrome, drawn as vectors from the layout's frames: bars, status-bar symbols, the
/// explicit badge, the sheet a SwiftUI card is presented in, symbols for bar buttons and
/// placeholders. No Apple artwork is used.
extension ScreenRenderer {
    func drawNavigationBar(_ bar: NavigationBarLayout, on image: GDImage, scale: Double) throws(GraphicsError) {
        if let material = bar.material {
            image.applyMaterial(bar.frame.pixels(scale: scale), sigma: material.blurSigma * scale, tint: material.tint)
        }
        if let separator = bar.separator { image.fill(separator.pixels(scale: scale), color: bar.separatorColor) }
        if let statusBar = bar.statusBar { try drawStatusBar(statusBar, on: image, scale: scale) }
        if let title = bar.title { try text.draw(title, in: image) }
        if let largeTitle = bar.largeTitle { try text.draw(largeTitle, in: image) }
        if let chevron = bar.backChevron { drawChevron(chevron, on: image, scale: scale) }
        if let label = bar.backLabel { try text.draw(label, in: image) }
        if let done = bar.doneLabel { try text.draw(done, in: image) }
        if let refresh = bar.refreshSymbol { drawRefreshSymbol(in: refresh, color: bar.tint, on: image, scale: scale) }
    }

    /// The time, cellular bars, the Wi-Fi fan and a full battery.
    func drawStatusBar(_ bar: StatusBarLayout, on image: GDImage, scale: Double) throws(GraphicsError) {
        for block in bar.textBlocks { try text.draw(block, in: image) }
        let color = bar.color
        if let signal = bar.signal {
            let gap = signal.width * 0.1
            let width = (signal.width - 3 * gap) / 4
            for (index, share) in [0.38, 0.58, 0.79, 1.0].enumerated() {
                let height = signal.height * share
                image.fillRoundedRect(
                    x: (signal.x + Double(index) * (width + gap)) * scale, y: (signal.maxY - height) * scale,
                    width: width * scale, height: height * scale, radius: width * 0.3 * scale, color: color)
            }
        }
        let wifi = bar.wifi
        let radius = wifi.height * scale
        let centerX = wifi.midX * scale
        let centerY = wifi.maxY * scale
        let band = radius * 0.2
        for share in [1.0, 0.64] {
            let arcRadius = radius * share - band / 2
            image.strokeArc(
                centerX: centerX, centerY: centerY - band * 0.3, radius: arcRadius,
                startAngle: -Double.pi * 0.75 + 0.08,
                endAngle: -Double.pi * 0.25 - 0.08, lineWidth: band, color: color)
        }
        // The innermost part is a small wedge.
        let tip = radius * 0.3
        image.fillConvexPolygon(
            [
                (centerX, centerY - band * 0.2), (centerX - tip * 0.78, centerY - tip * 0.85),
                (centerX, centerY - tip * 1.12), (centerX + tip * 0.78, centerY - tip * 0.85),
            ], color: color)

        let battery = bar.battery
        var faint = color
        faint.alpha = UInt8(Double(color.alpha) * 0.4)
        let outline = max(1, scale) / scale
        image.strokeRoundedRect(
            x: (battery.x + outline / 2) * scale, y: (battery.y + outline / 2) * scale,
            width: (battery.width - outline) * scale, height: (battery.height - outline) * scale,
            radius: battery.height * 0.33 * scale, lineWidth: outline * scale, color: faint)
        let inset = battery.height * 0.17
        image.fillRoundedRect(
            x: (battery.x + inset) * scale, y: (battery.y + inset) * scale, width: (battery.width - 2 * inset) * scale,
            height: (battery.height - 2 * inset) * scale, radius: battery.height * 0.2 * scale, color: color)
        let capHeight = battery.height * 0.35
        image.fillRoundedRect(
            x: (battery.maxX + battery.height * 0.08) * scale, y: (battery.midY - capHeight / 2) * scale,
            width: battery.height * 0.12 * scale, height: capHeight * scale, radius: battery.height * 0.06 * scale,
            color: faint)
    }

    /// Two antialiased strokes meeting at the point of the chevron, kept inside its frame.
    /// Draws the home indicator: an opaque capsule (antialiased, as the fills of the bar buttons).
    func drawHomeIndicator(_ indicator: HomeIndicatorLayout, on image: GDImage, scale: Double) {
        let frame = indicator.frame
        image.fillRoundedRect(
            x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale,
            radius: indicator.cornerRadius * scale, color: indicator.color)
    }

    func drawChevron(_ chevron: ChevronLayout, on image: GDImage, scale: Double) {
        let stroke = chevron.strokeWidth * scale
        let inset = stroke / 2
        let frame = chevron.frame
        let left = frame.x * scale + inset
        let right = frame.maxX * scale - inset
        let top = frame.y * scale + inset
        let bottom = frame.maxY * scale - inset
        let middle = frame.midY * scale
        let (tipX, tailX) = chevron.direction == .forward ? (right, left) : (left, right)
        image.strokeSegment(from: (tailX, top), to: (tipX, middle), width: stroke, color: chevron.color)
        image.strokeSegment(from: (tipX, middle), to: (tailX, bottom), width: stroke, color: chevron.color)
    }

    /// The explicit badge: a rounded square with an "E" cut out of it (in `behind`, the colour
    /// under the badge).
    func drawBadge(_ badge: BadgeLayout, on image: GDImage, scale: Double, behind: RGBA) {
        let frame = badge.frame
        let side = frame.width * scale
        let x = frame.x * scale
        let y = frame.y * scale
        image.fillRoundedRect(
            x: x, y: y, width: side, height: frame.height * scale, radius: side * 0.2, color: badge.color)
        let stem = side * 0.14
        let left = x + side * 0.32
        let top = y + side * 0.22
        let bottom = y + side * 0.78
        func bar(_ barY: Double, _ length: Double) {
            image.fillRoundedRect(x: left, y: barY, width: length, height: stem, radius: 0, color: behind)
        }
        bar(top, side * 0.38)
        bar(y + side * 0.5 - stem / 2, side * 0.33)
        bar(bottom - stem, side * 0.38)
        image.fillRoundedRect(x: left, y: top, width: stem, height: bottom - top, radius: 0, color: behind)
    }

    /// SF Symbols' `arrow.clockwise`, drawn: most of a circle, stroked, ending at its top in an
    /// open arrowhead (two strokes meeting at the arc's end, as the symbol's chevron-like head).
    func drawRefreshSymbol(in frame: Rect, color: RGBA, on image: GDImage, scale: Double) {
        let radius = frame.width * 0.36 * scale
        let centerX = frame.midX * scale
        let centerY = (frame.midY + frame.height * 0.04) * scale
        let width = frame.width * 0.09 * scale
        // Clockwise from one o'clock round to twelve, where the arrowhead points on, to the right.
        let start = -Double.pi / 2 + 0.6
        let end = start + 2 * Double.pi - 0.85
        image.strokeArc(
            centerX: centerX, centerY: centerY, radius: radius, startAngle: start, endAngle: end, lineWidth: width,
            color: color)
        let tip = (x: centerX + radius * cos(end), y: centerY + radius * sin(end))
        let (tangentX, tangentY) = (-sin(end), cos(end))
        let (normalX, normalY) = (cos(end), sin(end))
        // Each arm goes back from the tip at 45° to the arc, one outwards and one inwards.
        let arm = radius * 0.5 * 0.5.squareRoot()
        for side in [1.0, -1.0] {
            image.strokeSegment(
                from: tip,
                to: (tip.x - tangentX * arm + side * normalX * arm, tip.y - tangentY * arm + side * normalY * arm),
                width: width, color: color)
        }
    }

    /// A photo placeholder: a framed landscape, a mountain and a sun.
    func drawPhotoPlaceholder(in slot: ImageSlot, on image: GDImage, scale: Double) {
        let frame = slot.frame
        let x = frame.x * scale
        let y = frame.y * scale
        let width = frame.width * scale
        let height = frame.height * scale
        image.fillRoundedRect(
            x: x, y: y, width: width, height: height, radius: slot.cornerRadius * scale,
            color: theme.colors.placeholderBackground)
        let ink = theme.colors.placeholderSymbol
        let side = min(width, height)
        let boxWidth = side * 0.56
        let boxHeight = side * 0.44
        let boxX = x + (width - boxWidth) / 2
        let boxY = y + (height - boxHeight) / 2
        image.strokeRoundedRect(
            x: boxX, y: boxY, width: boxWidth, height: boxHeight, radius: side * 0.06, lineWidth: side * 0.045,
            color: ink)
        let floor = boxY + boxHeight - side * 0.07
        image.fillConvexPolygon(
            [
                (boxX + boxWidth * 0.14, floor), (boxX + boxWidth * 0.45, boxY + boxHeight * 0.38),
                (boxX + boxWidth * 0.72, floor),
            ], color: ink)
        image.fillConvexPolygon(
            [
                (boxX + boxWidth * 0.55, floor), (boxX + boxWidth * 0.7, boxY + boxHeight * 0.55),
                (boxX + boxWidth * 0.86, floor),
            ], color: ink)
        image.fillCircle(
            centerX: boxX + boxWidth * 0.72, centerY: boxY + boxHeight * 0.3, radius: side * 0.05, color: ink)
    }

    /// The backdrop of a presented card: the list pushed back (on iPad its rows with their
    /// `listThumbnails` by rank, dimmed), the status bar over it, and the sheet.
    func drawPresentation(
        _ sheet: SheetPresentation, on image: GDImage, scale: Double, listThumbnails: [Int: Data]
    ) throws(GraphicsError) {
        let back = sheet.presentingFrame
        image.fillRoundedRect(
            x: back.x * scale, y: back.y * scale, width: back.width * scale, height: back.height * scale,
            radius: sheet.presentingCornerRadius * scale, roundsTop: true, roundsBottom: false,
            color: sheet.presentingColor)
        if let list = sheet.presentingList {
            // The list the sheet came from, with its artwork, under the dimming (a thumbnail that
            // did not arrive or decode is the row's placeholder, as on the sheet).
            if let header = list.header { try text.draw(header, in: image) }
            for row in list.rows {
                _ = try drawRow(
                    row, on: image, scale: scale, listBackground: list.background, thumbnail: listThumbnails[row.rank])
            }
            try drawNavigationBar(list.navigationBar, on: image, scale: scale)
        }
        if let dimming = sheet.dimming { image.fill(back.pixels(scale: scale), color: dimming) }
        if let statusBar = sheet.statusBar { try drawStatusBar(statusBar, on: image, scale: scale) }
        let frame = sheet.sheetFrame
        image.fillRoundedRect(
            x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale,
            radius: sheet.cornerRadius * scale, roundsTop: true, roundsBottom: sheet.roundsBottom,
            color: sheet.sheetColor)
    }
}
