// One step of iterative refinement of a symbol's column against the constraints as given:
// how the primal simplex tells a small cost entry that is a real coupling from one that is
// round-off of the rows' history.

extension Tableau {
    /// Recomputes a non-basic symbol's cost from the constraints as given and judges the one
    /// the objective carried by it: each level's entry is the sum of the refined moves of its
    /// errors, real where it holds more than a thousandth of what the rows alone give (less is
    /// the rows' round-off, which refinement takes out) and above the floor of a new entry
    /// (`CostVector.newEntryFloor`). Round-off entries go; real ones stay as carried, or come
    /// from the refinement where the objective lost them or got their sign wrong.
    ///
    /// An entry within the coefficient tolerance above a lower level decides whether the
    /// lower levels get their way, and the rows cannot say whether it is real: a coupling
    /// through a chain of small coefficients (seed 96166 of the oracle: 3e-10 at level 750,
    /// the product of five couplings) and the residue of two routes to the same coupling
    /// that the rows computed apart (seed 85596: 1.6e-10 at level 752, where 261.13323031136
    /// minus 261.13323031120 is all there is) look alike in them, and no threshold on their
    /// size separates them; a real one can even have been dropped from the cost as round-off
    /// of the large terms it was summed from (4.2e-12 at level 750 in 96166, minimised). The
    /// constraints as given separate them: the symbol's column (how each basic symbol moves
    /// per unit of it) should leave every constraint's row unchanged. What each row is left
    /// with is the column's error there; taking it back out through a symbol of that
    /// constraint (its basic marker or error, or else its non-basic marker's column, as a
    /// change of constant would) is one step of iterative refinement, the textbook repair of
    /// a solve made with an inexact inverse.
    ///
    /// It reads every held constraint, so it costs a pass over them; the primal simplex calls
    /// it only for an entry this small, which unit costs between levels never are.
    mutating func refineCost(of symbol: Symbol) {
        let i = Int(symbol.index)

        // The column as the rows give it: the restricted rows that contain the symbol, then
        // the definitions whose expansion reaches it.
        var moves: [Int32: Double] = [symbol.index: 1]
        var reached: [Symbol] = []
        var visited: Set<Int32> = [symbol.index]
        var pending = [symbol]
        while let next = pending.popLast() {
            let containing = Array(rowsContaining(next))
            for basic in containing where !visited.contains(basic.index) {
                let b = Int(basic.index)
                guard b < states.count, states[b].isBasic else { continue }
                if isDefinition(basic) {
                    visited.insert(basic.index)
                    reached.append(basic)
                    pending.append(basic)
                } else if next == symbol {
                    let coefficient = rows[b].coefficient(for: symbol)
                    if coefficient != 0 { moves[basic.index] = coefficient }
                }
            }
        }
        for definition in reached {
            let coefficient = expanded(rows[Int(definition.index)]).coefficient(for: symbol)
            if coefficient != 0 { moves[definition.index] = coefficient }
        }

        // Each level's entry as the rows give it, and refined.
        var raw: [Float: Double] = [:]
        if units[i] != 0 { raw[units[i]] = 1 }
        // In symbol order, like everything below: a dictionary's order changes from run to
        // run, and the sums with it.
        let moved = moves.keys.sorted()
        for index in moved where Int(index) != i {
            let b = Int(index)
            if states[b].kind != .external && units[b] != 0 { raw[units[b], default: 0] += moves[index]! }
        }
        var refined = raw

        // The marker and error symbols of each held constraint, by constraint, in the order
        // of their first symbol.
        var groups: [[Symbol]] = []
        var groupOf: [ObjectIdentifier: Int] = [:]
        for k in sources.indices {
            guard let owner = sources[k].constraint else { continue }
            let symbol = Symbol(index: Int32(k))
            if let group = groupOf[ObjectIdentifier(owner)] {
                groups[group].append(symbol)
            } else {
                groupOf[ObjectIdentifier(owner)] = groups.count
                groups.append([symbol])
            }
        }
        // Each constraint's row as given, on the column, and the repair of what it is left with.
        var repairs: [(symbol: Symbol, weight: Double)] = []
        for symbols in groups {
            guard let constraint = sources[Int(symbols[0].index)].constraint else { continue }
            let required = !symbols.contains { states[Int($0.index)].kind == .error }
            var scale = 1.0
            if required {
                let largest = constraint.expression.terms.reduce(0.0) { max($0, abs($1.coefficient)) }
                if largest != 1 && largest > 0 { scale = largest }
            }
            var residual = 0.0
            for term in constraint.expression.terms {
                guard let variable = knownSymbol(for: term.variable), let move = moves[variable.index] else { continue }
                residual += term.coefficient / scale * move
            }
            for owned in symbols {
                guard let move = moves[owned.index] else { continue }
                residual += states[Int(owned.index)].isNegativeInOwnRow ? -move : move
            }
            guard residual != 0 else { continue }
            // A basic marker or error is in this constraint's row alone: it takes the
            // residual without moving any other row.
            if let basic = symbols.first(where: { isBasic($0) }) {
                let sign = states[Int(basic.index)].isNegativeInOwnRow ? -1.0 : 1.0
                let level = units[Int(basic.index)]
                if level != 0 { refined[level, default: 0] -= residual * sign }
            } else {
                let marker = symbols[0]
                let sign = states[Int(marker.index)].isNegativeInOwnRow ? -1.0 : 1.0
                repairs.append((marker, residual * sign))
            }
        }
        for (marker, weight) in repairs {
            let containing = Array(rowsContaining(marker))
            for basic in containing where !isDefinition(basic) && isBasic(basic) {
                let level = units[Int(basic.index)]
                if level != 0 { refined[level, default: 0] += weight * rows[Int(basic.index)].coefficient(for: marker) }
            }
        }

        // A level the refinement confirms keeps the value the objective carried, in step with
        // the rows it was computed with: a more exact value in one cost alone would make the
        // next pivots' cancellations leave residues of the difference, times their factors.
        // Only a sign the objective got wrong, or an entry it lost, is taken from the
        // refinement.
        let carried = costs[i]
        var entries: [CostVector.Entry] = []
        for (level, value) in refined where abs(value) > 1e-3 * abs(raw[level] ?? 0) {
            var kept = value
            for position in 0..<carried.count where carried[position].level == level {
                if (carried[position].value < 0) == (value < 0) { kept = carried[position].value }
            }
            entries.append(CostVector.Entry(level: level, value: kept))
        }
        let cost = CostVector(summing: &entries, epsilon: coefficientEpsilon)
        guard cost != costs[i] else { return }
        recordCost(i)
        costs[i] = cost
    }
}
