// Views of the tableau for tests and diagnostics.

extension Tableau {
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
            if let variable = sources[i].variable { line += " var \(ObjectIdentifier(variable).hashValue)" }
            if let owner = sources[i].constraint { line += " owner \(ObjectIdentifier(owner).hashValue)" }
            let offset = offset(Symbol(index: Int32(i)))
            if offset != 0 { line += " offset \(offset)" }
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

    /// How many rows have room for 64 cells or more and use under a quarter of it
    /// (`Row.holdsMostlyUnusedRoom`).
    var rowsMostlyUnused: Int {
        states.indices.reduce(0) { count, i in count + (states[i].isBasic && rows[i].holdsMostlyUnusedRoom ? 1 : 0) }
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
            costs.entryCount)
    }
}
