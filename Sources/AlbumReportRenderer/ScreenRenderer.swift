import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Draws laid-out screens with libgd. It only draws: every position comes from the layout.
public struct ScreenRenderer: Sendable {
    /// The text engine (also the layout's measurer, so wrapping matches the pixels).
    public var text: any TextRendering
    /// Colours for placeholders.
    public var theme: Theme
    /// What screens drawn by other renderers share with this one's (a matrix's combinations):
    /// resampled artwork, and the compressed rows of identical card spans; nothing in a single run.
    public var sharing: ScreenSharing

    /// Creates a renderer.
    public init(text: any TextRendering, theme: Theme, sharing: ScreenSharing = .none) {
        self.text = text
        self.theme = theme
        self.sharing = sharing
    }

    // MARK: - Screens

    /// A rendered sheet: the PNG, its pixel size, and per rank why a placeholder was drawn.
    public struct RenderedSheet {
        /// The PNG's bytes (none when a sink took them).
        public var png: Data
        /// The picture's width in pixels.
        public var width: Int
        /// The picture's height in pixels.
        public var height: Int
        /// Per rank, why a thumbnail could not be decoded (its placeholder was drawn).
        public var decodeFailures: [Int: GraphicsError]
    }

    /// Renders the sheet strip by strip (`stripHeight` pixels at a time) into one streamed PNG,
    /// so memory stays bounded however many rows there are. `thumbnail(rank)` gives each row's
    /// artwork bytes (nil: placeholder). ``SheetDrawing`` draws the same strips one call at a
    /// time, for a caller that waits for each strip's thumbnails in between.
    public func renderSheet(
        _ layout: SheetLayout, compression: PNGCompression, stripHeight: Int = 2048,
        sink: ((Data) -> Void)? = nil, thumbnail: (Int) -> Data?,
        afterStrip: (_ pixelRowsDone: Int, _ height: Int) -> Bool = { _, _ in true }
    ) throws(GraphicsError) -> RenderedSheet {
        var drawing = try SheetDrawing(
            self, layout: layout, compression: compression, stripHeight: stripHeight, sink: sink)
        while !drawing.isFinished {
            try drawing.drawStrip(thumbnail: thumbnail)
            // The caller reports progress and stops a cancelled run between strips.
            guard afterStrip(drawing.rowsDone, drawing.height) else { throw .cancelled }
        }
        return try drawing.finish()
    }

    /// Renders one card with `artwork` bytes (nil: placeholder) and, for a card presented over
    /// the list (iPad, SwiftUI), the list's covers by rank (`listThumbnails`; a missing one is the
    /// row's placeholder). Returns why a placeholder was drawn, when decoding failed.
    public func renderCard(
        _ layout: CardLayout, artwork: Data?, listThumbnails: [Int: Data] = [:]
    ) throws(GraphicsError) -> (
        image: GDImage, decodeFailure: GraphicsError?
    ) {
        let scale = layout.scale
        let image = try canvas(
            size: layout.size, scale: scale, background: layout.presentation?.backdrop ?? layout.background)
        if let presentation = layout.presentation {
            try drawPresentation(presentation, on: image, scale: scale, listThumbnails: listThumbnails)
        }
        let failure = drawImage(artwork, in: layout.artwork, on: image, scale: scale, behind: layout.background)
        for block in layout.textBlocks { try text.draw(block, in: image) }
        if let badge = layout.badge { drawBadge(badge, on: image, scale: scale, behind: layout.background) }
        if let edge = layout.scrollEdge {
            image.applyMaterial(
                edge.frame.pixels(scale: scale), sigma: edge.material.blurSigma * scale, tint: edge.material.tint,
                container: edge.container?.pixels(scale: scale),
                bottomCornerRadius: (edge.containerCornerRadius ?? 0) * scale)
            image.fill(edge.separator.pixels(scale: scale), color: edge.separatorColor)
        }
        // The bar goes over the content (a card's content never reaches under it at the scroll edge).
        try drawNavigationBar(layout.navigationBar, on: image, scale: scale)
        let button = layout.button
        let frame = button.frame
        image.fillRoundedRect(
            x: frame.x * layout.scale, y: frame.y * layout.scale, width: frame.width * layout.scale,
            height: frame.height * layout.scale, radius: button.cornerRadius * layout.scale, color: button.fill)
        try text.draw(button.label, in: image)
        if let indicator = layout.homeIndicator { drawHomeIndicator(indicator, on: image, scale: scale) }
        return (image, failure)
    }

