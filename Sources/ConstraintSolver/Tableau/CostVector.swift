/// An objective coefficient under strict priorities: a sparse vector keyed by priority
/// level, compared lexicographically from the highest level down.
///
/// The objective is `Σ cost(symbol) · symbol`, where an optional constraint's error symbols
/// cost one unit at the constraint's level. After pivots a symbol's cost mixes levels, for
/// example `(999: -1, 250: +3)`: lowering the symbol is worth it because level 999 decides
/// before level 250 is even looked at.
///
/// Most costs mix one or two levels (an edit strength and a compression resistance, say),
/// so the first two entries are stored inline and only further entries use an array: the
/// common cases allocate nothing. Two rather than three: a third inline entry made every
/// cost bigger and cost more in building a layout than it saved in re-solving one.
struct CostVector: Equatable {
    struct Entry: Equatable {
        var level: Float
        /// The sum of the magnitudes of the contributions that made `value`, each carried
        /// through the products that moved it: its round-off is a small fraction of this,
        /// whatever sizes the contributions had. A `Float` beside the level keeps an entry at
        /// 16 bytes; the judgement needs its order of magnitude, not its last digits. Stored
        /// as a row's cell stores its scale (`Cell.scale`), held below infinity.
        private var storedMagnitude: Float
        var value: Double

        var magnitude: Double {
            get { Double(storedMagnitude) }
            set { storedMagnitude = Cell.scale(newValue) }
        }

        init(level: Float, value: Double, magnitude: Double) {
            self.level = level
            self.storedMagnitude = Cell.scale(magnitude)
            self.value = value
        }

        /// A unit entry, or zero.
        init(level: Float, value: Double) {
            self.init(level: level, value: value, magnitude: abs(value))
        }

        /// `other` times `factor`, as a new entry.
        init(_ other: Entry, times factor: Double) {
            self.init(level: other.level, value: other.value * factor, magnitude: other.magnitude * abs(factor))
        }

        /// Adds `factor · other`; returns false when the sum is round-off of what made it
        /// (`isRoundOff`), the entry then being meaningless.
        @inline(__always)
        mutating func add(_ other: Entry, times factor: Double, epsilon: Double) -> Bool {
            value += other.value * factor
            let total = magnitude + other.magnitude * abs(factor)
            storedMagnitude = Cell.scale(total)
            return !CostVector.isRoundOff(value, of: total, epsilon: epsilon)
        }
    }

    /// Whether an entry's value is round-off of contributions of total `magnitude`: within
    /// the coefficient tolerance and a billionth of them (the precision rows keep after
    /// pivots), or as a row's cell is judged against what built it (`Row.cancels`: within
    /// 1e-13 of them at any size, or below the rows' own floor). Judged against its
    /// contributions, a real cost below the tolerance (a coupling through a chain of small
    /// coefficients) survives, and the residue of large cancelling terms does not overrule
    /// the levels below.
    @inline(__always)
    static func isRoundOff(_ value: Double, of magnitude: Double, epsilon: Double) -> Bool {
        let size = abs(value)
        return (size <= epsilon && size <= 1e-9 * magnitude) || Row.cancels(value, scale: magnitude, epsilon: epsilon)
    }

    /// The magnitude below which a new entry is kept out (`add`, `init(summing:epsilon:)`):
    /// a millionth of the coefficient tolerance, for the lowest entry of a cost.
    @inline(__always)
    static func newEntryFloor(_ epsilon: Double) -> Double { 1e-6 * epsilon }

    /// The first two entries, highest level first, meaningful below `count`.
    private var first = Entry(level: 0, value: 0)
    private var second = Entry(level: 0, value: 0)
    /// Entries after the second, highest level first.
    private var rest: [Entry] = []
    private(set) var count = 0

    static let zero = CostVector()

    init() {}

    /// One unit of cost at the given level.
    init(unitAt level: Float) {
        first = Entry(level: level, value: 1)
        count = 1
    }

