import Concurrency
import Synchronization

/// A process-wide, bounded cache of shaped segments (words with their trailing spaces,
/// or any text between two break opportunities), so the same words in other strings are
/// not shaped again.
///
/// Keys are the typeface, the feature set, the direction, the script and the segment's
/// UTF-16 text. The size in points is deliberately not part of the key: entries hold font
/// units, and a width is the sum of units scaled once, so a word shaped at 17 pt also
/// serves 12 pt. Each entry keeps, per UTF-16 position, the advance in font units (a
/// cluster's advance at its first code unit) and whether a break there is unsafe.
///
/// Eviction is least-recently-used, bounded by an estimate of the bytes the entries
/// occupy. A segment is admitted on its second sighting (a `SegmentAdmissionFilter`), so words
/// seen once, such as names and numbers in a feed, neither pay for an insertion nor push
/// out words that recur. A sighting is a lookup that misses: the admissionFilter is asked under the
/// lock the lookup takes anyway, so a run of text whose new pieces are all first sightings
/// (the usual case for new text) takes the lock once and never takes it again to insert.
///
/// Each thread keeps copies of the segments it used lately (a `UnsafeThreadSegmentFront` of about
/// a thousand segments, outside the byte budget) and reads them without a lock; the shared
/// table is asked only for the segments a thread's front lacks (once per run of text at most)
/// and takes insertions once per run (or stretch of new pieces). Its hits are read under a
/// read lock, which any number of threads hold at once; misses (for the admissionFilter),
/// insertions, evictions and payments take the lock alone. A front never outlives an eviction:
/// the table counts evictions and clears (its epoch) and a front behind empties itself. A
/// thread's hits, in its front or in the table, are owed: their count reaches ``statistics``,
/// and their recency the recency order, when the thread pays, before its next insertion or
/// eviction (or when its front cannot remember more), so that a hit in the table writes
/// nothing other threads read or write but the lock's count of readers. A single thread sees
/// exact counts and least-recently-used eviction (a segment hit several times between two
/// insertions counts as used at its first hit). Lookups do not allocate.
final class SegmentWidthCache: Sendable {
    /// The cache every ``PreparedText`` uses (``SegmentCache`` is its public face).
    static let shared = SegmentWidthCache(capacityInBytes: 8 << 20)

    /// The identity of a piece of text's shaping, apart from the text itself.
    struct Key: Equatable {
        var typefaceID: Int
        var features: FeatureSet
        var rightToLeft: Bool
        var script: UInt32
    }

    struct Entry {
        var hash: UInt64
        var key: Key
        /// The text's code units, then the advances' bit patterns (Float), then the
        /// offsets of unsafe positions: one allocation per entry, owned by the table (freed
        /// when the entry leaves). An array cost each insertion a lookup of the array's
        /// generic metadata in the runtime, more work than the rest of the insertion.
        var storage: UnsafeMutableBufferPointer<UInt32>
        var length: Int
        var bytes: Int
        var newer: Int  // towards the most recently used; -1 at the head
        var older: Int  // towards the least recently used; -1 at the tail
    }

    struct State {
        var capacity: Int
        /// Hash → entry index, by open addressing with linear probing (the key's own
        /// 64-bit hash is already well mixed, so this skips Dictionary's SipHash).
        var slots = SlotTable()
        var entries = UnsafeEntryList()
        var freeList: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0
        var misses = 0
        var admissionFilter = SegmentAdmissionFilter()
        /// Counts ``removeAll()`` calls, so that hits a front owes from before one are dropped.
        var statisticsGeneration = 0
    }

    let state: ReadWriteLocked<State>
    /// Hits paid by the fronts since the last ``removeAll()``: an atomic, so that a front pays
    /// its hits under the read lock.
    let hits = Atomic<Int>(0)
    /// Incremented, under the lock, whenever entries leave (eviction or ``removeAll()``):
    /// fronts filled at an older epoch may hold segments the table no longer has.
    let epoch = Atomic<UInt64>(0)
    /// Names this cache among the fronts a thread keeps.
    private let id = SegmentWidthCache.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    private static let nextID = Atomic<Int>(0)
    /// The most hits a thread owes before its next lookup under the lock pays them.
    static let hitsPaidAtOnce = 1024

    /// A cache that keeps at most about `capacityInBytes` of entries.
    init(capacityInBytes: Int) {
        state = ReadWriteLocked(State(capacity: max(0, capacityInBytes)))
    }

    deinit {
        state.withWriteLock { Self.freeStorage(&$0) }
    }

    /// Frees every entry's storage and the list of entries; the caller drops or replaces the
    /// state.
    private static func freeStorage(_ state: inout State) {
        state.entries.deallocateWithStorage()
    }

