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
/// Each thread keeps copies of the segments it used lately (a `ThreadSegmentFront` of about
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

    /// ``shared``, unretained, for prepared texts: passing the global on retained and
    /// released this one object, which every thread shares, for every text. It is a
    /// static and never released, so the unretained reference is always valid.
    static let sharedUnretained = Unmanaged.passUnretained(shared)

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

    private struct State {
        var capacity: Int
        /// Hash → entry index, by open addressing with linear probing (the key's own
        /// 64-bit hash is already well mixed, so this skips Dictionary's SipHash).
        var slots = SlotTable()
        var entries = EntryList()
        var freeList: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0
        var misses = 0
        var admissionFilter = SegmentAdmissionFilter()
        /// Counts ``removeAll()`` calls, so that hits a front owes from before one are dropped.
        var statisticsGeneration = 0
    }

    private let state: ReadWriteLocked<State>
    /// Hits paid by the fronts since the last ``removeAll()``: an atomic, so that a front pays
    /// its hits under the read lock.
    private let hits = Atomic<Int>(0)
    /// Incremented, under the lock, whenever entries leave (eviction or ``removeAll()``):
    /// fronts filled at an older epoch may hold segments the table no longer has.
    private let epoch = Atomic<UInt64>(0)
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
        for index in state.entries.indices { state.entries[index].storage.deallocate() }
        state.entries.deallocate()
    }

    /// Runs `body` with the calling thread's front for this cache. The front is not retained:
    /// the thread's list of fronts holds it, and drops one only when the thread asks for the
    /// front of another cache, which nothing in `body` does.
    @inline(__always)
    private func withFront<Result>(_ body: (ThreadSegmentFront) -> Result) -> Result {
        ThreadSegmentFronts.withFront(for: id, make: { ThreadSegmentFront(epoch: .max, statisticsGeneration: -1) }, body)
    }

    /// Takes the hits `front` owes into the statistics, under the read or the write lock
    /// (`statisticsGeneration` is the state's).
    private func payHits(_ front: ThreadSegmentFront, statisticsGeneration: Int) {
        let owed = front.owed
        if owed.pointee.statisticsGeneration == statisticsGeneration {
            hits.wrappingAdd(owed.pointee.hits, ordering: .relaxed)
        }
        front.paidHits(statisticsGeneration: statisticsGeneration)
    }

    /// Takes the hits `front` owes into the statistics, under the lock; with `recency`, moves
    /// the entries it hit to the front of the recency order too (needed only before an
    /// eviction, or when the front cannot remember more).
    private func pay(_ front: ThreadSegmentFront, recency: Bool, _ state: inout State) {
        payHits(front, statisticsGeneration: state.statisticsGeneration)
        guard recency else { return }
        if front.owed.pointee.epoch == epoch.load(ordering: .relaxed) {
            // No entry left since the hits: their indices still name the same entries.
            front.forEachOwedIndex { index in
                if index >= 0 && index < state.entries.count { moveToFront(index, &state) }
            }
        }
        front.paidRecency()
    }

    /// Evicts as the budget requires, after taking in the recency `front` owes, and starts a
    /// new epoch if anything left.
    private func evict(_ state: inout State, front: ThreadSegmentFront) {
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
    var capacityInBytes: Int { state.withReadLock { $0.pointee.capacity } }

    /// Changes the byte budget, evicting least recently used entries as needed.
    func setCapacity(bytes: Int) {
        withFront { front in
            state.withWriteLock { state in
                state.capacity = max(0, bytes)
                evict(&state, front: front)
            }
        }
    }

    /// The estimated bytes held.
    var byteCount: Int { state.withReadLock { $0.pointee.bytes } }

    /// The number of cached segments.
    var count: Int { state.withReadLock { $0.pointee.slots.count } }

    /// Lookups answered from the cache and lookups that missed, since creation or the
    /// last ``removeAll()``.
    /// The calling thread's hits are counted; other threads' hits count once those threads
    /// pay what they owe (before their next insertion or eviction, once every slot of their
    /// front was hit, or after a fixed number of hits). A thread that ends, or drops its front
    /// for this cache to keep one for another, takes the hits it owed with it.
    var statistics: (hits: Int, misses: Int) {
        withFront { front in
            state.withReadLock { state in
                payHits(front, statisticsGeneration: state.pointee.statisticsGeneration)
                return (hits.load(ordering: .relaxed), state.pointee.misses)
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

    /// Looks up the pieces of `text` (ranges in order): from the calling thread's front while
    /// it has them, then, from the first piece it lacks, under the lock. Each hit is passed to
    /// `found` with its advances and unsafe offsets (relative to the piece), each miss's index,
    /// hash and admission to `missed`, in order. A miss is a sighting for the admissionFilter;
    /// `admitted` says it was the second, so that the piece, once shaped, is to be given to
    /// ``insert(count:key:_:)`` (with this hash, so that it is computed once). Inlined into
    /// its one caller, so that the two closures are too.
    @inline(__always)
    func lookUp(
        _ text: UnsafeBufferPointer<UInt16>, key: Key, pieces: UnsafeBufferPointer<Range<Int>>,
        found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void,
        missed: (_ index: Int, _ hash: UInt64, _ admitted: Bool) -> Void
    ) {
        withFront { front in
            front.synchronize(epoch: epoch.load(ordering: .acquiring))
            var index = 0
            var firstMiss: UInt64?
            while !front.mustPay && index < pieces.count {
                let slice = UnsafeBufferPointer(rebasing: text[pieces[index]])
                let hash = Self.hash(slice, key)
                guard let hit = front.lookUp(slice, hash: hash, key: key) else {
                    firstMiss = hash
                    break
                }
                found(pieces[index], hit.advances, hit.unsafe)
                index += 1
            }
            guard index < pieces.count || front.mustPay else { return }
            lookUpLocked(text, key: key, pieces: pieces, from: index, knownMiss: firstMiss, front: front,
                         found: found, missed: missed)
        }
    }

    /// The pieces from `first` on, under the lock: from the front or the table, whose hits the
    /// front then keeps. `knownMiss` is the hash of piece `first` when the front was just
    /// asked for it in vain. Out of line: most runs never get here.
    ///
    /// First under the read lock, which the other threads' lookups share, while the pieces are
    /// hits whose recency the front can owe (the usual case: a feed's per-item numbers, which
    /// no front keeps for long, are in the table from the second pass on); then, from the first
    /// piece that needs more (a miss, which the admissionFilter must see, or a payment), under the
    /// write lock.
    @inline(never)
    private func lookUpLocked(
        _ text: UnsafeBufferPointer<UInt16>, key: Key, pieces: UnsafeBufferPointer<Range<Int>>, from first: Int,
        knownMiss: UInt64?, front: ThreadSegmentFront,
        found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void,
        missed: (_ index: Int, _ hash: UInt64, _ admitted: Bool) -> Void
    ) {
        var index = first
        var miss = knownMiss
        state.withReadLock { state in
            guard !front.mustPay else { return }
            let statisticsGeneration = state.pointee.statisticsGeneration
            if front.owed.pointee.hits >= Self.hitsPaidAtOnce || front.owed.pointee.statisticsGeneration != statisticsGeneration {
                payHits(front, statisticsGeneration: statisticsGeneration)
            }
            front.synchronize(epoch: epoch.load(ordering: .relaxed))
            let entries = state.pointee.entries.base
            while index < pieces.count {
                let piece = pieces[index]
                let slice = UnsafeBufferPointer(rebasing: text[piece])
                guard let hash = Self.hashUnlessInFront(slice, piece, key: key, knownMiss: &miss, front, found) else {
                    index += 1
                    continue
                }
                guard let slot = state.pointee.slots[hash], Self.matches(entries + slot, slice, key) else {
                    miss = hash
                    return
                }
                Self.keep(entries, slot, slice, hash: hash, key: key, in: front)
                // A move in the recency order the front cannot owe needs the write lock, which
                // finds the piece in the front now.
                guard state.pointee.newest == slot || front.oweRecency(hash: hash, sharedIndex: slot) else { return }
                front.owed.pointee.hits += 1  // paid with the front's own hits
                Self.pass(entries + slot, for: piece, to: found)
                index += 1
            }
        }
        guard index < pieces.count || front.mustPay else { return }
        lookUpExclusively(text, key: key, pieces: pieces, from: index, knownMiss: miss, front: front,
                          found: found, missed: missed)
    }

    /// The pieces from `first` on, under the write lock, after paying what the front owes if it
    /// must: misses are sighted by the admissionFilter and counted, and a hit whose recency the front
    /// cannot owe is moved to the front of the recency order.
    private func lookUpExclusively(
        _ text: UnsafeBufferPointer<UInt16>, key: Key, pieces: UnsafeBufferPointer<Range<Int>>, from first: Int,
        knownMiss: UInt64?, front: ThreadSegmentFront,
        found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void,
        missed: (_ index: Int, _ hash: UInt64, _ admitted: Bool) -> Void
    ) {
        state.withWriteLock { state in
            // What the front owes is paid only when it must be: writing the counts at every
            // lookup moved their cache line to this core and back at every lookup of the other
            // measuring threads.
            if front.mustPay || front.owed.pointee.hits >= Self.hitsPaidAtOnce
                || front.owed.pointee.statisticsGeneration != state.statisticsGeneration {
                pay(front, recency: front.mustPay, &state)
            }
            front.synchronize(epoch: epoch.load(ordering: .relaxed))
            // Entries are read and relinked through their memory directly.
            var newest = state.newest
            var oldest = state.oldest
            var misses = 0
            let entries = state.entries.base
            var knownMiss = knownMiss
            for index in first..<pieces.count {
                let piece = pieces[index]
                let slice = UnsafeBufferPointer(rebasing: text[piece])
                guard let hash = Self.hashUnlessInFront(slice, piece, key: key, knownMiss: &knownMiss, front, found)
                else { continue }
                guard let slot = state.slots[hash], Self.matches(entries + slot, slice, key) else {
                    misses += 1
                    missed(index, hash, state.admissionFilter.sight(hash))
                    continue
                }
                front.owed.pointee.hits += 1  // paid with the front's own hits
                Self.keep(entries, slot, slice, hash: hash, key: key, in: front)
                Self.pass(entries + slot, for: piece, to: found)
                // The move to the front of the recency order is owed, as the front's own
                // hits are, and paid with them (before this thread evicts), unless the front
                // cannot remember more.
                if newest != slot && !front.oweRecency(hash: hash, sharedIndex: slot) {
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
            }
            // Written only when changed: the other threads read these lines too.
            if state.newest != newest { state.newest = newest }
            if state.oldest != oldest { state.oldest = oldest }
            if misses > 0 { state.misses += misses }
        }
    }

    /// The hash of the piece `slice` at `piece`, or `nil` once the calling thread's front has
    /// passed it to `found`. `knownMiss`, when set, is this piece's hash, which the front was
    /// just asked for in vain: it is used (synchronizing can only have emptied the front, so
    /// the piece is still a miss there) and cleared.
    @inline(__always)
    private static func hashUnlessInFront(
        _ slice: UnsafeBufferPointer<UInt16>, _ piece: Range<Int>, key: Key, knownMiss: inout UInt64?,
        _ front: ThreadSegmentFront,
        _ found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void
    ) -> UInt64? {
        if let known = knownMiss {
            knownMiss = nil
            return known
        }
        let hash = Self.hash(slice, key)
        guard let hit = front.lookUp(slice, hash: hash, key: key) else { return hash }
        found(piece, hit.advances, hit.unsafe)
        return nil
    }

    /// Copies entry `slot` of `entries`, which holds `text`, into `front`.
    @inline(__always)
    private static func keep(
        _ entries: UnsafeMutablePointer<Entry>, _ slot: Int, _ text: UnsafeBufferPointer<UInt16>, hash: UInt64,
        key: Key, in front: ThreadSegmentFront
    ) {
        front.store(text, hash: hash, key: key, shared: UnsafeBufferPointer(entries[slot].storage), sharedIndex: slot)
    }

    /// Passes `entry`'s advances and unsafe offsets to `found` for `piece`.
    @inline(__always)
    private static func pass(
        _ entry: UnsafeMutablePointer<Entry>, for piece: Range<Int>,
        to found: (Range<Int>, _ advances: UnsafeBufferPointer<UInt32>, _ unsafe: UnsafeBufferPointer<UInt32>) -> Void
    ) {
        let length = entry.pointee.length
        let storage = UnsafeBufferPointer(entry.pointee.storage)
        found(piece, UnsafeBufferPointer(rebasing: storage[length..<(2 * length)]),
              UnsafeBufferPointer(rebasing: storage[(2 * length)...]))
    }

    /// A piece shaped after a miss, to store: its text, the hash ``lookUp(_:key:pieces:found:missed:)``
    /// gave for it, its advances in font units per position and, per position, whether a
    /// break there is unsafe (the first position's flag is ignored).
    struct ShapedPiece {
        var text: UnsafeBufferPointer<UInt16>
        var hash: UInt64
        var advances: UnsafeBufferPointer<Float>
        var unsafe: UnsafeBufferPointer<Bool>
    }

    /// Stores shaped pieces that ``lookUp(_:key:pieces:found:missed:)`` admitted, under one
    /// lock: `piece(i)` for i in 0..<count, called once each in increasing order, gives each
    /// one, or nil for one not to store. Each piece the table holds afterwards (stored now or
    /// by another thread before) is copied into the calling thread's front.
    @inline(__always)
    func insert(count: Int, key: Key, _ piece: (Int) -> ShapedPiece?) {
        guard count > 0 else { return }
        // The pieces the table holds, kept for the copy into the front (a label's handful
        // stays on the stack).
        withUnsafeTemporaryAllocation(of: ShapedPiece.self, capacity: count) { held in
            guard let heldBase = held.baseAddress else { return }
            withFront { front in
                state.withWriteLock { state in
                    // The recency this thread owes is paid first, so that the pieces stored now
                    // are newer than the segments it used before them.
                    pay(front, recency: true, &state)
                    var heldCount = 0
                    for index in 0..<count {
                        guard let shaped = piece(index), Self.insert(shaped, key: key, into: &state) else { continue }
                        (heldBase + heldCount).initialize(to: shaped)
                        heldCount += 1
                    }
                    evict(&state, front: front)
                    guard heldCount > 0 else { return }
                    // Copied after evicting, at the epoch that leaves them valid; a piece evicted
                    // already (a budget smaller than the batch) is not copied.
                    front.synchronize(epoch: epoch.load(ordering: .relaxed))
                    for shaped in UnsafeBufferPointer(start: heldBase, count: heldCount) {
                        guard let slot = state.slots[shaped.hash] else { continue }
                        guard Self.matches(state.entries.base + slot, shaped.text, key) else { continue }
                        Self.keep(state.entries.base, slot, shaped.text, hash: shaped.hash, key: key, in: front)
                    }
                }
            }
        }
    }

    /// Stores one piece; returns whether the table has it now.
    private static func insert(_ piece: ShapedPiece, key: Key, into state: inout State) -> Bool {
        let hash = piece.hash
        if state.slots[hash] != nil { return true }  // already there (another thread's insert)
        let length = piece.text.count
        var unsafeCount = 0
        for offset in piece.unsafe.indices.dropFirst() where piece.unsafe[offset] { unsafeCount += 1 }
        // Storage, the entry, its table slot and the allocator's overhead.
        let bytes = (2 * length + unsafeCount) * 4 + 128
        guard bytes <= state.capacity else { return false }
        let storage = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 2 * length + unsafeCount)
        for index in 0..<length {
            storage[index] = UInt32(piece.text[index])
            storage[length + index] = piece.advances[index].bitPattern
        }
        var next = 2 * length
        for offset in piece.unsafe.indices.dropFirst() where piece.unsafe[offset] {
            storage[next] = UInt32(offset)
            next += 1
        }
        let entry = Entry(hash: hash, key: key, storage: storage, length: length, bytes: bytes, newer: -1, older: -1)
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
        linkAtFront(slot, &state)
        return true
    }

    /// A 64-bit hash collision is astronomically rare, but must never return another
    /// text's widths, so hits compare the text.
    private static func matches(_ entry: UnsafeMutablePointer<Entry>, _ text: UnsafeBufferPointer<UInt16>, _ key: Key) -> Bool {
        guard entry.pointee.key == key, entry.pointee.length == text.count else { return false }
        let storage = entry.pointee.storage
        for index in 0..<text.count where storage[index] != UInt32(text[index]) { return false }
        return true
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
            state.entries[victim].storage.deallocate()
            state.entries[victim].storage = UnsafeMutableBufferPointer(start: nil, count: 0)
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
