import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Reads the theme, resolves its fonts, loads the page template and checks the output folder,
/// so that a bad theme, a missing font or an unusable folder fails before anything is downloaded.
struct SetupStage: PipelineStage {
    static let stage = Stage.setup

    struct Input: Sendable {
        var theme: ThemeChoice
        var templatesDirectory: URL?
        var output: URL
        var force: Bool
        /// `--language` (nil: English).
        var language: String? = nil
        /// `--layout-direction` (nil: the language's own).
        var layoutDirection: LayoutDirection? = nil
        /// The accessibility settings the theme is adapted to (Dynamic Type, Bold Text, Increase Contrast).
        var screen = ScreenOptions()
    }

    struct Output: StageOutput {
        var theme: Theme
        var fonts: FontBook
        var page: GalleryPage
        /// The report already in the output folder, when there is one.
        var previous: PreviousReport?
        var warnings: [ReportWarning]
        /// The app's words and the UI's direction (nil: English, left to right).
        var language: ChromeLanguage? = nil
        var progressDetail: String { "theme \(theme.name), \(fonts.all.count) fonts" }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let theme = try ThemeLoader.load(input.theme, templatesDirectory: input.templatesDirectory)
            .adapted(to: input.screen)
        let fonts: FontBook
        do {
            fonts = try FontBook(theme: theme)
        } catch {
            throw .fonts(error)
        }
        let page = try GalleryPage(templatesDirectory: input.templatesDirectory)
        var language: (language: ChromeLanguage?, warnings: [String]) = (nil, [])
        if input.language != nil || input.layoutDirection != nil {
            language = try ChromeStringsLoader.load(
                input.language ?? "en", direction: input.layoutDirection, templatesDirectory: input.templatesDirectory)
        }
        // The previous report's manifest is read once, here, for both the check and the run.
        let previous = PreviousReport(in: ReportWriter.resolved(input.output))
        try ReportWriter.checkOutput(input.output, force: input.force, holdsReport: previous != nil)
        return Output(
            theme: theme, fonts: fonts, page: page, previous: previous,
            warnings: (fonts.substitutions + language.warnings).map { ReportWarning(stage: .setup, message: $0) },
            language: language.language)
    }
}

extension SetupStage.Input {
    /// What `options` asks the setup for.
    init(_ options: GenerateOptions) {
        self.init(
            theme: options.theme, templatesDirectory: options.templatesDirectory, output: options.output,
            force: options.force, language: options.language, layoutDirection: options.layoutDirection,
            screen: options.screen)
    }
}

extension SetupStage.Output {
    /// `screen` with this run's language.
    func screen(_ screen: ScreenOptions) -> ScreenOptions {
        var screen = screen
        screen.language = language
        return screen
    }

    /// The locale of the screens' dates and line breaking: `given` (`--locale`), or the
    /// language's own when `given` is in another language.
    func localeIdentifier(given: String) -> String {
        language.map { $0.dateLocale(given: Locale(identifier: given)).identifier } ?? given
    }
}
