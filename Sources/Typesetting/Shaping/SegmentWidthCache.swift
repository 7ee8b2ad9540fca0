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
/// occupy. A segment is admitted on its second sighting (a TinyLFU-style doorkeeper: a
/// bit set at the first, cleared as a whole when half the bits are set), so words seen
/// once, such as names and numbers in a feed, neither pay for an insertion nor push out
/// words that recur.
///
/// Each thread keeps copies of the segments it used lately (a ``SegmentFrontCache`` of about
/// a thousand segments, outside the byte budget) and reads them without a lock; the shared
/// table, under one lock, is asked only for the segments a thread's front lacks, so threads
/// measuring at once rarely meet at the lock. A front never outlives an eviction: the table
/// counts evictions and clears (its epoch) and a front behind empties itself. Hits a thread
/// answers from its front reach ``statistics`` when that thread next takes the lock, and the
/// recency order before that thread's next eviction, so a single thread sees exact counts and
/// least-recently-used eviction. Lookups do not allocate.
public final class SegmentWidthCache: Sendable {
    /// The cache every ``PreparedText`` uses.
    public static let shared = SegmentWidthCache(capacityInBytes: 8 << 20)

    /// The identity of a piece of text's shaping, apart from the text itself.
    struct Key: Equatable {
        var typefaceID: Int
        var features: FeatureSet
        var rightToLeft: Bool
        var script: UInt32
    }

    private struct Entry {
        var hash: UInt64
        var key: Key
        /// The text's code units, then the advances' bit patterns (Float), then the
        /// offsets of unsafe positions: one allocation per entry.
        var storage: [UInt32]
        var length: Int
        var bytes: Int
        var newer: Int  // towards the most recently used; -1 at the head
        var older: Int  // towards the least recently used; -1 at the tail
    }

    private struct State {
        var capacity: Int
        /// Hash → entry index, by open addressing with linear probing (the key's own
        /// 64-bit hash is already well mixed, so this skips Dictionary's SipHash).
        var slots = SlotTable()
        var entries: [Entry] = []
        var freeList: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0
        var hits = 0
        var misses = 0
        /// The admission filter: one bit per hash bucket, set at a segment's first sighting.
        var seen = [UInt64](repeating: 0, count: SegmentWidthCache.doorkeeperWords)
        var seenCount = 0
        /// Counts ``removeAll()`` calls, so that hits a front owes from before one are dropped.
        var statisticsGeneration = 0
    }

    /// 64 Ki bits (8 KiB): small enough to stay in cache.
    static let doorkeeperWords = 1024

    private let state: Locked<State>
    /// Incremented, under the lock, whenever entries leave (eviction or ``removeAll()``):
    /// fronts filled at an older epoch may hold segments the table no longer has.
    private let epoch = Atomic<UInt64>(0)
    /// Names this cache among the fronts a thread keeps.
    private let id = SegmentWidthCache.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    private static let nextID = Atomic<Int>(0)

    /// A cache that keeps at most about `capacityInBytes` of entries.
    public init(capacityInBytes: Int) {
        // Held for a lookup or an insertion at a time: a waiter spins rather than sleeps.
        state = Locked(State(capacity: max(0, capacityInBytes)), spinning: true)
    }

    /// Runs `body` with the calling thread's front for this cache. The front is not retained:
    /// the thread's list of fronts holds it, and drops one only when the thread asks for the
    /// front of another cache, which nothing in `body` does.
    @inline(__always)
    private func withFront<Result>(_ body: (SegmentFrontCache) -> Result) -> Result {
        ThreadSegmentFronts.withFront(for: id, make: { SegmentFrontCache(epoch: .max, statisticsGeneration: -1) }, body)
    }

    /// Takes the hits `front` owes into the statistics, under the lock; with `recency`, moves
    /// the entries it hit to the front of the recency order too (needed only before an
    /// eviction, or when the front cannot remember more).
    private func pay(_ front: SegmentFrontCache, recency: Bool, _ state: inout State) {
        let owed = front.owed
        if owed.pointee.statisticsGeneration == state.statisticsGeneration { state.hits += owed.pointee.hits }
        guard recency else {
            front.paidHits(statisticsGeneration: state.statisticsGeneration)
            return
        }
        if owed.pointee.epoch == epoch.load(ordering: .relaxed) {
            // No entry left since the hits: their indices still name the same entries.
            front.forEachOwedIndex { index in
                if index >= 0 && index < state.entries.count { moveToFront(index, &state) }
            }
        }
        front.paid(statisticsGeneration: state.statisticsGeneration)
    }

