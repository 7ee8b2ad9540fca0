/// An incremental Cassowary solver with strict, lexicographic priorities.
///
/// Add constraints with ``addConstraint(_:)``, steer variables with edit variables
/// (``addEditVariable(_:priority:)`` then ``suggestValue(_:_:)``), change a constraint's
/// constant in place with ``setConstant(_:of:)``, and copy the solution into the variables
/// with ``updateVariables()``.
///
/// Required constraints always hold. Optional ones are met as well as possible, level by
/// level: the solver first minimises the total error at the highest optional priority, then,
/// keeping that, the next level, and so on (see ``Priority``).
///
/// Every operation that throws leaves the solver exactly as it was before the call: a
/// failed add or constant change is rolled back from a journal of what it touched.
/// A solver is not thread-safe; use one per thread.
///
/// Numbers are checked where they enter: constants and suggested values must be finite and
/// within ±``maximumValue``, coefficients 0 or of a magnitude in ``coefficientMagnitudes``.
/// Inside those ranges the tolerances follow the largest magnitude the solver holds now (a
/// billionth of it, narrowing once it falls 16-fold, when the rows are derived anew), and after
/// any sequence of operations every required constraint holds, in its variables' units, to
/// within the tolerance it was judged by. That is checked, not assumed: before
/// ``updateVariables()`` reports a solution, the required constraints whose variables moved
/// are evaluated against it, and if round-off of the rows broke one, the rows are derived
/// anew from the held constraints. A constraint belongs to one solver at a time.
public final class Solver {
    struct EditRecord {
        let constraint: Constraint
        var value: Double
    }

    // Unchecked exclusivity: every operation touches these stored properties several
    // times, and the runtime check cost more than the work of a small `addConstraint`.
    // No access can overlap another: the solver never calls out to user code while it
    // holds one (`batch` runs its body between operations, not inside one).
    @exclusivity(unchecked) var tableau = Tableau()
    @exclusivity(unchecked) var records = ConstraintTable()
    @exclusivity(unchecked) var edits: [ObjectIdentifier: EditRecord] = [:]
    var batchDepth = 0
    var optimizationPending = false
    /// Whether the tolerances narrowed since the last optimisation, so that the rows must be
    /// derived anew (see `rederive`).
    var residueRepairPending = false
    /// Whether a constant or a suggestion moved since the last check of the required
    /// constraints (see `keepRequiredConstraints`).
    var movedConstantsUnchecked = false
    /// Off in the scratch solvers that check conflict sets, which only need yes or no.
    var explainsConflicts = true

    /// Creates an empty solver.
    public init() {}

    deinit {
        // Frees the constraints it held for another solver, and the variables' caches for
        // the next solver that uses them.
        records.releaseAll()
        tableau.releaseVariables()
    }

    // MARK: Constraints

    /// Adds a constraint at its ``Constraint/priority``.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if the solver holds it already;
    ///   ``SolverError/constraintInAnotherSolver(_:)`` if another solver holds it;
    ///   ``SolverError/nonFiniteValue(_:)`` for a NaN or infinite coefficient or constant;
    ///   ``SolverError/valueOutOfRange(_:)`` for a constant beyond ±``maximumValue`` or a
    ///   coefficient outside ``coefficientMagnitudes``;
    ///   ``SolverError/badRequiredPriority`` if it has a ``Constraint/shortfallPriority``
    ///   and either priority is required;
    ///   ``SolverError/unsatisfiableConstraint(conflicting:)`` if it is required and cannot
    ///   hold with the other required constraints. The solver is then unchanged.
    public func addConstraint(_ constraint: Constraint) throws {
        guard !records.contains(constraint) else { throw SolverError.duplicateConstraint(constraint) }
        guard !records.isHeldElsewhere(constraint) else {
            throw SolverError.constraintInAnotherSolver(constraint)
        }
        if let shortfall = constraint.shortfallPriority, shortfall.isRequired || constraint.priority.isRequired {
            throw SolverError.badRequiredPriority
        }
        let largestCoefficient = try validate(constraint.expression, of: constraint)

        tableau.beginTransaction(recordingChanges: false)
        switch tableau.insert(constraint) {
        case .success(let record):
            tableau.commitInsertion(of: record)
            records.insert(record)
            // Until the census's highest band changes, the tolerances already cover this.
            if tableau.census(coefficient: largestCoefficient, constant: abs(record.constant), times: 1) {
                _ = tableau.settleTolerances()
            }
            optimizeUnlessBatching()
        case .failure(let certificate):
            let conflict = requiredOwners(of: certificate, excluding: constraint)
            tableau.rollback()
            // Phase one judges the new row in the current rows, where an optimum far out along
            // tied directions, or round-off of the rows' history, can hide its way back below
            // the tolerances: when the rows hold values that far out, or the constraints its
            // certificate names hold together on their own, rows derived anew with it decide.
            var fresh: [Constraint] = []
            if explainsConflicts, tableau.valuesOutgrowTolerances() || holdTogether(conflict, adding: constraint),
                adoptFreshTableau(checkingResiduals: true, adding: constraint, conflict: &fresh) {
                optimizeUnlessBatching()
                return
            }
            if explainsConflicts, insertFollowingSmallCouplings(constraint, largestCoefficient: largestCoefficient) {
                optimizeUnlessBatching()
                return
            }
            throw SolverError.unsatisfiableConstraint(
                conflicting: explain(conflict, adding: constraint))
        }
    }

