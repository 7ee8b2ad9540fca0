// The steps of adding and removing a constraint, named as in kiwi and the Cassowary paper:
// createRow, chooseSubject, addWithArtificialVariable, markerLeavingRow, and the marker
// shift that turns a change of constant into row constant updates.

extension Tableau {
    enum Insertion {
        case success(ConstraintRecord)
        /// The symbols of the certificate of infeasibility: the constraints they belong
        /// to are the ones that conflict with the new one.
        case failure([Symbol])
    }

    /// Puts a validated constraint into the tableau inside the current transaction, at the
    /// given priority (by default the constraint's own), with its expression's constant or the
    /// one given; `followingSmallCouplings` as in `addWithArtificialVariable`.
    mutating func insert(_ constraint: Constraint, priority: Priority? = nil, constant: Double? = nil,
                         followingSmallCouplings: Bool = false) -> Insertion {
        // Removes in a batch can leave costs waiting to be judged: the subject's substitution
        // would move them unjudged, and a rollback forgets which they were.
        if !suspectCosts.isEmpty { settleSuspectCosts() }
        var (row, record) = createRow(constraint, priority: priority ?? constraint.priority, constant: constant)

        // A variable no row mentions yet can simply be defined by this constraint, kept
        // as written: nothing needs substituting and nothing can become infeasible.
        if let fresh = freshVariable(in: row) {
            row.solve(for: fresh)
            insertRow(fresh, row)
            return .success(record)
        }

        row = expanded(row)
        // A non-negative constant lets a restricted subject with a negative coefficient
        // start out feasible.
        let reversed = row.constant < 0
        if reversed { row.reverseSign() }
        var subject = chooseSubject(row, record)

        if !subject.isValid && row.cells.allSatisfy({ kind($0.symbol) == .dummy }) {
            // Only required equalities are involved: either the constraint repeats what
            // they already say (keep its marker as the basic symbol), or it contradicts them.
            guard abs(row.constant) <= constantEpsilon else {
                return .failure(row.cells.map(\.symbol))
            }
            subject = record.marker
        }

        if subject.isValid {
            row.solve(for: subject)
            substitute(subject, row)
            insertRow(subject, row)
        } else {
            var dropped = 0.0
            if let conflict = addWithArtificialVariable(row, followingSmallCouplings: followingSmallCouplings, dropped: &dropped) {
                return .failure(conflict)
            }
            // The row was divided by the marker coefficient's magnitude (its sign aside, a
            // marker's coefficient is 1), and maybe negated: back to the expression's units.
            record.residue = (reversed ? -dropped : dropped) * abs(record.markerCoefficient)
        }
        return .success(record)
    }

    /// Commits the transaction of a successful `insert` and counts the constraint's
    /// variables as used, once per term (`remove` uncounts them the same way); a required
    /// constraint is noted as mentioning them.
    mutating func commitInsertion(of record: ConstraintRecord) {
        commit()
        let required = record.priority.isRequired
        for term in record.constraint.expression.terms {
            guard let symbol = knownSymbol(for: term.variable) else { continue }
            states[Int(symbol.index)].useCount += 1
            if required { addMention(of: symbol, term.coefficient, by: record.marker) }
        }
    }

    /// The smallest coefficient a new row may be solved for, as a fraction of the largest
    /// coefficient of a variable in it: 0.1 (threshold pivoting, as in sparse LU).
    ///
    /// Solving for a coefficient divides the row by it, so the definition's other coefficients
    /// grow by up to the largest over it; definitions built on that one grow again, and a real
    /// coupling between them ends up as the difference of two terms it is a billionth of,
    /// which the tableau drops as round-off. Among the variables above the threshold, the
    /// choice that keeps the tableau sparse stands.
    static let pivotThreshold = 0.1

    /// A non-basic variable of the row that no other row mentions, if any (lowest index),
    /// whose coefficient is not below `pivotThreshold` of the row's largest variable
    /// coefficient. The row's largest is found in the same pass; only when the choice falls
    /// below it is the row searched again without the smaller coefficients.
    @inline(__always)  // Called from mutating methods: see the note on calls in `Tableau`.
    func freshVariable(in row: Row) -> Symbol? {
        var largest = 0.0
        let best = freshVariable(in: row, above: 0, largest: &largest)
        guard let best, abs(row.coefficient(for: best)) < Tableau.pivotThreshold * largest else { return best }
        return freshVariable(in: row, above: Tableau.pivotThreshold * largest, largest: &largest)
    }