    /// Evicts as the budget requires, after taking in the recency `front` owes, and starts a
    /// new epoch if anything left.
    private func evict(_ state: inout State, front: SegmentFrontCache) {
        guard state.bytes > state.capacity else { return }
        pay(front, recency: true, &state)
        if Self.evict(&state) { epoch.wrappingAdd(1, ordering: .releasing) }
    }

    private func moveToFront(_ slot: Int, _ state: inout State) {
        guard state.newest != slot else { return }
        Self.unlink(slot, &state)
        Self.linkAtFront(slot, &state)
    }

    /// The byte budget.
    public var capacityInBytes: Int { state.withLock { $0.capacity } }

    /// Changes the byte budget, evicting least recently used entries as needed.
    public func setCapacity(bytes: Int) {
        withFront { front in
            state.withLock { state in
                state.capacity = max(0, bytes)
                evict(&state, front: front)
            }
        }
    }

    /// The estimated bytes held.
    public var byteCount: Int { state.withLock { $0.bytes } }

    /// The number of cached segments.
    public var count: Int { state.withLock { $0.slots.count } }

    /// An open-addressing table from 64-bit hashes to entry indices, kept at most half
    /// full; removal shifts later entries of the probe sequence back, so there are no
    /// tombstones.
    struct SlotTable {
        private(set) var count = 0
        private var hashes: [UInt64] = Array(repeating: 0, count: 64)
        private var indices: [Int32] = Array(repeating: -1, count: 64)
        private var mask: Int { indices.count - 1 }

        subscript(hash: UInt64) -> Int? {
            get {
                var slot = Int(truncatingIfNeeded: hash) & mask
                while indices[slot] >= 0 {
                    if hashes[slot] == hash { return Int(indices[slot]) }
                    slot = (slot + 1) & mask
                }
                return nil
            }
            set {
                if let newValue { insert(hash, newValue) } else { remove(hash) }
            }
        }

        private mutating func insert(_ hash: UInt64, _ index: Int) {
            if (count + 1) * 2 > indices.count { grow() }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while indices[slot] >= 0 {
                if hashes[slot] == hash {
                    indices[slot] = Int32(index)
                    return
                }
                slot = (slot + 1) & mask
            }
            hashes[slot] = hash
            indices[slot] = Int32(index)
            count += 1
        }

