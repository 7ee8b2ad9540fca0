// The two simplex loops. The primal one (`optimize`) runs after adds and removes, when the
// tableau is feasible but may not be optimal; the dual one (`dualOptimize`) runs after a
// constant changes, when the tableau is optimal but some rows may be infeasible.

extension Tableau {
    /// Pivots `entering` into the basis in place of `leaving`.
    ///
    /// Costs waiting to be judged from their definition (`settleSuspectCosts`) are judged
    /// first, while the rows still define them: the pivot moves the entering symbol's cost
    /// into other symbols' costs, where a wrong one would stay unnoticed.
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        if !suspectCosts.isEmpty { settleSuspectCosts() }
        var row = takeRow(leaving)
        row.solve(for: entering, replacing: leaving)
        substitute(entering, row)
        insertRow(entering, row)
        if !suspectCosts.isEmpty { settleSuspectCosts() }
    }

    /// A pivot of the primal simplex, which moves `entering` up until the restricted row
    /// `leaving` reaches zero.
    ///
    /// A row a little below zero (within the constant tolerance, as a near-tie of the ratio
    /// test leaves one) has reached zero already: its constant is round-off and becomes 0
    /// before the pivot. Kept, it would become the entering symbol's value divided by its
    /// coefficient, a small one turning round-off into a violation far beyond the tolerance.
    mutating func primalPivot(entering: Symbol, leaving: Symbol) {
        let constant = row(leaving).constant
        if constant < 0 && constant >= -constantEpsilon { addToConstant(leaving, -constant) }
        pivot(entering: entering, leaving: leaving)
    }

    /// Minimises the objective (lexicographically, level by level) with the primal simplex.
    ///
    /// The entering symbol is the lowest-indexed one with a negative cost and the leaving
    /// row the lowest-indexed among the tightest (Bland's rule): it cannot cycle on
    /// degenerate systems, and a heap of candidates makes each choice cost O(log n)
    /// instead of a scan of the whole objective.
    mutating func optimize() { primalSimplex(phaseOne: false) }

    /// Minimises the phase-one objective in `artificial` (a plain number per symbol), by
    /// Bland's rule like `optimize`, with a heap of candidates so that a long phase-one
    /// row is not scanned on every pivot.
    mutating func optimizeArtificial() { primalSimplex(phaseOne: true) }

    /// The primal simplex loop both objectives share, within a budget of pivots. When no row
    /// limits the entering symbol only rounding noise can be the cause, since both objectives
    /// are bounded below: the real objective drops that cost's highest level and goes on;
    /// phase one pivots on the round-off, which is all there is, or stops.
    private mutating func primalSimplex(phaseOne: Bool) {
        var budget = 1000 + 50 * symbolCapacity
        while budget > 0 {
            budget -= 1
            if !suspectCosts.isEmpty { settleSuspectCosts() }
            guard let entering = phaseOne ? lowestArtificialCandidate() : lowestEnteringCandidate() else { return }
            // A highest entry within the tolerance decides only as the constraints as given
            // make the cost (`refineCost`): round-off gives way to the levels below, a real
            // entry above decides, and a real positive one keeps the symbol out.
            var refined = false
            if !phaseOne && costs[Int(entering.index)].highestIsSmall(coefficientEpsilon) {
                refineCost(of: entering)
                if !costs[Int(entering.index)].isNegative {
                    dismissLowestCandidate()
                    continue
                }
                refined = true
            }
            // A small product may limit the entering symbol only where no lower level pays for
            // the step it allows, or the level that makes it enter is more than a billionth of
            // a lower one (see `leavingRow`).
            let cost = costs[Int(entering.index)]
            let acceptingSmallProducts = phaseOne || refined || cost.lowerLevelsAgree || !cost.highestIsNegligible
            if let (leaving, _) = leavingRow(for: entering, acceptingSmallProducts: acceptingSmallProducts) {
                primalPivot(entering: entering, leaving: leaving)
            } else if !phaseOne {
                dropHighestCost(entering)
            } else if let (leaving, _) = leavingRow(for: entering, countingRoundOff: true) {
                primalPivot(entering: entering, leaving: leaving)
            } else {
                return
            }
        }
    }

    /// The ratio test: the restricted row that first drops to zero as `entering` grows,
    /// ties going to phase one's own row (`artificialSymbol`) when it is the tightest, else to
    /// the lowest basic symbol.
    ///
    /// Every restricted row with a negative coefficient counts, however small: a row keeps
    /// only the coefficients its arithmetic takes for real (see `Row.cancels`), and a required
    /// row, divided by its largest coefficient, can be coupled to the entering symbol by less
    /// than the coefficient tolerance. Passed over, such a row would be driven below zero.
    ///
    /// Rows tie when taking any of them leaves every row within the constant tolerance: a row
    /// passed over goes below zero by the difference of the ratios times its own coefficient,
    /// so the choice may not exceed any row's ratio by more than the tolerance over that
    /// row's coefficient. The bound is taken over all the rows first, since a chain of
    /// pairwise ties can end far beyond a row it passed over early.
    ///
    /// A coefficient that is round-off of its row (`isRoundOff`, within a billionth of the
    /// row's largest) does not count unless `countingRoundOff`, or unless the choice would take
    /// its row out of the tolerance: pivoting on it would blow the row up by its inverse. When
    /// only such rows limit the entering symbol there is no choice (nil).
    ///
    /// Round-off is judged against a billionth of the row's largest first. A product of small
    /// couplings that lost nothing to cancellation (`isRoundOff(_:of:)`, down to a
    /// hundred-billionth) limits the symbol only when no other row does, and only when
    /// `acceptingSmallProducts`: the caller's cost has no lower level that the step would
    /// make pay, or its highest level is more than a billionth of that lower one. Such a cell
    /// can be a level's only way to its optimum, while a step on it that lower levels pay for
    /// is bought with rounding noise and can send the symbol towards infinity; the two look
    /// alike in the row and differ only in the cost (the oracle regression tests
    /// `aChainOfSmallCouplingsToALowLevelIsFollowed` and
    /// `aSmallProductDoesNotLimitAStepThatLowerLevelsPayFor`).
    mutating func leavingRow(
        for entering: Symbol, countingRoundOff: Bool = false, acceptingSmallProducts: Bool = true
    ) -> (Symbol, Double)? {
        let rows = rowsContaining(entering)
        // One search of each row, into the kept buffer: the bound and the choice read it.
        var candidates: [LeavingCandidate] = []
        swap(&candidates, &leavingCandidates)
        var choice = leavingRow(
            for: entering, in: rows, countingRoundOff: countingRoundOff, acceptingSmallProducts: false,
            candidates: &candidates)
        if choice == nil && !countingRoundOff && acceptingSmallProducts {
            choice = leavingRow(
                for: entering, in: rows, countingRoundOff: false, acceptingSmallProducts: true, candidates: &candidates)
        }
        swap(&candidates, &leavingCandidates)
        guard let (best, bestRatio, roundOffBound) = choice else { return nil }
        if bestRatio > roundOffBound { return leavingRow(for: entering, countingRoundOff: true) }
        return (best, bestRatio)
    }

    /// A restricted row that limits the entering symbol: its coefficient there (negative),
    /// its constant, and whether the coefficient is round-off of the row.
    struct LeavingCandidate {
        let basic: Symbol
        let coefficient: Double
        let constant: Double
        let isRoundOff: Bool
    }

    /// `leavingRow`'s ratio test over the given rows: the choice, its ratio and the bound the
    /// round-off rows set, or nil when no row limits the entering symbol. Small products
    /// count as round-off unless `acceptingSmallProducts`.
    @inline(__always)  // Called from mutating methods: see the note on calls in `Tableau`.
    private func leavingRow(
        for entering: Symbol, in column: SymbolList, countingRoundOff: Bool, acceptingSmallProducts: Bool,
        candidates: inout [LeavingCandidate]
    ) -> (Symbol, Double, Double)? {
        candidates.removeAll(keepingCapacity: true)
        var bound = Double.infinity
        var roundOffBound = Double.infinity
        for basic in column where kind(basic) != .external {
            let r = Int(basic.index)
            guard let cell = rows[r].cell(for: entering), cell.coefficient < 0 else { continue }
            let coefficient = cell.coefficient
            let constant = rows[r].constant
            let limit = max(0, -constant / coefficient) - constantEpsilon / coefficient
            let roundOff =
                !countingRoundOff
                && (acceptingSmallProducts ? isRoundOff(cell, of: rows[r]) : isRoundOff(coefficient, of: rows[r], below: 1e-9))
            if roundOff {
                roundOffBound = min(roundOffBound, limit)
            } else {
                bound = min(bound, limit)
            }
            candidates.append(
                LeavingCandidate(basic: basic, coefficient: coefficient, constant: constant, isRoundOff: roundOff))
        }
        var best: Symbol?
        var bestRatio = Double.infinity
        var tightest = Double.infinity
        var artificialRatio = Double.infinity
        for candidate in candidates where !candidate.isRoundOff {
            let ratio = max(0, -candidate.constant / candidate.coefficient)
            tightest = min(tightest, ratio)
            if candidate.basic == artificialSymbol { artificialRatio = ratio }
            guard ratio <= bound, best == nil || candidate.basic < best! else { continue }
            bestRatio = ratio
            best = candidate.basic
        }
        // Phase one's own row, when it is the tightest, leaves first: that ends phase one at
        // zero, where another tied row's lower index would drive it below zero by up to the
        // tolerance, a shift of the new constraint that its scale multiplies (seed 63652).
        // When another row is tighter, Bland's choice stands (taking phase one's row there
        // moved a level's optimum in seed 99968).
        if artificialRatio.isFinite && artificialRatio <= tightest { return (artificialSymbol, artificialRatio, roundOffBound) }
        guard let best else { return nil }
        return (best, bestRatio, roundOffBound)
    }

    /// Whether a coefficient is round-off of its row's arithmetic: below the coefficient
    /// tolerance and `fraction` of the row's largest, the row's scale. A real coupling can lie
    /// below either (a product of small coefficients beside a definition solved for one), but
    /// seldom below both, where what a cancellation leaves is mostly the error of its terms.
    /// Where a pivot on it would send the entering symbol to its inverse (the primal ratio
    /// test), the judgement is wider than where a real coupling would be lost (a removal).
    func isRoundOff(_ coefficient: Double, of row: Row, below fraction: Double = 5e-11) -> Bool {
        let magnitude = abs(coefficient)
        guard magnitude <= coefficientEpsilon else { return false }
        for cell in row.cells where abs(cell.coefficient) * fraction > magnitude { return true }
        return false
    }

    /// Whether a cell is round-off of its row's arithmetic where a pivot on it or a cost read
    /// from it would make it decide (the primal ratio test, `costFromDefinition`): as
    /// `isRoundOff` judges its coefficient, against a billionth of the row's largest when a
    /// cancellation built it (it holds less than half its scale), and a hundred-billionth when
    /// it is a product that lost nothing to cancellation.
    ///
    /// A product of small couplings (a chain of three of about a thousandth) is real far below
    /// the row's largest; below a hundred-billionth a product is more likely one of a residue,
    /// and what a cancellation leaves is round-off within the billionth, as before.
    func isRoundOff(_ cell: Cell, of row: Row) -> Bool {
        let isProduct = 2 * abs(cell.coefficient) >= Double(cell.scale)
        return isRoundOff(cell.coefficient, of: row, below: isProduct ? 1e-11 : 1e-9)
    }

    /// Restores feasibility of the rows in `infeasibleRows` with the dual simplex.
    /// Returns the row that no pivot can repair (the constraints are then unsatisfiable),
    /// or nil on success.
    ///
    /// The leaving row is the highest-indexed infeasible one: the newest constraint's row,
    /// which in a layout is usually the shortest (in the form scenario that halves the
    /// work of a resize for the same number of pivots). That order alone is not Bland's
    /// rule, so after a run of degenerate pivots (ones that leave the objective unchanged,
    /// the only way to cycle) the loop falls back to the lowest-indexed row, which
    /// together with the lowest-index tie break of the ratio test cannot cycle.
    mutating func dualOptimize() -> Symbol? {
        infeasibleRows.setHighestFirst(true)
        defer { infeasibleRows.setHighestFirst(true) }
        var degenerateRun = 0
        var budget = 1000 + 50 * symbolCapacity
        while budget > 0 {
            budget -= 1
            if !suspectCosts.isEmpty { settleSuspectCosts() }
            guard let leaving = nextInfeasibleRow() else { return nil }
            if kind(leaving) == .dummy { return leaving }
            guard let entering = dualEnteringSymbol(for: row(leaving)) else {
                infeasibleRows.insert(leaving)
                return leaving
            }
            if cost(entering).isZero {
                degenerateRun += 1
                if degenerateRun == Tableau.degeneratePivotLimit { infeasibleRows.setHighestFirst(false) }
            } else {
                degenerateRun = 0
            }
            pivot(entering: entering, leaving: leaving)
        }
        return nextInfeasibleRow()
    }

    /// Degenerate dual pivots in a row after which `dualOptimize` switches to Bland's rule.
    static let degeneratePivotLimit = 50

    /// The next row of `infeasibleRows` (in its order) that is still infeasible.
    private mutating func nextInfeasibleRow() -> Symbol? {
        while let basic = infeasibleRows.popFirst() {
            guard Int(basic.index) < symbolCapacity, isBasic(basic) else { continue }
            let constant = row(basic).constant
            let infeasible =
                kind(basic) == .dummy
                ? abs(constant) > constantEpsilon
                : kind(basic) != .external && constant < -constantEpsilon
            guard infeasible else { continue }
            // Repeats of the same row may follow; the pivot makes them stale.
            while infeasibleRows.first == basic { _ = infeasibleRows.popFirst() }
            return basic
        }
        return nil
    }

    /// The dual ratio test: among the row's symbols that would raise it, the one whose
    /// cost per unit of coefficient is lexicographically smallest.
    ///
    /// A pivot element must be more than a billionth of the row's largest coefficient: a
    /// smaller one is round-off of the row's own numbers, and pivoting on it would blow the
    /// row up by its inverse. The row's largest is found in the same pass; only when the
    /// choice falls on such a tiny element is the row searched again without it.
    ///
    /// Elements above the coefficient tolerance come first, the ones below it only when no
    /// other can repair the row: a required row, divided by its largest coefficient, can be
    /// coupled to the only symbol that repairs it by less, but beside a larger element a
    /// small one is as likely the round-off of a cancellation.
    private mutating func dualEnteringSymbol(for row: Row) -> Symbol? {
        var largest = 0.0
        let (best, coefficient) = dualEnteringSymbol(for: row, above: coefficientEpsilon, largest: &largest)
        if best == nil {
            return dualEnteringSymbol(for: row, above: max(Row.floor(coefficientEpsilon), 1e-9 * largest), largest: &largest).0
        }
        guard coefficient <= 1e-9 * largest else { return best }
        return dualEnteringSymbol(for: row, above: 1e-9 * largest, largest: &largest).0
    }

    /// The choice among the elements above `threshold`, with its coefficient; also the
    /// row's largest coefficient magnitude.
    private mutating func dualEnteringSymbol(
        for row: Row, above threshold: Double, largest: inout Double
    ) -> (Symbol?, Double) {
        var best: Symbol?
        var bestCoefficient = 0.0
        for cell in row.cells {
            largest = max(largest, abs(cell.coefficient))
            guard cell.coefficient > threshold && isRestricted(cell.symbol) else { continue }
            guard let current = best else {
                best = cell.symbol
                bestCoefficient = cell.coefficient
                continue
            }
            let order = cost(cell.symbol).compareRatio(
                cell.coefficient, to: cost(current), bestCoefficient, epsilon: coefficientEpsilon)
            if order < 0 || (order == 0 && cell.symbol < current) {
                best = cell.symbol
                bestCoefficient = cell.coefficient
            }
        }
        return (best, bestCoefficient)
    }
}
