/// The simplex tableau: rows keyed by their basic symbol, a column index, the objective
/// and the bookkeeping that makes failed operations roll back exactly.
///
/// Rows of restricted symbols (slacks, errors, dummies) and the objective mention only
/// non-basic symbols, as in any simplex tableau. Rows of external symbols (variables) may
/// also mention other basic variables: a constraint that introduces a new variable, such as
/// `x[i+1] == x[i] + w[i] + 8`, is kept as that definition instead of being expanded into
/// the parameters `x[i]` depends on, which would make a chain of n views cost n² cells.
/// Definitions form a DAG (a definition only mentions variables older than itself); they
/// are expanded only where a restricted row needs them (`expanded`), and a variable's
/// value is evaluated through them (`updateValues`).
///
/// Storage is per symbol index and dense. Freed indices are reused, so adding and removing
/// constraints in a loop does not grow it. The column index maps a symbol to the rows that
/// may contain it: entries are appended when a cell is created and dropped lazily when a
/// search finds them stale, which keeps cell updates O(1) while `rowsContaining` and
/// `substitute` touch only the rows involved.
struct Tableau {
    // MARK: Per-symbol storage

    /// The plain per-symbol data, one struct per symbol so that creating a symbol is one
    /// append (it was one per field, and creating symbols dominated adding a constraint).
    struct SymbolState {
        var kind: SymbolKind
        var isBasic = false
        /// Whether the symbol is in `candidates`.
        var isCandidate = false
        /// `isDirty` and `isStale` in one byte, which keeps a symbol's state at 48 bytes.
        private var valueFlags: UInt8 = 0
        /// Whether the symbol is in `dirtyExternals`, to be reported by `updateValues`.
        var isDirty: Bool {
            get { valueFlags & 1 != 0 }
            set { valueFlags = newValue ? valueFlags | 1 : valueFlags & ~1 }
        }
        /// Whether the symbol is in `staleExternals` (or being evaluated): its value must be
        /// evaluated again.
        var isStale: Bool {
            get { valueFlags & 2 != 0 }
            set { valueFlags = newValue ? valueFlags | 2 : valueFlags & ~2 }
        }
        /// How many rows really contain the symbol.
        var columnCount: Int32 = 0
        /// How many held constraints mention an external symbol; at zero it is released.
        var useCount: Int32 = 0
        /// Stamps: `visitGeneration` deduplicates column entries during one search; the
        /// journal generation marks a row or cost saved in the current transaction.
        var visitStamp: UInt32 = 0
        var rowStamp: UInt32 = 0
        var costStamp: UInt32 = 0
        /// An external symbol stands for `variable - offset`. Offsets start at zero and
        /// move only when ambiguity is exercised, which shifts a free variable without a pivot.
        var offset = 0.0
        /// The last evaluated value of an external symbol (`variable - offset`).
        var value = 0.0
        /// Scratch coefficient for `expandedThroughChains`; zero between calls.
        var scratch = 0.0

        init(kind: SymbolKind) {
            self.kind = kind
        }
    }

    var states: [SymbolState] = []
    /// The row of each basic symbol; an empty row for the others.
    private(set) var rows: [Row] = []
    /// Rows that may contain the symbol (a superset, possibly with repeats).
    private var columns: [SymbolList] = []
    /// The objective's coefficient for each symbol; only non-basic symbols have one.
    private(set) var costs: [CostVector] = []
    /// The constraint a slack, error or dummy symbol belongs to.
    private(set) var owners: [Constraint?] = []
    /// The variable an external symbol stands for.
    private(set) var variables: [Variable?] = []
    /// The markers of the required constraints that mention an external symbol, so that a
    /// moved variable leads to the constraints that must still hold.
    private var mentions = MentionLists()
    /// Whether rows were combined (a substitution) or a number was dropped since the last
    /// `clearRowsCombined`: only then can the rows have drifted from the constraints.
    private(set) var rowsCombined = false
    private var freeSymbols: [Symbol] = []

    // MARK: Variables

    /// The symbols of the registered variables, found through the variables' caches.
    var externalSymbols = PlaceCache<Variable>()
    /// How many variables have a symbol.
    var externalCount = 0
    /// Variables registered by the operation in progress, forgotten if it is rolled back.
    var variablesAddedInTransaction: [Variable] = []

    // MARK: Work lists

