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
///
/// A mutating method that calls a non-mutating one hands it the tableau through a copy of
/// all its fields (over 800 bytes, put on the stack) unless the call is inlined: the
/// compiler makes no such copy for a mutating callee, or inside one function. The read-only
/// helpers that insertions and pivots call from mutating methods are therefore marked
/// `@inline(__always)`.
struct Tableau {
    // MARK: Per-symbol storage

    /// The plain per-symbol data, one struct per symbol so that creating a symbol is one
    /// append (it was one per field, and creating symbols dominated adding a constraint).
    struct SymbolState {
        var kind: SymbolKind
        var isBasic = false
        /// Whether the symbol is in `candidates`.
        var isCandidate = false
        /// `isDirty`, `isStale`, `isNegativeInOwnRow`, `isRowSaved`, `isCostSaved` and
        /// `hasOffset` in one byte, which keeps a symbol's state at 24 bytes.
        private var valueFlags: UInt8 = 0
        @inline(__always) private func flag(_ bit: UInt8) -> Bool { valueFlags & bit != 0 }
        @inline(__always) private mutating func setFlag(_ bit: UInt8, _ on: Bool) {
            valueFlags = on ? valueFlags | bit : valueFlags & ~bit
        }
        /// Whether the symbol is in `dirtyExternals`, to be reported by `updateValues`.
        var isDirty: Bool {
            get { flag(1) }
            set { setFlag(1, newValue) }
        }
        /// Whether the symbol is in `staleExternals` (or being evaluated): its value must be
        /// evaluated again.
        var isStale: Bool {
            get { flag(2) }
            set { setFlag(2, newValue) }
        }
        /// Whether a marker or error symbol has coefficient -1 in its constraint's row as
        /// `createRow` made it, before any sign change: `refineCost` evaluates the
        /// constraint as given through it.
        var isNegativeInOwnRow: Bool {
            get { flag(4) }
            set { setFlag(4, newValue) }
        }
        /// Whether the open transaction's journal holds the symbol's row as it was before
        /// the transaction; the journal's entries say whose, so ending the transaction clears
        /// the mark where it was set.
        var isRowSaved: Bool {
            get { flag(8) }
            set { setFlag(8, newValue) }
        }
        /// Whether the open transaction's journal holds the symbol's cost as it was before it.
        var isCostSaved: Bool {
            get { flag(16) }
            set { setFlag(16, newValue) }
        }
        /// Whether `offsets` holds an offset for the symbol.
        var hasOffset: Bool {
            get { flag(32) }
            set { setFlag(32, newValue) }
        }
        /// How many rows really contain the symbol.
        var columnCount: Int32 = 0
        /// How many held constraints mention an external symbol; at zero it is released.
        var useCount: Int32 = 0
        /// `visitGeneration` when a search last met the symbol, to deduplicate column entries.
        var visitStamp: UInt32 = 0
        /// The last evaluated value of an external symbol (`variable - offset`).
        var value = 0.0

        init(kind: SymbolKind) {
            self.kind = kind
        }
    }

