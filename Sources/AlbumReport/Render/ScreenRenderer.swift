import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Draws laid-out screens with libgd. It only draws: every position comes from the layout.
public struct ScreenRenderer: Sendable {
    /// The text engine (also the layout's measurer, so wrapping matches the pixels).
    public var text: any TextRendering
    /// Colours for placeholders.
    public var theme: Theme

    /// Creates a renderer.
    public init(text: any TextRendering, theme: Theme) {
        self.text = text
        self.theme = theme
    }

    /// What happened to one image slot.
    public enum ArtworkUse: String, Sendable, Codable {
        case image, placeholder
    }

    // MARK: - Screens

    /// Renders the sheet. `thumbnail(rank)` gives each row's artwork bytes (nil: placeholder).
    /// Returns the image and, per rank, why a placeholder was drawn instead of the artwork.
    public func renderSheet(
        _ layout: SheetLayout, thumbnail: (Int) -> Data?
    ) throws(GraphicsError) -> (image: GDImage, decodeFailures: [Int: String]) {
        let image = try canvas(size: layout.size, scale: layout.scale, background: layout.background)
        var failures: [Int: String] = [:]
        for row in layout.rows {
            if let slot = row.thumbnail {
                if case .failure(let failure) = drawImage(thumbnail(row.rank), in: slot, on: image, scale: layout.scale)
                {
                    failures[row.rank] = failure.reason
                }
            }
            if let title = row.title { try text.draw(title, in: image) }
            if let subtitle = row.subtitle { try text.draw(subtitle, in: image) }
            if let chevron = row.chevron { drawChevron(chevron, on: image, scale: layout.scale) }
            image.fill(row.separator.pixels(scale: layout.scale), color: row.separatorColor)
        }
        try drawNavigationBar(layout.navigationBar, on: image, scale: layout.scale)
        return (image, failures)
    }

    /// Renders one card with `artwork` bytes (nil: placeholder). Returns why a placeholder was
    /// drawn, when decoding failed.
    public func renderCard(
        _ layout: CardLayout, artwork: Data?
    ) throws(GraphicsError) -> (
        image: GDImage, decodeFailure: String?
    ) {
        let image = try canvas(size: layout.size, scale: layout.scale, background: layout.background)
        try drawNavigationBar(layout.navigationBar, on: image, scale: layout.scale)
        var failure: String?
        if case .failure(let decode) = drawImage(artwork, in: layout.artwork, on: image, scale: layout.scale) {
            failure = decode.reason
        }
        for block in layout.textBlocks { try text.draw(block, in: image) }
        let button = layout.button
        let frame = button.frame
        image.fillRoundedRect(
            x: frame.x * layout.scale, y: frame.y * layout.scale, width: frame.width * layout.scale,
            height: frame.height * layout.scale, radius: button.cornerRadius * layout.scale, color: button.fill)
        try text.draw(button.label, in: image)
        return (image, failure)
    }

    // MARK: - Parts

    private func canvas(size: Size, scale: Double, background: RGBA) throws(GraphicsError) -> GDImage {
        try GDImage(
            width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()),
            background: background)
    }

    private func drawNavigationBar(_ bar: NavigationBarLayout, on image: GDImage, scale: Double) throws(GraphicsError) {
        image.fill(bar.frame.pixels(scale: scale), color: bar.background)
        image.fill(bar.separator.pixels(scale: scale), color: bar.separatorColor)
        try text.draw(bar.title, in: image)
        if let subtitle = bar.subtitle { try text.draw(subtitle, in: image) }
        if let chevron = bar.backChevron { drawChevron(chevron, on: image, scale: scale) }
        if let label = bar.backLabel { try text.draw(label, in: image) }
    }

    /// Two antialiased strokes meeting at the point of the chevron, kept inside its frame.
    private func drawChevron(_ chevron: ChevronLayout, on image: GDImage, scale: Double) {
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

    /// Draws decoded artwork into a slot, or the placeholder when there is none or it cannot be decoded.
    private func drawImage(
        _ data: Data?, in slot: ImageSlot, on image: GDImage, scale: Double
    ) -> Result<
        ArtworkUse, DecodeFailure
    > {
        let pixels = slot.frame.pixels(scale: scale)
        if let data {
            do {
                let source = try GDImage(decoding: data)
                image.fill(pixels, color: theme.colors.placeholderBackground)
                image.draw(
                    source, in: pixels, cornerRadius: slot.cornerRadius * scale, background: theme.colors.background)
                return .success(.image)
            } catch {
                drawPlaceholder(in: slot, on: image, scale: scale)
                return .failure(DecodeFailure(reason: error.description))
            }
        }
        drawPlaceholder(in: slot, on: image, scale: scale)
        return .success(.placeholder)
    }

    struct DecodeFailure: Error {
        var reason: String
    }

    /// A neutral tile with a beamed pair of music notes, in the theme's placeholder colours.
    private func drawPlaceholder(in slot: ImageSlot, on image: GDImage, scale: Double) {
        let frame = slot.frame
        let x = frame.x * scale
        let y = frame.y * scale
        let side = min(frame.width, frame.height) * scale
        image.fillRoundedRect(
            x: x, y: y, width: frame.width * scale, height: frame.height * scale, radius: slot.cornerRadius * scale,
            color: theme.colors.placeholderBackground)
        let ink = theme.colors.placeholderSymbol
        let head = side * 0.075
        let stem = max(side * 0.028, 1)
        let heads = [(x: x + side * 0.38, y: y + side * 0.66), (x: x + side * 0.64, y: y + side * 0.60)]
        let tops = [y + side * 0.32, y + side * 0.26]
        for (index, center) in heads.enumerated() {
            image.fillRoundedRect(
                x: center.x - head * 1.15, y: center.y - head, width: head * 2.3, height: head * 2, radius: head,
                color: ink)
            let stemX = center.x + head * 1.15 - stem
            image.fillRoundedRect(
                x: stemX, y: tops[index], width: stem, height: center.y - tops[index], radius: 0, color: ink)
        }
        let beamStart = (x: heads[0].x + head * 1.15 - stem / 2, y: tops[0] + stem * 1.2)
        let beamEnd = (x: heads[1].x + head * 1.15 - stem / 2, y: tops[1] + stem * 1.2)
        image.strokeSegment(from: beamStart, to: beamEnd, width: stem * 2.6, color: ink)
    }
}
