// The steps of adding and removing a constraint, named as in kiwi and the Cassowary paper:
// createRow, chooseSubject, addWithArtificialVariable, markerLeavingRow, and the marker
// shift that turns a change of constant into row constant updates.

extension Solver {
    enum Insertion {
        case success(ConstraintRecord)
        /// The required constraints (other than the new one) that the failure involved.
        case failure([Constraint])
    }

    /// Puts a validated constraint into the tableau inside the current transaction.
    func insert(_ constraint: Constraint) -> Insertion {
        var (row, record) = createRow(constraint)
        var subject = chooseSubject(row, record)

        if !subject.isValid && row.cells.allSatisfy({ tableau.kind($0.symbol) == .dummy }) {
            // Only required equalities are involved: either the constraint repeats what
            // they already say (keep its marker as the basic symbol), or it contradicts them.
            guard abs(row.constant) <= tableau.constantEpsilon else {
                return .failure(requiredOwners(of: row, basic: nil, excluding: constraint))
            }
            subject = record.marker
        }

        if subject.isValid {
            row.solve(for: subject)
            tableau.substitute(subject, row)
            tableau.insertRow(subject, row)
        } else if let conflict = addWithArtificialVariable(row, for: constraint) {
            return .failure(conflict)
        }
        record.constant = constraint.expression.constant
        return .success(record)
    }

    /// The constraint's row in terms of the current non-basic symbols, with its marker and
    /// error symbols, and the errors' costs added to the objective.
    func createRow(_ constraint: Constraint) -> (Row, ConstraintRecord) {
        let expression = constraint.expression
        let epsilon = tableau.coefficientEpsilon
        var row = Row(constant: expression.constant)
        var externals: [Symbol] = []
        var largest = 0.0
        for term in expression.terms {
            largest = max(largest, abs(term.coefficient))
            let symbol = externalSymbol(for: term.variable)
            if !externals.contains(symbol) { externals.append(symbol) }
            // The symbol stands for `variable - offset`.
            row.constant += term.coefficient * tableau.offset(symbol)
            if tableau.isBasic(symbol) {
                let definition = tableau.row(symbol)
                row.constant += term.coefficient * definition.constant
                for cell in definition.cells {
                    _ = row.add(cell.symbol, term.coefficient * cell.coefficient, epsilon: epsilon)
                }
            } else {
                _ = row.add(symbol, term.coefficient, epsilon: epsilon)
            }
        }
        tableau.noteMagnitudes(coefficient: largest, constant: abs(expression.constant))

        let priority = constraint.priority
        var marker = Symbol.invalid
        var other = Symbol.invalid
        var markerCoefficient = 1.0
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.allocate(.slack, owner: constraint)
            _ = row.add(marker, markerCoefficient, epsilon: 0)
            if !priority.isRequired {
                other = tableau.allocate(.error, owner: constraint)
                _ = row.add(other, -markerCoefficient, epsilon: 0)
                tableau.addCost(other, CostVector(unitAt: priority.rawValue), times: 1)
            }
        case .equal:
            if priority.isRequired {
                marker = tableau.allocate(.dummy, owner: constraint)
                _ = row.add(marker, 1, epsilon: 0)
            } else {
                marker = tableau.allocate(.error, owner: constraint)
                other = tableau.allocate(.error, owner: constraint)
                markerCoefficient = -1
                _ = row.add(marker, -1, epsilon: 0)
                _ = row.add(other, 1, epsilon: 0)
                let cost = CostVector(unitAt: priority.rawValue)
                tableau.addCost(marker, cost, times: 1)
                tableau.addCost(other, cost, times: 1)
            }
        }
        // A non-negative constant lets a restricted subject with a negative coefficient
        // start out feasible.
        if row.constant < 0 { row.reverseSign() }

