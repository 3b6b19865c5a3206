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
        try ReportWriter.checkOutput(input.output, force: input.force)
        return Output(
            theme: theme, fonts: fonts, page: page, previous: PreviousReport(in: ReportWriter.resolved(input.output)),
            warnings: fonts.substitutions.map { ReportWarning(stage: .setup, message: $0) })
    }
}