    /// A card drawn and filtered into a PNG encoder, its compression still to come
    /// (``EncodingCard/finish()``). The canvas is released before the rows are compressed, so a
    /// card in flight holds one of the two at a time, not both.
    public func encodeCard(
        _ layout: CardLayout, artwork: Data?, listThumbnails: [Int: Data] = [:], compression: PNGCompression
    ) throws(GraphicsError) -> EncodingCard {
        let rendered = try renderCard(layout, artwork: artwork, listThumbnails: listThumbnails)
        let encoder = try PNGStreamEncoder(
            width: rendered.image.width, height: rendered.image.height, compression: compression,
            spans: sharing.spans)
        let artwork = layout.artwork.frame.pixels(scale: layout.scale)
        encoder.sharedRows = artwork.y..<artwork.maxY
        try encoder.append(rendered.image)
        return EncodingCard(
            encoder: encoder, width: rendered.image.width, height: rendered.image.height,
            decodeFailure: rendered.decodeFailure)
    }

    /// A card's pixels in a PNG encoder (``encodeCard(_:artwork:listThumbnails:compression:)``).
    public struct EncodingCard {
        let encoder: PNGStreamEncoder
        /// The picture's width in pixels.
        public let width: Int
        /// The picture's height in pixels.
        public let height: Int
        /// Why a placeholder was drawn instead of the artwork, when it could not be decoded.
        public let decodeFailure: GraphicsError?

        /// The PNG's bytes.
        public func finish() throws(GraphicsError) -> Data { try encoder.finish() }
    }

    // MARK: - Parts

    /// Draws one list row (its cell, thumbnail, text, badge, chevron and separator); returns why
    /// a placeholder was drawn when the thumbnail could not be decoded.
    func drawRow(
        _ row: RowLayout, on image: GDImage, scale: Double, listBackground: RGBA, thumbnail: Data?
    ) throws(GraphicsError) -> GraphicsError? {
        var behind = listBackground
        if let background = row.background {
            behind = background.color
            let rect = background.frame
            image.fillRoundedRect(
                x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale,
                radius: background.cornerRadius * scale, roundsTop: background.roundsTop,
                roundsBottom: background.roundsBottom, color: background.color)
        }
        let failure = row.thumbnail.flatMap { drawImage(thumbnail, in: $0, on: image, scale: scale, behind: behind) }
        if let title = row.title { try text.draw(title, in: image) }
        if let badge = row.badge { drawBadge(badge, on: image, scale: scale, behind: behind) }
        if let subtitle = row.subtitle { try text.draw(subtitle, in: image) }
        if let chevron = row.chevron { drawChevron(chevron, on: image, scale: scale) }
        if let separator = row.separator { image.fill(separator.pixels(scale: scale), color: row.separatorColor) }
        return failure
    }

    private func canvas(size: Size, scale: Double, background: RGBA) throws(GraphicsError) -> GDImage {
        try GDImage(
            width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()),
            background: background)
    }

    /// Draws decoded artwork into a slot, or the placeholder when there is none or it cannot be
    /// decoded; returns the decoding error in that last case (nil otherwise).
    private func drawImage(
        _ data: Data?, in slot: ImageSlot, on image: GDImage, scale: Double, behind: RGBA
    ) -> GraphicsError? {
        let pixels = slot.frame.pixels(scale: scale)
        if let data {
            do {
                let decode = { (data: Data) throws(GraphicsError) -> GDImage in
                    try Self.aspectFilled(GDImage(decoding: data), to: pixels)
                }
                // Nil: drawn from (or into) the shared pictures.
                guard
                    let source = try sharing.pictures.draw(
                        data, in: pixels, on: image, cornerRadius: slot.cornerRadius * scale, background: behind,
                        decode: decode)
                else { return nil }
                image.fill(pixels, color: theme.colors.placeholderBackground)
                image.draw(source, in: pixels, cornerRadius: slot.cornerRadius * scale, background: behind)
                return nil
            } catch {
                drawPlaceholder(in: slot, on: image, scale: scale)
                return error
            }
        }
        drawPlaceholder(in: slot, on: image, scale: scale)
        return nil
    }

    /// The centre of `source` with the slot's aspect ratio (aspect-fill: never stretched).
    static func aspectFilled(_ source: GDImage, to slot: PixelRect) throws(GraphicsError) -> GDImage {
        guard slot.width > 0, slot.height > 0 else { return source }
        let slotRatio = Double(slot.width) / Double(slot.height)
        let sourceRatio = Double(source.width) / Double(source.height)
        // Within a pixel of the slot's shape: drawn whole (square album art).
        if abs(sourceRatio - slotRatio) * Double(max(source.width, source.height)) < 1 { return source }
        if sourceRatio > slotRatio {
            let width = Int((Double(source.height) * slotRatio).rounded())
            return try source.cropped(
                to: PixelRect(x: (source.width - width) / 2, y: 0, width: width, height: source.height))
        }
        let height = Int((Double(source.width) / slotRatio).rounded())
        return try source.cropped(
            to: PixelRect(x: 0, y: (source.height - height) / 2, width: source.width, height: height))
    }

    /// A neutral tile with a beamed pair of music notes (or a photo symbol), in the theme's
    /// placeholder colours.
    private func drawPlaceholder(in slot: ImageSlot, on image: GDImage, scale: Double) {
        if slot.placeholder == .photo {
            drawPhotoPlaceholder(in: slot, on: image, scale: scale)
            return
        }
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
