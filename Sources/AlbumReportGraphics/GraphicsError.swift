/// Why an image could not be created, decoded, drawn into or encoded.
public enum GraphicsError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case allocationFailed(width: Int, height: Int)
    case notAnImage
    case decodingFailed(String)
    /// A PNG chunk that claims more than the file holds or than is allowed (the phrase says which).
    case damagedChunk(String)
    case encodingFailed(String)
    case fontNotFound(family: String, weight: String)
    case textFailed(String)
    /// The caller asked to stop (the run was interrupted).
    case cancelled

    /// The user-facing sentence.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "An image of \(width) × \(height) pixels cannot be created; sizes must be from 1 to 100000 pixels."
        case .allocationFailed(let width, let height):
            "There was not enough memory for an image of \(width) × \(height) pixels."
        case .notAnImage:
            "the data is not a PNG, JPEG, GIF or WebP image"
        case .decodingFailed(let format):
            "the \(format) image is corrupt or truncated"
        case .damagedChunk(let problem):
            "the PNG image is refused before decoding: \(problem)"
        case .encodingFailed(let format):
            "libgd could not encode the image as \(format)"
        case .fontNotFound(let family, let weight):
            "No installed font matches \(family) \(weight). Install it (on Debian/Ubuntu: apt-get install fonts-inter fonts-dejavu-core) or choose another family in the theme."
        case .textFailed(let message):
            "libgd could not draw text: \(message)"
        case .cancelled:
            "drawing was cancelled"
        }
    }
}
