/// An IPv4 or IPv6 address, read from any spelling a URL's host may use (so that a refused
/// address cannot come back in disguise) and classified by what it reaches.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address, most significant byte first.
    case v4(UInt32)
    /// An IPv6 address: 16 bytes, network order.
    case v6([UInt8])

    // MARK: - Parsing

    /// The address a URL host spells, or nil when the host is a name: IPv4 in dotted, shortened
    /// (`127.1`), decimal (`2130706433`), hexadecimal (`0x7f.0.0.1`) or octal (`0177.0.0.1`) form,
    /// as `inet_aton` and browsers read it; IPv6 with or without brackets, `::` compression, an
    /// embedded IPv4 tail and a zone (`fe80::1%eth0`, ignored).
    public init?(host: String) {
        var text = Substring(host)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if text.contains(":") {
            guard let bytes = Self.ipv6(text) else { return nil }
            self = .v6(bytes)
        } else {
            guard let value = Self.ipv4(text) else { return nil }
            self = .v4(value)
        }
    }

    /// IPv4 as `inet_aton` reads it: one to four parts, the last filling the remaining bytes.
    static func ipv4(_ text: Substring) -> UInt32? {
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = number(part) else { return nil }
            values.append(value)
        }
        var result: UInt64 = 0
        for (index, value) in values.enumerated() {
            let isLast = index == values.count - 1
            if isLast {
                let bits = UInt64(8 * (4 - index))
                guard value < (1 << bits) else { return nil }
                result |= value
            } else {
                guard value <= 0xFF else { return nil }
                result |= value << UInt64(8 * (3 - index))
            }
        }
        return UInt32(truncatingIfNeeded: result)
    }

    /// One part of an IPv4 spelling: decimal, `0x` hexadecimal or `0`-prefixed octal.
    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.utf8.count <= 12 else { return nil }
        let lower = part.lowercased()
        let (digits, radix): (Substring, Int) =
            lower.hasPrefix("0x")
            ? (Substring(lower.dropFirst(2)), 16)
            : lower.count > 1 && lower.hasPrefix("0") ? (Substring(lower.dropFirst()), 8) : (Substring(lower), 10)
        if digits.isEmpty { return nil }
        return UInt64(digits, radix: radix)
    }

    /// IPv6 text as 16 bytes.
    static func ipv6(_ text: Substring) -> [UInt8]? {
        var text = text
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        var bytes: [UInt8] = []
        var tail: [UInt8] = []
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        guard let head = groups(Substring(halves[0]), allowIPv4: halves.count == 1) else { return nil }
        bytes = head
        if halves.count == 2 {
            guard let rest = groups(Substring(halves[1]), allowIPv4: true) else { return nil }
            tail = rest
            guard bytes.count + tail.count <= 14 else { return nil }
            bytes += [UInt8](repeating: 0, count: 16 - bytes.count - tail.count) + tail
        }
        return bytes.count == 16 ? bytes : nil
    }

    /// Colon-separated 16-bit groups (the last may be a dotted IPv4 address) as bytes.
    private static func groups(_ text: Substring, allowIPv4: Bool) -> [UInt8]? {
        guard !text.isEmpty else { return [] }
        var bytes: [UInt8] = []
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if index == parts.count - 1, allowIPv4, part.contains(".") {
                // Only the strict dotted quad is an embedded IPv4 address.
                let octets = part.split(separator: ".", omittingEmptySubsequences: false)
                guard octets.count == 4 else { return nil }
                for octet in octets {
                    guard (1...3).contains(octet.count), octet.allSatisfy(\.isASCII), let value = UInt8(octet) else {
                        return nil
                    }
                    bytes.append(value)
                }
                continue
            }
            guard (1...4).contains(part.count), let value = UInt16(part, radix: 16) else { return nil }
            bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        return bytes
    }

    // MARK: - What it reaches

    /// The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`,
    /// 6to4 `2002::/16`), which is where a connection to it ends up.
    public var embeddedIPv4: UInt32? {
        guard case .v6(let bytes) = self else { return nil }
        func word(_ start: Int) -> UInt32 {
            bytes[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return word(12) }
        if bytes[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return word(12) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return word(2) }
        return nil
    }

    /// The kind of network the address belongs to.
    public var addressClass: AddressClass {
        switch self {
        case .v4(let value): return Self.classify(v4: value)
        case .v6(let bytes):
            if let embedded = embeddedIPv4 { return Self.classify(v4: embedded) }
            return Self.classify(v6: bytes)
        }
    }

    private static func classify(v4 value: UInt32) -> AddressClass {
        func within(_ prefix: UInt32, _ length: UInt32) -> Bool {
            length == 0 || value >> (32 - length) == prefix >> (32 - length)
        }
        let a = value >> 24
        if a == 0 { return .unspecified }
        if a == 127 { return .loopback }
        if a == 10 || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) { return .privateNetwork }
        if within(0x6440_0000, 10) { return .shared }
        if within(0xA9FE_0000, 16) { return .linkLocal }
        if within(0xE000_0000, 4) { return .multicast }
        if within(0xF000_0000, 4) { return .reserved }
        let reserved: [(UInt32, UInt32)] = [
            (0xC000_0000, 24), (0xC000_0200, 24), (0xC612_0000, 15), (0xC633_6400, 24), (0xCB00_7100, 24),
            (0xC058_6300, 24),
        ]
        if reserved.contains(where: { within($0.0, $0.1) }) { return .reserved }
        return .publicAddress
    }

    private static func classify(v6 bytes: [UInt8]) -> AddressClass {
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return .reserved }  // IPv4-compatible (deprecated)
        if bytes[0] == 0xFF { return .multicast }
        if bytes[0] & 0xFE == 0xFC { return .privateNetwork }  // fc00::/7
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return .linkLocal }  // fe80::/10
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return .privateNetwork }  // fec0::/10, site-local
        if bytes[0..<6] == [0, 0x64, 0xFF, 0x9B, 0, 1] { return .privateNetwork }  // 64:ff9b:1::/48
        if bytes[0..<8] == [0x01, 0, 0, 0, 0, 0, 0, 0] { return .reserved }  // 100::/64, discard
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return .reserved }  // documentation
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] & 0xFE == 0 { return .reserved }  // 2001::/23
        if bytes[0] & 0xE0 == 0x20 { return .publicAddress }  // 2000::/3, global unicast
        return .reserved
    }

    public var description: String {
        switch self {
        case .v4(let value):
            return [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
        case .v6(let bytes):
            let groups = stride(from: 0, to: 16, by: 2).map {
                String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
            }
            return groups.joined(separator: ":")
        }
    }
}

/// The kinds of network an address can reach, for the rule that a feed from the internet may
/// only make the tool reach the internet.
public enum AddressClass: String, Sendable, Hashable, Codable, CaseIterable {
    case publicAddress = "public"
    /// 127.0.0.0/8, ::1.
    case loopback
    /// RFC 1918 (10/8, 172.16/12, 192.168/16), fc00::/7.
    case privateNetwork = "private"
    /// 169.254/16 (cloud metadata services live here), fe80::/10.
    case linkLocal = "link-local"
    /// 100.64/10, carrier-grade NAT.
    case shared
    /// 224/4, ff00::/8.
    case multicast
    /// 0.0.0.0/8, ::.
    case unspecified
    /// Everything set aside for documentation, benchmarks and future use.
    case reserved

    /// How a sentence names it ("a link-local address").
    public var phrase: String {
        switch self {
        case .publicAddress: return "a public address"
        case .loopback: return "a loopback address"
        case .privateNetwork: return "a private-network address"
        case .linkLocal: return "a link-local address"
        case .shared: return "a shared (carrier-grade NAT) address"
        case .multicast: return "a multicast address"
        case .unspecified: return "an unspecified address"
        case .reserved: return "a reserved address"
        }
    }
}
