import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

/// The theme's type: families by size, font files and tracking by design.
@Suite("Typography: theme families and tracking by design")
struct TypographyTests {
    let measurer = MonospaceMeasurer()

    // MARK: - Tracking

    @Test("Inter text takes Inter's dynamic metrics: -0.0223 + 0.185·e^(-0.1745·size) em")
    func interTracking() {
        // 17 pt: -0.0223 + 0.185 × e^(-2.9665) = -0.01277 em = -0.217 pt.
        #expect(abs(FontTracking.points(family: "Inter", size: 17) - (-0.2171)) < 0.001)
        // 13 pt: -0.0032 em = -0.041 pt; 34 pt: -0.0218 em = -0.742 pt.
        #expect(abs(FontTracking.points(family: "Inter", size: 13) - (-0.0411)) < 0.001)
        #expect(abs(FontTracking.points(family: "Inter", size: 34) - (-0.7416)) < 0.001)
        // Small text opens up: 8 pt is positive.
        #expect(FontTracking.points(family: "Inter", size: 8) > 0)
    }

    @Test(
        "SF Pro (a family or a file) keeps Apple's table; Inter Display opens up below 32 pt; a theme's tracking wins")
    func trackingByDesign() {
        #expect(FontTracking.points(family: "SF Pro Display", size: 34) == 0.4)
        #expect(FontTracking.points(family: "/fonts/SF-Pro-Text-{weight}.otf", size: 17) == -0.43)
        #expect(FontTracking.design(of: "/opt/InterDisplay-Bold.otf") == .interDisplay)
        #expect(FontTracking.design(of: "Inter Display") == .interDisplay)
        #expect(FontTracking.design(of: "Inter") == .inter)
        #expect(FontTracking.design(of: "Helvetica Neue") == .sfPro)
        #expect(FontTracking.points(family: "Inter Display", size: 34) == 0)
        #expect(FontTracking.points(family: "Inter Display", size: 32) == 0)
        // 22 pt: 0.025 × 10/18 em = 0.306 pt, opening the display cut up between 32 and 14 pt.
        #expect(abs(FontTracking.points(family: "Inter Display", size: 22) - 0.3056) < 0.001)
        let explicit = FontStyle(family: "Inter", weight: .bold, size: 34, lineHeight: 41, tracking: 0.4)
        #expect(explicit.effectiveTracking == 0.4)
        let inter = FontStyle(family: "Inter", weight: .regular, size: 17, lineHeight: 22)
        #expect(inter.effectiveTracking == FontTracking.points(family: "Inter", size: 17))
    }

    // MARK: - Families

    @Test("the shipped themes set SF Pro Text or Inter below 20 pt, SF Pro Display or Inter Display from 20 pt up")
    func shippedFamilies() throws {
        let text = "SF Pro Text, Inter"
        let display = "SF Pro Display, Inter Display"
        for name in ["light", "dark"] {
            let fonts = try Theme.shipped(name).fonts
            #expect(fonts.largeTitleStyle.family == display)
            #expect(fonts.cardTitle.family == display)
            #expect(fonts.navigationTitle.family == text)
            #expect(fonts.cardFootnote.family == text)
            #expect(fonts.sectionHeaderStyle.family == text)
            for style in fonts.allStyles {
                #expect(style.family == (style.size >= 20 ? display : text), "\(style)")
            }
        }
    }

    @Test("family and displayFamily override every style; relative font files resolve against the theme's folder")
    func overridesAndPaths() throws {
        var json = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/light.json"), encoding: .utf8)
        json = json.replacingOccurrences(
            of: #""displayFamily": "SF Pro Display, Inter Display","#,
            with: #""displayFamily": "fonts/SF-Pro-Display-{weight}.otf", "emojiFamily": "Twemoji","#)
        json = json.replacingOccurrences(
            of: #""family": "SF Pro Text, Inter","#, with: #""family": "/opt/SF-Pro-Text-{weight}.otf","#)
        let folder = URL(fileURLWithPath: "/themes/mine")
        let theme = try Theme.decode(Data(json.utf8), source: "mine.json", directory: folder)
        #expect(theme.fonts.largeTitleStyle.family == "/themes/mine/fonts/SF-Pro-Display-{weight}.otf")
        #expect(theme.fonts.cardTitle.family == "/themes/mine/fonts/SF-Pro-Display-{weight}.otf")
        #expect(theme.fonts.rowTitle.family == "/opt/SF-Pro-Text-{weight}.otf")
        #expect(theme.fonts.emojiFamily == "Twemoji")
        let source = FontSource(theme.fonts.cardTitle.family)
        #expect(source.isFile)
        #expect(source.path(for: .semibold) == "/themes/mine/fonts/SF-Pro-Display-Semibold.otf")
        #expect(!FontSource("Inter Display").isFile && FontSource("SF-Pro.ttf").isFile)
        // SF Pro files get Apple's tracking.
        #expect(theme.fonts.largeTitleStyle.effectiveTracking == 0.4)
    }

    @Test("a font file is found when its name differs only in case (InterDisplay-SemiBold.otf for {weight} = Semibold)")
    func caseInsensitiveFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fontsource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("InterDisplay-SemiBold.otf"))
        let source = FontSource(folder.appendingPathComponent("InterDisplay-{weight}.otf").path)
        #expect(source.existingFile(for: .semibold) == folder.appendingPathComponent("InterDisplay-SemiBold.otf").path)
        #expect(source.existingFile(for: .bold) == nil)
    }
}
