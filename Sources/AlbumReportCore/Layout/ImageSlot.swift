/// A place where artwork (or its placeholder) is drawn, aspect-fill: an image of another shape
/// is centre-cropped to the slot, never stretched.
public struct ImageSlot: Sendable, Hashable, Codable {
    /// What a slot without an image shows.
    public enum Placeholder: String, Sendable, Hashable, Codable {
        /// A pair of music notes (album artwork).
        case music
        /// A landscape with a sun (a facts row's photo).
        case photo
    }

    public var frame: Rect
    public var cornerRadius: Double
    public var placeholder: Placeholder = .music
}

extension ImageSlot: FramedPart {}