    static func == (lhs: CostVector, rhs: CostVector) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
    }

    subscript(position: Int) -> Entry {
        switch position {
        case 0: first
        case 1: second
        default: rest[position - 2]
        }
    }

    /// Non-zero entries, highest level first.
    var entries: [Entry] { (0..<count).map { self[$0] } }

    var isZero: Bool { count == 0 }

    var isNegative: Bool { count > 0 && first.value < 0 }

    /// Whether the symbol is a candidate to enter: its highest entry is negative, or positive
    /// within `epsilon` above a negative lower entry. So small a positive entry can be a
    /// coupling's round-off as well as a real cost, and keeping the symbol out on it unchecked
    /// can stop a lower level short of its optimum by a whole step, so the primal simplex
    /// checks it against the constraints as given first (`Tableau.refineCost`).
    @inline(__always)
    func mayEnter(_ epsilon: Double) -> Bool {
        guard count > 0 else { return false }
        if first.value < 0 { return true }
        guard count > 1 && first.value <= epsilon else { return false }
        for position in 1..<count where self[position].value < 0 { return true }
        return false
    }

    /// Whether the highest entry is within `epsilon` (the coefficient tolerance) of zero above
    /// a lower entry: that small, the rows cannot tell a real coupling from round-off.
    @inline(__always)
    func highestIsSmall(_ epsilon: Double) -> Bool { count > 1 && abs(first.value) <= epsilon }

    /// Whether the highest entry is within a billionth of a lower one, the scale at which
    /// round-off of the products that made the cost lies.
    var highestIsNegligible: Bool {
        for position in 1..<max(count, 1) where abs(first.value) <= 1e-9 * abs(self[position].value) { return true }
        return false
    }

    /// Whether every lower entry has the highest's sign: a step along the symbol that the
    /// highest level asks for then costs no lower level anything.
    var lowerLevelsAgree: Bool {
        for position in 1..<max(count, 1) where (self[position].value < 0) != (first.value < 0) { return false }
        return true
    }

    /// Whether a small higher entry decides against the entries below it: within a thousand
    /// times `epsilon` of zero and not negative beside a lower one, or alone and negative
    /// within `epsilon`, making the symbol enter on its own. Carried through many pivots, an
    /// entry that small can have drifted from what the rows define (a coupling that cancelled
    /// in the rows but not in the costs) or come from a round-off cell of a row, and it alone
    /// decides; a unit cost overruling another (750 over 250, the rule in layouts) is neither.
    @inline(__always)
    func decidesAgainstLowerLevels(_ epsilon: Double) -> Bool {
        guard count > 1 else { return count == 1 && first.value < 0 && first.value >= -epsilon }
        return abs(first.value) <= epsilon || (first.value > 0 && first.value <= 1e3 * epsilon)
    }

    private mutating func set(_ position: Int, _ entry: Entry) {
        switch position {
        case 0: first = entry
        case 1: second = entry
        default: rest[position - 2] = entry
        }
    }

    private mutating func append(_ entry: Entry) {
        if count < 2 { set(count, entry) } else { rest.append(entry) }
        count += 1
    }

    /// Drops the highest entry, keeping the levels below it.
    mutating func dropHighest() {
        guard count > 0 else { return }
        for position in 1..<count { set(position - 1, self[position]) }
        truncate(to: count - 1)
    }

    /// Drops every entry, keeping the storage for later ones.
    mutating func clear() { truncate(to: 0) }

    /// Keeps the first `kept` entries.
    private mutating func truncate(to kept: Int) {
        if kept <= 2 {
            if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
        } else {
            rest.removeLast(rest.count - (kept - 2))
        }
        count = kept
    }

    /// Adds `factor · other`, dropping the entries it makes cancel to round-off
    /// (`isRoundOff`) and new entries within a millionth of `epsilon`; the entries it does not
    /// touch stay.
    ///
    /// A new entry is a product, not a cancellation: a symbol coupled to a level's errors by
    /// less than the tolerance still costs there, and dropping that cost lets a lower level
    /// decide the symbol's move, or leaves the level short of its optimum: a chain of small
    /// couplings can leave a slack's only cost, its only way to meet a level, far below the
    /// tolerance. That holds above a lower level too, for either sign (a product of -1.1e-10
    /// over a unit: `aSmallCostAboveALowerLevelIsFollowedWhereARowLimitsIt`): whether such an
    /// entry is a real coupling or a coupling's round-off the constraints as given decide,
    /// when its symbol comes up in the primal simplex (`Tableau.refineCost`).
    ///
    /// Returns whether it dropped a non-zero sum or product as round-off: the magnitudes that
    /// judged it are carried through the operations that made the entry, cancelled ones
    /// included, so the caller should judge the cost again from its definition.
    @discardableResult
    mutating func add(_ other: CostVector, times factor: Double, epsilon: Double) -> Bool {
        if other.count == 0 || factor == 0 { return false }
        // The common case: one level on each side, the same level.
        if count == 1 && other.count == 1 && first.level == other.first.level {
            if !first.add(other.first, times: factor, epsilon: epsilon) {
                count = 0
                return first.value != 0
            }
            return false
        }
        var judged = false
        if count <= 2 && other.count <= 2 {
            if addInline(other, times: factor, epsilon: epsilon, judged: &judged) { return judged }
        } else if addInPlace(other, times: factor, epsilon: epsilon, judged: &judged) {
            return judged
        }
        var merged = CostVector()
        var i = 0
        var j = 0
        while i < count || j < other.count {
            var entry: Entry
            if j == other.count || (i < count && self[i].level > other[j].level) {
                entry = self[i]
                i += 1
            } else if i == count || other[j].level > self[i].level {
                entry = Entry(other[j], times: factor)
                j += 1
                if abs(entry.value) <= CostVector.newEntryFloor(epsilon) || CostVector.isRoundOff(entry.value, of: entry.magnitude, epsilon: epsilon) {
                    judged = judged || entry.value != 0
                    continue
                }
            } else {
                entry = self[i]
                if !entry.add(other[j], times: factor, epsilon: epsilon) {
                    judged = judged || entry.value != 0
                    entry.value = 0
                }
                i += 1
                j += 1
            }
            if entry.value != 0 { merged.append(entry) }
        }
        self = merged
        return judged
    }

    /// The cost made of `contributions`, summed per level (the buffer is sorted in place):
    /// each sum is judged against the magnitudes of its own contributions only, as
    /// `isRoundOff` says, and kept above a millionth of `epsilon` like a new entry of `add`.
    init(summing contributions: inout [Entry], epsilon: Double) {
        self.init()
        contributions.sort { $0.level > $1.level }
        var k = 0
        while k < contributions.count {
            var entry = contributions[k]
            k += 1
            while k < contributions.count && contributions[k].level == entry.level {
                entry.value += contributions[k].value
                entry.magnitude += contributions[k].magnitude
                k += 1
            }
            if abs(entry.value) > CostVector.newEntryFloor(epsilon) && !CostVector.isRoundOff(entry.value, of: entry.magnitude, epsilon: epsilon) {
                append(entry)
            }
        }
    }

    /// `addInPlace` for two costs of at most two entries each, the rule in layouts (an edit
    /// strength and a hugging or compression level, say): the inline entries are updated
    /// directly rather than through the positional subscript.
    private mutating func addInline(_ other: CostVector, times factor: Double, epsilon: Double, judged: inout Bool) -> Bool {
        var a = first
        var b = second
        var cancelled = false
        for j in 0..<other.count {
            let entry = j == 0 ? other.first : other.second
            if count > 0 && a.level == entry.level {
                if !a.add(entry, times: factor, epsilon: epsilon) {
                    judged = judged || a.value != 0
                    a.value = 0
                    cancelled = true
                }
            } else if count > 1 && b.level == entry.level {
                if !b.add(entry, times: factor, epsilon: epsilon) {
                    judged = judged || b.value != 0
                    b.value = 0
                    cancelled = true
                }
            } else {
                return false
            }
        }
        first = a
        second = b
        guard cancelled else { return true }
        var kept = 0
        if count > 0 && a.value != 0 {
            first = a
            kept = 1
        }
        if count > 1 && b.value != 0 {
            if kept == 0 { first = b } else { second = b }
            kept += 1
        }
        count = kept
        return true
    }

    /// Adds `factor · other` without allocating when every level of `other` is already
    /// present, which is the rule once a cost has seen its levels. Returns false (and
    /// changes nothing) otherwise.
    private mutating func addInPlace(_ other: CostVector, times factor: Double, epsilon: Double, judged: inout Bool) -> Bool {
        var i = 0
        for j in 0..<other.count {
            let level = other[j].level
            while i < count && self[i].level > level { i += 1 }
            if i == count || self[i].level != level { return false }
        }
        i = 0
        var cancelled = false
        for j in 0..<other.count {
            let level = other[j].level
            while self[i].level > level { i += 1 }
            var entry = self[i]
            if !entry.add(other[j], times: factor, epsilon: epsilon) {
                judged = judged || entry.value != 0
                entry.value = 0
                cancelled = true
            }
            set(i, entry)
        }
        guard cancelled else { return true }
        var kept = 0
        for position in 0..<count where self[position].value != 0 {
            set(kept, self[position])
            kept += 1
        }
        truncate(to: kept)
        return true
    }

    /// Lexicographic comparison of `self / divisor` with `other / otherDivisor` (both
    /// divisors positive), as the dual simplex's ratio test needs: -1, 0 or 1.
    func compareRatio(_ divisor: Double, to other: CostVector, _ otherDivisor: Double, epsilon: Double) -> Int {
        var i = 0
        var j = 0
        while i < count || j < other.count {
            let level: Float
            if j == other.count || (i < count && self[i].level >= other[j].level) {
                level = self[i].level
            } else {
                level = other[j].level
            }
            var left = 0.0
            var right = 0.0
            if i < count && self[i].level == level {
                left = self[i].value / divisor
                i += 1
            }
            if j < other.count && other[j].level == level {
                right = other[j].value / otherDivisor
                j += 1
            }
            if left < right - epsilon { return -1 }
            if left > right + epsilon { return 1 }
        }
        return 0
    }
}