    /// Symbols whose cost may be negative: the primal simplex's entering candidates,
    /// lowest index first (Bland's rule, which cannot cycle).
    private var candidates = SymbolHeap()
    /// Rows that may have become infeasible, for the dual simplex: the newest (highest
    /// index) first, see `dualOptimize`.
    var infeasibleRows = SymbolHeap(highestFirst: true)
    /// External symbols whose value may have changed since the last `updateValues`.
    private var dirtyExternals: [Symbol] = []
    /// External symbols whose value may have changed since the last `refreshValues`.
    private var staleExternals: [Symbol] = []
    /// The external symbols the last `refreshValues` evaluated.
    private(set) var refreshed: [Symbol] = []
    /// The markers `collectMarkersToCheck` found, in a buffer kept between calls.
    private(set) var markersToCheck: [Symbol] = []
    private var visitGeneration: UInt32 = 0
    /// Work buffers of `expanded`, kept to spare an allocation per call.
    private var expansionOrder: [Symbol] = []
    private var expansionStack: [(symbol: Symbol, next: Int)] = []
    /// Work buffer of `evaluate`.
    private var evaluationStack: [Symbol] = []
    /// Scratch positions per symbol for `Row.substitute`; all -1 between calls.
    private var positions: [Int32] = []
    /// Work buffers of `substitute`: the cells a substitution added to a row and the
    /// symbols whose cells it dropped, at the front; sized to the longest definition yet.
    private var insertedCells: [Cell] = []
    private var removedSymbols: [Symbol] = []
    /// Above this product of row lengths, `substitute` uses the position map; below it a
    /// plain search of a short row is cheaper than marking and unmarking it.
    private static let positionMapThreshold = 16

    /// Whether substituting `definition` into `row` should go through the position map,
    /// which costs the length of both rows: worth it when the row is searched linearly
    /// and the product of lengths is not tiny, or when the definition is about as long
    /// as the row. A long row with a short definition (a chain link into a long sum)
    /// keeps its hash index lookups, which cost only the definition's length.
    private func usesPositionMap(_ row: Row, definition: Row) -> Bool {
        if row.isIndexed { return 2 * definition.cells.count >= row.cells.count }
        return row.cells.count * definition.cells.count > Tableau.positionMapThreshold
    }

    /// The phase-one objective while a constraint is added through an artificial variable.
    private(set) var artificial: Row?
    /// Symbols that may have a negative phase-one coefficient, lowest index first.
    private var artificialCandidates = SymbolHeap()

    /// Starts phase one with the given objective (or ends it with nil).
    ///
    /// A negative coefficient of the objective makes a candidate when it is more than a
    /// billionth of the objective's largest, not only when it is beyond the coefficient
    /// tolerance: the row is the new constraint's, and a coupling to it through a chain of
    /// small coefficients can lie below that tolerance and still be the only way to meet it.
    /// A billionth of the row's own largest is round-off of its arithmetic, as in the dual
    /// ratio test (`dualEnteringSymbol`): entering on it sends values to its inverse.
    mutating func setArtificial(_ objective: Row?) {
        artificial = objective
        artificialCandidates.removeAll()
        var largest = 0.0
        for cell in objective?.cells ?? [] { largest = Swift.max(largest, abs(cell.coefficient)) }
        artificialFloor = 1e-9 * largest
        for cell in objective?.cells ?? [] where cell.coefficient < -artificialFloor {
            artificialCandidates.insert(cell.symbol)
        }
    }

    /// How negative a phase-one coefficient must be to make a candidate (see `setArtificial`).
    private var artificialFloor = 0.0

    /// The lowest-indexed restricted symbol with a negative phase-one coefficient.
    mutating func lowestArtificialCandidate() -> Symbol? {
        guard let objective = artificial else { return nil }
        while let symbol = artificialCandidates.first {
            if !isBasic(symbol), isRestricted(symbol), objective.coefficient(for: symbol) < -artificialFloor {
                return symbol
            }
            _ = artificialCandidates.popFirst()
        }
        return nil
    }

    // MARK: Numerics

    /// Coefficients within this of zero are zero. Scale-aware: see `settleTolerances`.
    private(set) var coefficientEpsilon = 1e-9
    /// Row constants within this of zero are zero.
    private(set) var constantEpsilon = 1e-9
    private var largestCoefficient = 1.0
    private var largestConstant = 1.0
    /// The largest coefficients and the constants of the held constraints (an edit
    /// constraint's constant being its suggested value); the tolerances follow them.
    private var coefficientCensus = MagnitudeCensus()
    private var constantCensus = MagnitudeCensus()

    /// Widens the tolerances, for the operation in progress, to the magnitudes it brings in,
    /// so that a layout in the tens of thousands of points does not mistake rounding noise
    /// for a violation. A rollback narrows them again (the journal keeps them).
    mutating func noteMagnitudes(coefficient: Double, constant: Double) {
        if coefficient > largestCoefficient {
            largestCoefficient = coefficient
            coefficientEpsilon = 1e-9 * largestCoefficient
        }
        if constant > largestConstant {
            largestConstant = constant
            constantEpsilon = 1e-9 * largestConstant
        }
    }

    /// Counts (`times` 1) or uncounts (`times` -1) a held constraint's largest coefficient
    /// and its constant in the census the tolerances follow. Returns whether the tolerances
    /// must be settled again (`settleTolerances`).
    @inline(__always)
    mutating func census(coefficient: Double, constant: Double, times: Int32) -> Bool {
        let coefficientChanged = coefficientCensus.add(coefficient, times: times)
        let constantChanged = constantCensus.add(constant, times: times)
        return coefficientChanged || constantChanged
    }