        let record = ConstraintRecord(
            constraint: constraint, marker: marker, other: other,
            markerCoefficient: markerCoefficient, priority: priority,
            constant: expression.constant, externals: externals)
        return (row, record)
    }

    /// The symbol to solve a new row for, or invalid when none keeps the tableau feasible.
    ///
    /// An unrestricted variable can always take any value; among several, the one in the
    /// fewest rows costs the least to substitute. Otherwise the constraint's own slack or
    /// error will do if its coefficient is negative (the constant is non-negative).
    func chooseSubject(_ row: Row, _ record: ConstraintRecord) -> Symbol {
        var best = Symbol.invalid
        var bestCount = Int32.max
        for cell in row.cells where tableau.kind(cell.symbol) == .external {
            let count = tableau.columnCounts[Int(cell.symbol.index)]
            if count < bestCount || (count == bestCount && cell.symbol < best) {
                best = cell.symbol
                bestCount = count
            }
        }
        if best.isValid { return best }
        for symbol in [record.marker, record.other]
        where symbol.isValid && tableau.isRestricted(symbol) && row.coefficient(for: symbol) < 0 {
            return symbol
        }
        return .invalid
    }

    /// Phase one: adds the row with an artificial variable and minimises that variable.
    /// Returns nil when it reaches zero (the row then stays, solved for a proper symbol),
    /// or the required constraints that keep it above zero.
    func addWithArtificialVariable(_ row: Row, for constraint: Constraint) -> [Constraint]? {
        let artificialSymbol = tableau.allocate(.slack)
        tableau.insertRow(artificialSymbol, row)
        tableau.artificial = row
        tableau.optimizeArtificial()
        let objective = tableau.artificial ?? Row()
        tableau.artificial = nil
        guard objective.constant <= tableau.constantEpsilon else {
            return requiredOwners(of: objective, basic: nil, excluding: constraint)
        }

        if tableau.isBasic(artificialSymbol) {
            var definition = tableau.takeRow(artificialSymbol)
            if !definition.isEmpty {
                // Still basic at zero: pivot it out on any other symbol of its row,
                // preferring one the simplex may move.
                let restricted = definition.cells.filter { tableau.isRestricted($0.symbol) }
                let pool = restricted.isEmpty ? definition.cells : restricted
                let entering = pool.map(\.symbol).min() ?? .invalid
                definition.solve(for: entering, replacing: artificialSymbol)
                tableau.substitute(entering, definition)
                tableau.insertRow(entering, definition)
            }
        }
        purge(artificialSymbol)
        return nil
    }

    /// Takes a constraint out of the tableau and releases its symbols.
    func remove(_ record: ConstraintRecord) {
        let cost = CostVector(unitAt: record.priority.rawValue)
        for symbol in [record.marker, record.other] where symbol.isValid && tableau.kind(symbol) == .error {
            tableau.addCost(symbol, cost, times: -1)
        }
        let marker = record.marker
        if tableau.isBasic(marker) {
            _ = tableau.takeRow(marker)
        } else if let leaving = markerLeavingRow(marker) {
            var row = tableau.takeRow(leaving)
            row.solve(for: marker, replacing: leaving)
            tableau.substitute(marker, row)
        }
        purge(marker)
        if record.other.isValid { purge(record.other) }
        for symbol in record.externals {
            let count = (useCounts[symbol] ?? 1) - 1
            if count > 0 {
                useCounts[symbol] = count
            } else {
                useCounts[symbol] = nil
                releaseExternal(symbol)
            }
        }
    }

    /// The row to pivot a non-basic marker into the basis with, so its row can be dropped:
    /// the restricted row that limits it first, else any restricted row, else an
    /// unrestricted one.
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first = Symbol.invalid
        var second = Symbol.invalid
        var third = Symbol.invalid
        var firstRatio = Double.infinity
        var secondRatio = Double.infinity
        for basic in tableau.rowsContaining(marker) {
            let row = tableau.row(basic)
            let coefficient = row.coefficient(for: marker)
            if tableau.kind(basic) == .external {
                if !third.isValid || basic < third { third = basic }
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
        for candidate in [first, second, third] where candidate.isValid { return candidate }
        return nil
    }

    /// Applies a change of the constraint's expression constant by `delta`.
    ///
    /// The row says `expression + k·marker + … = 0`. With the constant moved by `delta`,
    /// the same tableau holds for the new marker `marker' = marker - delta / k`, so every
    /// row that mentions the marker only needs its constant adjusted; rows that become
    /// infeasible are queued for the dual simplex.
    func shiftMarker(of record: ConstraintRecord, byExpressionDelta delta: Double) {
        let shift = delta / record.markerCoefficient
        let marker = record.marker
        if tableau.isBasic(marker) {
            tableau.addToConstant(marker, -shift)
            return
        }
        for basic in tableau.rowsContaining(marker) {
            tableau.addToConstant(basic, tableau.row(basic).coefficient(for: marker) * shift)
        }
    }

    /// Removes every trace of a symbol no constraint needs any more, and frees it.
    func purge(_ symbol: Symbol) {
        if tableau.isBasic(symbol) { _ = tableau.takeRow(symbol) }
        for basic in tableau.rowsContaining(symbol) { tableau.removeFromRow(basic, symbol) }
        tableau.clearCost(symbol)
        tableau.free(symbol)
    }

    // MARK: Variables

    /// The external symbol of a variable, registering it (inside the transaction) if new.
    func externalSymbol(for variable: Variable) -> Symbol {
        let cached = variable.cachedSymbol
        if variable.cachedOwner == ObjectIdentifier(self), cached.isValid,
            Int(cached.index) < tableau.symbolCapacity, tableau.variable(cached) === variable
        {
            return cached
        }
        let id = ObjectIdentifier(variable)
        let symbol: Symbol
        if let known = externalSymbols[id] {
            symbol = known
        } else {
            symbol = tableau.allocate(.external, variable: variable)
            externalSymbols[id] = symbol
            variablesAddedInTransaction.append(id)
        }
        variable.cachedOwner = ObjectIdentifier(self)
        variable.cachedSymbol = symbol
        return symbol
    }

    func forgetRolledBackVariables() {
        for id in variablesAddedInTransaction { externalSymbols[id] = nil }
        variablesAddedInTransaction = []
    }

    private func releaseExternal(_ symbol: Symbol) {
        if let variable = tableau.variable(symbol) {
            externalSymbols[ObjectIdentifier(variable)] = nil
            if variable.cachedOwner == ObjectIdentifier(self) { variable.cachedOwner = nil }
        }
        purge(symbol)
    }

    /// The required constraints owning the symbols of a row (and its basic symbol),
    /// without repeats, in symbol order.
    func requiredOwners(of row: Row, basic: Symbol?, excluding excluded: Constraint?) -> [Constraint] {
        var symbols = row.cells.map(\.symbol)
        if let basic { symbols.append(basic) }
        var seen = Set<ObjectIdentifier>()
        var owners: [Constraint] = []
        for symbol in symbols.sorted() {
            guard let owner = tableau.owner(symbol), owner !== excluded,
                records[ObjectIdentifier(owner)]?.priority.isRequired == true,
                seen.insert(ObjectIdentifier(owner)).inserted
            else { continue }
            owners.append(owner)
        }
        return owners
    }
}
