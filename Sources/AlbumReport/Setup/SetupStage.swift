import AlbumReportCore
import AlbumReportGraphics
import Foundation

/// Reads the theme, resolves its fonts, loads the page template and checks the output folder,
/// so that a bad theme, a missing font or an unusable folder fails before anything is downloaded.
struct SetupStage: PipelineStage {
    static let stage = Stage.setup

    struct Input: Sendable {
        /// The settings as given: the language still to resolve.
        var settings: RenderSettings
        /// Where the chart comes from (its storefront may choose the language).
        var feed: FeedSource
        var templatesDirectory: URL?
        var output: URL
        var force: Bool
    }

    struct Output: StageOutput {
        /// The settings as this run draws them, every default resolved (``RenderSettings/resolved(feed:available:)``).
        var settings: RenderSettings
        /// The theme, its fonts and the app's language.
        var resources: ScreenResources
        var page: GalleryPage
        /// The report already in the output folder, when there is one.
        var previous: PreviousReport?
        var warnings: [ReportWarning]
        var progressDetail: String { "theme \(resources.theme.name), \(resources.fonts.all.count) fonts" }
    }

    func run(_ input: Input, context: RunContext) async throws(ReportError) -> Output {
        let settings = input.settings.resolved(
            feed: input.feed,
            available: ChromeStringsLoader.availableLanguages(templatesDirectory: input.templatesDirectory))
        let resources = try ScreenResources(settings, templatesDirectory: input.templatesDirectory)
        let page = try GalleryPage(templatesDirectory: input.templatesDirectory)
        // The previous report's manifest is read once, here, for both the check and the run.
        let previous = PreviousReport(in: ReportWriter.resolved(input.output))
        try ReportWriter.checkOutput(input.output, force: input.force, holdsReport: previous != nil)
        return Output(
            settings: settings, resources: resources, page: page, previous: previous, warnings: resources.warnings)
    }
}

extension SetupStage.Input {
    /// What `options` asks the setup for.
    init(_ options: GenerateOptions) {
        self.init(
            settings: options.settings, feed: options.feed, templatesDirectory: options.templatesDirectory,
            output: options.output, force: options.force)
    }
}
