import AlbumReportCore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What the HTTP stack's errors mean, as clauses for a warning, instead of their raw texts
/// (`http_parser error`, `inflationError(-3)`, `HTTPClientError.bodyLengthMismatch`).
enum ResponseProblem {
    /// A clause for a response NIO's HTTP parser refused.
    static func clause(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow: return "its headers are larger than an HTTP client reads (80 KB)"
        case .invalidStatus: return "its status line is not a valid HTTP status"
        case .invalidVersion: return "it does not start with an HTTP version (it may not be an HTTP server)"
        case .invalidContentLength, .unexpectedContentLength:
            return "its Content-Length header is invalid or contradicts the body"
        case .invalidChunkSize: return "its chunked body has an invalid chunk size"
        case .invalidHeaderToken, .invalidCharactersUsed: return "a header holds characters HTTP does not allow"
        case .lfExpected, .invalidConstant, .strictModeAssertion: return "it is not well-formed HTTP"
        case .trailingGarbage: return "more bytes followed its end"
        case .closedConnection, .invalidEOFState: return "the connection closed in the middle of it"
        default: return "it is not valid HTTP"
        }
    }

    /// A clause for a body whose `Content-Encoding` could not be undone, or nil when `error` is
    /// not such a failure. NIO's `DecompressionError` is named here by its type's name: its module
    /// (NIOHTTPCompression) reaches us only through AsyncHTTPClient.
    static func decompression(_ error: any Error) -> String? {
        guard String(reflecting: type(of: error)).hasSuffix("DecompressionError") else { return nil }
        let text = String(describing: error)
        if text == "limit" { return "its compressed body inflates to more than albumreport accepts" }
        return
            "its body is marked as gzip- or deflate-compressed but does not decompress (it is corrupt or not compressed)"
    }

    /// A clause for a failed TLS handshake, from NIOSSL's error (whose text is BoringSSL's
    /// `error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED`).
    static func tls(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("unableToValidateCertificate") {
            return "its certificate is not trusted, has expired, or is not valid for that name"
        }
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("PACKET_LENGTH_TOO_LONG")
            || text.contains("HTTP_REQUEST")
        {
            return "it does not speak TLS on that port; perhaps the address is http://, not https://"
        }
        if text.contains("uncleanShutdown") { return "it closed the connection in the middle of the handshake" }
        if text.contains("TLSV1_ALERT") || text.contains("SSLV3_ALERT") {
            return "it refused the handshake: no TLS version or cipher in common, or it wants a client certificate"
        }
        return "the TLS library reported \(Excerpt.printable(text, limit: 120))"
    }

    /// A clause for a socket's error number, in words (NIO's text names its own function:
    /// `read(descriptor:pointer:size:): Connection reset by peer (errno: 104)`).
    static func socket(errno code: Int32) -> String {
        switch code {
        case ECONNRESET: return "the server reset the connection"
        case EPIPE: return "the server closed the connection while the request was being sent"
        case ETIMEDOUT: return "the connection timed out"
        default: return "the connection failed: \(FileProblem.clause(errno: code))"
        }
    }

    /// A clause for any other error of the HTTP client: its name in words
    /// (`HTTPClientError.bodyLengthMismatch` → "body length mismatch"), never a type dump.
    static func clause(_ error: any Error) -> String {
        if let parser = error as? HTTPParserError { return clause(parser) }
        if let decompression = decompression(error) { return decompression }
        if let io = error as? IOError { return socket(errno: io.errnoCode) }
        if let channel = error as? ChannelError {
            switch channel {
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed:
                return "the connection closed before the response was complete"
            default: return "the connection failed"
            }
        }
        var name = String(describing: error)
        guard !name.contains("(") else { return "the HTTP client reported \(Excerpt.printable(name, limit: 120))" }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        let words = name.reduce(into: "") { text, character in
            if character.isUppercase, !text.isEmpty { text += " " }
            text += character.lowercased()
        }
        return "the HTTP client reported: \(Excerpt.printable(words, limit: 120))"
    }
}
