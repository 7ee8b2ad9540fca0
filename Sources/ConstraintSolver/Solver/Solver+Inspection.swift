// Views of the solver's internals for tests and diagnostics inside the package.

extension Solver {
    /// Counts of the solver's internal storage. Under add/remove churn none of them grows.
    package struct StorageStatistics: Equatable, CustomStringConvertible {
        /// Rows in the tableau (one per basic symbol).
        package var rows: Int
        /// Cells across all rows.
        package var cells: Int
        /// Entries of the column index (symbol → rows), stale ones included.
        package var columnEntries: Int
        /// Non-zero entries of the objective's cost vectors.
        package var objectiveCells: Int
        /// Symbol slots allocated, live or free.
        package var symbolCapacity: Int
        /// Symbol slots in use.
        package var liveSymbols: Int
        /// Variables the solver knows.
        package var variables: Int
        /// Constraints the solver holds, edit constraints included.
        package var constraints: Int

        /// The counts on one line.
        package var description: String {
            "rows \(rows), cells \(cells), column entries \(columnEntries), objective cells "
                + "\(objectiveCells), symbols \(liveSymbols)/\(symbolCapacity), variables "
                + "\(variables), constraints \(constraints)"
        }
    }

    /// The current sizes of the internal storage.
    package var storageStatistics: StorageStatistics {
        let storage = tableau.storage
        return StorageStatistics(
            rows: storage.rows, cells: storage.cells, columnEntries: storage.columnEntries,
            objectiveCells: storage.objectiveCells, symbolCapacity: tableau.symbolCapacity,
            liveSymbols: tableau.symbolCapacity - tableau.freeSymbolCount,
            variables: tableau.externalCount, constraints: records.count)
    }

    /// How many symbols the per-symbol storage has room for before it grows, and how many
    /// terms of required constraints the mention lists have room for: what
    /// ``reserveCapacity(forAdding:)`` sizes.
    package var storageRoom: (symbols: Int, mentionTerms: Int) {
        (tableau.states.capacity, tableau.mentions.terms.capacity)
    }

    /// How many rows have room for 64 cells or more and use under a quarter of it: rows that
    /// substitutions narrowed give most of their room back.
    package var rowsMostlyUnused: Int {
        tableau.rowsMostlyUnused
    }

    /// The whole logical state of the tableau as text with exact numbers, for checking that
    /// a rejected operation left the solver exactly as it was.
    package var tableauFingerprint: String {
        tableau.fingerprint
    }
}