    /// Runs `body` with the calling thread's front for this cache. The front is not retained:
    /// the thread's list of fronts holds it, and drops one only when the thread asks for the
    /// front of another cache, which nothing in `body` does.
    @inline(__always)
    func withFront<Result>(_ body: (UnsafeThreadSegmentFront) -> Result) -> Result {
        UnsafeThreadSegmentFronts.withFront(for: id, make: { UnsafeThreadSegmentFront(epoch: .max, statisticsGeneration: -1) }, body)
    }

    /// Takes the hits `front` owes into the statistics, under the read or the write lock
    /// (`statisticsGeneration` is the state's).
    func payHits(_ front: UnsafeThreadSegmentFront, statisticsGeneration: Int) {
        let owed = front.owedHits
        if owed.statisticsGeneration == statisticsGeneration {
            hits.wrappingAdd(owed.count, ordering: .relaxed)
        }
        front.paidHits(statisticsGeneration: statisticsGeneration)
    }

    /// Takes the hits `front` owes into the statistics, under the lock; with `recency`, moves
    /// the entries it hit to the front of the recency order too (needed only before an
    /// eviction, or when the front cannot remember more).
    func pay(_ front: UnsafeThreadSegmentFront, recency: Bool, _ state: inout State) {
        payHits(front, statisticsGeneration: state.statisticsGeneration)
        guard recency else { return }
        if front.owedEpoch == epoch.load(ordering: .relaxed) {
            // No entry left since the hits: their indices still name the same entries.
            front.forEachOwedIndex { index in
                if index >= 0 && index < state.entries.count { moveToFront(index, &state) }
            }
        }
        front.paidRecency()
    }

    /// Evicts as the budget requires, after taking in the recency `front` owes, and starts a
    /// new epoch if anything left.
    func evict(_ state: inout State, front: UnsafeThreadSegmentFront) {
        guard state.bytes > state.capacity else { return }
        pay(front, recency: true, &state)
        if Self.evict(&state) { epoch.wrappingAdd(1, ordering: .releasing) }
    }

    private func moveToFront(_ slot: Int, _ state: inout State) {
        guard state.newest != slot else { return }
        Self.unlink(slot, &state)
        Self.linkAtFront(slot, &state)
    }

    /// Changes the byte budget, evicting least recently used entries as needed.
    func setCapacity(bytes: Int) {
        withFront { front in
            state.withWriteLock { state in
                state.capacity = max(0, bytes)
                evict(&state, front: front)
            }
        }
    }

    /// Empties the cache, every thread's front included (for example to measure cold
    /// performance).
    func removeAll() {
        state.withWriteLock { state in
            Self.freeStorage(&state)
            state = State(capacity: state.capacity, statisticsGeneration: state.statisticsGeneration + 1)
            hits.store(0, ordering: .relaxed)
            epoch.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// Evicts the least recently used entries until the budget holds; returns whether any left.
    static func evict(_ state: inout State) -> Bool {
        var evicted = false
        while state.bytes > state.capacity, state.oldest >= 0 {
            evicted = true
            let victim = state.oldest
            unlink(victim, &state)
            state.bytes -= state.entries[victim].bytes
            state.slots[state.entries[victim].hash] = nil
            state.entries.deallocateStorage(of: victim)
            state.freeList.append(victim)
        }
        return evicted
    }

    static func unlink(_ slot: Int, _ state: inout State) {
        let newer = state.entries[slot].newer
        let older = state.entries[slot].older
        if newer >= 0 { state.entries[newer].older = older } else { state.newest = older }
        if older >= 0 { state.entries[older].newer = newer } else { state.oldest = newer }
        state.entries[slot].newer = -1
        state.entries[slot].older = -1
    }

    static func linkAtFront(_ slot: Int, _ state: inout State) {
        state.entries[slot].older = state.newest
        state.entries[slot].newer = -1
        if state.newest >= 0 { state.entries[state.newest].newer = slot }
        state.newest = slot
        if state.oldest < 0 { state.oldest = slot }
    }

    /// FNV-1a over the text and the rest of the key, avalanched. Inlined: it is called for
    /// every piece a front or the table is asked for.
    @inline(__always)
    static func hash(_ text: UnsafeBufferPointer<UInt16>, _ key: Key) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
            hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        mix(UInt64(truncatingIfNeeded: key.typefaceID))
        mix(UInt64(key.features.rawValue) | (key.rightToLeft ? 0x100 : 0))
        mix(UInt64(key.script))
        for unit in text { mix(UInt64(unit)) }
        // FNV's low bits depend only on the inputs' low bits; the table indexes by low
        // bits, so finish with MurmurHash3's avalanche.
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }
}
