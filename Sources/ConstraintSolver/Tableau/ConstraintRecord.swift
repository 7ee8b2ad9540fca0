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
    /// The expression constant the tableau currently encodes.
    var constant: Double
}