        private mutating func remove(_ hash: UInt64) {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while indices[slot] >= 0 && hashes[slot] != hash { slot = (slot + 1) & mask }
            guard indices[slot] >= 0 else { return }
            count -= 1
            // Backward shift: move later members of the cluster into the hole when the
            // hole lies on their probe path.
            var hole = slot
            var next = (hole + 1) & mask
            while indices[next] >= 0 {
                let home = Int(truncatingIfNeeded: hashes[next]) & mask
                let distanceToNext = (next - home) & mask
                let distanceToHole = (hole - home) & mask
                if distanceToHole < distanceToNext {
                    hashes[hole] = hashes[next]
                    indices[hole] = indices[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            indices[hole] = -1
        }

        private mutating func grow() {
            let oldHashes = hashes
            let oldIndices = indices
            hashes = Array(repeating: 0, count: oldIndices.count * 2)
            indices = Array(repeating: -1, count: oldIndices.count * 2)
            count = 0
            for slot in oldIndices.indices where oldIndices[slot] >= 0 { insert(oldHashes[slot], Int(oldIndices[slot])) }
        }
    }

    /// Lookups answered from the cache and lookups that missed, since creation or the
    /// last ``removeAll()``.
    /// Hits other threads answered from their fronts count once they take the lock again.
    public var statistics: (hits: Int, misses: Int) {
        withFront { front in
            state.withLock { state in
                pay(front, recency: false, &state)
                return (state.hits, state.misses)
            }
        }
    }

    /// Empties the cache, every thread's front included (for example to measure cold
    /// performance).
    public func removeAll() {
        state.withLock { state in
            state = State(capacity: state.capacity, statisticsGeneration: state.statisticsGeneration + 1)
            epoch.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// Looks up consecutive pieces of `text`: from the calling thread's front while it has
    /// them, then, from the first piece it lacks, under the lock. `nextPiece` yields the
    /// pieces in order (nil when done); each hit is passed to `found` with its advances and
    /// unsafe offsets (relative to the piece), each miss's index to `missed`, in order.
    /// Inlined into its one caller, so that the three closures are too.
    @inline(__always)
    func lookUp(
        _ text: UnsafeBufferPointer<UInt16>, key: Key, nextPiece: (Int) -> Range<Int>?,
        found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void,
        missed: (Int) -> Void
    ) {
        withFront { front in
            front.synchronize(epoch: epoch.load(ordering: .acquiring))
            var index = 0
            while !front.mustPay, let piece = nextPiece(index) {
                let slice = UnsafeBufferPointer(rebasing: text[piece])
                guard let hit = front.lookUp(slice, hash: Self.hash(slice, key), key: key) else { break }
                found(piece, hit.advances, hit.unsafe)
                index += 1
            }
            guard nextPiece(index) != nil || front.mustPay else { return }
            lookUpLocked(text, key: key, from: index, front: front, nextPiece: nextPiece, found: found, missed: missed)
        }
    }

    /// The pieces from `first` on, under the lock: from the front or the table, whose hits the
    /// front then keeps. Out of line: most runs never get here.
    @inline(never)
    private func lookUpLocked(
        _ text: UnsafeBufferPointer<UInt16>, key: Key, from first: Int, front: SegmentFrontCache,
        nextPiece: (Int) -> Range<Int>?,
        found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void,
        missed: (Int) -> Void
    ) {
        state.withLock { state in
            pay(front, recency: front.mustPay, &state)
            front.synchronize(epoch: epoch.load(ordering: .relaxed))
            // Entries are read and relinked through their memory directly: going through the
            // array for each field of the recency list checks its uniqueness at every write,
            // and reading an entry's storage array retains it.
            var newest = state.newest
            var oldest = state.oldest
            var misses = 0
            state.entries.withUnsafeMutableBufferPointer { entries in
                var index = first
                while let piece = nextPiece(index) {
                    defer { index += 1 }
                    let slice = UnsafeBufferPointer(rebasing: text[piece])
                    let hash = Self.hash(slice, key)
                    if let hit = front.lookUp(slice, hash: hash, key: key) {
                        found(piece, hit.advances, hit.unsafe)
                        continue
                    }
                    guard let slot = state.slots[hash], Self.matches(entries.baseAddress.unsafelyUnwrapped + slot, slice, key) else {
                        misses += 1
                        missed(index)
                        continue
                    }
                    state.hits += 1
                    if newest != slot {
                        // Unlink, then link at the front.
                        let newer = entries[slot].newer
                        let older = entries[slot].older
                        if newer >= 0 { entries[newer].older = older }
                        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
                        entries[slot].older = newest
                        entries[slot].newer = -1
                        if newest >= 0 { entries[newest].newer = slot }
                        newest = slot
                        if oldest < 0 { oldest = slot }
                    }
                    let length = entries[slot].length
                    entries[slot].storage.withUnsafeBufferPointer { storage in
                        found(piece, UnsafeBufferPointer(rebasing: storage[length..<(2 * length)]),
                              UnsafeBufferPointer(rebasing: storage[(2 * length)...]))
                        front.store(slice, hash: hash, key: key, shared: storage, sharedIndex: slot)
                    }
                }
            }
            state.newest = newest
            state.oldest = oldest
            state.misses += misses
        }
    }

    /// Stores the shaping of `text`: `advances` in font units per position, and the
    /// positions (relative to the text) where a break is unsafe.
    func insert(
        _ text: UnsafeBufferPointer<UInt16>, key: Key, advances: UnsafeBufferPointer<Float>,
        unsafeOffsets: some Collection<Int>
    ) {
        let hash = Self.hash(text, key)
        withFront { front in insert(text, hash: hash, key: key, advances: advances, unsafeOffsets: unsafeOffsets, front: front) }
    }

    private func insert(
        _ text: UnsafeBufferPointer<UInt16>, hash: UInt64, key: Key, advances: UnsafeBufferPointer<Float>,
        unsafeOffsets: some Collection<Int>, front: SegmentFrontCache
    ) {
        state.withLock { state in
            pay(front, recency: false, &state)
            let bit = Int(truncatingIfNeeded: hash >> 48)
            let word = bit >> 6
            let mask: UInt64 = 1 << UInt64(bit & 63)
            if state.seen[word] & mask == 0 {
                state.seen[word] |= mask
                state.seenCount += 1
                if state.seenCount * 2 > Self.doorkeeperWords * 64 {
                    for index in state.seen.indices { state.seen[index] = 0 }
                    state.seenCount = 0
                }
                return
            }
            if let existing = state.slots[hash] {
                // Already there (another thread's insert): this thread's front takes it.
                state.entries.withUnsafeMutableBufferPointer { entries in
                    guard let entry = entries.baseAddress.map({ $0 + existing }), Self.matches(entry, text, key) else { return }
                    front.synchronize(epoch: epoch.load(ordering: .relaxed))
                    entry.pointee.storage.withUnsafeBufferPointer { storage in
                        front.store(text, hash: hash, key: key, shared: storage, sharedIndex: existing)
                    }
                }
                return
            }
            var storage: [UInt32] = []
            storage.reserveCapacity(2 * text.count + unsafeOffsets.count)
            for unit in text { storage.append(UInt32(unit)) }
            for advance in advances { storage.append(advance.bitPattern) }
            for offset in unsafeOffsets { storage.append(UInt32(offset)) }
            // Storage, the entry, its table slot and the array header.
            let bytes = storage.count * 4 + 128
            guard bytes <= state.capacity else { return }
            let entry = Entry(hash: hash, key: key, storage: storage, length: text.count, bytes: bytes,
                              newer: -1, older: -1)
            let slot: Int
            if let free = state.freeList.popLast() {
                state.entries[free] = entry
                slot = free
            } else {
                slot = state.entries.count
                state.entries.append(entry)
            }
            state.slots[hash] = slot
            state.bytes += bytes
            Self.linkAtFront(slot, &state)
            evict(&state, front: front)
            // The new entry is the newest and fits the budget alone: eviction kept it.
            front.synchronize(epoch: epoch.load(ordering: .relaxed))
            storage.withUnsafeBufferPointer { storage in
                front.store(text, hash: hash, key: key, shared: storage, sharedIndex: slot)
            }
        }
    }

    /// A 64-bit hash collision is astronomically rare, but must never return another
    /// text's widths, so hits compare the text.
    private static func matches(_ entry: UnsafeMutablePointer<Entry>, _ text: UnsafeBufferPointer<UInt16>, _ key: Key) -> Bool {
        guard entry.pointee.key == key, entry.pointee.length == text.count else { return false }
        return entry.pointee.storage.withUnsafeBufferPointer { storage in
            for index in 0..<text.count where storage[index] != UInt32(text[index]) { return false }
            return true
        }
    }

    /// Evicts the least recently used entries until the budget holds; returns whether any left.
    private static func evict(_ state: inout State) -> Bool {
        var evicted = false
        while state.bytes > state.capacity, state.oldest >= 0 {
            evicted = true
            let victim = state.oldest
            unlink(victim, &state)
            state.bytes -= state.entries[victim].bytes
            state.slots[state.entries[victim].hash] = nil
            state.entries[victim].storage = []
            state.freeList.append(victim)
        }
        return evicted
    }

    private static func unlink(_ slot: Int, _ state: inout State) {
        let newer = state.entries[slot].newer
        let older = state.entries[slot].older
        if newer >= 0 { state.entries[newer].older = older } else { state.newest = older }
        if older >= 0 { state.entries[older].newer = newer } else { state.oldest = newer }
        state.entries[slot].newer = -1
        state.entries[slot].older = -1
    }

    private static func linkAtFront(_ slot: Int, _ state: inout State) {
        state.entries[slot].older = state.newest
        state.entries[slot].newer = -1
        if state.newest >= 0 { state.entries[state.newest].newer = slot }
        state.newest = slot
        if state.oldest < 0 { state.oldest = slot }
    }

    /// FNV-1a over the text and the rest of the key, avalanched.
    private static func hash(_ text: UnsafeBufferPointer<UInt16>, _ key: Key) -> UInt64 {
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