    /// The lowest-indexed fresh variable whose coefficient is at least `floor`; also the
    /// largest coefficient magnitude of a variable in the row.
    @inline(__always)  // Reached from mutating methods through the one above.
    private func freshVariable(in row: Row, above floor: Double, largest: inout Double) -> Symbol? {
        var best: Symbol?
        for cell in row.cells where kind(cell.symbol) == .external {
            let magnitude = abs(cell.coefficient)
            largest = max(largest, magnitude)
            guard !isBasic(cell.symbol) && states[Int(cell.symbol.index)].columnCount == 0 && magnitude >= floor
            else { continue }
            if best == nil || cell.symbol < best! { best = cell.symbol }
        }
        return best
    }

    /// The constraint's row `expression + marker terms = 0`, with its marker and error
    /// symbols, and the errors' costs added to the objective. Variables that have a row
    /// appear as themselves (see `Tableau.expanded`).
    mutating func createRow(
        _ constraint: Constraint, priority: Priority, constant: Double? = nil
    ) -> (Row, ConstraintRecord) {
        let expression = constraint.expression
        let epsilon = coefficientEpsilon
        var row = Row(constant: constant ?? expression.constant)
        // Room for the terms and the constraint's own symbols: a marker, and an error beside
        // it for an optional constraint.
        row.reserveCapacity(expression.terms.count + (priority.isRequired ? 1 : 2))
        var largest = 0.0
        for term in expression.terms {
            largest = max(largest, abs(term.coefficient))
            let symbol = externalSymbol(for: term.variable)
            // The symbol stands for `variable - offset`.
            row.constant += term.coefficient * offset(symbol)
            _ = row.add(symbol, term.coefficient, epsilon: epsilon)
        }
        noteMagnitudes(coefficient: largest, constant: abs(expression.constant))

        // A required row is divided by its largest coefficient, so that its constant, which
        // the tolerances judge, measures a distance in its variables' units rather than one
        // shrunk by small coefficients. (An optional row keeps its units: they weigh its error.)
        var scale = 1.0
        if priority.isRequired && largest != 1 && largest > 0 {
            scale = largest
            row.multiply(by: 1 / largest)
        }
        var marker = Symbol.invalid
        var other = Symbol.invalid
        var markerCoefficient = 1.0
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = allocate(.slack, owner: constraint)
            _ = row.add(marker, markerCoefficient, epsilon: 0)
            if !priority.isRequired {
                other = allocate(.error, owner: constraint)
                _ = row.add(other, -markerCoefficient, epsilon: 0)
                setUnitCost(other, at: priority.rawValue)
            }
        case .equal:
            if priority.isRequired {
                marker = allocate(.dummy, owner: constraint)
                _ = row.add(marker, 1, epsilon: 0)
            } else {
                marker = allocate(.error, owner: constraint)
                other = allocate(.error, owner: constraint)
                markerCoefficient = -1
                _ = row.add(marker, -1, epsilon: 0)
                _ = row.add(other, 1, epsilon: 0)
                // The marker is the excess (the row reads expression = marker - other).
                setUnitCost(marker, at: priority.rawValue)
                setUnitCost(other, at: (constraint.shortfallPriority ?? priority).rawValue)
            }
        }
        states[Int(marker.index)].isNegativeInOwnRow = row.coefficient(for: marker) < 0
        if other.isValid { states[Int(other.index)].isNegativeInOwnRow = row.coefficient(for: other) < 0 }
        let record = ConstraintRecord(
            constraint: constraint, marker: marker, other: other,
            markerCoefficient: markerCoefficient * scale, priority: priority,
            constant: expression.constant)
        return (row, record)
    }

    /// The symbol to solve a new row for, or invalid when none keeps the tableau feasible.
    ///
    /// An unrestricted variable can always take any value; among several whose coefficients
    /// are not below the pivot floor, the one in the fewest rows costs the least to
    /// substitute. Otherwise the constraint's own slack or error will do if its coefficient
    /// is negative (the constant is non-negative).
    @inline(__always)  // Called from mutating methods: see the note on calls in `Tableau`.
    func chooseSubject(_ row: Row, _ record: ConstraintRecord) -> Symbol {
        var largest = 0.0
        var best = unrestrictedSubject(row, above: 0, largest: &largest)
        if best.isValid && abs(row.coefficient(for: best)) < Tableau.pivotThreshold * largest {
            best = unrestrictedSubject(row, above: Tableau.pivotThreshold * largest, largest: &largest)
        }
        if best.isValid { return best }
        for symbol in [record.marker, record.other]
        where symbol.isValid && isRestricted(symbol) && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return .invalid
    }

    /// The variable of the row in the fewest rows (then the lowest index) whose coefficient
    /// is at least `floor`, or invalid; also the largest coefficient magnitude of a variable.
    @inline(__always)  // Reached from mutating methods through the one above.
    private func unrestrictedSubject(_ row: Row, above floor: Double, largest: inout Double) -> Symbol {
        var best = Symbol.invalid
        var bestCount = Int32.max
        for cell in row.cells where kind(cell.symbol) == .external {
            let magnitude = abs(cell.coefficient)
            largest = max(largest, magnitude)
            guard magnitude >= floor else { continue }
            let count = states[Int(cell.symbol.index)].columnCount
            if count < bestCount || (count == bestCount && cell.symbol < best) {
                best = cell.symbol
                bestCount = count
            }
        }
        return best
    }

    /// Phase one: adds the row with an artificial variable and minimises that variable.
    /// Returns nil when it reaches zero (the row then stays, solved for a proper symbol),
    /// or the symbols of the final phase-one objective, whose constraints keep it above zero.
    /// `dropped` is then the constant, within the tolerance of zero, that the row lost.
    /// With `followingSmallCouplings`, phase one that stops short goes on with couplings below
    /// a billionth of the row (see `Solver.insertFollowingSmallCouplings`).
    mutating func addWithArtificialVariable(_ row: Row, followingSmallCouplings: Bool, dropped: inout Double) -> [Symbol]? {
        // Phase one can fail: from here on, every change must be undoable. Before it,
        // only optional constraints (which cannot fail) touched costs, and no row changed.
        recordChangesFromNowOn()
        let artificialSymbol = allocate(.slack)
        insertRow(artificialSymbol, row)
        self.artificialSymbol = artificialSymbol
        defer { self.artificialSymbol = .invalid }
        setArtificial(row)
        optimizeArtificial()
        if followingSmallCouplings, let stuck = artificial, stuck.constant > constantEpsilon {
            // A chain of small coefficients can couple the row to the one symbol that meets it
            // by less than a billionth of its largest, and still be real: phase one goes on
            // with those, down to what its arithmetic can resolve, and to what is more than
            // round-off of the terms that built each one.
            setArtificial(stuck, floor: 1e-14, scaleFloor: 1e-9)
            optimizeArtificial()
        }
        let objective = artificial ?? Row()
        setArtificial(nil)
        guard objective.constant <= constantEpsilon else {
            return objective.cells.map(\.symbol)
        }

        if isBasic(artificialSymbol) {
            var definition = takeRow(artificialSymbol)
            if !definition.isEmpty {
                // Still basic at zero: pivot it out on another symbol of its row, preferring
                // one the simplex may move, and the largest coefficient among those. Its
                // constant, within the tolerance of zero, is the new constraint's residue and
                // is dropped (left in that constraint): solved for a small coefficient it would
                // grow by that coefficient's inverse and push a required row out of tolerance.
                let restricted = definition.cells.filter { isRestricted($0.symbol) }
                let pool = restricted.isEmpty ? definition.cells : restricted
                var entering = Symbol.invalid
                var largest = 0.0
                for cell in pool {
                    let magnitude = abs(cell.coefficient)
                    if magnitude > largest || (magnitude == largest && cell.symbol < entering) {
                        entering = cell.symbol
                        largest = magnitude
                    }
                }
                dropped = definition.constant
                definition.constant = 0
                definition.solve(for: entering, replacing: artificialSymbol)
                substitute(entering, definition)
                insertRow(entering, definition)
            }
        }
        purge(artificialSymbol)
        return nil
    }

    /// Takes a constraint out of the tableau and releases its symbols.
    mutating func remove(_ record: ConstraintRecord) {
        for symbol in [record.marker, record.other] where symbol.isValid && kind(symbol) == .error {
            setUnitCost(symbol, at: 0)
        }
        let marker = record.marker
        if !isBasic(marker) {
            // A definition can mention the marker and also a variable whose definition
            // cancels it; only the expanded coefficient says whether the row really
            // depends on the marker, so expand those rows before choosing one to pivot on.
            for basic in rowsContaining(marker) where isDefinition(basic) {
                let row = row(basic)
                if row.cells.contains(where: { isDefinition($0.symbol) }) {
                    let expanded = expanded(row)
                    _ = takeRow(basic)
                    insertRow(basic, expanded)
                }
            }
        }
        if isBasic(marker) {
            _ = takeRow(marker)
        } else if let leaving = markerLeavingRow(marker) {
            // The marker's cost, judged while the rows still define it, before its pivot
            // moves it into the other symbols' costs.
            if !suspectCosts.isEmpty { settleSuspectCosts() }
            let leavesDefinition = kind(leaving) == .external
            // A variable leaving the basis stops being a definition: inline it first.
            if leavesDefinition { inlineDefinition(leaving) }
            var row = takeRow(leaving)
            // A restricted row a little below zero is zero to round-off; the pivot would
            // multiply that round-off into every row that mentions the marker.
            if isRestricted(leaving) && row.constant < 0 { row.constant = 0 }
            row.solve(for: marker, replacing: leaving)
            if leavesDefinition { row = expanded(row) }
            substitute(marker, row)
        }
        if record.priority.isRequired { removeMentions(by: marker) }
        purge(marker)
        if record.other.isValid { purge(record.other) }
        // Terms, not symbols: a variable in two terms was counted twice, and is released
        // at the second, after which the lookup finds nothing.
        for term in record.constraint.expression.terms {
            guard let symbol = knownSymbol(for: term.variable) else { continue }
            states[Int(symbol.index)].useCount -= 1
            if states[Int(symbol.index)].useCount <= 0 { releaseExternal(symbol) }
        }
    }

    /// The row to pivot a non-basic marker into the basis with, so its row can be dropped:
    /// a redundant required equality's (a basic dummy's) row, else the restricted row that
    /// limits it first, else any restricted row, else a definition.
    ///
    /// A basic dummy's row holds its equality to the marker's constraint: the marker cannot
    /// move at all without breaking it (its ratio is 0 either way, whatever round-off its
    /// constant carries), and pivoting on it hands the removed constraint's role to that
    /// equality. Among several, the largest coefficient, the one furthest from round-off;
    /// among definitions too, since any of them will do and a definition can keep the marker
    /// as round-off, which the pivot would divide by. A restricted row that keeps the marker
    /// only as round-off (`isRoundOff`) is no candidate for the same reason, and loses that
    /// cell here: a pivot on a definition would turn it into a coupling to a variable.
    mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first = Symbol.invalid
        var second = Symbol.invalid
        var third = Symbol.invalid
        var firstRatio = Double.infinity
        var secondRatio = Double.infinity
        var thirdCoefficient = 0.0
        var dummy = Symbol.invalid
        var dummyCoefficient = coefficientEpsilon
        for basic in rowsContaining(marker) {
            let row = row(basic)
            let coefficient = row.coefficient(for: marker)
            if kind(basic) == .dummy {
                if abs(coefficient) > dummyCoefficient || (abs(coefficient) == dummyCoefficient && basic < dummy) {
                    dummy = basic
                    dummyCoefficient = abs(coefficient)
                }
            } else if kind(basic) == .external {
                if abs(coefficient) > thirdCoefficient || (abs(coefficient) == thirdCoefficient && basic < third) {
                    third = basic
                    thirdCoefficient = abs(coefficient)
                }
            } else if isRoundOff(coefficient, of: row) {
                removeFromRow(basic, marker)
                noteRowsCombined()
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < firstRatio || (ratio == firstRatio && basic < first) {
                    firstRatio = ratio
                    first = basic
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < secondRatio || (ratio == secondRatio && basic < second) {
                    secondRatio = ratio
                    second = basic
                }
            }
        }
        for candidate in [dummy, first, second, third] where candidate.isValid { return candidate }
        return nil
    }

    /// Applies a change of the constraint's expression constant by `delta`.
    ///
    /// The row says `expression + k·marker + … = 0`. With the constant moved by `delta`,
    /// the same tableau holds for the new marker `marker' = marker - delta / k`, so every
    /// row that mentions the marker only needs its constant adjusted; rows that become
    /// infeasible are queued for the dual simplex.
    mutating func shiftMarker(of record: ConstraintRecord, byExpressionDelta delta: Double) {
        shiftMarker(record.marker, coefficient: record.markerCoefficient, byExpressionDelta: delta)
    }

    /// `shiftMarker(of:byExpressionDelta:)` from the record's marker and its coefficient.
    mutating func shiftMarker(_ marker: Symbol, coefficient: Double, byExpressionDelta delta: Double) {
        let shift = delta / coefficient
        if isBasic(marker) {
            addToConstant(marker, -shift)
            return
        }
        shiftConstants(ofRowsContaining: marker, by: shift)
    }

    /// Replaces a defined variable by its definition wherever another definition mentions it.
    mutating func inlineDefinition(_ symbol: Symbol) {
        guard isDefinition(symbol), states[Int(symbol.index)].columnCount > 0 else { return }
        substitute(symbol, row(symbol))
    }

    /// Removes every trace of a symbol no constraint needs any more, and frees it.
    mutating func purge(_ symbol: Symbol) {
        inlineDefinition(symbol)
        if isBasic(symbol) { _ = takeRow(symbol) }
        for basic in rowsContaining(symbol) { removeFromRow(basic, symbol) }
        clearCost(symbol)
        free(symbol)
    }

    // MARK: Variables

    /// The symbol of a registered variable.
    @inline(__always)  // Called from mutating methods: see the note on calls in `Tableau`.
    func knownSymbol(for variable: Variable) -> Symbol? {
        externalSymbols.place(of: variable) { holds(variable, at: $0) }
    }

    /// Whether `symbol` is this tableau's symbol of `variable`.
    @inline(__always)
    private func holds(_ variable: Variable, at symbol: Symbol) -> Bool {
        symbol.isValid && Int(symbol.index) < symbolCapacity && self.variable(symbol) === variable
    }

    /// The external symbol of a variable, registering it (inside the transaction) if new.
    mutating func externalSymbol(for variable: Variable) -> Symbol {
        if let known = knownSymbol(for: variable) { return known }
        let symbol = allocate(.external, variable: variable)
        externalSymbols.record(variable, at: symbol)
        externalCount += 1
        variablesAddedInTransaction.append(variable)
        return symbol
    }

    /// Gives up the variables' caches, so that another tableau can claim them.
    mutating func releaseVariables() {
        for source in sources {
            if let variable = source.variable {
                externalSymbols.forget(variable, holdsCachedPlace: holds(variable, at: variable.cachedPlace))
            }
        }
    }

    /// Claims the variables' caches again after `releaseVariables`.
    mutating func reclaimVariables() {
        for i in sources.indices {
            if let variable = sources[i].variable { externalSymbols.record(variable, at: Symbol(index: Int32(i))) }
        }
    }

    mutating func forgetRolledBackVariables() {
        for variable in variablesAddedInTransaction { forget(variable) }
        variablesAddedInTransaction.removeAll(keepingCapacity: true)
    }

    /// Unregisters a variable: gives up its cache or its shared entry.
    private mutating func forget(_ variable: Variable) {
        externalSymbols.forget(variable, holdsCachedPlace: holds(variable, at: variable.cachedPlace))
        externalCount -= 1
    }

    private mutating func releaseExternal(_ symbol: Symbol) {
        if let variable = variable(symbol) { forget(variable) }
        purge(symbol)
    }
}
