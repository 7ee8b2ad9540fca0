/// What the solver keeps for each constraint it holds.
struct ConstraintRecord {
    let constraint: Constraint
    /// The slack (inequality), dummy (required equality) or positive error (optional
    /// equality) that identifies the constraint's row.
    var marker: Symbol
    /// The error of an optional inequality, or the negative error of an optional
    /// equality; invalid otherwise.
    var other: Symbol
    /// The marker's coefficient in the constraint's row before any sign change, in the units
    /// of the constraint's expression (the row of a required constraint is scaled, see
    /// `Tableau.createRow`), which turns a change of constant into a shift of the marker.
    var markerCoefficient: Double
    var priority: Priority
    /// The expression constant the constraint was given.
    var constant: Double
    /// How far the constant the tableau encodes lies below `constant`: the residue phase one
    /// left in the constraint, within the tolerance it was admitted by. A new constant
    /// replaces it, judged at the tolerance of its own time.
    var residue = 0.0

    /// What moving a held constraint's constant reads of its record: all but the constraint,
    /// so that a batch reads it out of the table without retaining and releasing that.
    struct ConstantState {
        let marker: Symbol
        let markerCoefficient: Double
        let isRequired: Bool
        let constant: Double
        let residue: Double
    }
}