    var states: [SymbolState] = []
    /// The row of each basic symbol; an empty row for the others.
    var rows: [Row] = []
    /// Rows that may contain the symbol (a superset, possibly with repeats).
    var columns: [SymbolList] = []
    /// The objective's coefficient for each symbol; only non-basic symbols have one.
    var costs = CostTable()
    /// The level at which an error symbol costs one unit in the objective's definition, 0
    /// for the other symbols: what `costFromDefinition` derives the costs from.
    var units: [Float] = []
    /// Symbols whose cost `CostVector.add` judged by carried magnitudes, to be judged again
    /// from the definition (`settleSuspectCosts`).
    var suspectCosts: [Symbol] = []
    /// Work buffer of `costFromDefinition`.
    var costContributions: [CostVector.Entry] = []
    /// The variable an external symbol stands for, or the constraint a slack, error or dummy
    /// symbol belongs to.
    var sources: [SymbolSource] = []
    /// An external symbol stands for `variable - offset`. Offsets start at zero and move only
    /// when ambiguity is exercised, which shifts a free variable without a pivot; so they are
    /// kept here, by symbol index, for the few symbols that have one (`hasOffset`), rather
    /// than in every symbol's state.
    var offsets: [Int32: Double] = [:]
    /// The markers of the required constraints that mention an external symbol, so that a
    /// moved variable leads to the constraints that must still hold.
    var mentions = MentionLists()
    /// Whether rows were combined (a substitution) or a number was dropped since the last
    /// `clearRowsCombined`: only then can the rows have drifted from the constraints.
    var rowsCombined = false
    var freeSymbols: [Symbol] = []

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
    var candidates = SymbolHeap()
    /// Rows that may have become infeasible, for the dual simplex: the newest (highest
    /// index) first, see `dualOptimize`.
    var infeasibleRows = SymbolHeap(highestFirst: true)
    /// External symbols whose value may have changed since the last `updateValues`.
    var dirtyExternals: [Symbol] = []
    /// External symbols whose value may have changed since the last `refreshValues`.
    var staleExternals: [Symbol] = []
    /// The external symbols the last `refreshValues` evaluated.
    var refreshed: [Symbol] = []
    /// The markers `collectMarkersToCheck` found, in a buffer kept between calls.
    var markersToCheck: [Symbol] = []
    var visitGeneration: UInt32 = 0
    /// Work buffers of `expanded`, kept to spare an allocation per call.
    var expansionOrder: [Symbol] = []
    /// Work buffer of `expandedThroughChains`: each definition's factor, by its place in
    /// `expansionOrder`. Kept here rather than beside each symbol's state, which every symbol
    /// would pay for.
    var expansionFactors: [Double] = []
    var expansionStack: [(symbol: Symbol, next: Int)] = []
    /// Work buffer of `evaluate`.
    var evaluationStack: [Symbol] = []
    /// Work buffer of `leavingRow`: the rows of the ratio test.
    var leavingCandidates: [LeavingCandidate] = []
    /// Scratch positions per symbol for `Row.substitute`, `Row.accumulate` and
    /// `expandedThroughChains`; all -1 between calls.
    var positions: [Int32] = []
    /// Work buffers of `substitute`: the cells a substitution added to a row and the
    /// symbols whose cells it dropped, at the front; sized to the longest definition yet.
    var insertedCells: [Cell] = []
    var removedSymbols: [Symbol] = []

    /// The phase-one objective while a constraint is added through an artificial variable.
    var artificial: Row?
    /// The artificial variable whose row phase one drives to zero, or invalid outside it.
    var artificialSymbol = Symbol.invalid
    /// Symbols that may have a negative phase-one coefficient, lowest index first.
    var artificialCandidates = SymbolHeap()

    /// How negative a phase-one coefficient must be to make a candidate (see `setArtificial`).
    var artificialFloor = 0.0
    /// The fraction of its own cell's scale a phase-one coefficient must exceed to make a
    /// candidate: 0 but in the pass that follows small couplings (see `setArtificial`).
    var artificialScaleFloor = 0.0

    // MARK: Numerics

    /// Coefficients within this of zero are zero. Scale-aware: see `settleTolerances`.
    var coefficientEpsilon = 1e-9
    /// Row constants within this of zero are zero.
    var constantEpsilon = 1e-9
    var largestCoefficient = 1.0
    var largestConstant = 1.0
    /// The largest coefficients and the constants of the held constraints (an edit
    /// constraint's constant being its suggested value); the tolerances follow them.
    var coefficientCensus = MagnitudeCensus()
    var constantCensus = MagnitudeCensus()

    // MARK: Transactions

    /// What the transaction in progress changed (see `Tableau+Journal.swift`).
    var journal = Journal()

    // MARK: Symbols

    var symbolCapacity: Int { states.count }
    var freeSymbolCount: Int { freeSymbols.count }

    mutating func allocate(_ kind: SymbolKind, owner: Constraint? = nil, variable: Variable? = nil) -> Symbol {
        assert(owner == nil || variable == nil, "a symbol stands for a variable or belongs to a constraint, not both")
        if let symbol = freeSymbols.popLast() {
            let i = Int(symbol.index)
            states[i].kind = kind
            sources[i] = SymbolSource(owner: owner, variable: variable)
            units[i] = 0
            if journal.isOpen { journal.entries.append(.reused(symbol)) }
            markDirty(symbol)
            return symbol
        }
        let symbol = Symbol(index: Int32(states.count))
        if states.count == states.capacity { reserveSymbols(Swift.max(64, states.count + states.count / 2)) }
        states.append(SymbolState(kind: kind))
        rows.append(Row())
        columns.append(SymbolList())
        costs.appendSymbol()
        units.append(0)
        sources.append(SymbolSource(owner: owner, variable: variable))
        mentions.appendSymbol()
        positions.append(-1)
        // A new index needs no journal entry: a rollback drops every index from the
        // journal's `symbolCount` on.
        markDirty(symbol)
        return symbol
    }

