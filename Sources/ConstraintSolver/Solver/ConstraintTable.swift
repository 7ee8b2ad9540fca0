/// The records of the constraints a solver holds, found through the constraint itself.
///
/// Records live in slots, reused after removals so churn does not grow the table; each
/// constraint caches the slot of its record (`PlaceCache`).
struct ConstraintTable {
    private var slots: [ConstraintRecord?] = []
    private var freeSlots: [Int32] = []
    private var places = PlaceCache<Constraint>()
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

    /// Whether another solver's table holds the constraint. Every table gives up its
    /// constraints' caches when it removes them or goes (`releaseAll`), so a claimed cache
    /// always names a live table, and a constraint is in at most one table.
    func isHeldElsewhere(_ constraint: Constraint) -> Bool {
        places.isClaimedElsewhere(constraint)
    }

    /// The held records, in slot order.
    var all: [ConstraintRecord] { slots.compactMap { $0 } }

    /// Gives up every held constraint's cache, so that another solver may take them.
    mutating func releaseAll() {
        for case let record? in slots { places.forget(record.constraint) }
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
        places.record(record.constraint, at: slot)
        count += 1
    }

    /// Replaces the record of a held constraint.
    mutating func update(_ record: ConstraintRecord) {
        guard let slot = slot(of: record.constraint) else { return }
        slots[Int(slot)] = record
    }

    /// Gives a held constraint's record a new constant and no residue, in place: a copy of the
    /// record out and back would retain and release the constraint.
    mutating func setConstant(_ constant: Double, of constraint: Constraint) {
        guard let slot = slot(of: constraint) else { return }
        ConstraintTable.setConstant(constant, in: &slots[Int(slot)])
    }

    /// Both fields in one access to the slot: two optional-chained assignments each went
    /// through the array's accessor.
    private static func setConstant(_ constant: Double, in record: inout ConstraintRecord?) {
        record?.constant = constant
        record?.residue = 0
    }

    /// Removes a held constraint's record and returns it; nil if the table does not hold it.
    mutating func remove(_ constraint: Constraint) -> ConstraintRecord? {
        guard let slot = slot(of: constraint) else { return nil }
        let record = slots[Int(slot)]
        slots[Int(slot)] = nil
        freeSlots.append(slot)
        places.forget(constraint)
        count -= 1
        return record
    }

    private func slot(of constraint: Constraint) -> Int32? {
        places.place(of: constraint) { slot in
            slot >= 0 && Int(slot) < slots.count && slots[Int(slot)]?.constraint === constraint
        }
    }
}
