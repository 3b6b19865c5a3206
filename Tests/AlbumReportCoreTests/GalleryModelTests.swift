import AlbumReportCore
import Foundation
import Testing

@Suite("The index.html model: safe links and overlays that scale with the image")
struct GalleryModelTests {
    @Test(
        "only absolute http(s) links with a host and no credentials are kept",
        arguments: [
            ("https://music.apple.com/us/album/x/1?app=music", true), ("http://itunes.apple.com/a", true),
            ("HTTPS://EXAMPLE.COM/", true), ("javascript:alert(1)", false), (" javascript:alert(1)", false),
            ("JaVaScRiPt:alert(1)", false), ("data:text/html,<script>", false), ("//evil.example/x", false),
            ("/relative/path", false), ("https://user:pass@evil.example/", false), ("https:///nohost", false),
            ("https://a.example/\u{0}x", false), ("ftp://example.com/x", false), ("vbscript:x", false),
        ])
    func safeLinks(link: String, kept: Bool) {
        #expect((Gallery.safeWebLink(link) != nil) == kept)
    }

    @Test("row and button regions are percentages of the screen, rows link to cards that exist")
    func regions() {
        let item = FeedItem(rank: 1, id: "a", title: "Album", artistName: "Artist", storeURL: "https://example.com/a")
        let other = FeedItem(rank: 2, id: "b", title: "Other", artistName: nil, storeURL: "javascript:alert(1)")
        let size = Size(width: 400, height: 1000)
        func element(
            _ kind: LayoutElement.Kind, rank: Int?, _ frame: Rect, link: String? = nil
        ) -> Manifest.ElementRecord {
            Manifest.ElementRecord(LayoutElement(kind, rank: rank, frame: frame), scale: 2, link: link)
        }
        let sheet = Manifest.ScreenRecord(
            kind: .sheet, file: "sheet.png", rank: nil, sizePoints: size,
            elements: [
                element(.row, rank: 1, Rect(x: 0, y: 100, width: 400, height: 80)),
                element(.row, rank: 2, Rect(x: 0, y: 180, width: 400, height: 80)),
            ])
        let card = Manifest.ScreenRecord(
            kind: .card, file: "cards/001-album.png", rank: 1, sizePoints: Size(width: 400, height: 800),
            elements: [element(.button, rank: 1, Rect(x: 20, y: 700, width: 360, height: 50), link: item.storeURL)])
        let feed = Feed(format: .appleRSSv2, title: "Top", items: [item, other])
        let manifest = Manifest(
            generator: "albumreport test", feed: Manifest.FeedInfo(source: "s", encoding: "utf-8", feed: feed),
            device: .iPhone15, theme: "light", locale: "en_US", fonts: [],
            items: [item, other].map { Manifest.ItemRecord($0, undrawableCharacters: []) },
            files: [
                Manifest.FileRecord(path: "sheet.png", widthPixels: 800, heightPixels: 2000, bytes: 1, sha256: ""),
                Manifest.FileRecord(
                    path: "cards/001-album.png", widthPixels: 800, heightPixels: 1600, bytes: 1, sha256: ""),
            ], screens: [sheet, card], warnings: [])
        let gallery = Gallery(manifest: manifest, subtitle: nil)

        #expect(gallery.sheets.count == 1)
        let rows = gallery.sheets[0].rows
        #expect(rows.count == 1, "rank 2 has no card, so its row links nowhere")
        #expect(rows[0].href == "#card-1")
        #expect((rows[0].left, rows[0].top, rows[0].width, rows[0].height) == ("0", "10", "100", "8"))
        #expect(rows[0].label == "Album by Artist")
        #expect(gallery.sheets[0].displayWidth == "400")
        let button = gallery.cards[0].buttons[0]
        #expect(button.href == "https://example.com/a")
        #expect((button.left, button.top, button.width, button.height) == ("5", "87.5", "90", "6.25"))
        #expect(!gallery.hasSubtitle && gallery.hasCards && !gallery.hasWarnings)
    }

