import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port), started by a test, serving canned
/// routes with optional latency. It counts requests per path and the largest number in flight.
public final class LoopbackHTTPServer: Sendable {
    /// What the server answers on one path.
    public struct Route: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data
        /// Wait this long before answering.
        public var delay: Duration

        /// Creates a route.
        public init(status: Int = 200, headers: [(String, String)] = [], body: Data, delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
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
        var requests: [String: Int] = [:]
        var inFlight = 0
        var maximumInFlight = 0
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

    /// The most requests that were being answered at the same moment.
    public var maximumInFlight: Int {
        counters.withLock { $0.maximumInFlight }
    }

    /// Stops listening.
    public func shutdown() async {
        try? await channel.close()
    }

    fileprivate func begin(_ path: String) -> Route {
        counters.withLock { state in
            state.requests[path, default: 0] += 1
            state.inFlight += 1
            state.maximumInFlight = max(state.maximumInFlight, state.inFlight)
            return state.routes[path]
                ?? Route(status: 404, headers: [("Content-Type", "text/plain")], body: Data("not found".utf8))
        }
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
    private var keepAlive = true

    init(box: ServerBox) {
        self.box = box
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            path = String(head.uri.split(separator: "?", maxSplits: 1).first ?? "/")
            keepAlive = head.isKeepAlive
        case .body:
            break
        case .end:
            guard let server = box.server.withLock({ $0 }) else {
                context.close(promise: nil)
                return
            }
            let route = server.begin(path)
            let keepAlive = self.keepAlive
            let bound = NIOLoopBound((context: context, handler: self), eventLoop: context.eventLoop)
            let (seconds, attoseconds) = route.delay.components
            let delay = TimeAmount.nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            context.eventLoop.scheduleTask(in: delay) {
                bound.value.handler.respond(route, keepAlive: keepAlive, context: bound.value.context)
                server.end()
            }
        }
    }

    private func respond(_ route: Route, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(route.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(route.body.count))
        if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: route.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        var buffer = context.channel.allocator.buffer(capacity: route.body.count)
        buffer.writeBytes(route.body)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private typealias Route = LoopbackHTTPServer.Route
}
