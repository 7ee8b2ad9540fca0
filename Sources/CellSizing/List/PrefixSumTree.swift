/// Row heights with their running sums, in a Fenwick (binary indexed) tree: changing one
/// height, the sum of the first `n` heights, and the row that contains an offset each take
/// O(log n); building from a list of heights takes O(n).
///
/// Node `i` (1-based) holds the sum of the `i & -i` heights that end at row `i - 1`.
struct PrefixSumTree {
    /// The heights, row by row.
    private(set) var values: [Double]
    private var tree: [Double]

    init(_ values: [Double] = []) {
        self.values = values
        tree = Self.build(values)
    }

    var count: Int { values.count }

    /// The sum of the first `count` values, `0...self.count`.
    func prefixSum(_ count: Int) -> Double {
        var sum = 0.0
        var node = count
        while node > 0 {
            sum += tree[node]
            node &= node - 1
        }
        return sum
    }

    /// The sum of all values.
    var total: Double { prefixSum(count) }

    /// Changes one value, updating the nodes whose ranges cover it.
    mutating func set(_ value: Double, at index: Int) {
        let delta = value - values[index]
        guard delta != 0 else { return }
        values[index] = value
        var node = index + 1
        while node < tree.count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// Replaces a range of values; the tree is rebuilt, since every later node may change.
    mutating func replaceSubrange(_ range: Range<Int>, with newValues: some Collection<Double>) {
        values.replaceSubrange(range, with: newValues)
        tree = Self.build(values)
    }

    /// The index `i` with `prefixSum(i) <= offset < prefixSum(i + 1)`, or `nil` when `offset`
    /// is negative or not less than the total. Values of zero never contain an offset.
    func index(containing offset: Double) -> Int? {
        guard offset >= 0, !values.isEmpty else { return nil }
        // Descend the implicit tree: the largest prefix whose sum stays within the offset.
        var position = 0
        var sum = 0.0
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && sum + tree[next] <= offset {
                position = next
                sum += tree[next]
            }
            step /= 2
        }
        // The descent adds the same numbers as prefixSum in another order; settle any
        // difference in the last bit against prefixSum itself, so the two always agree.
        while position > 0 && prefixSum(position) > offset { position -= 1 }
        while position < count && prefixSum(position + 1) <= offset { position += 1 }
        return position < count ? position : nil
    }

    private static func build(_ values: [Double]) -> [Double] {
        var tree = [0.0] + values
        for node in 1..<max(tree.count, 1) {
            let parent = node + (node & -node)
            if parent < tree.count { tree[parent] += tree[node] }
        }
        return tree
    }
}
