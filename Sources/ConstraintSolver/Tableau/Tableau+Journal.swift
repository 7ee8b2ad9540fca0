// Transactions: what an operation changed, kept so that a failure can put it back.

extension Tableau {
    /// What an operation changed, so that a failure can put everything back.
    struct Journal {
        enum Entry {
            /// A freed symbol taken from the pool.
            case reused(Symbol)
            case freed(Symbol, SymbolKind, SymbolSource, Float, Bool)
            case row(Int, Row?)
            /// A basic row's constant before a change that left its cells alone: a shift of a
            /// marker moves many rows' constants, and saving each whole row cost more than
            /// the shift itself.
            case constant(Int, Double)
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

    mutating func beginTransaction(recordingChanges: Bool) {
        if !variablesAddedInTransaction.isEmpty { variablesAddedInTransaction.removeAll(keepingCapacity: true) }
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
        clearSavedMarks()
        // Keep the buffer for the next transaction: most operations journal a few entries,
        // and allocating an array for them each time showed in profiles. Popped with code
        // specialised for the entries: the general path destroyed each through its metadata.
        journal.entries.removeEachKeepingStorage()
        if !variablesAddedInTransaction.isEmpty { variablesAddedInTransaction.removeAll(keepingCapacity: true) }
    }

    /// Puts back every row, objective cell and symbol the transaction touched.
    mutating func rollback() {
        guard journal.isOpen else { return }
        journal.isOpen = false
        journal.recordsChanges = false
        clearSavedMarks()
        let entries = journal.entries
        journal.entries = []
        forgetRolledBackVariables()
        setArtificial(nil)
        infeasibleRows.removeAll()
        suspectCosts.removeAll()
        for entry in entries.reversed() {
            switch entry {
            case .row(let i, let saved):
                restoreRow(i, saved)
            case .constant(let i, let saved):
                // Undone in reverse, the entries after it put the row back as it was then: basic.
                rows[i].constant = saved
                markDirty(Symbol(index: Int32(i)))
            case .cost(let i, let saved):
                costs[i] = saved
                if !states[i].isCandidate && saved.mayEnter(coefficientEpsilon) {
                    states[i].isCandidate = true
                    candidates.insert(Symbol(index: Int32(i)))
                }
            case .freed(let symbol, let kind, let source, let unit, let isNegativeInOwnRow):
                _ = freeSymbols.popLast()
                let i = Int(symbol.index)
                units[i] = unit
                states[i].kind = kind
                states[i].isNegativeInOwnRow = isNegativeInOwnRow
                sources[i] = source
            case .reused(let symbol):
                let i = Int(symbol.index)
                // Costs given to a new symbol before changes were recorded go with it.
                sources[i] = .none
                columns[i] = SymbolList()
                costs[i] = .zero
                units[i] = 0
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
            costs.removeLastSymbols(created)
            units.removeLast(created)
            sources.removeLast(created)
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

    /// Clears the marks of the rows and costs the journal saved, as the transaction ends: the
    /// entries name every symbol marked.
    private mutating func clearSavedMarks() {
        for k in journal.entries.indices {
            switch journal.entries[k] {
            case .row(let i, _): states[i].isRowSaved = false
            case .cost(let i, _): states[i].isCostSaved = false
            case .reused, .freed, .constant: break
            }
        }
    }

    /// Whether row and cost changes are being saved for a rollback.
    var recordsChanges: Bool { journal.recordsChanges }

    mutating func recordRow(_ i: Int) {
        guard journal.recordsChanges, !states[i].isRowSaved else { return }
        states[i].isRowSaved = true
        journal.entries.append(.row(i, states[i].isBasic ? rows[i] : nil))
    }

    /// Saves a basic row's constant before a change of it alone, unless its whole row is
    /// saved already. Not stamped: a constant changed twice is saved twice, and undone in
    /// reverse the first saving wins.
    mutating func recordConstant(_ i: Int) {
        guard journal.recordsChanges, !states[i].isRowSaved else { return }
        journal.entries.append(.constant(i, rows[i].constant))
    }

    mutating func recordCost(_ i: Int) {
        guard journal.recordsChanges, !states[i].isCostSaved else { return }
        states[i].isCostSaved = true
        journal.entries.append(.cost(i, costs[i]))
    }
}