    @Test(
        "--button artist: the card's link is named \"View Artist\"; a row cut by a screen-sized page links only what shows"
    )
    func artistButtonAndCutRows() {
        let item = FeedItem(
            rank: 1, id: "a", title: "Album", artistName: "Artist", storeURL: "https://example.com/album",
            artistURL: "https://example.com/artist")
        func element(
            _ kind: LayoutElement.Kind, rank: Int?, _ frame: Rect, link: String? = nil
        ) -> Manifest.ElementRecord {
            Manifest.ElementRecord(LayoutElement(kind, rank: rank, frame: frame), scale: 1, link: link)
        }
        let size = Size(width: 400, height: 800)
        // A scrolled page: the bar covers 0…100, the row runs from 60 (under the bar) to 160.
        let sheet = Manifest.ScreenRecord(
            kind: .sheet, file: "sheet-002.png", rank: nil, page: 2, sizePoints: size,
            elements: [
                element(.navigationBar, rank: nil, Rect(x: 0, y: 0, width: 400, height: 100)),
                element(.row, rank: 1, Rect(x: 0, y: 60, width: 400, height: 100)),
            ])
        let card = Manifest.ScreenRecord(
            kind: .card, file: "cards/001-album.png", rank: 1, sizePoints: size,
            elements: [
                {
                    // The card records the label it draws; the gallery says the same.
                    var button = element(
                        .button, rank: 1, Rect(x: 20, y: 700, width: 360, height: 50), link: item.artistURL)
                    button.label = "View Artist"
                    return button
                }()
            ])
        let feed = Feed(format: .appleRSSv1, title: "Top", items: [item])
        let manifest = Manifest(
            generator: "albumreport test", feed: Manifest.FeedInfo(source: "s", encoding: "utf-8", feed: feed),
            device: .iPhone15, theme: "light", locale: "en_US", fonts: [],
            items: [Manifest.ItemRecord(item, undrawableCharacters: [])],
            files: [
                Manifest.FileRecord(path: "sheet-002.png", widthPixels: 400, heightPixels: 800, bytes: 1, sha256: ""),
                Manifest.FileRecord(
                    path: "cards/001-album.png", widthPixels: 400, heightPixels: 800, bytes: 1, sha256: ""),
            ], screens: [sheet, card], warnings: [])
        let gallery = Gallery(manifest: manifest, subtitle: nil)
        let button = gallery.cards[0].buttons[0]
        #expect(button.href == "https://example.com/artist")
        #expect(button.label.hasPrefix("View Artist: "))
        let row = gallery.sheets[0].rows[0]
        #expect((row.top, row.height) == ("12.5", "7.5"), "the row's link starts under the bar")
    }

    @Test("the page's heading is the list's title as the screens draw it: an album chart's in the report's language")
    func localizedHeading() {
        func heading(title: String, format: FeedFormat, language: ChromeLanguage?) -> String {
            let feed = Feed(format: format, title: title, items: [])
            let manifest = Manifest(
                generator: "albumreport test", feed: Manifest.FeedInfo(source: "s", encoding: "utf-8", feed: feed),
                device: .iPhone15, theme: "light", locale: "ar_SA", fonts: [], items: [], files: [], screens: [],
                warnings: [])
            return Gallery(manifest: manifest, subtitle: nil, language: language).title
        }
        var words = ChromeLanguage.english
        words["topAlbums"] = "أفضل الألبومات"
        let arabic = ChromeLanguage(code: "ar", direction: .rtl, strings: words)
        #expect(heading(title: "Top Albums", format: .appleRSSv2, language: arabic) == "أفضل الألبومات")
        #expect(heading(title: "Top Albums", format: .appleRSSv2, language: nil) == "Top Albums")
        // A chart's own title is the feed's words: never translated.
        #expect(heading(title: "Hot Tracks", format: .appleRSSv2, language: arabic) == "Hot Tracks")
    }
}