    /// Makes room in the per-symbol arrays for `count` more symbols than are held (the free
    /// ones are taken first), as `reservedCapacity` sizes it: a large batch then leaves little
    /// unused capacity, which every symbol pays for in every per-symbol array.
    mutating func reserveSymbols(forAdding count: Int) {
        let needed = states.count + Swift.max(0, count - freeSymbols.count)
        guard needed > states.capacity else { return }
        reserveSymbols(Tableau.reservedCapacity(needing: needed, grownTo: states.capacity + states.capacity / 2))
    }

    /// The capacity to give storage that a batch of known size fills to `needed`, where
    /// growing would give it `grown`. A batch larger than growing would make room for gets
    /// its need and a thirty-second more (and one for the artificial variable an insertion
    /// takes for a moment), so that the first changes after it do not at once copy the
    /// storage to grow it. A smaller one grows the storage as a full one would, so that many
    /// small reservations do not copy it at each one.
    static func reservedCapacity(needing needed: Int, grownTo grown: Int) -> Int {
        needed > grown ? needed + needed / 32 + 1 : grown
    }

    /// Grows the per-symbol arrays to `capacity` at once. Growing by half keeps the unused
    /// capacity, which every symbol pays for in every per-symbol array, small in memory held
    /// per view, while copying a symbol's data a few times over costs little beside making it.
    private mutating func reserveSymbols(_ capacity: Int) {
        states.reserveCapacity(capacity)
        rows.reserveCapacity(capacity)
        columns.reserveCapacity(capacity)
        costs.reserveCapacity(capacity)
        units.reserveCapacity(capacity)
        sources.reserveCapacity(capacity)
        mentions.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// Returns a symbol that no row and no objective cell mentions any more to the pool.
    mutating func free(_ symbol: Symbol) {
        let i = Int(symbol.index)
        if journal.isOpen {
            journal.entries.append(.freed(symbol, states[i].kind, sources[i], units[i], states[i].isNegativeInOwnRow))
        }
        sources[i] = .none
        units[i] = 0
        setOffset(0, of: symbol)
        states[i].useCount = 0
        columns[i] = SymbolList()
        mentions.removeAll(involving: symbol)
        freeSymbols.append(symbol)
    }

    func kind(_ symbol: Symbol) -> SymbolKind { states[Int(symbol.index)].kind }
    func isBasic(_ symbol: Symbol) -> Bool { states[Int(symbol.index)].isBasic }
    func row(_ symbol: Symbol) -> Row { rows[Int(symbol.index)] }
    func cost(_ symbol: Symbol) -> CostVector { costs[Int(symbol.index)] }
    func owner(_ symbol: Symbol) -> Constraint? { sources[Int(symbol.index)].constraint }
    func variable(_ symbol: Symbol) -> Variable? { sources[Int(symbol.index)].variable }
    func offset(_ symbol: Symbol) -> Double {
        states[Int(symbol.index)].hasOffset ? offsets[symbol.index, default: 0] : 0
    }

    mutating func setOffset(_ offset: Double, of symbol: Symbol) {
        let i = Int(symbol.index)
        guard offset != 0 || states[i].hasOffset else { return }
        offsets[symbol.index] = offset == 0 ? nil : offset
        states[i].hasOffset = offset != 0
    }

    @inline(__always)  // Called from mutating methods: see the note on calls in `Tableau`.
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
        row.cells.withUnsafeBufferPointer { noteInserted($0, in: basic) }
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
        recordConstant(i)
        rows[i].constant += delta
        noteConstantChanged(basic)
    }

    mutating func noteConstantChanged(_ basic: Symbol) {
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

    mutating func markDirty(_ symbol: Symbol) {
        let i = Int(symbol.index)
        guard states[i].kind == .external, !states[i].isStale else { return }
        states[i].isStale = true
        staleExternals.append(symbol)
        guard !states[i].isDirty else { return }
        states[i].isDirty = true
        dirtyExternals.append(symbol)
    }
}
