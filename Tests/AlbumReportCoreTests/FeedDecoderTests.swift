import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("Decoding the recorded feeds")
struct FeedDecoderTests {
    func decode(_ name: String) throws -> FeedDecoder.Output {
        try FeedDecoder().decode(Fixtures.feedData(name), source: "The feed file \(name)")
    }

    @Test("the minified v1 top-100 decodes every album with every field")
    func v1Top100() throws {
        let output = try decode(Fixtures.Feeds.v1Top100)
        let feed = output.feed
        #expect(feed.format == .appleRSSv1)
        #expect(feed.title == "Top Albums")
        #expect(feed.country == "us")
        #expect(feed.updated == "2020-03-23T02:04:33.000-07:00")
        #expect(feed.items.count == 100)
        #expect(output.warnings.isEmpty)
        #expect(output.detectedEncoding == "UTF-8")

        let first = try #require(feed.items.first)
        #expect(first.rank == 1)
        #expect(first.id == "1499378108")
        #expect(first.title == "After Hours")
        #expect(first.artistName == "The Weeknd")
        #expect(first.releaseDate == PartialDate(year: 2020, month: 3, day: 20))
        #expect(first.genres == ["R&B/Soul", "Music"])
        #expect(first.displayGenres == ["R&B/Soul"])
        #expect(first.copyright?.hasPrefix("℗ 2020 The Weeknd XO, Inc.") == true)
        #expect(first.storeURL == "https://music.apple.com/us/album/after-hours/1499378108?app=music")
        #expect(first.storeButtonTitle == "View in Apple Music")
        #expect(first.artworkURL?.hasSuffix("/200x200bb.png") == true)

        let last = try #require(feed.items.last)
        #expect(last.rank == 100)
        #expect(last.title == "thank u, next")
        #expect(last.displayGenres == ["Pop", "Dance", "Rock"])

        let questionMark = feed.items[90]
        #expect(questionMark.title == "?")
        #expect(questionMark.artistName == "XXXTENTACION")
        #expect(feed.items.filter { $0.contentAdvisoryRating == nil }.count == 20)
    }

    @Test("the pretty-printed 2019 v1 feed uses itunes.apple.com links and says so on the button")
    func v1Pretty() throws {
        let feed = try decode(Fixtures.Feeds.v1Top100Pretty).feed
        #expect(feed.format == .appleRSSv1)
        #expect(feed.items.count == 100)
        let first = try #require(feed.items.first)
        #expect(first.title == "IGOR")
        #expect(first.artistName == "Tyler, The Creator")
        #expect(first.storeButtonTitle == "View in iTunes Store")
        #expect(feed.items[77].title == "?")
        #expect(feed.items.last?.title == "KOD")
        #expect(feed.items.filter { $0.contentAdvisoryRating == nil }.count == 15)
    }

    @Test("the ten-album v1 feed is all explicit")
    func v1Top10() throws {
        let feed = try decode(Fixtures.Feeds.v1Top10).feed
        #expect(feed.items.count == 10)
        #expect(feed.items.allSatisfy { $0.contentAdvisoryRating == "Explicit" })
        #expect(feed.items.first?.title == "The New Toronto 3")
        #expect(feed.items.last?.title == "Please Excuse Me For Being Antisocial")
    }

    @Test("the coming-soon feed decodes despite its leading blank line, keeps ², and de-duplicates genres")
    func v1ComingSoon() throws {
        let feed = try decode(Fixtures.Feeds.v1ComingSoon).feed
        #expect(feed.title == "Coming Soon")
        #expect(feed.items.count == 10)
        let tea = feed.items[7]
        #expect(tea.title == "Tea for the Tillerman²")
        #expect(tea.genres == ["Singer/Songwriter", "Music", "Pop", "Rock", "Singer/Songwriter"])
        #expect(tea.displayGenres == ["Singer/Songwriter", "Pop", "Rock"])
        #expect(feed.items.filter { $0.contentAdvisoryRating == nil }.count == 6)
    }

    @Test("a trimmed feed holds only the results it has, whatever its id says")
    func v1TwoOf100() throws {
        let feed = try decode(Fixtures.Feeds.v1TwoOf100).feed
        #expect(feed.feedID?.contains("/100/") == true)
        #expect(feed.items.map(\.title) == ["The Voice", "Good News"])
        #expect(feed.items.map(\.rank) == [1, 2])
    }

    @Test("the v2 feed decodes without copyrights, with its odd rating spelling and non-square artwork URL")
    func v2Top100() throws {
        let feed = try decode(Fixtures.Feeds.v2Top100).feed
        #expect(feed.format == .appleRSSv2)
        #expect(feed.updated == "Sat, 11 Jan 2025 04:14:12 +0000")
        #expect(feed.items.count == 100)
        #expect(feed.items.allSatisfy { $0.copyright == nil })
        let first = try #require(feed.items.first)
        #expect(first.title == "DeBÍ TiRAR MáS FOToS")
        #expect(first.artistName == "Bad Bunny")
        #expect(first.contentAdvisoryRating == "Explict")
        #expect(first.releaseDate?.description == "2025-01-05")
        #expect(first.artworkURL?.hasSuffix("/100x100bb.jpg") == true)
        let wicked = feed.items[76]
        #expect(wicked.title == "Wicked (Original Broadway Cast Recording)")
        #expect(wicked.artworkURL?.hasSuffix("/100x99bb.jpg") == true)
        #expect(feed.items.last?.title == "Bloody Bruddas")
    }