    /// Moves a held constraint's constant (or an edit's suggestion) in the census; returns
    /// whether the tolerances must be settled again.
    @inline(__always)
    mutating func census(movingConstantFrom old: Double, to new: Double) -> Bool {
        constantCensus.move(from: abs(old), to: abs(new))
    }

    /// Sets the tolerances to a billionth of the largest magnitudes held now, at once when
    /// they widen and, when they narrow, only once the census has fallen 16-fold below them.
    /// Returns whether they narrowed, in which case round-off that the wider ones let pass may
    /// now count as a violation and `repairResidue` must run.
    ///
    /// The 16-fold margin keeps a value that goes back and forth across a power of two (a
    /// window resized between 568 and 1366 points) from costing a scan of every row each
    /// time; the tolerances stay within 32 billionths of the largest magnitude held.
    mutating func settleTolerances() -> Bool {
        let coefficient = coefficientCensus.bound
        let constant = constantCensus.bound
        var narrowed = false
        if coefficient > largestCoefficient || coefficient * Tableau.narrowingFactor <= largestCoefficient {
            narrowed = coefficient < largestCoefficient
            largestCoefficient = coefficient
            coefficientEpsilon = 1e-9 * coefficient
        }
        if constant > largestConstant || constant * Tableau.narrowingFactor <= largestConstant {
            narrowed = narrowed || constant < largestConstant
            largestConstant = constant
            constantEpsilon = 1e-9 * constant
        }
        return narrowed
    }

    /// How far the census must fall below the tolerances before they narrow.
    private static let narrowingFactor = 16.0

    /// Makes the tableau feasible within narrowed tolerances, keeping it optimal. Returns
    /// the row that could not be repaired, if any.
    ///
    /// The residue is round-off of the numbers that left. A required equality whose dummy
    /// marker is basic was accepted as redundant, so its constant is nothing but residue and
    /// becomes 0; a restricted row a little below zero goes to the dual simplex, which moves
    /// it back to feasibility without losing optimality.
    ///
    /// A zeroed constant can also be a real difference that the wider tolerances admitted;
    /// each one goes to `dropped` with its dummy, so that the equality's record can keep it.
    mutating func repairResidue(dropped: inout [(marker: Symbol, constant: Double)]) -> Symbol? {
        infeasibleRows.removeAll()
        for i in states.indices where states[i].isBasic {
            switch states[i].kind {
            case .dummy:
                if rows[i].constant != 0 {
                    rowsCombined = true
                    dropped.append((Symbol(index: Int32(i)), rows[i].constant))
                    addToConstant(Symbol(index: Int32(i)), -rows[i].constant)
                }
            case .slack, .error:
                if rows[i].constant < -constantEpsilon { infeasibleRows.insert(Symbol(index: Int32(i))) }
            case .external:
                break
            }
        }
        return dualOptimize()
    }

    /// Absorbs the rows the dual simplex could not repair, from `failed` on: each one's
    /// constant is zeroed, the residue of a conflict between required constraints that a wider
    /// tolerance admitted, and goes to `dropped`, and the dual simplex goes on. With
    /// `withinBound`, only a row off by no more than 32 times the constant tolerance (the
    /// documented bound of a required constraint's violation) is absorbed. Returns the row
    /// left unrepaired, if any.
    mutating func absorbConflicts(
        from failed: Symbol?, withinBound: Bool, dropped: inout [(marker: Symbol, constant: Double)]
    ) -> Symbol? {
        var failed = failed
        var budget = symbolCapacity
        while let basic = failed, budget > 0 {
            let constant = rows[Int(basic.index)].constant
            if withinBound && abs(constant) > 32 * constantEpsilon { break }
            budget -= 1
            rowsCombined = true
            dropped.append((basic, constant))
            addToConstant(basic, -constant)
            failed = dualOptimize()
        }
        return failed
    }

    var numericsState: (Double, Double, Double, Double) {
        get { (coefficientEpsilon, constantEpsilon, largestCoefficient, largestConstant) }
        set { (coefficientEpsilon, constantEpsilon, largestCoefficient, largestConstant) = newValue }
    }

    // MARK: Symbols

    var symbolCapacity: Int { states.count }
    var freeSymbolCount: Int { freeSymbols.count }

    mutating func allocate(_ kind: SymbolKind, owner: Constraint? = nil, variable: Variable? = nil) -> Symbol {
        if let symbol = freeSymbols.popLast() {
            let i = Int(symbol.index)
            states[i].kind = kind
            owners[i] = owner
            variables[i] = variable
            if journal.isOpen { journal.entries.append(.reused(symbol)) }
            markDirty(symbol)
            return symbol
        }
        let symbol = Symbol(index: Int32(states.count))
        if states.count == states.capacity { reserveSymbols(Swift.max(64, 3 * states.count)) }
        states.append(SymbolState(kind: kind))
        rows.append(Row())
        columns.append(SymbolList())
        costs.append(CostVector())
        owners.append(owner)
        variables.append(variable)
        mentions.appendSymbol()
        positions.append(-1)
        // A new index needs no journal entry: a rollback drops every index from the
        // journal's `symbolCount` on.
        markDirty(symbol)
        return symbol
    }

