import Foundation

/// One thread's copies of the segments it used recently from a ``SegmentWidthCache``, read
/// without the cache's lock.
///
/// Threads that measure at the same time hit the same common words over and over; with the
/// shared table alone every run of text took the one lock, and a contended lock on Linux is
/// a futex sleep and wake, which cost parallel sizing more CPU time than it saved. A front
/// answers the words a thread keeps seeing with no lock and no write to memory another thread
/// reads; only segments it does not hold go to the shared table.
///
/// A front never serves a segment the shared table has let go of: the shared table counts
/// its evictions and clears (its epoch), and a front whose epoch is behind empties itself
/// before answering. Its hits are owed to the shared table's statistics, paid the next time
/// the thread takes the lock, and to its recency order, paid before the thread evicts (or
/// when the front cannot remember more hits): one thread's sequence of lookups keeps exact
/// counts and least-recently-used eviction; other threads' hits may reach the order later.
///
/// Direct-mapped by hash: a slot holds the last segment whose hash falls on it. Everything
/// lives in manually managed memory reached through `let` pointers, so a lookup performs no
/// retain, release or exclusivity check. A front belongs to one thread and is never shared.
final class UnsafeThreadSegmentFront {
    /// Slots per front: a feed's common words stay put while per-item names and numbers pass
    /// through.
    static let slotCount = 1024
    /// Slots remembered for the shared recency order before the thread pays them with a lock:
    /// all of them. A slot is remembered once per payment, so a front pays only when every slot
    /// was hit since its last payment (or before it evicts).
    ///
    /// A payment holds the lock long enough for the other threads to sleep at it, so the
    /// fewer payments the better: remembering every slot makes a front pay only a few times a
    /// batch.
    static let touchLimit = slotCount

    struct Slot {
        var hash: UInt64
        var key: SegmentWidthCache.Key
        /// The segment's code units, then its advances' bit patterns, then its unsafe
        /// offsets; `nil` for an empty slot.
        var storage: UnsafeMutablePointer<UInt32>?
        var capacity: Int
        var length: Int
        var unsafeCount: Int
        /// The entry's index in the shared table, for paying recency.
        var sharedIndex: Int
        /// The shared table's epoch when the slot was filled: the slot serves only while the
        /// front is at that epoch, so an epoch change empties every slot at once.
        var epoch: UInt64
        /// The payment the slot's recency is owed to, if it equals the front's next payment: a
        /// word hit many times between two payments is moved to the front of the recency order
        /// once.
        var owedToPayment: UInt64
    }

    /// What the shared table has not heard from this front yet.
    struct Owed {
        /// The shared table's epoch the slots are valid for.
        var epoch: UInt64
        /// The shared table's statistics generation the hits belong to.
        var statisticsGeneration: Int
        var hits: Int
        /// How many slots `touches` holds, in the order of their first hit since the last payment.
        var touchCount: Int
        /// Counts payments (and epoch changes, which cancel the recency owed).
        var payment: UInt64
    }

    private let slots: UnsafeMutablePointer<Slot>
    private let owedState: UnsafeMutablePointer<Owed>
    private let touches: UnsafeMutablePointer<Int>

    init(epoch: UInt64, statisticsGeneration: Int) {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(
            repeating: Slot(hash: 0, key: .init(typefaceID: 0, features: .standard, rightToLeft: false, script: 0),
                            storage: nil, capacity: 0, length: 0, unsafeCount: 0, sharedIndex: -1,
                            epoch: .max, owedToPayment: .max),
            count: Self.slotCount)
        owedState = .allocate(capacity: 1)
        owedState.initialize(
            to: Owed(epoch: epoch, statisticsGeneration: statisticsGeneration, hits: 0, touchCount: 0, payment: 0))
        touches = .allocate(capacity: Self.touchLimit)
    }

    deinit {
        for index in 0..<Self.slotCount { slots[index].storage?.deallocate() }
        slots.deallocate()
        owedState.deallocate()
        touches.deallocate()
    }

    /// What is owed to the shared table.
    @inline(__always)
    var owed: UnsafeMutablePointer<Owed> { owedState }

    /// The shared table's epoch the slots are valid for.
    @inline(__always)
    var owedEpoch: UInt64 { owedState.pointee.epoch }

    /// The hits owed to the shared table's statistics, and the statistics generation they
    /// belong to.
    @inline(__always)
    var owedHits: (count: Int, statisticsGeneration: Int) {
        (owedState.pointee.hits, owedState.pointee.statisticsGeneration)
    }

    /// The shared indices of the entries whose recency is owed, in the order of their first
    /// hit since the last payment.
    func forEachOwedIndex(_ body: (Int) -> Void) {
        for position in 0..<owedState.pointee.touchCount { body(slots[touches[position]].sharedIndex) }
    }

