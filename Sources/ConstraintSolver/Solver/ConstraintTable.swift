/// The records of the constraints a solver holds, found through the constraint itself.
///
/// Records live in slots, reused after removals so churn does not grow the table, and kept
/// in chunks (`ChunkedArray`): records are big, and an array of them held up to twice the
/// room they needed. Each constraint caches the slot of its record
/// (`Constraint.cachedPlace`), which finds it without the hashing and resizing of a
/// dictionary keyed by identity.
struct ConstraintTable {
    private var slots = ChunkedArray<ConstraintRecord?>()
    private var freeSlots: [Int32] = []
    private(set) var count = 0

    /// The record of a held constraint.
    subscript(constraint: Constraint) -> ConstraintRecord? {
        guard let slot = slot(of: constraint) else { return nil }
        return slots[Int(slot)]
    }

    /// The record in a slot that `slot(of:)` found, unchanged since.
    subscript(slot: Int32) -> ConstraintRecord? {
        slots[Int(slot)]
    }

    /// What a constant change reads of the record in a slot that `slot(of:)` found, read in
    /// place: a copy of the whole record would retain and release its constraint, which for a
    /// batch of changes cost as much as finding the record.
    func constantState(at slot: Int32) -> ConstraintRecord.ConstantState? {
        guard case .some(let record) = slots[Int(slot)] else { return nil }
        return ConstraintRecord.ConstantState(
            marker: record.marker, markerCoefficient: record.markerCoefficient,
            isRequired: record.priority.isRequired, constant: record.constant, residue: record.residue)
    }

    /// Whether the record in a slot that `slot(of:)` found has the constant `constant` and no
    /// residue, read in place.
    func holds(_ constant: Double, withoutResidueAt slot: Int32) -> Bool {
        slots[Int(slot)]?.constant == constant && slots[Int(slot)]?.residue == 0
    }

    /// Whether the table holds the constraint.
    func contains(_ constraint: Constraint) -> Bool {
        slot(of: constraint) != nil
    }

    /// Whether another solver's table holds the constraint. Every table clears its
    /// constraints' cached slots when it removes them or goes (`releaseAll`), so a set slot
    /// that this table does not hold the constraint at is a live table's, and a constraint is
    /// in at most one table.
    func isHeldElsewhere(_ constraint: Constraint) -> Bool {
        constraint.cachedPlace >= 0 && slot(of: constraint) == nil
    }

    /// The held records, in slot order.
    var all: [ConstraintRecord] { slots.compactMap { $0 } }

    /// Gives up every held constraint's cache, so that another solver may take them.
    mutating func releaseAll() {
        for case let record? in slots { record.constraint.cachedPlace = -1 }
    }

    /// Stores the record of a constraint the table does not hold yet.
    mutating func insert(_ record: ConstraintRecord) {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[Int(slot)] = record
        } else {
            slot = Int32(slots.count)
            slots.append(record)
        }
        record.constraint.cachedPlace = slot
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
        setConstant(constant, at: slot)
    }

    /// `setConstant(_:of:)` for the record in a slot that `slot(of:)` found.
    mutating func setConstant(_ constant: Double, at slot: Int32) {
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
        constraint.cachedPlace = -1
        count -= 1
        return record
    }

    /// The slot of a held constraint's record; it stays the record's until the constraint
    /// is removed (an update replaces the record in place).
    func slot(of constraint: Constraint) -> Int32? {
        let slot = constraint.cachedPlace
        guard slot >= 0 && Int(slot) < slots.count && slots[Int(slot)]?.constraint === constraint else { return nil }
        return slot
    }
}
