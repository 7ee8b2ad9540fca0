// Questions about the solution rather than changes to the system: is a variable's value
// forced, and which constraints force it. AutoLayout builds `hasAmbiguousLayout`,
// `exerciseAmbiguityInLayout()` and `constraintsAffectingLayout(for:)` on these.

extension Solver {
    /// Whether the variable could take another value while every constraint is met exactly
    /// as well as now: it is free, or its row has a zero-cost column that can move.
    /// A variable the solver does not know is not ambiguous.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        flushPendingOptimization()
        guard let symbol = knownSymbol(for: variable) else { return false }
        if !tableau.isBasic(symbol) { return true }
        return ambiguousDirection(in: symbol) != nil
    }

    /// Moves to another optimal solution in which the variable's value differs, if there is
    /// one, and reports whether it did. Call ``updateVariables()`` to see the new values.
    ///
    /// A restricted zero-cost column of the variable's row is pivoted into the basis (the
    /// objective is unchanged, the variable moves with it); a free variable is shifted by
    /// 10 units, as is a free parameter its row depends on.
    package func exerciseAmbiguity(_ variable: Variable) -> Bool {
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
        case nil:
            return false
        }
    }

    /// The constraints whose marker or error symbols appear in the variable's row: the ones
    /// its current value depends on, in a stable order.
    package func constraintsAffecting(_ variable: Variable) -> [Constraint] {
        flushPendingOptimization()
        guard let symbol = knownSymbol(for: variable), tableau.isBasic(symbol) else { return [] }
        var seen = Set<ObjectIdentifier>()
        var result: [Constraint] = []
        for symbol in tableau.expanded(tableau.row(symbol)).cells.map(\.symbol).sorted() {
            guard let owner = tableau.owner(symbol), records[ObjectIdentifier(owner)] != nil,
                seen.insert(ObjectIdentifier(owner)).inserted
            else { continue }
            result.append(owner)
        }
        return result
    }

    /// How far a free variable moves when its ambiguity is exercised.
    static let ambiguityStep = 10.0

    enum AmbiguousDirection {
        case pivot(entering: Symbol, leaving: Symbol)
        case free(Symbol)
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
                if let (leaving, ratio) = tableau.leavingRow(for: symbol) {
                    if ratio > tableau.constantEpsilon { return .pivot(entering: symbol, leaving: leaving) }
                }
            }
        }
        return nil
    }

    func knownSymbol(for variable: Variable) -> Symbol? {
        tableau.externalSymbols[ObjectIdentifier(variable)]
    }
}
