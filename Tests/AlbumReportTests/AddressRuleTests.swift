import AlbumReport
import AlbumReportCore
import AlbumReportTestSupport
import Foundation
import Synchronization
import Testing

/// A resolver with canned answers, counting how often each name is asked for.
final class StubResolver: HostResolver {
    private let answers: [String: [[IPAddress]]]
    private let asked = Mutex<[String: Int]>([:])

    /// `answers[name]` gives the answer to the first, second, … question (the last repeats).
    init(_ answers: [String: [[IPAddress]]]) {
        self.answers = answers
    }

    func count(_ host: String) -> Int { asked.withLock { $0[host, default: 0] } }

    func addresses(of host: String, for url: String) async throws(FetchError) -> [IPAddress] {
        let index = asked.withLock { asked in
            defer { asked[host, default: 0] += 1 }
            return asked[host, default: 0]
        }
        guard let list = answers[host], !list.isEmpty else { throw .hostNotFound(url: url, host: host) }
        return list[min(index, list.count - 1)]
    }
}

/// The rule that a feed from the internet only makes albumreport reach the internet, tested on
/// the address the transport actually connects to: names resolved through a stub, spellings of
/// addresses, redirects, and a name whose second DNS answer points inward.
@Suite("Never reaching inward from a public feed")
struct AddressRuleTests {
    static func address(_ text: String) -> IPAddress {
        IPAddress(host: text) ?? .v4(0)
    }

    func get(
        _ url: String, rule: AddressRule, resolver: StubResolver = StubResolver([:])
    ) async throws(FetchError) -> HTTPResponse {
        let transport = AsyncHTTPTransport(resolver: resolver)
        do {
            let response = try await transport.get(
                URL(string: url) ?? URL(fileURLWithPath: "/"),
                limits: HTTPLimits(timeout: .seconds(3600), addresses: rule),
                headers: [])
            await transport.shutdown()
            return response
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    @Test("a name that resolves to the cloud metadata address is refused before any connection")
    func metadataName() async throws {
        let resolver = StubResolver(["metadata.test": [[Self.address("169.254.169.254")]]])
        await #expect(throws: FetchError.self) {
            _ = try await get("http://metadata.test/latest/meta-data/", rule: .publicOnly, resolver: resolver)
        }
        do {
            _ = try await get("http://metadata.test/latest/meta-data/", rule: .publicOnly, resolver: resolver)
        } catch {
            guard case .refusedAddress(_, let host, let address, let kind) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(host == "metadata.test" && address == "169.254.169.254" && kind == .linkLocal)
            #expect(error.description.contains("--allow-private-network"))
        }
    }

    @Test(
        "every spelling of loopback in a URL is refused for a public feed, and reaches the server for a loopback one",
        arguments: ["127.0.0.1", "2130706433", "0x7f000001", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]"])
    func spellings(_ host: String) async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/x", .init(body: Data("ok".utf8)))
        let port = server.baseURL.port ?? 0
        await #expect(throws: FetchError.self) {
            _ = try await get("http://\(host):\(port)/x", rule: .publicOnly)
        }
        #expect(server.requestCount("/x") == 0, "nothing was sent")
        if !host.hasPrefix("[") {
            // Where IPv6 loopback is not set up, the mapped spelling cannot be served; the
            // refusal above is what matters.
            let response = try await get("http://\(host):\(port)/x", rule: .publicAnd([.loopback]))
            #expect(response.status == 200)
        }
    }

    @Test("a redirect that points inward is refused at the hop, whatever the first hop was")
    func inwardRedirect() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/art.png", .redirect(to: "http://metadata.test/latest/"))
        let resolver = StubResolver(["metadata.test": [[Self.address("169.254.169.254")]]])
        do {
            _ = try await get(server.url("/art.png").absoluteString, rule: .publicAnd([.loopback]), resolver: resolver)
            Issue.record("the redirect was followed")
        } catch {
            guard case .refusedAddress(_, "metadata.test", "169.254.169.254", .linkLocal) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(server.requestCount("/art.png") == 1)
    }

    @Test("a name is pinned to the address it was checked at: a second, inward DNS answer is never used")
    func rebinding() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.shutdown() } }
        server.setRoute("/x", .init(body: Data("ok".utf8)))
        let port = server.baseURL.port ?? 0
        // First answer: the test server; any later answer: a private address.
        let resolver = StubResolver(["rebind.test": [[Self.address("127.0.0.1")], [Self.address("10.0.0.1")]]])
        let transport = AsyncHTTPTransport(resolver: resolver)
        defer { Task { await transport.shutdown() } }
        let limits = HTTPLimits(timeout: .seconds(3600), addresses: .publicAnd([.loopback]))
        for _ in 0..<3 {
            let response = try await transport.get(
                URL(string: "http://rebind.test:\(port)/x") ?? URL(fileURLWithPath: "/"), limits: limits, headers: [])
            #expect(response.status == 200)
            #expect(response.address == Self.address("127.0.0.1"))
        }
        #expect(resolver.count("rebind.test") == 1, "resolved once for the run")
        #expect(server.requestCount("/x") == 3)
    }

    @Test("a name that does not resolve is a typed failure that names the host and is not retried")
    func unresolvable() async throws {
        do {
            _ = try await get("https://is1-ssl.mzstatic.invalid/a.jpg", rule: .publicOnly)
            Issue.record("resolved")
        } catch {
            #expect(
                error == .hostNotFound(url: "https://is1-ssl.mzstatic.invalid/a.jpg", host: "is1-ssl.mzstatic.invalid"))
            #expect(!error.isTransient && error.isHostLevel)
            #expect(error.sharedCause == "is1-ssl.mzstatic.invalid could not be resolved")
        }
    }

    @Test("a refused connection is a typed, host-level failure")
    func refused() async throws {
        do {
            _ = try await get("http://127.0.0.1:9/x", rule: .any)
            Issue.record("connected")
        } catch {
            #expect(error == .connectionRefused(url: "http://127.0.0.1:9/x", host: "127.0.0.1"))
            #expect(!error.isTransient && error.isHostLevel)
        }
    }

    @Test("a feed's address decides what its artwork may reach")
    func feedRule() {
        let feed = { (address: String?, local: Bool) in
            LoadedFeed(
                data: Data(), httpStatus: 200, sourceDescription: "s",
                localDirectory: local ? URL(fileURLWithPath: "/tmp") : nil,
                address: address.flatMap(IPAddress.init(host:)))
        }
        #expect(feed("23.45.67.89", false).addressRule(allowPrivateNetwork: false) == .publicOnly)
        #expect(feed("127.0.0.1", false).addressRule(allowPrivateNetwork: false) == .publicAnd([.loopback]))
        #expect(feed("192.168.1.20", false).addressRule(allowPrivateNetwork: false) == .publicAnd([.privateNetwork]))
        #expect(
            feed(nil, false).addressRule(allowPrivateNetwork: false) == .publicOnly, "a cached copy of a named feed")
        #expect(feed(nil, true).addressRule(allowPrivateNetwork: false) == .any, "a file of the user's")
        #expect(feed("23.45.67.89", false).addressRule(allowPrivateNetwork: true) == .any)
    }
}
