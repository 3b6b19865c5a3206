import AlbumReportCore
import Foundation
import FuzzDriver

/// Any text as a URL from a feed (an artwork field, a redirect's `Location`, `--feed`): it becomes
/// a request or a refusal. A request's host, port and text are what AsyncHTTPClient will read
/// from it (Foundation's `URL(string:)`, the host with its IPv6 brackets trimmed, the port or the
/// scheme's default), and none of them can trap in the client or NIO: a port that fits 16 bits
/// and is not 0, a host that is not empty, an IP literal that parses. A refusal is one short line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start = pointer else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    // An artwork field of a feed from the internet.
    switch ArtworkPolicy(localFeedDirectory: nil).resolve(text) {
    case .success(.remote(let url)): checkRequest(url)
    case .success(let other): preconditionFailure("a remote feed reached \(other)")
    case .failure(.invalidURL(let refusal)): checkMessage(refusal.description)
    case .failure: break
    }
    // A redirect's Location, relative to a feed on loopback.
    if let base = URL(string: "http://127.0.0.1:8080/feed/albums.json"),
        let next = URL(string: text, relativeTo: base)?.absoluteURL
    {
        switch RequestURL.check(next) {
        case .success: checkRequest(next)
        case .failure(let refusal): checkMessage(refusal.description)
        }
    }
    // A --feed value.
    do {
        if case .remote(let url) = try FeedSource.parse(text, relativeTo: URL(fileURLWithPath: "/tmp")) {
            checkRequest(url)
        }
    } catch {
        if case .refusedURL = error { checkMessage(error.description) }
    }
    return 0
}

/// A URL the checker let through: what the client will read from it is what was checked.
private func checkRequest(_ url: URL) {
    guard case .success(let checked) = RequestURL.check(url) else {
        preconditionFailure("a URL the policy let through is refused by the checker: \(url.absoluteString)")
    }
    precondition((1...65535).contains(checked.port), "port \(checked.port)")
    precondition(!checked.host.isEmpty && !checked.host.contains("%"), "host \(checked.host)")
    precondition(checked.text.utf8.count <= RequestURL.maximumLength, "length")
    precondition(checked.text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "a control or non-ASCII byte")
    // As AsyncHTTPClient's DeconstructedURL reads it.
    guard let again = URL(string: checked.text), let host = again.host, !host.isEmpty else {
        preconditionFailure("the client would find no host in \(checked.text)")
    }
    let trimmed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    precondition(!trimmed.isEmpty, "an empty host after the brackets are trimmed: \(checked.text)")
    precondition(again.port.map { (1...65535).contains($0) } ?? true, "the client would read port \(again.port ?? -1)")
    precondition((again.port ?? checked.port) == checked.port, "the client would read another port")
    if trimmed.contains(":") { precondition(IPAddress(host: trimmed) != nil, "an IPv6 literal that does not parse") }
}

/// A refusal of a URL: one line, bounded.
private func checkMessage(_ message: String) {
    precondition(!message.contains("\n") && !message.contains("\r"), "a message of several lines: \(message)")
    precondition(message.count <= 600, "a message of \(message.count) characters")
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with this target.
@_cdecl("fuzz_url_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzURL)
}