    @Test("a single v2 result object is rejected as not a feed, naming the album")
    func v2SingleItem() throws {
        #expect {
            try decode(Fixtures.Feeds.v2SingleItem)
        } throws: { error in
            let message = (error as? FeedError)?.description ?? ""
            return message.contains("a single album entry") && message.contains("Short n' Sweet")
        }
    }

    @Test("the facts feed is read as Windows-1252 with its É intact, and the empty row is skipped with a warning")
    func facts() throws {
        let output = try decode(Fixtures.Feeds.facts)
        let feed = output.feed
        #expect(output.detectedEncoding == "Windows-1252")
        #expect(feed.format == .facts)
        #expect(feed.title == "About Canada")
        #expect(feed.items.count == 13)
        #expect(feed.items.first?.title == "Beavers")
        let kittens = try #require(feed.items.first { $0.title == "Kittens..." })
        #expect(kittens.description == "Éare illegal. Cats are fine.")
        #expect(kittens.rank == 12)
        let flag = try #require(feed.items.first { $0.title == "Flag" })
        #expect(flag.description == nil)
        #expect(flag.artworkURL?.hasPrefix("http://images.findicons.com") == true)
        #expect(feed.items.first { $0.title == "Eh" }?.artworkURL == nil)
        #expect(!feed.items.contains { $0.rank == 8 })
        let skipped = output.warnings.filter { $0.stage == .decode && $0.rank == 8 }
        #expect(skipped.count == 1)
        #expect(skipped.first?.message.contains("no title, description or image") == true)
        #expect(output.warnings.contains { $0.message.contains("Windows-1252") })
    }
}

@Suite("Bodies that are not feeds")
struct FeedBodyErrorTests {
    let source = "The feed at http://127.0.0.1/feed.json"

    func error(for text: String, status: Int? = nil) -> FeedError? {
        do {
            _ = try FeedDecoder().decode(Data(text.utf8), source: source, httpStatus: status)
            return nil
        } catch {
            return error
        }
    }

    @Test("an empty body says it is empty")
    func empty() {
        #expect(error(for: "") == .empty(source: source))
        #expect(error(for: " \n\t ") == .empty(source: source))
        #expect(error(for: "")?.description.contains("is empty") == true)
    }

    @Test("an HTML error page is named as one, with its status")
    func html() throws {
        let found = try #require(
            error(for: "<!DOCTYPE html><html><body>Service Unavailable</body></html>", status: 503))
        #expect(found == .html(source: source, status: 503))
        #expect(
            found.description
                == "\(source) returned an HTML page (HTTP 503), not JSON. Try again later or pass --feed PATH.")
    }

    @Test("truncated JSON is reported as cut off")
    func truncated() throws {
        let whole = try String(decoding: Fixtures.feedData(Fixtures.Feeds.v1Top10), as: UTF8.self)
        let cut = String(whole.prefix(whole.count / 2))
        let found = try #require(error(for: cut))
        guard case .truncatedJSON = found else {
            Issue.record("expected truncatedJSON, got \(found)")
            return
        }
        #expect(found.description.contains("truncated"))
    }

    @Test("JSON of another shape says what it holds and what was expected")
    func otherShape() throws {
        let found = try #require(error(for: #"{"data": [1, 2], "meta": {}}"#))
        #expect(found.description.contains("\"data\", \"meta\""))
        #expect(found.description.contains("Expected an Apple RSS feed"))
        #expect(error(for: "[1, 2, 3]")?.description.contains("an array of 3 values") == true)
        #expect(error(for: #"{"feed": {"title": "x"}}"#)?.description.contains("without a \"results\" list") == true)
    }

    @Test("text that is not JSON at all quotes its beginning")
    func notJSON() {
        let found = error(for: "Service temporarily unavailable")
        #expect(
            found?.description.contains("is not valid JSON: at line 1, column 1 there is “Service temporarily") == true)
    }

    @Test(
        "bad entries are skipped with a warning naming index and id; partial ones are kept with a warning per missing field"
    )
    func tolerantEntries() throws {
        let body = """
            {"feed": {"title": "Top Albums", "results": [
              {"id": "1", "name": "Good", "artistName": "A"},
              {"id": "2", "artistName": "No name"},
              "not an object",
              {"name": "No id"},
              {"id": 5, "name": "Numeric id", "releaseDate": "1980-06"}
            ]}}
            """
        let output = try FeedDecoder().decode(Data(body.utf8), source: source)
        #expect(output.feed.items.map(\.title) == ["Good", "No id", "Numeric id"])
        #expect(output.feed.items.map(\.rank) == [1, 4, 5])
        #expect(output.feed.items[1].id == nil)
        #expect(output.feed.items.last?.id == "5")
        #expect(output.feed.items.last?.releaseDate?.description == "1980-06")
        let skipped = output.warnings.filter { $0.message.hasSuffix("it was skipped.") }
        #expect(skipped.count == 2)
        #expect(skipped[0].message == "Entry 1 of the feed (id 2) has no album \"name\"; it was skipped.")
        #expect(skipped[1].message.contains("Entry 2 of the feed is not an object"))
        let partial = output.warnings.filter { $0.rank == 4 }.map(\.message)
        #expect(partial.count == 3, "no id, no url, no artist: \(partial)")
        #expect(partial.contains { $0.contains("has no \"id\": its rank identifies it") })
    }

    @Test("a feed whose every entry is bad is an error, not an empty report")
    func allBad() {
        let found = error(for: #"{"feed": {"results": [{"id": "1"}, {"id": "2"}]}}"#)
        guard case .noUsableItems(_, 2, let reasons) = found else {
            Issue.record("\(String(describing: found))")
            return
        }
        #expect(reasons.count == 2)
        #expect(
            found?.description.contains("(id 1) has no album \"name\"") == true, "the reasons, not 'see the warnings'")
    }
}
