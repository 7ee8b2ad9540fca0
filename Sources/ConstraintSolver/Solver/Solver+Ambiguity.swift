// Questions about the solution rather than changes to the system: is a variable's value
// forced, and which constraints force it (what a layout engine's debugging aids ask).

extension Solver {
    /// Whether the variable could take another value while every constraint is met exactly
    /// as well as now: it is free, or its row has a zero-cost column that can move, by a
    /// bounded amount or without any bound (an inequality nothing else limits).
    /// A variable the solver does not know is not ambiguous.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        flushPendingOptimization()
        guard let symbol = knownSymbol(for: variable) else { return false }
        if !tableau.isBasic(symbol) { return true }
        return ambiguousDirection(in: symbol) != nil
    }

    /// Whether some constraint or edit variable in the solver mentions the variable. A
    /// dictionary lookup: callers that treat an unmentioned variable as undetermined (a
    /// view no constraint touches) ask this instead of listing constraints.
    public func isKnown(_ variable: Variable) -> Bool {
        knownSymbol(for: variable) != nil
    }

    /// Moves to another optimal solution in which the variable's value differs, if there is
    /// one, and reports whether it did. Call ``updateVariables()`` to see the new values.
    ///
    /// A restricted zero-cost column of the variable's row is pivoted into the basis (the
    /// objective is unchanged, the variable moves with it); a free variable is shifted by
    /// 10 units, as is a free parameter its row depends on. A zero-cost column that no row
    /// bounds has no vertex to move to, so its slack is raised by the same 10 units: the
    /// variable moves by 10 times its coefficient in the column.
    ///
    /// The system keeps every constraint; only the solution moves. Throws nothing: a variable
    /// the solver does not know, or one whose value is forced, leaves the solver as it was.
    @discardableResult
    public func exerciseAmbiguity(_ variable: Variable) -> Bool {
        flushPendingOptimization()
        guard let symbol = knownSymbol(for: variable) else { return false }
        guard tableau.isBasic(symbol) else {
            tableau.shiftFreeVariable(symbol, by: Solver.ambiguityStep)
            return true
        }
        switch ambiguousDirection(in: symbol) {
        case .pivot(let entering, let leaving):
            tableau.pivot(entering: entering, leaving: leaving)
            return true
        case .free(let parameter):
            tableau.shiftFreeVariable(parameter, by: Solver.ambiguityStep)
            return true
        case .unbounded(let slack):
            return raiseUnboundedSlack(slack, by: Solver.ambiguityStep)
        case nil:
            return false
        }
    }

    /// The constraints whose marker or error symbols appear in the variable's row: the ones
    /// its current value depends on, in a stable order. Empty for a variable the solver does
    /// not know or one that is not basic (its value is a free parameter at zero).
    public func constraintsAffecting(_ variable: Variable) -> [Constraint] {
        flushPendingOptimization()
        guard let symbol = knownSymbol(for: variable), tableau.isBasic(symbol) else { return [] }
        var seen = Set<ObjectIdentifier>()
        var result: [Constraint] = []
        for symbol in tableau.expanded(tableau.row(symbol)).cells.map(\.symbol).sorted() {
            guard let owner = tableau.owner(symbol), records.contains(owner),
                seen.insert(ObjectIdentifier(owner)).inserted
            else { continue }
            result.append(owner)
        }
        return result
    }

    /// How far a free variable, or the slack of an unbounded direction, moves when an
    /// ambiguity is exercised.
    static let ambiguityStep = 10.0

    enum AmbiguousDirection {
        case pivot(entering: Symbol, leaving: Symbol)
        case free(Symbol)
        /// A zero-cost restricted column that no restricted row limits.
        case unbounded(Symbol)
    }

    /// Gives a non-basic slack that nothing bounds the value `step` while keeping the
    /// tableau in standard form (non-basic symbols at zero). A variable row that mentions
    /// the slack gives up its place to it, and that variable, now a free parameter, is
    /// shifted to where the raised slack puts it; every other row follows through the
    /// substitution. No restricted row decreases along this column (that is what unbounded
    /// means), so the result is feasible, and the column's zero cost keeps it optimal.
    private func raiseUnboundedSlack(_ slack: Symbol, by step: Double) -> Bool {
        guard
            let leaving = tableau.rowsContaining(slack).filter({ tableau.kind($0) == .external }).min()
        else { return false }
        guard tableau.row(leaving).coefficient(for: slack) != 0 else { return false }
        // The leaving variable's value with the slack raised, read from its row in
        // non-basic symbols (its own row may mention other variables' rows). After the pivot
        // it is a parameter at zero, so shifting it by that value puts the slack at `step`.
        let expanded = tableau.expanded(tableau.row(leaving))
        let target = expanded.constant + expanded.coefficient(for: slack) * step
        tableau.pivot(entering: slack, leaving: leaving)
        tableau.shiftFreeVariable(leaving, by: target)
        return true
    }

    /// A way to change the basic symbol's value at no cost, trying columns in index order.
    private func ambiguousDirection(in basic: Symbol) -> AmbiguousDirection? {
        let row = tableau.expanded(tableau.row(basic))
        for symbol in row.cells.map(\.symbol).sorted() {
            switch tableau.kind(symbol) {
            case .dummy:
                continue
            case .external:
                return .free(symbol)
            case .slack, .error:
                guard tableau.cost(symbol).isZero else { continue }
                guard let (leaving, ratio) = tableau.leavingRow(for: symbol, countingRoundOff: true) else {
                    // Nothing limits the column: the value can move as far as it likes.
                    return .unbounded(symbol)
                }
                if ratio > tableau.constantEpsilon { return .pivot(entering: symbol, leaving: leaving) }
            }
        }
        return nil
    }

    func knownSymbol(for variable: Variable) -> Symbol? {
        tableau.knownSymbol(for: variable)
    }
}
