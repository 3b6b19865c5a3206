import Foundation

/// One of N parts of a report, for splitting a large job across machines (a CI matrix):
/// shard I of N renders the cards of the items whose rank ≡ I (mod N), and shard 1 also renders
/// the sheet; `albumreport merge` joins the N parts into the report one run would have written.
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1 to ``count``.
    public var index: Int
    /// How many shards the job is split into.
    public var count: Int

    /// Creates shard `index` of `count`; nil unless 1 ≤ index ≤ count ≤ 10,000.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= 10_000, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses "I/N", e.g. "2/4".
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// Decodes and validates: a damaged manifest's shard is an error, never a division by zero.
    public init(from decoder: any Decoder) throws {
        enum Keys: String, CodingKey { case index, count }
        let container = try decoder.container(keyedBy: Keys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        guard let shard = Shard(index: index, count: count) else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container, debugDescription: "shard \(index)/\(count) is not 1 ≤ I ≤ N ≤ 10000")
        }
        self = shard
    }

    /// Whether this shard renders the card of the item ranked `rank`.
    public func contains(rank: Int) -> Bool {
        ((rank - index) % count + count) % count == 0
    }

    /// Whether this shard renders the matrix combination at `combinationIndex` (0-based): shard I
    /// of N holds the combinations k with k mod N = I − 1.
    public func contains(combinationIndex: Int) -> Bool {
        (combinationIndex % count + count) % count == index - 1
    }

    /// Whether this shard renders the sheet (shard 1 does).
    public var rendersSheet: Bool { index == 1 }

    /// "2/4".
    public var description: String { "\(index)/\(count)" }
}
