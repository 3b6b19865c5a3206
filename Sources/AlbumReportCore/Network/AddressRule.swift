/// Which addresses a request may reach: the rule that keeps a feed from the internet from
/// making albumreport reach inward (cloud metadata at 169.254.169.254, a router at 192.168.1.1,
/// a service on loopback). It is checked against the address actually connected to, after DNS,
/// at every redirect hop.
public enum AddressRule: Sendable, Hashable, CustomStringConvertible {
    /// Any address: a local feed's artwork, or `--allow-private-network`.
    case any
    /// Public addresses, and addresses of these kinds.
    case publicAnd(Set<AddressClass>)
    /// The first address may be of any kind (the feed the user asked for); after a redirect, only
    /// public addresses and the first one's kind.
    case publicAndFirstHopKind

    /// Only public addresses: what a feed on the internet may reach.
    public static let publicOnly = AddressRule.publicAnd([])

    /// Whether a request may connect to `address`, given the first hop's address (nil on the first hop).
    public func permits(_ address: IPAddress, firstHop: IPAddress?) -> Bool {
        let kind = address.addressClass
        switch self {
        case .any:
            return true
        case .publicAnd(let kinds):
            return kind == .publicAddress || kinds.contains(kind)
        case .publicAndFirstHopKind:
            guard let firstHop else { return true }
            return kind == .publicAddress || kind == firstHop.addressClass
        }
    }

    public var description: String {
        switch self {
        case .any: return "any address"
        case .publicAnd(let kinds):
            return (["public"] + kinds.map(\.rawValue).sorted()).joined(separator: " and ") + " addresses"
        case .publicAndFirstHopKind: return "the first address, then public ones and its kind"
        }
    }
}
