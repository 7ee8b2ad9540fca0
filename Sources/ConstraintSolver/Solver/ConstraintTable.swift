/// The records of the constraints a solver holds, found through the constraint itself.
///
/// A dictionary keyed by constraint identity cost more in hashing and resizing than the
/// tableau spent on a small constraint. Records live in slots instead, reused after
/// removals so churn does not grow the table, and each constraint caches the owner and
/// slot of the table that holds it. The cache is trusted only after checking that the slot
/// really holds that constraint, so a stale cache (its table gone or the slot reused) is
/// harmless. A constraint held by several solvers at once caches only one of them; the
/// others find it in a small dictionary.
struct ConstraintTable {
    /// The table's identity in each `Constraint`'s cache.
    final class Identity {}
    private let identity = Identity()
    private var slots: [ConstraintRecord?] = []
    private var freeSlots: [Int32] = []
    /// Slots of constraints whose cache belongs to another table.
    private var shared: [ObjectIdentifier: Int32] = [:]
    private(set) var count = 0

    /// The record of a held constraint.
    subscript(constraint: Constraint) -> ConstraintRecord? {
        guard let slot = slot(of: constraint) else { return nil }
        return slots[Int(slot)]
    }

    /// Whether the table holds the constraint.
    func contains(_ constraint: Constraint) -> Bool {
        slot(of: constraint) != nil
    }

    /// Stores the record of a constraint the table does not hold yet.
    mutating func insert(_ record: ConstraintRecord) {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[Int(slot)] = record
        } else {
            slot = Int32(slots.count)
            // Tripling rather than doubling: records are big, and growing copies them.
            if slots.count == slots.capacity { slots.reserveCapacity(Swift.max(16, 3 * slots.count)) }
            slots.append(record)
        }
        let constraint = record.constraint
        let owner = ObjectIdentifier(identity)
        // Claim the cache unless another live table holds the constraint through it.
        if constraint.cachedOwner == nil || constraint.cachedOwner == owner {
            constraint.cachedOwner = owner
            constraint.cachedSlot = slot
        } else {
            shared[ObjectIdentifier(constraint)] = slot
        }
        count += 1
    }

    /// Replaces the record of a held constraint.
    mutating func update(_ record: ConstraintRecord) {
        guard let slot = slot(of: record.constraint) else { return }
        slots[Int(slot)] = record
    }

    /// Removes a held constraint's record and returns it; nil if the table does not hold it.
    mutating func remove(_ constraint: Constraint) -> ConstraintRecord? {
        guard let slot = slot(of: constraint) else { return nil }
        let record = slots[Int(slot)]
        slots[Int(slot)] = nil
        freeSlots.append(slot)
        if isCached(constraint, at: slot) {
            constraint.cachedOwner = nil
        } else {
            shared[ObjectIdentifier(constraint)] = nil
        }
        count -= 1
        return record
    }

    private func isCached(_ constraint: Constraint, at slot: Int32) -> Bool {
        constraint.cachedOwner == ObjectIdentifier(identity) && constraint.cachedSlot == slot
    }

    private func slot(of constraint: Constraint) -> Int32? {
        if constraint.cachedOwner == ObjectIdentifier(identity) {
            let slot = constraint.cachedSlot
            if slot >= 0, Int(slot) < slots.count, slots[Int(slot)]?.constraint === constraint {
                return slot
            }
        }
        if shared.isEmpty { return nil }
        return shared[ObjectIdentifier(constraint)]
    }
}
