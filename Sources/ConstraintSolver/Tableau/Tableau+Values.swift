// The variables' values: evaluated through the definitions when rows change, reported to
// the solver, and the required constraints to check when they move.

extension Tableau {
    /// Reports the new value (`variable = symbol + offset`) of each variable whose row
    /// changed since the last call, and of the definitions that mention them.
    mutating func updateValues(_ report: (Variable, Double) -> Void) {
        refreshValues()
        var reported = dirtyExternals
        dirtyExternals = []
        for symbol in reported where Int(symbol.index) < states.count {
            let i = Int(symbol.index)
            guard states[i].isDirty else { continue }
            states[i].isDirty = false
            guard let variable = sources[i].unretainedVariable else { continue }
            let value = states[i].value + offset(symbol)
            // `report` must not change the solver (it runs inside this mutation), so `sources`
            // keeps the variable alive through it.
            variable._withUnsafeGuaranteedRef { report($0, value) }
        }
        reported.removeAll(keepingCapacity: true)
        if dirtyExternals.isEmpty { dirtyExternals = reported }
    }

    /// Evaluates the variables whose rows changed since the last call, and the definitions
    /// that mention them, leaving them to be reported by `updateValues`; `refreshed` lists
    /// them afterwards.
    mutating func refreshValues() {
        refreshed.removeAll(keepingCapacity: true)
        guard !staleExternals.isEmpty else { return }
        var pending = staleExternals
        staleExternals = refreshed
        // Whatever mentions a changed definition changes too.
        var k = 0
        while k < pending.count {
            let i = Int(pending[k].index)
            k += 1
            guard i < states.count, states[i].isBasic, states[i].columnCount > 0 else { continue }
            forEachRow(containing: Symbol(index: Int32(i))) { tableau, referrer, _ in
                let r = Int(referrer.index)
                guard tableau.states[r].kind == .external && !tableau.states[r].isStale else { return }
                tableau.states[r].isStale = true
                pending.append(referrer)
                if !tableau.states[r].isDirty {
                    tableau.states[r].isDirty = true
                    tableau.dirtyExternals.append(referrer)
                }
            }
        }
        for symbol in pending where Int(symbol.index) < states.count { evaluate(symbol) }
        refreshed = pending
    }

    /// The value of an external symbol's variable evaluated from the rows as they are, apart
    /// from the cached values, which a transaction rolled back afterwards would leave stale.
    mutating func valueFromRows(_ symbol: Symbol) -> Double {
        let i = Int(symbol.index)
        return (states[i].isBasic ? expanded(rows[i]).constant : 0) + offset(symbol)
    }

    /// The value of an external symbol's variable as last evaluated (`refreshValues`).
    func value(_ symbol: Symbol) -> Double {
        let i = Int(symbol.index)
        return (states[i].isBasic ? states[i].value : 0) + offset(symbol)
    }

    /// Puts in `markersToCheck` the markers of the required constraints that mention a
    /// variable `refreshValues` evaluated last, each once.
    mutating func collectMarkersToCheck() {
        markersToCheck.removeAll(keepingCapacity: true)
        guard !refreshed.isEmpty else { return }
        nextVisitGeneration()
        let generation = visitGeneration
        for symbol in refreshed where Int(symbol.index) < states.count {
            mentions.forEach(of: symbol) { marker in
                let m = Int(marker.index)
                guard states[m].visitStamp != generation else { return }
                states[m].visitStamp = generation
                markersToCheck.append(marker)
            }
        }
    }

    /// Notes that the required constraint with `marker` mentions the external `symbol` in
    /// its next term, with `coefficient`.
    mutating func addMention(of symbol: Symbol, _ coefficient: Double, by marker: Symbol) {
        mentions.addTerm(symbol, coefficient, by: marker)
    }

    /// Forgets every mention by the required constraint with `marker`, and its terms.
    mutating func removeMentions(by marker: Symbol) {
        mentions.removeAll(by: marker)
    }

    /// Notes that rows were combined or a number dropped (see `rowsCombined`).
    mutating func noteRowsCombined() { rowsCombined = true }

    /// Starts watching for combined rows again, after a check.
    mutating func clearRowsCombined() { rowsCombined = false }

    /// Computes `states[start].value`, first computing the stale definitions it mentions;
    /// clears the stale flag of each symbol it computes.
    private mutating func evaluate(_ start: Symbol) {
        // The common case first: a row whose definitions (if any) are up to date.
        let first = Int(start.index)
        guard states[first].isStale else { return }
        guard states[first].isBasic else {
            states[first].value = 0
            states[first].isStale = false
            return
        }
        var direct = rows[first].constant
        var ready = true
        // By index, reading the cells in place: iterating `cells` kept a retained copy of the
        // array, one retain and release per variable evaluated.
        for k in 0..<rows[first].cells.count {
            let cell = rows[first].cells[k]
            guard isDefinition(cell.symbol) else { continue }
            let j = Int(cell.symbol.index)
            if states[j].isStale {
                ready = false
                break
            }
            direct += cell.coefficient * states[j].value
        }
        if ready {
            states[first].value = direct
            states[first].isStale = false
            return
        }
        var stack = evaluationStack
        evaluationStack = []
        defer {
            stack.removeAll(keepingCapacity: true)
            evaluationStack = stack
        }
        stack.append(start)
        var budget = 4 * states.count + 16  // a definition cycle would be a bug; never hang
        while let symbol = stack.last, budget > 0 {
            budget -= 1
            let i = Int(symbol.index)
            guard states[i].isStale else {
                stack.removeLast()
                continue
            }
            guard states[i].isBasic else {
                states[i].value = 0
                states[i].isStale = false
                stack.removeLast()
                continue
            }
            var ready = true
            var value = rows[i].constant
            for k in 0..<rows[i].cells.count {
                let cell = rows[i].cells[k]
                guard isDefinition(cell.symbol) else { continue }
                let j = Int(cell.symbol.index)
                if states[j].isStale {
                    ready = false
                    stack.append(cell.symbol)
                } else {
                    value += cell.coefficient * states[j].value
                }
            }
            if ready {
                states[i].value = value
                states[i].isStale = false
                stack.removeLast()
            }
        }
    }

    /// Moves a free (non-basic external) variable by `delta`: the rows that mention it,
    /// which are all unrestricted by construction, absorb the move in their constants.
    mutating func shiftFreeVariable(_ symbol: Symbol, by delta: Double) {
        shiftConstants(ofRowsContaining: symbol, by: delta)
        setOffset(offset(symbol) + delta, of: symbol)
        markDirty(symbol)
    }
}
