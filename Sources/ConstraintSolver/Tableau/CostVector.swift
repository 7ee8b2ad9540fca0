/// An objective coefficient under strict priorities: a sparse vector keyed by priority
/// level, compared lexicographically from the highest level down.
///
/// The objective is `Σ cost(symbol) · symbol`, where an optional constraint's error symbols
/// cost one unit at the constraint's level. After pivots a symbol's cost mixes levels, for
/// example `(999: -1, 250: +3)`: lowering the symbol is worth it because level 999 decides
/// before level 250 is even looked at.
struct CostVector: Equatable {
    struct Entry: Equatable {
        var level: Float
        var value: Double
    }

    /// Non-zero entries, highest level first.
    private(set) var entries: [Entry] = []

    static let zero = CostVector()

    init() {}

    /// One unit of cost at the given level.
    init(unitAt level: Float) {
        entries = [Entry(level: level, value: 1)]
    }

    var isZero: Bool { entries.isEmpty }

    /// -1, 0 or 1: the sign of the highest non-zero level.
    var sign: Int {
        guard let first = entries.first else { return 0 }
        return first.value < 0 ? -1 : 1
    }

    var isNegative: Bool { (entries.first?.value ?? 0) < 0 }

    /// Adds `factor · other`, dropping entries that cancel to within `epsilon`.
    mutating func add(_ other: CostVector, times factor: Double, epsilon: Double) {
        if other.entries.isEmpty || factor == 0 { return }
        if entries.isEmpty {
            for entry in other.entries {
                let value = entry.value * factor
                if abs(value) > epsilon { entries.append(Entry(level: entry.level, value: value)) }
            }
            return
        }
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count + other.entries.count)
        var i = 0
        var j = 0
        while i < entries.count || j < other.entries.count {
            let entry: Entry
            if j == other.entries.count || (i < entries.count && entries[i].level > other.entries[j].level) {
                entry = entries[i]
                i += 1
            } else if i == entries.count || other.entries[j].level > entries[i].level {
                entry = Entry(level: other.entries[j].level, value: other.entries[j].value * factor)
                j += 1
            } else {
                entry = Entry(level: entries[i].level, value: entries[i].value + other.entries[j].value * factor)
                i += 1
                j += 1
            }
            if abs(entry.value) > epsilon { merged.append(entry) }
        }
        entries = merged
    }

    /// Lexicographic comparison of `self / divisor` with `other / otherDivisor` (both
    /// divisors positive), as the dual simplex's ratio test needs: -1, 0 or 1.
    func compareRatio(_ divisor: Double, to other: CostVector, _ otherDivisor: Double, epsilon: Double) -> Int {
        var i = 0
        var j = 0
        while i < entries.count || j < other.entries.count {
            let level: Float
            if j == other.entries.count || (i < entries.count && entries[i].level >= other.entries[j].level) {
                level = entries[i].level
            } else {
                level = other.entries[j].level
            }
            var left = 0.0
            var right = 0.0
            if i < entries.count && entries[i].level == level {
                left = entries[i].value / divisor
                i += 1
            }
            if j < other.entries.count && other.entries[j].level == level {
                right = other.entries[j].value / otherDivisor
                j += 1
            }
            if left < right - epsilon { return -1 }
            if left > right + epsilon { return 1 }
        }
        return 0
    }
}
