/// A named frame, as recorded in the manifest.
public struct LayoutElement: Sendable, Hashable, Codable {
    /// What an element is. The raw values are the names the manifest records (and
    /// `--mask-elements` and the gallery match), so a case's raw value must never change.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        // The status bar.
        case statusBar, statusBarTime, statusBarSignal, statusBarWifi, statusBarBattery
        // The navigation bar.
        case navigationBar, navigationTitle, largeTitle, backChevron, backLabel, doneButton, refreshButton
        // The sheet.
        case header, row, thumbnail, title, subtitle, chevron, separator, explicitBadge
        // The card.
        case sheet, artwork, artist, genres, releaseDate, copyright, scrollEdge, button
        // The system's, over every screen.
        case homeIndicator
    }

    /// What it is (`row`, `thumbnail`, `button`, …).
    public var kind: Kind
    /// The item's rank, for per-item elements.
    public var rank: Int?
    /// The frame in points.
    public var frame: Rect

    /// The name the manifest records.
    public var name: String { kind.rawValue }

    /// Coded as the manifest's element is: the kind under `name`.
    enum CodingKeys: String, CodingKey {
        case kind = "name"
        case rank, frame
    }

    /// Creates an element.
    public init(_ kind: Kind, rank: Int? = nil, frame: Rect) {
        self.kind = kind
        self.rank = rank
        self.frame = frame
    }
}
