/// Disjoint sets over `0..<count` (union-find with path halving): which nodes a pass has joined.
struct DisjointSets {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    /// The representative of `node`'s set.
    mutating func root(_ node: Int) -> Int {
        var node = node
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    /// Whether `node` represents its set.
    func isRoot(_ node: Int) -> Bool { parent[node] == node }

    /// Joins the sets of `a` and `b`, the lower root representing both; false when they were one.
    @discardableResult
    mutating func join(_ a: Int, _ b: Int) -> Bool {
        let (first, second) = (root(a), root(b))
        guard first != second else { return false }
        parent[max(first, second)] = min(first, second)
        return true
    }
}
