/// The order in which a batch measures its items when the caller describes each item by a
/// few numbers (its similarity features, typically the lengths of the texts its cell shows):
/// items with similar numbers one after another.
///
/// A template cell re-solves from the solution the item before left it in, and the dual
/// simplex pivots once for each constraint that changes between holding with room and holding
/// tight: a label that wraps to one more line, a row whose text stops fitting. Items whose
/// texts have similar lengths leave the same constraints tight, so measured one after another
/// they leave little to pivot. A height never depends on the item measured before it (a
/// template an item failed on is not lent again, and the fitting's lowest level pins the
/// height to its least value), so the order changes the time a batch takes, not its heights.
enum SimilarityOrder {
    /// Features closer than this fall into one bucket: about two words of text in UTF-8 bytes,
    /// or 12 points of a size. Finer buckets sort on the differences that change no line count.
    static let bucketSize = 12

    /// The indices of `features` (one array per item), sorted by the items' bucketed features.
    ///
    /// The features are compared position by position, starting with the position whose
    /// values vary most over the batch: the text whose length varies most decides the most
    /// line breaks, so it leads, and the others order the items within its buckets. An item
    /// with fewer features than another counts as lower at the positions it lacks. Equal keys
    /// keep the items' order, so the result depends on the features alone. `packing: false`
    /// compares the keys rank by rank even where they would pack into one number (for tests).
    static func order(_ features: [[Int]], packing: Bool = true) -> [Int] {
        let width = features.reduce(0) { max($0, $1.count) }
        guard features.count > 1, width > 0 else { return Array(features.indices) }
        let positions = positionsByVariance(features, width: width)
        // The bucketed keys in one flat array, `width` per item, in the order compared.
        var keys = [Int](repeating: Int.min, count: features.count * width)
        for (item, values) in features.enumerated() {
            for (rank, position) in positions.enumerated() where position < values.count {
                keys[item * width + rank] = bucket(values[position])
            }
        }
        if packing, let packed = packed(keys, width: width, count: features.count) {
            return packed.sorted().map { Int(truncatingIfNeeded: $0 & UInt64(UInt32.max)) }
        }
        return features.indices.sorted { a, b in
            for rank in 0..<width {
                let left = keys[a * width + rank]
                let right = keys[b * width + rank]
                if left != right { return left < right }
            }
            return a < b
        }
    }

    /// Each item's keys as one number, then its index, in the high and the low 32 bits of a
    /// `UInt64`, so that sorting the numbers sorts the items as comparing `keys` rank by rank
    /// and then the indices would: rank by rank, each key's offset from its rank's least, in
    /// mixed radix (text lengths in buckets of 12 take a few values each). Nil when the keys
    /// need more than 32 bits or the indices do, and the keys are compared as they are.
    static func packed(_ keys: [Int], width: Int, count: Int) -> [UInt64]? {
        guard count <= Int(UInt32.max) else { return nil }
        var least = [Int](repeating: .max, count: width)
        var most = [Int](repeating: .min, count: width)
        for (index, key) in keys.enumerated() {
            let rank = index % width
            least[rank] = min(least[rank], key)
            most[rank] = max(most[rank], key)
        }
        // The radix of each rank, and their product, which must stay within 32 bits.
        var radices = [UInt64](repeating: 1, count: width)
        var product: UInt64 = 1
        for rank in 0..<width {
            let (span, overflow) = most[rank].subtractingReportingOverflow(least[rank])
            guard !overflow, span < Int(UInt32.max) else { return nil }
            radices[rank] = UInt64(span) + 1
            let (next, tooLarge) = product.multipliedReportingOverflow(by: radices[rank])
            guard !tooLarge, next <= UInt64(UInt32.max) + 1 else { return nil }
            product = next
        }
        return (0..<count).map { item in
            var number: UInt64 = 0
            for rank in 0..<width {
                number = number * radices[rank] + UInt64(keys[item * width + rank] - least[rank])
            }
            return number << 32 | UInt64(item)
        }
    }

    /// The feature positions from the one whose values vary most over the batch (variance of
    /// the values present) to the one that varies least; equal variances in position order.
    private static func positionsByVariance(_ features: [[Int]], width: Int) -> [Int] {
        var sums = [Double](repeating: 0, count: width)
        var squares = [Double](repeating: 0, count: width)
        var counts = [Double](repeating: 0, count: width)
        for values in features {
            for (position, value) in values.enumerated() {
                let number = Double(value)
                sums[position] += number
                squares[position] += number * number
                counts[position] += 1
            }
        }
        let variances = (0..<width).map { position -> Double in
            guard counts[position] > 0 else { return 0 }
            let mean = sums[position] / counts[position]
            return max(0, squares[position] / counts[position] - mean * mean)
        }
        return (0..<width).sorted { (-variances[$0], $0) < (-variances[$1], $1) }
    }

    /// The bucket of a feature value, rounding down (so negative values bucket as well).
    private static func bucket(_ value: Int) -> Int {
        let quotient = value / bucketSize
        return value % bucketSize < 0 ? quotient - 1 : quotient
    }
}
