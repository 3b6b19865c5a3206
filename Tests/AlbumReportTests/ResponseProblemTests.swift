import AlbumReport
import AlbumReportTestSupport
import Foundation
import Testing

@Suite("A response the HTTP stack refuses is a sentence, not the library's text")
struct ResponseProblemTests {
    func fetch(_ route: LoopbackHTTPServer.Route) async throws -> FetchError? {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/a.png", route)
        let transport = AsyncHTTPTransport()
        defer { Task { await transport.shutdown() } }
        do {
            _ = try await transport.get(
                server.url("/a.png"), limits: HTTPLimits(timeout: .seconds(3600), addresses: .any), headers: [])
            return nil
        } catch {
            return error
        }
    }

    @Test("a body marked gzip that does not inflate names the encoding instead of inflationError(-3)")
    func corruptGzip() async throws {
        let error = try #require(
            try await fetch(.init(headers: [("Content-Encoding", "gzip")], body: Data("not gzip at all".utf8))))
        #expect(error.statisticsKey == "bad-response", "\(error)")
        #expect(error.description.contains("does not decompress"), "\(error)")
        #expect(!error.description.contains("inflationError"), "\(error)")
        #expect(!error.isTransient)
    }

    @Test("headers past the parser's limit name what is wrong instead of 'http_parser error'")
    func hugeHeaders() async throws {
        let huge = String(repeating: "x", count: 120_000)
        let error = try #require(try await fetch(.init(headers: [("X-Huge", huge)], body: Data("x".utf8))))
        #expect(error.description.contains("answered with a response albumreport cannot read"), "\(error)")
        #expect(error.description.contains("headers are larger"), "\(error)")
        #expect(!error.description.contains("http_parser") && !error.description.contains("HTTPParserError"))
    }

    @Test("https to a plain http port says so instead of BoringSSL's error text")
    func tlsToPlainHTTP() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/a.png", .init(body: Data("x".utf8)))
        let transport = AsyncHTTPTransport()
        defer { Task { await transport.shutdown() } }
        var components = URLComponents(url: server.url("/a.png"), resolvingAgainstBaseURL: false)
        components?.scheme = "https"
        let url = try #require(components?.url)
        do {
            _ = try await transport.get(url, limits: HTTPLimits(timeout: .seconds(3600), addresses: .any), headers: [])
            Issue.record("answered")
        } catch {
            #expect(error.statisticsKey == "tls", "\(error)")
            #expect(error.description.contains("does not speak TLS on that port"), "\(error)")
            #expect(!error.description.contains("OPENSSL_internal"), "\(error)")
        }
    }
}