    /// Removes a constraint.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the solver does not hold it.
    public func removeConstraint(_ constraint: Constraint) throws {
        try removeConstraint(constraint, censusMoved: false)
    }

    /// `removeConstraint`, after the caller moved the census (`censusMoved`: its highest band
    /// changed), so that the tolerances settle on the magnitudes left either way.
    private func removeConstraint(_ constraint: Constraint, censusMoved: Bool) throws {
        guard let record = records.remove(constraint) else {
            throw SolverError.unknownConstraint(constraint)
        }
        tableau.remove(record)
        var largestCoefficient = 0.0
        for term in record.constraint.expression.terms {
            largestCoefficient = max(largestCoefficient, abs(term.coefficient))
        }
        let moved = tableau.census(coefficient: largestCoefficient, constant: abs(record.constant), times: -1)
        if moved || censusMoved, tableau.settleTolerances() {
            residueRepairPending = true
        }
        optimizeUnlessBatching()
    }

    /// Whether the solver holds the constraint.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        records.contains(constraint)
    }

    /// Sets the constant of a held constraint's expression without removing and re-adding
    /// it: the change becomes a shift of the constraint's marker followed by a dual simplex.
    ///
    /// The constant is that of the normalised ``Constraint/expression``: for `a == b + 10`
    /// (stored as `a - b - 10 == 0`) pass -20 to mean `a == b + 20`. The constraint's
    /// expression is updated too.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``, ``SolverError/nonFiniteValue(_:)``,
    ///   ``SolverError/valueOutOfRange(_:)`` beyond ±``maximumValue``,
    ///   or ``SolverError/unsatisfiableConstraint(conflicting:)`` when a required constraint
    ///   cannot hold with its new constant, in the current rows and in rows derived anew with
    ///   it; the solver is then unchanged. An optional constraint takes any constant.
    public func setConstant(_ constant: Double, of constraint: Constraint) throws {
        guard let record = try recordForNewConstant(constant, of: constraint) else { return }
        if !record.priority.isRequired {
            // From the constant the tableau encodes: a residue phase one left does not outlive it.
            moveOptionalConstant(
                of: record, byExpressionDelta: constant - record.constant + record.residue, from: record.constant,
                to: constant
            ) {
                records.setConstant(constant, of: constraint)
                constraint.expression.constant = constant
            }
            return
        }
        tableau.beginTransaction(recordingChanges: true)
        tableau.noteMagnitudes(coefficient: 0, constant: abs(constant))
        // From the constant the tableau encodes: a residue phase one left does not outlive it.
        tableau.shiftMarker(of: record, byExpressionDelta: constant - record.constant + record.residue)
        // The change is judged at the tolerances it leaves behind: narrower ones first
        // repair what the wider ones let pass, inside the transaction.
        let moved = tableau.census(movingConstantFrom: record.constant, to: constant)
        var failedRow = tableau.dualOptimize()
        if failedRow == nil { tableau.optimize() }
        var narrowed = false
        var dropped: [(marker: Symbol, constant: Double)] = []
        if failedRow == nil, moved, tableau.settleTolerances() {
            narrowed = true
            failedRow = tableau.repairResidue(dropped: &dropped)
        }
        if let failedRow {
            let certificate = tableau.row(failedRow).cells.map(\.symbol) + [failedRow]
            let conflict = requiredOwners(of: certificate, excluding: constraint)
            _ = tableau.census(movingConstantFrom: constant, to: record.constant)
            tableau.rollback()
            throw SolverError.unsatisfiableConstraint(
                conflicting: explain(conflict, changing: constraint, to: constant))
        }
        var changed = record
        changed.constant = constant
        changed.residue = 0
        records.update(changed)
        if brokenRequiredConstraint() != nil {
            // The new constant breaks a required constraint in these rows: rows derived anew
            // with it may not, else it conflicts with the others by more than round-off.
            records.update(record)
            _ = tableau.census(movingConstantFrom: constant, to: record.constant)
            tableau.rollback()
            // Rows derived anew whose phase one met it and that break a required constraint
            // only within the documented accuracy hold round-off of the values the levels
            // pushed far out, which a refusal would not remove (seeds 43946, 82390).
            var conflict: [Constraint] = []
            guard adoptFreshTableau(checkingResiduals: true, changing: (constraint, constant), conflict: &conflict)
                || conflict.isEmpty && adoptFreshTableau(
                    checkingResiduals: true, toDocumentedAccuracy: true, changing: (constraint, constant),
                    conflict: &conflict)
            else {
                let others = conflict.filter { $0 !== constraint && records[$0]?.priority.isRequired == true }
                throw SolverError.unsatisfiableConstraint(
                    conflicting: explain(others, changing: constraint, to: constant))
            }
            constraint.expression.constant = constant
            return
        }
        tableau.commit()
        keepResidues(dropped)
        constraint.expression.constant = constant
        // The repair kept the rows feasible; deriving them anew also clears the round-off that
        // the constant it replaced left in the variables' definitions.
        if narrowed { rederive() }
        movedConstantsUnchecked = true
    }

    /// The record of `constraint` about to take `constant`, read after any pending
    /// optimisation (which may derive the rows anew, with new markers); nil when the constant
    /// is the one it has and no residue remains, so that nothing changes. Shared by
    /// ``setConstant(_:of:)`` and ``setConstants(_:failed:)``.
    func recordForNewConstant(_ constant: Double, of constraint: Constraint) throws -> ConstraintRecord? {
        guard let slot = try slotForNewConstant(constant, of: constraint) else { return nil }
        return records[slot]
    }

    /// The slot of the record `recordForNewConstant(_:of:)` returns, or nil when it returns
    /// nil; ``setConstants(_:failed:)`` reads the record there in place.
    func slotForNewConstant(_ constant: Double, of constraint: Constraint) throws -> Int32? {
        guard let slot = records.slot(of: constraint) else { throw SolverError.unknownConstraint(constraint) }
        try validate(constant: constant, "the new constant \(constant) of \(constraint)")
        // The same constant again still replaces a residue, which it is judged without.
        if records.holds(constant, withoutResidueAt: slot) { return nil }
        guard optimizationPending else { return slot }
        // Deriving the rows anew gives the record new markers in the same slot.
        flushPendingOptimization()
        return records.slot(of: constraint) ?? slot
    }

    /// Changes the priority of a held optional constraint in place, by re-weighting its
    /// errors in the objective. Of a constraint with a ``Constraint/shortfallPriority``, only
    /// the excess is re-weighted: its shortfall keeps its own priority.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``; ``SolverError/badRequiredPriority``
    ///   when the change is between required and optional.
    public func setPriority(_ priority: Priority, of constraint: Constraint) throws {
        guard var record = records[constraint] else { throw SolverError.unknownConstraint(constraint) }
        guard record.priority.isRequired == priority.isRequired else {
            throw SolverError.badRequiredPriority
        }
        constraint.priority = priority
        guard priority != record.priority else { return }
        for symbol in [record.marker, record.other] where symbol.isValid && tableau.kind(symbol) == .error {
            guard symbol == record.marker || constraint.shortfallPriority == nil else { continue }
            tableau.setUnitCost(symbol, at: priority.rawValue)
        }
        record.priority = priority
        records.update(record)
        optimizeUnlessBatching()
    }

    // MARK: Edit variables

    /// Makes a variable editable: it is pulled towards 0, then towards each value passed
    /// to ``suggestValue(_:_:)``, at the given optional priority.
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it is one already;
    ///   ``SolverError/badRequiredPriority`` for ``Priority/required``.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws {
        let id = ObjectIdentifier(variable)
        guard edits[id] == nil else { throw SolverError.duplicateEditVariable(variable) }
        guard !priority.isRequired else { throw SolverError.badRequiredPriority }
        let constraint = Constraint(Expression(variable), .equal, priority: priority)
        try addConstraint(constraint)
        edits[id] = EditRecord(constraint: constraint, value: 0)
    }

    /// Stops editing a variable.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not an edit variable.
    public func removeEditVariable(_ variable: Variable) throws {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw SolverError.unknownEditVariable(variable)
        }
        // The census counts a suggestion as the edit constraint's constant; a huge one that
        // leaves must narrow the tolerances like a huge constant that leaves.
        let moved = tableau.census(movingConstantFrom: edit.value, to: 0)
        try removeConstraint(edit.constraint, censusMoved: moved)
    }

    /// Whether the variable is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Pulls an edit variable towards a value, re-solving with the dual simplex.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``; ``SolverError/nonFiniteValue(_:)``;
    ///   ``SolverError/valueOutOfRange(_:)`` beyond ±``maximumValue``. The solver is then
    ///   unchanged.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        let id = ObjectIdentifier(variable)
        guard var edit = edits[id] else { throw SolverError.unknownEditVariable(variable) }
        try validate(constant: value, "the suggested value \(value) for \(variable)")
        if value == edit.value { return }
        flushPendingOptimization()
        // The pending optimisation may have derived the rows anew, with new markers.
        guard let record = records[edit.constraint] else { throw SolverError.unknownEditVariable(variable) }
        // The edit constraint is `variable - value == 0`: its constant moves opposite.
        moveOptionalConstant(of: record, byExpressionDelta: edit.value - value, from: edit.value, to: value) {
            edit.value = value
            edits[id] = edit
        }
    }

    // MARK: Solution

    /// Copies the solution into the variables' ``Variable/value``. Only variables whose
    /// row changed since the last call are written, so this costs what changed.
    ///
    /// The required constraints that mention those variables are checked against the
    /// solution first; one that round-off broke makes the solver derive its rows anew, after
    /// which every variable is written.
    public func updateVariables() {
        flushPendingOptimization()
        keepRequiredConstraints()
        tableau.updateValues { variable, value in variable.value = value }
    }

    /// Copies the solution into the variables as ``updateVariables()`` does, and calls
    /// `written` with each variable it wrote: every variable whose value may have changed
    /// since the last update (some are written with the value they had). A client that keeps
    /// derived state, such as frames, refreshes only what this reports.
    public func updateVariables(reportingTo written: (Variable) -> Void) {
        flushPendingOptimization()
        keepRequiredConstraints()
        tableau.updateValues { variable, value in
            variable.value = value
            written(variable)
        }
    }

    /// Runs `body`, deferring the optimisation of the constraints it adds and removes until
    /// the outermost batch ends: one optimisation instead of one per change. Batches nest.
    /// Suggestions and constant changes inside a batch first run the pending optimisation.
    public func batch<Result>(_ body: () throws -> Result) rethrows -> Result {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 { flushPendingOptimization() }
        }
        return try body()
    }

    // MARK: Helpers

    func optimizeUnlessBatching() {
        if batchDepth > 0 {
            optimizationPending = true
        } else {
            optimize()
        }
    }

    func flushPendingOptimization() {
        guard optimizationPending else { return }
        optimizationPending = false
        optimize()
    }

    /// The primal simplex, then, if the tolerances narrowed meanwhile, the rows are derived
    /// anew (see `rederive`).
    private func optimize() {
        tableau.optimize()
        if residueRepairPending {
            residueRepairPending = false
            rederive()
        }
    }

    /// After a constant or a suggestion moved the census's highest band: narrower tolerances
    /// need the repair now, unless an optimisation is pending, which will run it.
    func repairIfTolerancesNarrowed() {
        if tableau.settleTolerances() { residueRepairPending = true }
        if residueRepairPending && !optimizationPending {
            residueRepairPending = false
            rederive()
        }
    }

    /// The required constraints that own the given symbols, without repeats, in symbol
    /// order, leaving out `excluded`.
    func requiredOwners(of symbols: [Symbol], excluding excluded: Constraint) -> [Constraint] {
        var seen = Set<ObjectIdentifier>()
        var owners: [Constraint] = []
        for symbol in symbols.sorted() {
            guard let owner = tableau.owner(symbol), owner !== excluded,
                records[owner]?.priority.isRequired == true,
                seen.insert(ObjectIdentifier(owner)).inserted
            else { continue }
            owners.append(owner)
        }
        return owners
    }
}
