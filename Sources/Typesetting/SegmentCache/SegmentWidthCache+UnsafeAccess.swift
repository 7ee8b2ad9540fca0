// The segment cache's lookups and insertions: pieces of a text read through raw views of
// it, and entries read and relinked through the table's memory under its lock.

extension SegmentWidthCache {
    /// ``shared``, unretained, for prepared texts: passing the global on retained and
    /// released this one object, which every thread shares, for every text. It is a
    /// static and never released, so the unretained reference is always valid.
    private static let sharedUnretained = Unmanaged.passUnretained(shared)

    /// Runs `body` with ``shared``, neither retained nor released.
    @inline(__always)
    static func withShared<Result>(_ body: (SegmentWidthCache) -> Result) -> Result {
        sharedUnretained._withUnsafeGuaranteedRef(body)
    }

    /// The byte budget.
    var capacityInBytes: Int { state.withReadLock { $0.pointee.capacity } }

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
        knownMiss: UInt64?, front: UnsafeThreadSegmentFront,
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
        knownMiss: UInt64?, front: UnsafeThreadSegmentFront,
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
        _ front: UnsafeThreadSegmentFront,
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
        key: Key, in front: UnsafeThreadSegmentFront
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
}