    /// Grows the per-symbol arrays to `capacity` at once. Tripling instead of the arrays'
    /// own doubling halves what growing copies, which showed in building large layouts.
    private mutating func reserveSymbols(_ capacity: Int) {
        states.reserveCapacity(capacity)
        rows.reserveCapacity(capacity)
        columns.reserveCapacity(capacity)
        costs.reserveCapacity(capacity)
        owners.reserveCapacity(capacity)
        variables.reserveCapacity(capacity)
        mentions.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// Returns a symbol that no row and no objective cell mentions any more to the pool.
    mutating func free(_ symbol: Symbol) {
        let i = Int(symbol.index)
        if journal.isOpen { journal.entries.append(.freed(symbol, states[i].kind, owners[i], variables[i])) }
        owners[i] = nil
        variables[i] = nil
        states[i].offset = 0
        states[i].useCount = 0
        columns[i] = SymbolList()
        mentions.removeAll(from: symbol)
        freeSymbols.append(symbol)
    }

    func kind(_ symbol: Symbol) -> SymbolKind { states[Int(symbol.index)].kind }
    func isBasic(_ symbol: Symbol) -> Bool { states[Int(symbol.index)].isBasic }
    func row(_ symbol: Symbol) -> Row { rows[Int(symbol.index)] }
    func cost(_ symbol: Symbol) -> CostVector { costs[Int(symbol.index)] }
    func owner(_ symbol: Symbol) -> Constraint? { owners[Int(symbol.index)] }
    func variable(_ symbol: Symbol) -> Variable? { variables[Int(symbol.index)] }
    func offset(_ symbol: Symbol) -> Double { states[Int(symbol.index)].offset }

    /// Whether the symbol is a variable with a row: a definition other rows may mention.
    func isDefinition(_ symbol: Symbol) -> Bool {
        let i = Int(symbol.index)
        return states[i].kind == .external && states[i].isBasic
    }

    /// The row with every mention of a defined variable replaced by its definition,
    /// recursively: a row in non-basic symbols only.
    mutating func expanded(_ row: Row) -> Row {
        // The common cases: definitions in terms of parameters, or of definitions that
        // are (a view's width defined through its container's edit variable). Those are
        // expanded directly; longer chains go through `expandedThroughChains`.
        var size = row.cells.count
        var mentionsDefinition = false
        var deep = false
        scan: for cell in row.cells where isDefinition(cell.symbol) {
            mentionsDefinition = true
            let definition = rows[Int(cell.symbol.index)]
            size += definition.cells.count
            for inner in definition.cells where isDefinition(inner.symbol) {
                let nested = rows[Int(inner.symbol.index)]
                size += nested.cells.count
                if nested.cells.contains(where: { isDefinition($0.symbol) }) {
                    deep = true
                    break scan
                }
            }
        }
        if !mentionsDefinition { return row }
        if deep { return expandedThroughChains(row) }
        let epsilon = coefficientEpsilon
        var result = Row(constant: row.constant)
        result.reserveCapacity(size)
        for cell in row.cells {
            guard isDefinition(cell.symbol) else {
                result.accumulate(cell.symbol, cell.coefficient, epsilon: epsilon, positions: &positions)
                continue
            }
            let definition = rows[Int(cell.symbol.index)]
            result.constant += cell.coefficient * definition.constant
            for inner in definition.cells {
                let factor = cell.coefficient * inner.coefficient
                guard isDefinition(inner.symbol) else {
                    result.accumulate(inner.symbol, factor, epsilon: epsilon, positions: &positions)
                    continue
                }
                let nested = rows[Int(inner.symbol.index)]
                result.constant += factor * nested.constant
                for leaf in nested.cells {
                    result.accumulate(leaf.symbol, factor * leaf.coefficient, epsilon: epsilon, positions: &positions)
                }
            }
        }
        result.endAccumulation(epsilon: coefficientEpsilon, positions: &positions)
        return result
    }

    /// `expanded` for rows that reach chains of definitions. Each definition is expanded
    /// once, parents before children, so a shared sub-definition costs one pass and a
    /// chain of n views costs O(n), not O(n²).
    private mutating func expandedThroughChains(_ row: Row) -> Row {
        var size = row.cells.count
        for cell in row.cells where isDefinition(cell.symbol) { size += rows[Int(cell.symbol.index)].cells.count }
        collectDefinitions(reachableFrom: row)
        var result = Row(constant: row.constant)
        result.reserveCapacity(size)
        for cell in row.cells {
            if isDefinition(cell.symbol) {
                states[Int(cell.symbol.index)].scratch += cell.coefficient
            } else {
                _ = result.add(cell.symbol, cell.coefficient, epsilon: coefficientEpsilon)
            }
        }
        var k = expansionOrder.count
        while k > 0 {
            k -= 1
            let i = Int(expansionOrder[k].index)
            let factor = states[i].scratch
            states[i].scratch = 0
            if factor == 0 { continue }
            result.constant += factor * rows[i].constant
            for cell in rows[i].cells {
                if isDefinition(cell.symbol) {
                    states[Int(cell.symbol.index)].scratch += factor * cell.coefficient
                } else {
                    _ = result.add(cell.symbol, factor * cell.coefficient, epsilon: coefficientEpsilon)
                }
            }
        }
        return result
    }

    /// Fills `expansionOrder` with the definitions a row depends on, children before
    /// parents (a depth-first post-order, iterative so that long chains cannot exhaust the
    /// stack). The buffers are reused from call to call.
    private mutating func collectDefinitions(reachableFrom row: Row) {
        nextVisitGeneration()
        expansionOrder.removeAll(keepingCapacity: true)
        expansionStack.removeAll(keepingCapacity: true)
        for cell in row.cells where isDefinition(cell.symbol) && states[Int(cell.symbol.index)].visitStamp != visitGeneration {
            states[Int(cell.symbol.index)].visitStamp = visitGeneration
            expansionStack.append((cell.symbol, 0))
            while let top = expansionStack.last {
                let cells = rows[Int(top.symbol.index)].cells
                var next = top.next
                var child: Symbol?
                while next < cells.count {
                    let candidate = cells[next].symbol
                    next += 1
                    if isDefinition(candidate) && states[Int(candidate.index)].visitStamp != visitGeneration {
                        child = candidate
                        break
                    }
                }
                expansionStack[expansionStack.count - 1].next = next
                if let child {
                    states[Int(child.index)].visitStamp = visitGeneration
                    expansionStack.append((child, 0))
                } else {
                    expansionStack.removeLast()
                    expansionOrder.append(top.symbol)
                }
            }
        }
    }

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
            if let variable = variables[i] { report(variable, states[i].value + states[i].offset) }
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
            for referrer in rowsContaining(Symbol(index: Int32(i)))
            where states[Int(referrer.index)].kind == .external && !states[Int(referrer.index)].isStale {
                let r = Int(referrer.index)
                states[r].isStale = true
                pending.append(referrer)
                if !states[r].isDirty {
                    states[r].isDirty = true
                    dirtyExternals.append(referrer)
                }
            }
        }
        for symbol in pending where Int(symbol.index) < states.count { evaluate(symbol) }
        refreshed = pending
    }

    /// The value of an external symbol's variable as last evaluated (`refreshValues`).
    func value(_ symbol: Symbol) -> Double {
        let i = Int(symbol.index)
        return (states[i].isBasic ? states[i].value : 0) + states[i].offset
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

    /// Notes that the required constraint with `marker` mentions the external `symbol`.
    mutating func addMention(of symbol: Symbol, by marker: Symbol) {
        mentions.add(marker, to: symbol)
    }

    /// Forgets that the required constraint with `marker` mentions the external `symbol`.
    mutating func removeMention(of symbol: Symbol, by marker: Symbol) {
        mentions.remove(marker, from: symbol)
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
        for cell in rows[first].cells where isDefinition(cell.symbol) {
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
            for cell in rows[i].cells where isDefinition(cell.symbol) {
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
        for basic in rowsContaining(symbol) {
            addToConstant(basic, rows[Int(basic.index)].coefficient(for: symbol) * delta)
        }
        states[Int(symbol.index)].offset += delta
        markDirty(symbol)
    }
    func isRestricted(_ symbol: Symbol) -> Bool {
        let kind = states[Int(symbol.index)].kind
        return kind == .slack || kind == .error
    }

    // MARK: Rows

    mutating func insertRow(_ basic: Symbol, _ row: Row) {
        let i = Int(basic.index)
        recordRow(i)
        states[i].isBasic = true
        rows[i] = row
        for cell in row.cells { noteInserted(cell.symbol, in: basic) }
        noteConstantChanged(basic)
    }

    mutating func takeRow(_ basic: Symbol) -> Row {
        let i = Int(basic.index)
        recordRow(i)
        let row = rows[i]
        for cell in row.cells { states[Int(cell.symbol.index)].columnCount -= 1 }
        rows[i] = Row()
        states[i].isBasic = false
        markDirty(basic)
        return row
    }

    /// Removes a symbol's cell from a basic symbol's row, returning its coefficient.
    @discardableResult
    mutating func removeFromRow(_ basic: Symbol, _ symbol: Symbol) -> Double {
        let i = Int(basic.index)
        guard rows[i].contains(symbol) else { return 0 }
        recordRow(i)
        states[Int(symbol.index)].columnCount -= 1
        return rows[i].remove(symbol)
    }

    mutating func addToConstant(_ basic: Symbol, _ delta: Double) {
        let i = Int(basic.index)
        recordRow(i)
        rows[i].constant += delta
        noteConstantChanged(basic)
    }

    /// The rows that contain the symbol, in a deterministic order; compacts the column.
    mutating func rowsContaining(_ symbol: Symbol) -> SymbolList {
        let i = Int(symbol.index)
        nextVisitGeneration()
        // Compacted in place: taking the column out first keeps its buffer unique, so
        // neither the compaction nor the write-back allocates.
        var column = columns[i]
        columns[i] = SymbolList()
        var kept = 0
        for k in column.indices {
            let entry = column[k]
            let r = Int(entry.index)
            guard r < states.count, states[r].isBasic, states[r].visitStamp != visitGeneration,
                rows[r].contains(symbol)
            else { continue }
            states[r].visitStamp = visitGeneration
            column[kept] = entry
            kept += 1
        }
        column.truncate(to: kept)
        columns[i] = column
        return column
    }

    private mutating func nextVisitGeneration() {
        visitGeneration &+= 1
        if visitGeneration == 0 {
            for k in states.indices { states[k].visitStamp = 0 }
            visitGeneration = 1
        }
    }

    /// Replaces `symbol` by `row` (its definition) in every row and in the objectives.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        let i = Int(symbol.index)
        let column = columns[i]
        columns[i] = SymbolList()
        // Room for what one row can gain and lose: at most a cell per cell of the definition.
        if insertedCells.count < row.cells.count {
            insertedCells = Array(repeating: Cell(symbol: .invalid, coefficient: 0), count: row.cells.count)
            removedSymbols = Array(repeating: .invalid, count: row.cells.count)
        }
        for basic in column {
            let r = Int(basic.index)
            guard r < states.count, states[r].isBasic else { continue }
            if usesPositionMap(rows[r], definition: row) {
                // Long rows: a position map makes each cell of the definition O(1), and
                // finds the symbol's cell too, unless the row must be saved before.
                if recordsChanges {
                    guard rows[r].contains(symbol) else { continue }
                    recordRow(r)
                }
                let epsilon = coefficientEpsilon
                let changes = insertedCells.withUnsafeMutableBufferPointer { inserted in
                    removedSymbols.withUnsafeMutableBufferPointer { removed in
                        rows[r].substitute(
                            symbol, by: row, epsilon: epsilon, positions: &positions,
                            inserted: inserted, removed: removed)
                    }
                }
                guard let changes else { continue }
                states[i].columnCount -= 1
                noteCellChanges(in: basic, inserted: changes.inserted, removed: changes.removed)
            } else {
                let coefficient = rows[r].coefficient(for: symbol)
                if coefficient == 0 { continue }
                recordRow(r)
                states[i].columnCount -= 1
                rows[r].remove(symbol)
                rows[r].constant += coefficient * row.constant
                for cell in row.cells {
                    switch rows[r].add(cell.symbol, coefficient * cell.coefficient, epsilon: coefficientEpsilon) {
                    case .inserted: noteInserted(cell.symbol, in: basic)
                    case .removed: states[Int(cell.symbol.index)].columnCount -= 1
                    case .updated, .unchanged: break
                    }
                }
            }
            rowsCombined = true
            noteConstantChanged(basic)
        }
        // The symbol is in no row now; keep its column's buffer for when it is again.
        if column.count > 2 && columns[i].isEmpty {
            var emptied = column
            emptied.truncate(to: 0)
            columns[i] = emptied
        }
        let cost = costs[i]
        if !cost.isZero {
            recordCost(i)
            costs[i] = .zero
            // Round-off of the row would put round-off costs on symbols (see `CostVector.add`).
            for cell in row.cells where !isRoundOff(cell.coefficient, of: row, below: 1e-9) {
                addCost(cell.symbol, cost, times: cell.coefficient)
            }
        }
        if artificial != nil {
            let coefficient = artificial!.remove(symbol)
            if coefficient != 0 {
                artificial!.constant += coefficient * row.constant
                for cell in row.cells {
                    _ = artificial!.add(cell.symbol, coefficient * cell.coefficient, epsilon: coefficientEpsilon)
                    if artificial!.coefficient(for: cell.symbol) < -artificialFloor {
                        artificialCandidates.insert(cell.symbol)
                    }
                }
            }
        }
    }

    /// `noteInserted` for the cells a position-map substitution added to a row (the first
    /// `inserted` of `insertedCells`), and the column counts of the cells it cancelled (the
    /// first `removed` of `removedSymbols`). One access to the per-symbol arrays for the
    /// whole row instead of one per cell: rows that gain and lose several cells at a pivot
    /// are the rule when a layout is resized.
    private mutating func noteCellChanges(in basic: Symbol, inserted: Int, removed: Int) {
        var overgrown = false
        states.withUnsafeMutableBufferPointer { states in
            columns.withUnsafeMutableBufferPointer { columns in
                for k in 0..<inserted {
                    let i = Int(insertedCells[k].symbol.index)
                    states[i].columnCount += 1
                    columns[i].append(basic)
                    if columns[i].count > Tableau.columnSlack(Int(states[i].columnCount)) { overgrown = true }
                }
            }
            for k in 0..<removed { states[Int(removedSymbols[k].index)].columnCount -= 1 }
        }
        guard overgrown else { return }
        for k in 0..<inserted {
            let symbol = insertedCells[k].symbol
            let i = Int(symbol.index)
            if columns[i].count > Tableau.columnSlack(Int(states[i].columnCount)) { _ = rowsContaining(symbol) }
        }
    }

    /// How long a column may grow, stale entries included, before it is compacted. Stale
    /// entries cost little (a substitution skips a row without the symbol after a search),
    /// so they are let pile up to several times the real ones.
    private static func columnSlack(_ columnCount: Int) -> Int { 4 * columnCount + 16 }

    private mutating func noteInserted(_ symbol: Symbol, in basic: Symbol) {
        let i = Int(symbol.index)
        states[i].columnCount += 1
        columns[i].append(basic)
        // Keep stale entries from piling up on symbols that come and go from rows.
        if columns[i].count > Tableau.columnSlack(Int(states[i].columnCount)) { _ = rowsContaining(symbol) }
    }

    private mutating func noteConstantChanged(_ basic: Symbol) {
        let i = Int(basic.index)
        switch states[i].kind {
        case .external:
            markDirty(basic)
        case .slack, .error:
            if rows[i].constant < -constantEpsilon { infeasibleRows.insert(basic) }
        case .dummy:
            if abs(rows[i].constant) > constantEpsilon { infeasibleRows.insert(basic) }
        }
    }

    private mutating func markDirty(_ symbol: Symbol) {
        let i = Int(symbol.index)
        guard states[i].kind == .external, !states[i].isStale else { return }
        states[i].isStale = true
        staleExternals.append(symbol)
        guard !states[i].isDirty else { return }
        states[i].isDirty = true
        dirtyExternals.append(symbol)
    }

    // MARK: Objective

    /// Adds `factor · vector` to a symbol's objective coefficient, or to the objective
    /// through the symbol's row when it is basic.
    mutating func addCost(_ symbol: Symbol, _ vector: CostVector, times factor: Double) {
        let i = Int(symbol.index)
        if states[i].isBasic {
            let row = rows[i]
            for cell in row.cells where !isRoundOff(cell.coefficient, of: row, below: 1e-9) {
                addCost(cell.symbol, vector, times: factor * cell.coefficient)
            }
            return
        }
        recordCost(i)
        costs[i].add(vector, times: factor, epsilon: coefficientEpsilon)
        if costs[i].isNegative && !states[i].isCandidate {
            states[i].isCandidate = true
            candidates.insert(symbol)
        }
    }

    /// Clears a symbol's objective coefficient (rounding residue of a removed symbol).
    mutating func clearCost(_ symbol: Symbol) {
        let i = Int(symbol.index)
        guard !costs[i].isZero else { return }
        recordCost(i)
        costs[i] = .zero
    }

    /// The lowest-indexed non-basic restricted symbol with a negative cost, dropping the
    /// candidates that no longer qualify on the way.
    mutating func lowestNegativeCandidate() -> Symbol? {
        while let symbol = candidates.first {
            let i = Int(symbol.index)
            if i < states.count, !states[i].isBasic, costs[i].isNegative, states[i].kind == .slack || states[i].kind == .error {
                return symbol
            }
            _ = candidates.popFirst()
            if i < states.count { states[i].isCandidate = false }
        }
        return nil
    }

    // MARK: Inspection

    /// Every logical part of the tableau, written out with exact numbers: two tableaus
    /// with equal fingerprints behave identically from then on.
    var fingerprint: String {
        var lines: [String] = ["capacity \(states.count) free \(freeSymbols.map(\.index))"]
        let free = Set(freeSymbols.map { Int($0.index) })
        for i in states.indices {
            if free.contains(i) {
                lines.append("\(i) free")
                continue
            }
            var line = "\(i) \(states[i].kind)"
            if let variable = variables[i] { line += " var \(ObjectIdentifier(variable).hashValue)" }
            if let owner = owners[i] { line += " owner \(ObjectIdentifier(owner).hashValue)" }
            if states[i].offset != 0 { line += " offset \(states[i].offset)" }
            if states[i].isBasic {
                let cells = rows[i].cells.sorted { $0.symbol < $1.symbol }
                line += " = \(rows[i].constant)" + cells.map { " \($0.coefficient)*s\($0.symbol.index)" }.joined()
            }
            if !costs[i].isZero {
                line += " cost" + costs[i].entries.map { " \($0.level):\($0.value)" }.joined()
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Sizes of the internal storage, to check that churn does not make it grow.
    var storage: (rows: Int, cells: Int, columnEntries: Int, objectiveCells: Int) {
        var rowCount = 0
        var cellCount = 0
        for i in states.indices where states[i].isBasic {
            rowCount += 1
            cellCount += rows[i].cells.count
        }
        return (
            rowCount, cellCount, columns.reduce(0) { $0 + $1.count },
            costs.reduce(0) { $0 + $1.count })
    }

    // MARK: Transactions

    /// What an operation changed, so that a failure can put everything back.
    struct Journal {
        enum Entry {
            /// A freed symbol taken from the pool.
            case reused(Symbol)
            case freed(Symbol, SymbolKind, Constraint?, Variable?)
            case row(Int, Row?)
            case cost(Int, CostVector)
        }
        /// Whether a transaction is in progress. The journal is kept (not made optional)
        /// between transactions so that its entry buffer is reused, and beginning or
        /// committing a transaction moves nothing.
        var isOpen = false
        /// Empty between transactions.
        var entries: [Entry] = []
        /// Whether row and cost changes are saved. Operations turn this on only for the
        /// steps that can still fail, so the common paths do not copy what they touch.
        /// Symbol reuses and releases are always recorded.
        var recordsChanges = false
        var numerics: (Double, Double, Double, Double) = (0, 0, 0, 0)
        /// `rowsCombined` when the transaction began: rows put back need no check.
        var rowsCombined = false
        /// How many symbol indices existed when the transaction began.
        var symbolCount = 0
    }

    private var journal = Journal()
    private var journalGeneration: UInt32 = 0

    mutating func beginTransaction(recordingChanges: Bool) {
        if !variablesAddedInTransaction.isEmpty { variablesAddedInTransaction.removeAll(keepingCapacity: true) }
        journalGeneration &+= 1
        if journalGeneration == 0 {
            for k in states.indices {
                states[k].rowStamp = 0
                states[k].costStamp = 0
            }
            journalGeneration = 1
        }
        journal.isOpen = true
        journal.recordsChanges = recordingChanges
        journal.numerics = numericsState
        journal.rowsCombined = rowsCombined
        journal.symbolCount = states.count
        infeasibleRows.removeAll()
    }

    /// Starts saving row and cost changes in the current transaction, before a step that
    /// can fail.
    mutating func recordChangesFromNowOn() {
        if journal.isOpen { journal.recordsChanges = true }
    }

    mutating func commit() {
        journal.isOpen = false
        journal.recordsChanges = false
        // Keep the buffer for the next transaction: most operations journal a few entries,
        // and allocating an array for them each time showed in profiles.
        if !journal.entries.isEmpty { journal.entries.removeAll(keepingCapacity: true) }
        if !variablesAddedInTransaction.isEmpty { variablesAddedInTransaction.removeAll(keepingCapacity: true) }
    }

    /// Puts back every row, objective cell and symbol the transaction touched.
    mutating func rollback() {
        guard journal.isOpen else { return }
        journal.isOpen = false
        journal.recordsChanges = false
        let entries = journal.entries
        journal.entries = []
        forgetRolledBackVariables()
        setArtificial(nil)
        infeasibleRows.removeAll()
        for entry in entries.reversed() {
            switch entry {
            case .row(let i, let saved):
                restoreRow(i, saved)
            case .cost(let i, let saved):
                costs[i] = saved
                if saved.isNegative && !states[i].isCandidate {
                    states[i].isCandidate = true
                    candidates.insert(Symbol(index: Int32(i)))
                }
            case .freed(let symbol, let kind, let owner, let variable):
                _ = freeSymbols.popLast()
                let i = Int(symbol.index)
                states[i].kind = kind
                owners[i] = owner
                variables[i] = variable
            case .reused(let symbol):
                let i = Int(symbol.index)
                // Costs given to a new symbol before changes were recorded go with it.
                owners[i] = nil
                variables[i] = nil
                columns[i] = SymbolList()
                costs[i] = .zero
                freeSymbols.append(symbol)
            }
        }
        // The symbols created by the transaction, last of all: the entries above may
        // still have touched them.
        let created = states.count - journal.symbolCount
        if created > 0 {
            states.removeLast(created)
            rows.removeLast(created)
            columns.removeLast(created)
            costs.removeLast(created)
            owners.removeLast(created)
            variables.removeLast(created)
            mentions.removeLastSymbols(created)
            positions.removeLast(created)
        }
        numericsState = journal.numerics
        rowsCombined = journal.rowsCombined
        dirtyExternals.removeAll { Int($0.index) >= states.count }
        staleExternals.removeAll { Int($0.index) >= states.count }
    }

    private mutating func restoreRow(_ i: Int, _ saved: Row?) {
        let basic = Symbol(index: Int32(i))
        if states[i].isBasic {
            for cell in rows[i].cells { states[Int(cell.symbol.index)].columnCount -= 1 }
        }
        if let saved {
            states[i].isBasic = true
            rows[i] = saved
            for cell in saved.cells {
                states[Int(cell.symbol.index)].columnCount += 1
                columns[Int(cell.symbol.index)].append(basic)
            }
        } else {
            states[i].isBasic = false
            rows[i] = Row()
        }
        markDirty(basic)
    }

    /// Whether row and cost changes are being saved for a rollback.
    private var recordsChanges: Bool { journal.recordsChanges }

    private mutating func recordRow(_ i: Int) {
        guard journal.recordsChanges, states[i].rowStamp != journalGeneration else { return }
        states[i].rowStamp = journalGeneration
        journal.entries.append(.row(i, states[i].isBasic ? rows[i] : nil))
    }

    private mutating func recordCost(_ i: Int) {
        guard journal.recordsChanges, states[i].costStamp != journalGeneration else { return }
        states[i].costStamp = journalGeneration
        journal.entries.append(.cost(i, costs[i]))
    }
}
