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
        /// The theme, its fonts and the app's language.
        var resources: ScreenResources
        var page: GalleryPage
        /// The report already in the output folder, when there is one.
        var previous: PreviousReport?
        var warnings: [ReportWarning]
        var progressDetail: String { "theme \(resources.theme.name), \(resources.fonts.all.count) fonts" }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let resources = try ScreenResources(
            theme: input.theme, templatesDirectory: input.templatesDirectory, language: input.language,
            layoutDirection: input.layoutDirection, screen: input.screen)
        let page = try GalleryPage(templatesDirectory: input.templatesDirectory)
        // The previous report's manifest is read once, here, for both the check and the run.
        let previous = PreviousReport(in: ReportWriter.resolved(input.output))
        try ReportWriter.checkOutput(input.output, force: input.force, holdsReport: previous != nil)
        return Output(
            resources: resources, page: page, previous: previous,
            warnings: resources.warnings)
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
