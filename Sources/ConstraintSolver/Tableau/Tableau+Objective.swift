// The objective: the lexicographic costs of the optional constraints' errors, and phase
// one's artificial objective while a constraint is added.

extension Tableau {
    /// Starts phase one with the given objective (or ends it with nil).
    ///
    /// A negative coefficient of the objective makes a candidate when it is more than a
    /// billionth of the objective's largest, not only when it is beyond the coefficient
    /// tolerance: the row is the new constraint's, and a coupling to it through a chain of
    /// small coefficients can lie below that tolerance and still be the only way to meet it.
    /// A billionth of the row's own largest is round-off of its arithmetic, as in the dual
    /// ratio test (`dualEnteringSymbol`): entering on it sends values to its inverse.
    /// `floor` replaces that billionth, for the second pass of `addWithArtificialVariable`.
    ///
    /// That pass also asks a candidate's coefficient to exceed `scaleFloor` of its own cell's
    /// scale: below a billionth of the row, a real coupling is a product, or what a
    /// cancellation left with most of its digits, while what one leaves within a billionth
    /// of its terms is their round-off, and entering on it meets an add that conflicts by
    /// sending values towards its inverse (`aConflictMetThroughACancellationsRoundOffStaysRefused`).
    mutating func setArtificial(_ objective: Row?, floor: Double = 1e-9, scaleFloor: Double = 0) {
        artificial = objective
        artificialCandidates.removeAll()
        var largest = 0.0
        for cell in objective?.cells ?? [] { largest = Swift.max(largest, abs(cell.coefficient)) }
        artificialFloor = floor * largest
        artificialScaleFloor = scaleFloor
        for cell in objective?.cells ?? [] where cell.coefficient < -artificialFloor {
            artificialCandidates.insert(cell.symbol)
        }
    }



    /// The lowest-indexed restricted symbol with a negative phase-one coefficient beyond the
    /// floors `setArtificial` set.
    mutating func lowestArtificialCandidate() -> Symbol? {
        guard let objective = artificial else { return nil }
        while let symbol = artificialCandidates.first {
            if !isBasic(symbol), isRestricted(symbol), let cell = objective.cell(for: symbol),
                cell.coefficient < -artificialFloor, -cell.coefficient > artificialScaleFloor * Double(cell.scale) {
                return symbol
            }
            _ = artificialCandidates.popFirst()
        }
        return nil
    }

    // MARK: Objective

    /// Adds `factor · vector` to a symbol's objective coefficient, or to the objective
    /// through every cell of the symbol's row when it is basic (see `substitute`'s costs).
    mutating func addCost(_ symbol: Symbol, _ vector: CostVector, times factor: Double) {
        let i = Int(symbol.index)
        if states[i].isBasic {
            let row = rows[i]
            for cell in row.cells {
                addCost(cell.symbol, vector, times: factor * cell.coefficient)
            }
            return
        }
        recordCost(i)
        let epsilon = coefficientEpsilon
        let (suspect, mayEnter) = costs.update(i) { cost in
            (cost.add(vector, times: factor, epsilon: epsilon) || cost.decidesAgainstLowerLevels(epsilon),
             cost.mayEnter(epsilon))
        }
        if suspect { suspectCosts.append(symbol) }
        if mayEnter && !states[i].isCandidate {
            states[i].isCandidate = true
            candidates.insert(symbol)
        }
    }

    /// Gives an error symbol its unit of cost at `level`, or with 0 takes it away: the
    /// objective and the definition `costFromDefinition` reads change together.
    mutating func setUnitCost(_ symbol: Symbol, at level: Float) {
        let i = Int(symbol.index)
        if units[i] != 0 { addCost(symbol, CostVector(unitAt: units[i]), times: -1) }
        units[i] = level
        if level != 0 { addCost(symbol, CostVector(unitAt: level), times: 1) }
    }

    /// A non-basic symbol's cost as the objective defines it, from the rows as they are: its
    /// own unit, if an error, and the units of the basic errors whose rows mention it times
    /// its coefficients there. History has no part in it, neither in the value nor in the
    /// magnitudes its round-off is judged by.
    mutating func costFromDefinition(_ symbol: Symbol) -> CostVector {
        let i = Int(symbol.index)
        // Taken out of the tableau, so that the buffer stays unique and is reused.
        var contributions: [CostVector.Entry] = []
        swap(&contributions, &costContributions)
        contributions.removeAll(keepingCapacity: true)
        if units[i] != 0 { contributions.append(CostVector.Entry(level: units[i], value: 1)) }
        for basic in rowsContaining(symbol) {
            let level = units[Int(basic.index)]
            guard level != 0 else { continue }
            // A cell that is round-off of its row's arithmetic couples the symbol to nothing.
            let row = row(basic)
            guard let cell = row.cell(for: symbol), !isRoundOff(cell, of: row) else { continue }
            contributions.append(CostVector.Entry(level: level, value: cell.coefficient))
        }
        let cost = CostVector(summing: &contributions, epsilon: coefficientEpsilon)
        costContributions = contributions
        return cost
    }

    /// Replaces the costs that `CostVector.add` judged by carried magnitudes by their
    /// definitions, before anything chooses by them: magnitudes carried through cancelled
    /// operations grow with the tableau's history and would drop real costs.
    mutating func settleSuspectCosts() {
        while let symbol = suspectCosts.popLast() {
            let i = Int(symbol.index)
            guard i < states.count, !states[i].isBasic else { continue }
            let cost = costFromDefinition(symbol)
            guard cost != costs[i] else { continue }
            recordCost(i)
            costs[i] = cost
            if !states[i].isCandidate && cost.mayEnter(coefficientEpsilon) {
                states[i].isCandidate = true
                candidates.insert(symbol)
            }
        }
    }

    /// Clears a symbol's objective coefficient (rounding residue of a removed symbol).
    mutating func clearCost(_ symbol: Symbol) {
        let i = Int(symbol.index)
        guard !costs[i].isZero else { return }
        recordCost(i)
        costs[i] = .zero
    }

    /// Drops the highest level of a symbol's cost, the one that made it enter where no row
    /// limits it: only rounding noise can give a bounded objective such a level, and the
    /// levels below are the symbol's real cost, which the symbol keeps deciding by. Dropping
    /// them too would leave the objective out of step with the rows, and every later pivot
    /// would carry that difference.
    mutating func dropHighestCost(_ symbol: Symbol) {
        let i = Int(symbol.index)
        guard !costs[i].isZero else { return }
        recordCost(i)
        costs[i].dropHighest()
    }

    /// The lowest-indexed non-basic restricted symbol that may enter (`CostVector.mayEnter`),
    /// dropping the candidates that no longer qualify on the way.
    mutating func lowestEnteringCandidate() -> Symbol? {
        while let symbol = candidates.first {
            let i = Int(symbol.index)
            if i < states.count, !states[i].isBasic, costs[i].mayEnter(coefficientEpsilon),
                states[i].kind == .slack || states[i].kind == .error {
                return symbol
            }
            _ = candidates.popFirst()
            if i < states.count { states[i].isCandidate = false }
        }
        return nil
    }

    /// Takes the lowest candidate out of the candidates until its cost changes again: its small
    /// positive highest entry was weighed and keeps it out.
    mutating func dismissLowestCandidate() {
        guard let symbol = candidates.popFirst() else { return }
        let i = Int(symbol.index)
        if i < states.count { states[i].isCandidate = false }
    }
}
