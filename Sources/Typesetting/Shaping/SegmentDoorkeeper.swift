/// The segment cache's admission filter (TinyLFU's doorkeeper): it remembers segments seen
/// once, so that ``SegmentWidthCache`` stores a segment only on its second sighting and
/// words seen once, such as names and numbers in a feed, neither pay for an insertion nor
/// push out words that recur.
///
/// Each 64-bit bucket holds the 16-bit fingerprints of the last four segments first seen in
/// it, the newest in the low bits; a first sighting shifts the oldest out. A segment is
/// remembered until four later first sightings land in its bucket, about 32,000 on
/// average, and a new segment passes for a seen one only when its fingerprint matches one
/// of four in its bucket: one in 16,000. (A Bloom filter of two bits per segment, cleared
/// when half full, let one new segment in 10 pass; each was a needless insertion, costing
/// labels of new words more than the lookups.) A sighting reads and writes one word.
struct SegmentDoorkeeper {
    /// 8 Ki buckets (64 KiB).
    static let buckets = 8192

    private var fingerprints = [UInt64](repeating: 0, count: SegmentDoorkeeper.buckets)

    /// Records a sighting of the segment with this hash (the cache's hash, well mixed in
    /// every bit); returns whether it was seen before, that is, whether it is admitted now.
    mutating func sight(_ hash: UInt64) -> Bool {
        // The bucket from the hash's top bits, the fingerprint from bits below them (the
        // table's slot and the fronts' come from the low bits). 0 marks an empty place.
        let bucket = Int(truncatingIfNeeded: hash >> 51) & (Self.buckets - 1)
        let fingerprint = max((hash >> 32) & 0xFFFF, 1)
        let held = fingerprints[bucket]
        for place in 0..<4 where (held >> (16 * UInt64(place))) & 0xFFFF == fingerprint { return true }
        fingerprints[bucket] = held << 16 | fingerprint
        return false
    }
}
