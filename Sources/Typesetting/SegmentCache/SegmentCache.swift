/// The process-wide cache of shaped segments (words with their trailing spaces) that every
/// ``PreparedText`` reads, so that a word seen in one string is not shaped again in another.
///
/// The cache fills and evicts on its own, within a fixed budget of about 8 MiB; this is
/// what a caller may ask of it: how well it serves, and a way to empty it (to measure cold
/// performance, or to let go of the memory).
public enum SegmentCache {
    /// Lookups answered from the cache and lookups that missed, since the process started or
    /// the last ``removeAll()``. The calling thread's hits are counted at once; another
    /// thread's hits count once it next writes to the cache or has hit it many times.
    public static var statistics: (hits: Int, misses: Int) {
        SegmentWidthCache.shared.statistics
    }

    /// Empties the cache, every thread's copies of segments included. Texts prepared
    /// before keep their widths; texts prepared after shape their words again.
    public static func removeAll() {
        SegmentWidthCache.shared.removeAll()
    }
}
