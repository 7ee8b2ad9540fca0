/// How many of the numbers a solver holds fall in each power-of-two band, so that the
/// largest can be known after removals as well as after additions.
///
/// The tolerances follow the largest magnitude held now, not the largest ever held: a
/// removed 1e9 leaves no wide tolerance behind to hide a violation of a small constraint,
/// and a pooled solver's results do not depend on what it solved before. Numbers below 2
/// are not counted: the tolerances never go below those of magnitude 1, and coefficients
/// of 1, the common case, then cost no count at all.
struct MagnitudeCensus {
    /// Counts per band: band `e` holds magnitudes in [2^e, 2^(e+1)); the last band also
    /// holds everything above. Inline rather than an array: the solvers that check conflict
    /// sets are made by the hundred, and every count would pay an array's uniqueness check.
    private var counts: Bands
    private typealias Bands = (
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
        Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
    )
    /// The highest band with a count, or -1.
    private var highest = -1

    init() {
        counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// Bands up to 2^32, beyond any value the range checks let in.
    private static let bandCount = 32

    /// The band of a magnitude of at least 2: its binary exponent, read from the bits (the
    /// `exponent` property is a call into the standard library).
    @inline(__always)
    private static func band(_ magnitude: Double) -> Int {
        min(Int(truncatingIfNeeded: magnitude.bitPattern >> 52) - 1023, bandCount - 1)
    }

    /// Counts (`times` 1) or uncounts (`times` -1) a magnitude. Returns whether the highest
    /// band changed, which is all the tolerances depend on.
    @inline(__always)
    mutating func add(_ magnitude: Double, times: Int32) -> Bool {
        guard magnitude >= 2 else { return false }
        let band = MagnitudeCensus.band(magnitude)
        return times > 0 ? shift(from: -1, to: band) : shift(from: band, to: -1)
    }

    /// Moves one count from one magnitude to another (a suggestion or a constant that
    /// changed); returns whether the highest band changed. Most moves stay in their band.
    @inline(__always)
    mutating func move(from old: Double, to new: Double) -> Bool {
        let from = old >= 2 ? MagnitudeCensus.band(old) : -1
        let to = new >= 2 ? MagnitudeCensus.band(new) : -1
        return from == to ? false : shift(from: from, to: to)
    }

    /// Moves a count between bands (-1: none); returns whether the highest band changed.
    private mutating func shift(from: Int, to: Int) -> Bool {
        withUnsafeMutableBytes(of: &counts) { bytes in
            let counts = bytes.baseAddress!.assumingMemoryBound(to: Int32.self)
            if from >= 0 { counts[from] -= 1 }
            if to >= 0 { counts[to] += 1 }
            if to > highest {
                highest = to
                return true
            }
            guard from == highest && counts[from] == 0 else { return false }
            while highest >= 0 && counts[highest] == 0 { highest -= 1 }
            return true
        }
    }

    /// A power of two above every counted magnitude, and at least 1 (which is within a
    /// factor of two of the uncounted ones).
    var bound: Double {
        highest < 0 ? 1 : Double(sign: .plus, exponent: highest + 1, significand: 1)
    }
}
