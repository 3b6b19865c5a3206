import AlbumReportCore
import Foundation
import NIOPosix

/// The seam for name resolution: the transport asks it for a host's addresses, checks them
/// against the request's `AddressRule` and connects to exactly the address it checked (so a
/// second, different DNS answer can never be used). Tests stub it to play a name that
/// resolves inward.
public protocol HostResolver: Sendable {
    /// The addresses of `host`, in the order to try them; throws
    /// ``FetchError/hostNotFound(url:host:)`` (naming `url`) when there are none.
    func addresses(of host: String, for url: String) async throws(FetchError) -> [IPAddress]
}

/// The system's resolver (`getaddrinfo`), run on NIO's blocking-work pool so a slow DNS server
/// never holds a thread of Swift's cooperative pool.
public struct SystemResolver: HostResolver {
    /// Creates the resolver.
    public init() {}

    public func addresses(of host: String, for url: String) async throws(FetchError) -> [IPAddress] {
        // RFC 6761 §6.4: a name under .invalid never resolves, so it is not asked about (an
        // offline runner's resolver may take seconds to say so).
        if Self.isInvalidName(host) { throw .hostNotFound(url: url, host: host) }
        let found: [IPAddress]
        do {
            found = try await NIOThreadPool.singleton.runIfActive { Self.getaddrinfo(host) }
        } catch {
            // runIfActive fails only when NIO's thread pool has stopped, as it does at shutdown.
            throw .connectionFailed(
                url: url,
                detail: "name resolution could not start: the resolver's threads have stopped (the run is ending)")
        }
        guard !found.isEmpty else { throw .hostNotFound(url: url, host: host) }
        return found
    }

    /// Whether `host` is `invalid` or a name under it (case-insensitive, a final dot allowed).
    static func isInvalidName(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name == "invalid" || name.hasSuffix(".invalid")
    }

    /// Every TCP address `getaddrinfo` gives for `host`, IPv4 and IPv6, without duplicates.
    static func getaddrinfo(_ host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard Glibc.getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = Self.address(current.pointee), !addresses.contains(address) { addresses.append(address) }
            entry = current.pointee.ai_next
        }
        return addresses
    }

    private static func address(_ info: addrinfo) -> IPAddress? {
        guard let socketAddress = info.ai_addr else { return nil }
        switch info.ai_family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                .v4(UInt32(bigEndian: $0.pointee.sin_addr.s_addr))
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { .v6(Array($0)) }
            }
        default:
            return nil
        }
    }
}