    /// Empties the slots if the shared table's epoch moved on since they were filled (the
    /// recency owed goes too: its indices may name other entries now).
    @inline(__always)
    func synchronize(epoch: UInt64) {
        guard owedState.pointee.epoch != epoch else { return }
        owedState.pointee.epoch = epoch
        owedState.pointee.touchCount = 0
        owedState.pointee.payment &+= 1
    }

    /// Whether the front has more hits than it can remember for the shared order.
    @inline(__always)
    var mustPay: Bool { owedState.pointee.touchCount == Self.touchLimit }

    /// The advances and unsafe offsets of `text` under `key`, if this front holds it; a hit
    /// is recorded as owed.
    @inline(__always)
    func lookUp(
        _ text: UnsafeBufferPointer<UInt16>, hash: UInt64, key: SegmentWidthCache.Key
    ) -> (advances: UnsafeBufferPointer<UInt32>, unsafe: UnsafeBufferPointer<UInt32>)? {
        let slot = slots + Int(truncatingIfNeeded: hash & UInt64(Self.slotCount - 1))
        let owed = owedState
        guard slot.pointee.hash == hash, slot.pointee.epoch == owed.pointee.epoch, slot.pointee.length == text.count,
              slot.pointee.key == key, let storage = slot.pointee.storage else { return nil }
        for index in 0..<text.count where storage[index] != UInt32(text[index]) { return nil }
        owed.pointee.hits += 1
        if slot.pointee.owedToPayment != owed.pointee.payment && owed.pointee.touchCount < Self.touchLimit {
            slot.pointee.owedToPayment = owed.pointee.payment
            touches[owed.pointee.touchCount] = slot - slots
            owed.pointee.touchCount += 1
        }
        let length = slot.pointee.length
        return (UnsafeBufferPointer(start: storage + length, count: length),
                UnsafeBufferPointer(start: storage + 2 * length, count: slot.pointee.unsafeCount))
    }

    /// Keeps a copy of a segment of the shared table (entry `sharedIndex`): the code units
    /// of `text`, then `length` advances and the unsafe offsets, as `shared` lays them out.
    func store(
        _ text: UnsafeBufferPointer<UInt16>, hash: UInt64, key: SegmentWidthCache.Key,
        shared: UnsafeBufferPointer<UInt32>, sharedIndex: Int
    ) {
        let slot = slots + Int(truncatingIfNeeded: hash & UInt64(Self.slotCount - 1))
        if slot.pointee.capacity < shared.count {
            slot.pointee.storage?.deallocate()
            slot.pointee.storage = .allocate(capacity: shared.count)
            slot.pointee.capacity = shared.count
        }
        guard let storage = slot.pointee.storage else { return }
        // Empty segments are never stored, but a zero-sized copy needs no storage anyway.
        if let source = shared.baseAddress, shared.count > 0 { storage.update(from: source, count: shared.count) }
        slot.pointee.hash = hash
        slot.pointee.key = key
        slot.pointee.length = text.count
        slot.pointee.unsafeCount = shared.count - 2 * text.count
        slot.pointee.sharedIndex = sharedIndex
        slot.pointee.epoch = owedState.pointee.epoch
    }

    /// Records the recency of entry `sharedIndex` of the shared table, a hit there just copied
    /// into this front under `hash`, as owed, as a hit of the front's own is; `false` when the
    /// front cannot remember more (or did not keep the copy), and the caller must move the
    /// entry itself.
    ///
    /// Moving an entry to the front of the shared recency order writes to the entry, its two
    /// neighbours and the newest entry, memory the other measuring threads' moves write too:
    /// on a cell that looks up a new number in every label, those cache lines went back and
    /// forth between the cores at every lookup.
    @inline(__always)
    func oweRecency(hash: UInt64, sharedIndex: Int) -> Bool {
        let slot = slots + Int(truncatingIfNeeded: hash & UInt64(Self.slotCount - 1))
        let owed = owedState
        guard slot.pointee.hash == hash, slot.pointee.sharedIndex == sharedIndex,
              slot.pointee.epoch == owed.pointee.epoch else { return false }
        if slot.pointee.owedToPayment == owed.pointee.payment { return true }
        guard owed.pointee.touchCount < Self.touchLimit else { return false }
        slot.pointee.owedToPayment = owed.pointee.payment
        touches[owed.pointee.touchCount] = slot - slots
        owed.pointee.touchCount += 1
        return true
    }

    /// Forgets the hits owed, after the shared table counted them; their recency stays owed.
    @inline(__always)
    func paidHits(statisticsGeneration: Int) {
        owedState.pointee.hits = 0
        owedState.pointee.statisticsGeneration = statisticsGeneration
    }

    /// Forgets the recency owed, after the shared table took it (a new payment begins).
    @inline(__always)
    func paidRecency() {
        owedState.pointee.payment &+= 1
        owedState.pointee.touchCount = 0
    }
}
