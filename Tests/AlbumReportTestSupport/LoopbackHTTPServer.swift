import AlbumReportCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port), started by a test, serving canned
/// routes with optional latency, a gate the test opens (``ServerGate``) and injected faults (a
/// body cut short or stalled, a huge body, answers that change per request, conditional requests
/// answered 304). It counts requests and body bytes per path, the largest number in flight, and
/// keeps each path's last request headers.
public final class LoopbackHTTPServer: Sendable {
    /// What the server answers on one path.
    public struct Route: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data
        /// Wait this long before answering (slow headers).
        public var delay: Duration
        /// How the body is sent.
        public var fault: Fault = .none
        /// Answer only once this gate is open (then after `delay`); nil: at once.
        public var gate: ServerGate?
        /// Answers by request number instead (1-based; the last one repeats): 503 then 200.
        public var sequence: [Route] = []
        /// Builds the answer from the request (a stand-in for an API).
        public var dynamic: (@Sendable (_ query: String, _ headers: [String: String]) -> Route)?

        /// Ways of sending a body wrong.
        public enum Fault: Sendable {
            case none
            /// Announce the whole length, send `afterBytes`, then close the connection.
            case truncate(afterBytes: Int)
            /// Sends the head and this many body bytes, then resets the connection (RST, as a
            /// crashed server or a middlebox does).
            case reset(afterBytes: Int)
            /// Announce the whole length, send `afterBytes`, then send nothing more.
            case stall(afterBytes: Int)
            /// Send `bytes` zero bytes in 1 MiB pieces (the body is not held in memory).
            case generated(bytes: Int)
        }

        /// Creates a route.
        public init(
            status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), delay: Duration = .zero,
            fault: Fault = .none, gate: ServerGate? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.fault = fault
            self.gate = gate
        }

        /// Answers `routes` in turn, one per request, repeating the last.
        public static func sequence(_ routes: [Route]) -> Route {
            var route = Route(body: Data())
            route.sequence = routes
            return route
        }

        /// Answers whatever `build` makes of the query string and request headers.
        public static func dynamic(
            _ build: @escaping @Sendable (_ query: String, _ headers: [String: String]) -> Route
        ) -> Route {
            var route = Route(body: Data())
            route.dynamic = build
            return route
        }

        /// A redirect to `location`.
        public static func redirect(to location: String, status: Int = 302) -> Route {
            Route(status: status, headers: [("Location", location)])
        }

        /// A JSON body.
        public static func json(_ data: Data, status: Int = 200) -> Route {
            Route(status: status, headers: [("Content-Type", "application/json")], body: data)
        }

        /// An HTML page.
        public static func html(_ text: String, status: Int) -> Route {
            Route(status: status, headers: [("Content-Type", "text/html")], body: Data(text.utf8))
        }
    }

    private struct Counters {
        var routes: [String: Route] = [:]
        /// Routes made per path, for the paths under a prefix that have no route of their own.
        var prefixRoutes: [(prefix: String, make: @Sendable (String) -> Route?)] = []
        var requests: [String: Int] = [:]
        var inFlight = 0
        var maximumInFlight = 0
        var bodyBytes: [String: Int] = [:]
        var lastHeaders: [String: [String: String]] = [:]
    }

    private let counters: Mutex<Counters>
    private let channel: any Channel

    /// The port it listens on.
    public let port: Int

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path.hasPrefix("/") ? String(path.dropFirst()) : path)
    }

    private init(channel: any Channel, port: Int, routes: [String: Route]) {
        self.channel = channel
        self.port = port
        self.counters = Mutex(Counters(routes: routes))
    }

    /// Starts a server with `routes` (path → route); unknown paths answer 404.
    public static func start(routes: [String: Route] = [:]) async throws -> LoopbackHTTPServer {
        let box = ServerBox()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(RouteHandler(box: box))
                }
            }
        let channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else {
            try await channel.close()
            throw CocoaError(.fileReadUnknown)
        }
        let server = LoopbackHTTPServer(channel: channel, port: port, routes: routes)
        box.server.withLock { $0 = server }
        return server
    }

    /// Answers the paths under `prefix` that have no route of their own with `make(path)` (nil:
    /// 404), as a server that makes what it serves from the path does (an image CDN's sizes).
    public func setPrefixRoute(_ prefix: String, _ make: @escaping @Sendable (String) -> Route?) {
        counters.withLock { $0.prefixRoutes.append((prefix, make)) }
    }

    /// The paths under `prefix` requested so far, with how often each was.
    public func requestedPaths(prefix: String) -> [String: Int] {
        counters.withLock { $0.requests.filter { $0.key.hasPrefix(prefix) } }
    }

    /// Adds or replaces a route.
    public func setRoute(_ path: String, _ route: Route) {
        counters.withLock { $0.routes[path] = route }
    }

    /// Requests received for `path`.
    public func requestCount(_ path: String) -> Int {
        counters.withLock { $0.requests[path, default: 0] }
    }

    /// Requests received in all.
    public var totalRequests: Int {
        counters.withLock { $0.requests.values.reduce(0, +) }
    }

    /// Requests received for paths with `prefix`.
    public func requestCount(prefix: String) -> Int {
        counters.withLock { $0.requests.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +) }
    }

    /// Body bytes sent for paths with `prefix` (200 answers; a 304 sends none).
    public func bodyBytesSent(prefix: String) -> Int {
        counters.withLock { $0.bodyBytes.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +) }
    }

    /// The headers of the last request for `path`, by lower-cased name.
    public func lastRequestHeaders(_ path: String) -> [String: String] {
        counters.withLock { $0.lastHeaders[path] ?? [:] }
    }

    /// The most requests that were being answered at the same moment.
    public var maximumInFlight: Int {
        counters.withLock { $0.maximumInFlight }
    }

    /// Stops listening.
    public func shutdown() async {
        try? await channel.close()
    }

    fileprivate func begin(_ path: String, query: String, headers: [String: String]) -> Route {
        let (known, maker, number) = counters.withLock { state in
            state.requests[path, default: 0] += 1
            state.inFlight += 1
            state.maximumInFlight = max(state.maximumInFlight, state.inFlight)
            state.lastHeaders[path] = headers
            return (
                state.routes[path], state.prefixRoutes.last { path.hasPrefix($0.prefix) }?.make,
                state.requests[path, default: 1]
            )
        }
        // A prefix route's image is made outside the lock.
        let route =
            known ?? maker?(path)
            ?? Route(status: 404, headers: [("Content-Type", "text/plain")], body: Data("not found".utf8))
        var answer = route
        if let last = route.sequence.last {
            answer = number <= route.sequence.count ? route.sequence[number - 1] : last
        }
        if let dynamic = route.dynamic { answer = dynamic(query, headers) }
        // Conditional requests: a matching validator is answered 304 with no body.
        let validators = Dictionary(
            answer.headers.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { first, _ in first })
        if answer.status == 200,
            (validators["etag"] != nil && validators["etag"] == headers["if-none-match"])
                || (validators["last-modified"] != nil && validators["last-modified"] == headers["if-modified-since"])
        {
            answer = Route(status: 304, headers: answer.headers.filter { $0.0.lowercased() != "content-type" })
        }
        return answer
    }

    fileprivate func sent(_ bytes: Int, for path: String) {
        counters.withLock { $0.bodyBytes[path, default: 0] += bytes }
    }

    fileprivate func end() {
        counters.withLock { $0.inFlight -= 1 }
    }
}

