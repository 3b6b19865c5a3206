import AlbumReportCore
import Foundation
import Testing

@Suite("Dates, slugs, URLs and digests")
struct ValueTests {
    @Test(
        "release dates parse in full or in part and format for the locale",
        arguments: [
            ("2019-03-29", "Mar 29, 2019"), ("1980-06", "Jun 1980"), ("1975", "1975"),
            ("2020-03-20T07:00:00Z", "Mar 20, 2020"),
        ])
    func dates(input: String, expected: String) throws {
        let date = try #require(PartialDate(parsing: input))
        #expect(date.formatted(locale: Locale(identifier: "en_US")) == expected)
    }

    @Test("malformed dates are rejected", arguments: ["", "19", "2019-13", "2019-02-30x", "March 2019", "2019-1-5"])
    func badDates(input: String) {
        #expect(PartialDate(parsing: input) == nil)
    }

    @Test(
        "slugs are short ASCII and never a path",
        arguments: [
            ("After Hours", "after-hours"), ("DeBÍ TiRAR MáS FOToS", "debi-tirar-mas-fotos"), ("?", "item"),
            ("../../etc/passwd", "etc-passwd"), ("CON", "con-item"), ("..", "item"), ("a/b\\c", "a-b-c"),
            ("Tea for the Tillerman²", "tea-for-the-tillerman2"), ("Чёрный альбом", "cernyj-al-bom"),
            ("꽃갈피", "kkochgalpi"), ("最伟大的作品", "zui-wei-da-de-zuo-pin"), ("Άξιον Εστί", "axion-esti"),
            ("عمرو دياب Vol. 2", "mrw-dyab-vol-2"), ("👨‍👩‍👧‍👦", "item"),
        ])
    func slugs(title: String, expected: String) {
        #expect(Slug.make(title) == expected)
    }

    @Test("a 5000-character title gives a slug of at most 60 characters")
    func longSlug() {
        let slug = Slug.make(String(repeating: "abc ", count: 1250))
        #expect(slug.count <= 60)
        #expect(!slug.hasSuffix("-"))
        #expect(Slug.cardFileName(rank: 7, title: "After Hours") == "007-after-hours.png")
    }

    @Test("thumbnail URLs are rewritten to the 600 × 600 image")
    func largeArtwork() {
        let base = "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/a/b.jpg"
        #expect(ArtworkURL.large(for: base + "/100x100bb.jpg") == base + "/600x600bb.jpg")
        #expect(ArtworkURL.large(for: base + "/200x200bb.png") == base + "/600x600bb.png")
        #expect(ArtworkURL.large(for: base + "/100x99bb.jpg") == base + "/600x600bb.jpg")
        #expect(ArtworkURL.large(for: "artwork/1/200x200bb.png") == "artwork/1/600x600bb.png")
        #expect(ArtworkURL.large(for: base + "/600x600bb.jpg") == nil)
        #expect(ArtworkURL.large(for: "http://example.com/beaver.jpg") == nil)
        #expect(ArtworkURL.large(for: base + "/100x100bb.jpg", edge: 1100) == base + "/1100x1100bb.jpg")
        // The edge asked for: the slot's pixels rounded up to a step of 100, 100 to 3,000.
        #expect(ArtworkURL.requestEdge(pixels: 180) == 200 && ArtworkURL.requestEdge(pixels: 1059) == 1100)
        #expect(ArtworkURL.requestEdge(pixels: 1344) == 1400 && ArtworkURL.requestEdge(pixels: 1100) == 1100)
        #expect(ArtworkURL.requestEdge(pixels: 12) == 100 && ArtworkURL.requestEdge(pixels: 9000) == 3000)
        #expect(ArtworkURL.requestEdge(pixels: .nan) == 100 && ArtworkURL.requestEdge(pixels: -5) == 100)
    }

    @Test("SHA-256 matches the FIPS test vectors")
    func sha256() {
        #expect(SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hex(of: Data(long.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(of: Data(repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Fed in uneven pieces (as a streamed PNG is), the digest is the same.
        var pieces = SHA256()
        let bytes = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var start = 0
        for size in [1, 63, 64, 65, 127, 1000, 3, 8677] {
            pieces.update(bytes[start..<start + size])
            start += size
        }
        #expect(start == bytes.count)
        #expect(pieces.finalize().map { String(format: "%02x", $0) }.joined() == SHA256.hex(of: bytes))
        #expect(SHA256.hex(of: Array(bytes)) == SHA256.hex(of: bytes))
    }

    @Test("text is normalised: control characters gone, whitespace collapsed and trimmed")
    func normalize() {
        #expect(TextNormalizer.normalize(" Sadly it's true.") == "Sadly it's true.")
        #expect(TextNormalizer.normalize("a\n\n  b\t\u{0007}c\u{FEFF} ") == "a b c")
        #expect(TextNormalizer.normalize("\u{0000}\u{001B}") == "")
    }
}

@Suite("Where feeds and artwork may come from")
struct SourcePolicyTests {
    let cwd = URL(fileURLWithPath: "/work/project")

