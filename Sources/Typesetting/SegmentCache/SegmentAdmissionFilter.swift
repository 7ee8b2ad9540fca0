/// The segment cache's admission filter (TinyLFU's admissionFilter): it remembers segments seen
/// once, so that ``SegmentWidthCache`` stores a segment only on its second sighting and
/// words seen once, such as names and numbers in a feed, neither pay for an insertion nor
/// push out words that recur.
///
/// Each bucket is four 64-bit words holding the 16-bit fingerprints of up to 16 segments
/// first seen in it (half a cache line). A segment's second sighting admits it and frees its
/// place (the cache has it now). A first sighting takes a free place, else one of the 16
/// chosen at random.
///
/// Why these numbers: a feed shows the same few thousand one-off pieces (a number followed by
/// a space, say) once per pass, and each must be admitted on its next pass. A bucket holding
/// more of them than it has places loses some each pass; with places taken oldest first it
/// lost the same ones for ever (four places in 8 Ki buckets: 366 of a 10,000-item feed's
/// segments shaped again on every pass). Sixteen places in 2 Ki buckets make an overflowing
/// bucket rare (for 10,000 pieces, about one segment at risk in all), and random places make
/// even those get in within a pass or two. About 32,000 first sightings are remembered in
/// all, and a new segment passes for a seen one only when its fingerprint matches one of 16 in
/// its bucket: one in 4,000. (A Bloom filter of two bits per segment, cleared when half full,
/// let one new segment in 10 pass; each was a needless insertion, costing labels of new words
/// more than the lookups.) A sighting reads one half cache line.
struct SegmentAdmissionFilter {
    /// 2 Ki buckets of four words (64 KiB).
    static let buckets = 2048

    private var words = [UInt64](repeating: 0, count: SegmentAdmissionFilter.buckets * 4)
    /// The state of the generator that picks the place a first sighting takes in a full bucket.
    private var replacements: UInt64 = 0

    /// Records a sighting of the segment with this hash (the cache's hash, well mixed in
    /// every bit); returns whether it was seen before, that is, whether it is admitted now.
    mutating func sight(_ hash: UInt64) -> Bool {
        // The bucket from the hash's top bits, the fingerprint from bits below them (the
        // table's slot and the fronts' come from the low bits). 0 marks a free place.
        let first = (Int(truncatingIfNeeded: hash >> 53) & (Self.buckets - 1)) * 4
        let fingerprint = max((hash >> 32) & 0xFFFF, 1)
        let lanes: UInt64 = 0x0001_0001_0001_0001
        let highs: UInt64 = 0x8000_8000_8000_8000
        var free: (word: Int, lane: UInt64)?
        for word in first..<(first + 4) {
            let held = words[word]
            // Lanes equal to the fingerprint become zero; the classic test for a zero lane
            // marks them (and may mark a lane above a true zero, which the check below skips).
            let difference = held ^ (fingerprint &* lanes)
            var matches = (difference &- lanes) & ~difference & highs
            while matches != 0 {
                let lane = UInt64(matches.trailingZeroBitCount / 16)
                if (held >> (16 * lane)) & 0xFFFF == fingerprint {
                    words[word] = held & ~(0xFFFF << (16 * lane))
                    return true
                }
                matches &= matches - 1
            }
            if free == nil {
                for lane in 0..<UInt64(4) where (held >> (16 * lane)) & 0xFFFF == 0 {
                    free = (word, lane)
                    break
                }
            }
        }
        let place = free ?? nextRandomPlace(from: first)
        let held = words[place.word]
        words[place.word] = held & ~(0xFFFF << (16 * place.lane)) | fingerprint << (16 * place.lane)
        return false
    }

    /// One of a full bucket's 16 places, at random (SplitMix64 over a counter).
    private mutating func nextRandomPlace(from first: Int) -> (word: Int, lane: UInt64) {
        replacements &+= 0x9E37_79B9_7F4A_7C15
        var z = replacements
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        let place = (z ^ (z >> 31)) >> 60
        return (first + Int(place >> 2), place & 3)
    }
}