/// Lets handlers reach the server, which exists only after the bind completes.
private final class ServerBox: Sendable {
    let server = Mutex<LoopbackHTTPServer?>(nil)
}

private final class RouteHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let box: ServerBox
    private var path = "/"
    private var query = ""
    private var headers: [String: String] = [:]
    private var keepAlive = true

    init(box: ServerBox) {
        self.box = box
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            path = String(parts.first ?? "/")
            query = parts.count > 1 ? String(parts[1]) : ""
            headers = Dictionary(
                head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
            keepAlive = head.isKeepAlive
        case .body:
            break
        case .end:
            guard let server = box.server.withLock({ $0 }) else {
                context.close(promise: nil)
                return
            }
            let route = server.begin(path, query: query, headers: headers)
            let path = self.path
            let keepAlive = self.keepAlive
            let bound = NIOLoopBound((context: context, handler: self), eventLoop: context.eventLoop)
            let eventLoop = context.eventLoop
            let answer: @Sendable () -> Void = {
                eventLoop.scheduleTask(in: .nanoseconds(route.delay.nanoseconds)) {
                    bound.value.handler.respond(
                        route, keepAlive: keepAlive, context: bound.value.context, server: server, path: path)
                }
            }
            if let gate = route.gate { gate.whenOpen(answer) } else { answer() }
        }
    }

    private func respond(
        _ route: Route, keepAlive: Bool, context: ChannelHandlerContext, server: LoopbackHTTPServer, path: String
    ) {
        var headers = HTTPHeaders(route.headers)
        let length: Int
        if case .generated(let bytes) = route.fault { length = bytes } else { length = route.body.count }
        headers.replaceOrAdd(name: "Content-Length", value: String(route.status == 304 ? 0 : length))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: route.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        let channel = context.channel
        func body(_ bytes: Data) {
            var buffer = channel.allocator.buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            server.sent(bytes.count, for: path)
        }
        switch route.fault {
        case .none:
            if route.status != 304 { body(route.body) }
        case .truncate(let afterBytes):
            body(route.body.prefix(afterBytes))
            context.flush()
            server.end()
            channel.close(promise: nil)
            return
        case .reset(let afterBytes):
            body(route.body.prefix(afterBytes))
            context.flush()
            server.end()
            // A zero linger time makes close send RST instead of FIN.
            if let sockets = channel as? any SocketOptionProvider {
                sockets.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
            } else {
                channel.close(promise: nil)
            }
            return
        case .stall(let afterBytes):
            body(route.body.prefix(afterBytes))
            context.flush()
            server.end()
            return
        case .generated(let bytes):
            let piece = Data(count: 1 << 20)
            var remaining = bytes
            while remaining > 0 {
                let count = min(remaining, piece.count)
                body(piece.prefix(count))
                remaining -= count
                // Flush as it goes so the client sees the bytes arrive; stop once it hangs up.
                context.flush()
                if !channel.isActive { break }
            }
        }
        server.end()
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private typealias Route = LoopbackHTTPServer.Route
}