    @Test("--feed accepts paths, file and http URLs and the apple: shorthand")
    func feedSources() throws {
        #expect(try FeedSource.parse(nil, relativeTo: cwd) == .sample)
        #expect(
            try FeedSource.parse("feeds/x.json", relativeTo: cwd)
                == .file(URL(fileURLWithPath: "/work/project/feeds/x.json")))
        #expect(try FeedSource.parse("/tmp/x.json", relativeTo: cwd) == .file(URL(fileURLWithPath: "/tmp/x.json")))
        #expect(
            try FeedSource.parse("file:///tmp/x.json", relativeTo: cwd) == .file(URL(fileURLWithPath: "/tmp/x.json")))
        let apple = try FeedSource.parse("apple:jp/25", relativeTo: cwd)
        #expect(
            apple
                == .remote(
                    try #require(
                        URL(string: "https://rss.applemarketingtools.com/api/v2/jp/music/most-played/25/albums.json"))))
        let defaultLimit = try FeedSource.parse("apple:US", relativeTo: cwd)
        #expect(defaultLimit.description.contains("/us/music/most-played/100/albums.json"))
    }

    @Test(
        "bad --feed values are sentences that say what to pass",
        arguments: ["apple:usa", "apple:us/0", "apple:us/x/y", "ftp://host/feed.json", "javascript:alert(1)"])
    func badFeedSources(argument: String) {
        #expect(throws: FeedSourceError.self) { try FeedSource.parse(argument, relativeTo: cwd) }
    }

    @Test("a remote feed may only use http(s) artwork")
    func remotePolicy() {
        let policy = ArtworkPolicy(localFeedDirectory: nil)
        #expect((try? policy.resolve("https://a.example/1.jpg").get()) != nil)
        #expect((try? policy.resolve("file:///etc/passwd").get()) == nil)
        #expect((try? policy.resolve("artwork/1.png").get()) == nil)
        #expect((try? policy.resolve("javascript:alert(1)").get()) == nil)
        #expect((try? policy.resolve("gopher://x/1").get()) == nil)
        #expect((try? policy.resolve("data:image/png;base64,iVBORw0KGgo=").get()) == nil)
    }

    @Test("a local feed may use small base64 data: URLs; larger ones and non-base64 ones are refused")
    func dataURLs() throws {
        let policy = ArtworkPolicy(localFeedDirectory: URL(fileURLWithPath: "/data/feeds"))
        #expect(
            try policy.resolve("data:image/png;base64,iVBORw0KGgo=").get()
                == .inline(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))
        let huge = "data:image/png;base64," + String(repeating: "A", count: ArtworkPolicy.maximumDataURLLength)
        #expect(throws: ArtworkRefusal.dataTooLarge(huge.utf8.count)) { try policy.resolve(huge).get() }
        #expect((try? policy.resolve("data:text/html,<script>alert(1)</script>").get()) == nil)
    }

    @Test("a local feed may use relative paths and file URLs inside its own folder only")
    func localPolicy() throws {
        let policy = ArtworkPolicy(localFeedDirectory: URL(fileURLWithPath: "/data/feeds"))
        #expect(try policy.resolve("art/1.png").get() == .file(URL(fileURLWithPath: "/data/feeds/art/1.png")))
        #expect(
            try policy.resolve("file:///data/feeds/a.png").get() == .file(URL(fileURLWithPath: "/data/feeds/a.png")))
        #expect((try? policy.resolve("../secret.png").get()) == nil)
        #expect((try? policy.resolve("/etc/passwd").get()) == nil)
        #expect((try? policy.resolve("file:///etc/passwd").get()) == nil)
        #expect((try? policy.resolve("art/../../x.png").get()) == nil)
    }
}

@Suite("HTTP freshness: what the cache keeps and for how long")
struct FreshnessTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("no-store is never stored; no-cache is stored and always revalidated")
    func noStore() {
        #expect(!HTTPFreshness(headers: ["cache-control": "private, no-store"], receivedAt: now).storable)
        let noCache = HTTPFreshness(headers: ["cache-control": "no-cache, max-age=600"], receivedAt: now)
        #expect(noCache.storable && noCache.lifetime == nil)
    }

    @Test("max-age wins over Expires; Expires counts from the response's Date; Age is subtracted")
    func lifetimes() {
        #expect(HTTPFreshness(headers: ["cache-control": "max-age=300"], receivedAt: now).lifetime == 300)
        let both = HTTPFreshness(
            headers: ["cache-control": "max-age=60", "expires": "Tue, 14 Nov 2023 23:13:20 GMT"], receivedAt: now)
        #expect(both.lifetime == 60)
        // Date 22:13:20, Expires an hour later: fresh for 3,600 s whatever the local clock says.
        let expires = HTTPFreshness(
            headers: ["date": "Tue, 14 Nov 2023 22:13:20 GMT", "expires": "Tue, 14 Nov 2023 23:13:20 GMT"],
            receivedAt: now)
        #expect(expires.lifetime == 3600)
        #expect(HTTPFreshness(headers: ["expires": "0"], receivedAt: now).lifetime == 0, "an invalid date is expired")
        let aged = HTTPFreshness(headers: ["cache-control": "max-age=300", "age": "120"], receivedAt: now)
        #expect(aged.age == 120)
        let entry = CacheEntry(
            url: "u", etag: nil, lastModified: nil, contentType: nil, maxAge: aged.lifetime,
            storedAt: now.timeIntervalSince1970 - aged.age, bytes: 0, sha256: String(repeating: "0", count: 64))
        #expect(entry.isFresh(now: now.addingTimeInterval(170)))
        #expect(!entry.isFresh(now: now.addingTimeInterval(190)), "300 s of life, 120 s already used")
    }

    @Test("nonsense in the headers never traps and never makes a copy fresh")
    func nonsense() {
        for value in ["max-age=1e308", "max-age=-5", "max-age=nan", "max-age=", "max-age=\"99999999999999999999\""] {
            let freshness = HTTPFreshness(headers: ["cache-control": value, "age": "1e400"], receivedAt: now)
            #expect((freshness.lifetime ?? 0) <= 31_536_000, "\(value)")
            #expect(freshness.age.isFinite)
        }
        #expect(CacheEntry.decode(Data("{\"url\":\"u\"}".utf8), for: "u") == nil)
    }
}
