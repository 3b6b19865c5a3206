/// How the screens are presented: which seed app's style, the list's title, whether every PNG is
/// exactly one screen, what the card's button opens and whether a status bar and a home indicator
/// are drawn.
public struct ScreenOptions: Sendable, Hashable, Codable {
    /// The app whose screens are drawn.
    public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
        /// A plain list with chevrons; the detail is pushed, with a back button.
        case uikit
        /// An inset-grouped list without chevrons; the detail is presented as a sheet with a Done button.
        case swiftui
    }

    /// How the list's title is drawn.
    public enum TitleStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// iOS's large title (34 pt bold) under the bar, where the idiom shows one.
        case large
        /// The title centred in the bar.
        case inline
    }

    /// How tall a PNG is.
    public enum Fit: String, Sendable, Hashable, Codable, CaseIterable {
        /// As tall as the content needs: nothing is ever cut.
        case content
        /// Exactly the device's size: the sheet is paged like scrolled screenshots (rows cut by the
        /// edges) and a card's content scrolls under its pinned button.
        case screen
    }

    /// What the card's button opens.
    public enum ButtonTarget: String, Sendable, Hashable, Codable, CaseIterable {
        /// The album's store page ("View in Apple Music").
        case album
        /// The artist's page ("View Artist"), from the feed's `artistUrl`.
        case artist
    }

    /// Whether a status bar is drawn.
    public enum StatusBar: String, Sendable, Hashable, Codable, CaseIterable {
        /// The device's status bar (none in iPhone landscape, where iOS hides it).
        case device
        /// None: the area stays empty, for users who composite their own.
        case none
    }

    /// Whether the home indicator is drawn.
    public enum HomeIndicator: String, Sendable, Hashable, Codable, CaseIterable {
        /// The device's, where it has one (Face ID iPhones and iPads: every device with a bottom
        /// safe-area inset), as in every real screenshot of those devices.
        case device
        /// None: the bottom of the screen shows the app alone, as a simulator snapshot test does.
        case none
    }

    /// The app whose screens are drawn (`--style`).
    public var style: Style
    /// How the list's title is drawn (`--title-style`).
    public var titleStyle: TitleStyle
    /// How tall a PNG is (`--fit`).
    public var fit: Fit
    /// What the card's button opens (`--button`).
    public var button: ButtonTarget
    /// Whether a status bar is drawn (`--status-bar`).
    public var statusBar: StatusBar
    /// Whether the home indicator is drawn (`--home-indicator`).
    public var homeIndicator: HomeIndicator
    /// iOS's Dynamic Type size (`--content-size`).
    public var contentSize: ContentSizeCategory
    /// iOS's Bold Text (`--bold-text`).
    public var boldText: Bool
    /// iOS's Increase Contrast (`--increase-contrast`).
    public var increaseContrast: Bool
    /// The app's own words and the UI's direction, as loaded for a run from its `--language` and
    /// `--layout-direction` (a run's setup sets it; one set by hand in settings is replaced);
    /// nil: the English, left-to-right UI.
    public var language: ChromeLanguage?

    /// The UI's direction (left to right without a ``language``).
    public var layoutDirection: LayoutDirection { language?.direction ?? .ltr }

    /// Creates options; the defaults are the UIKit app's screens with a status bar, sized to
    /// content, at iOS's default text size.
    public init(
        style: Style = .uikit, titleStyle: TitleStyle = .large, fit: Fit = .content, button: ButtonTarget = .album,
        statusBar: StatusBar = .device, contentSize: ContentSizeCategory = .l, boldText: Bool = false,
        increaseContrast: Bool = false, language: ChromeLanguage? = nil, homeIndicator: HomeIndicator = .device
    ) {
        self.style = style
        self.titleStyle = titleStyle
        self.fit = fit
        self.button = button
        self.statusBar = statusBar
        self.homeIndicator = homeIndicator
        self.contentSize = contentSize
        self.boldText = boldText
        self.increaseContrast = increaseContrast
        self.language = language
    }
}
