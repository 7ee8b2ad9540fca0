/// How many of the numbers a solver holds fall in each power-of-two band, so that the
/// largest can be known after removals as well as after additions.
///
/// The tolerances follow the largest magnitude held now, not the largest ever held: a
/// removed 1e9 leaves no wide tolerance behind to hide a violation of a small constraint,
/// and a pooled solver's results do not depend on what it solved before. Numbers below 1
/// are not counted, since the tolerances never go below those of magnitude 1.
struct MagnitudeCensus {
    /// Counts per band: band `e` holds magnitudes in [2^e, 2^(e+1)).
    private var counts: [Int32] = Array(repeating: 0, count: MagnitudeCensus.bandCount)
    /// The highest band with a count, or -1.
    private var highest = -1

    /// Bands up to 2^64, beyond any value the range checks let in.
    private static let bandCount = 64

    /// Counts (`times` 1) or uncounts (`times` -1) a magnitude.
    @inline(__always)
    mutating func add(_ magnitude: Double, times: Int32) {
        guard magnitude >= 1 else { return }
        let band = min(Int(magnitude.exponent), MagnitudeCensus.bandCount - 1)
        counts[band] += times
        if band > highest {
            highest = band
        } else if band == highest && counts[band] == 0 {
            while highest >= 0 && counts[highest] == 0 { highest -= 1 }
        }
    }

    /// A power of two above every counted magnitude, and at least 1.
    var bound: Double {
        highest < 0 ? 1 : Double(sign: .plus, exponent: highest + 1, significand: 1)
    }
}
