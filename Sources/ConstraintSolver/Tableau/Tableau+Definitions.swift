// Rows of variables that other rows mention as themselves, and their expansion where a
// restricted row needs them.

extension Tableau {
    /// Whether the symbol is a variable with a row: a definition other rows may mention.
    @inline(__always)  // Called from mutating methods: see the note on calls in `Tableau`.
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
                result.accumulate(cell.symbol, cell.coefficient, scale: Double(cell.scale), epsilon: epsilon, positions: &positions)
                continue
            }
            let definition = rows[Int(cell.symbol.index)]
            result.constant += cell.coefficient * definition.constant
            for inner in definition.cells {
                let factor = cell.coefficient * inner.coefficient
                guard isDefinition(inner.symbol) else {
                    result.accumulate(
                        inner.symbol, factor, scale: abs(cell.coefficient) * Double(inner.scale), epsilon: epsilon,
                        positions: &positions)
                    continue
                }
                let nested = rows[Int(inner.symbol.index)]
                result.constant += factor * nested.constant
                for leaf in nested.cells {
                    result.accumulate(
                        leaf.symbol, factor * leaf.coefficient, scale: abs(factor) * Double(leaf.scale), epsilon: epsilon,
                        positions: &positions)
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
        // Each definition's factor sums in `expansionFactors`, found through `positions`
        // (all -1 between uses), which map the definitions to their places in the order.
        expansionFactors.removeAll(keepingCapacity: true)
        expansionFactors.append(contentsOf: repeatElement(0, count: expansionOrder.count))
        for (place, symbol) in expansionOrder.enumerated() { positions[Int(symbol.index)] = Int32(place) }
        var result = Row(constant: row.constant)
        result.reserveCapacity(size)
        for cell in row.cells {
            if isDefinition(cell.symbol) {
                expansionFactors[Int(positions[Int(cell.symbol.index)])] += cell.coefficient
            } else {
                _ = result.add(cell.symbol, cell.coefficient, scale: Double(cell.scale), epsilon: coefficientEpsilon)
            }
        }
        var k = expansionOrder.count
        while k > 0 {
            k -= 1
            let i = Int(expansionOrder[k].index)
            let factor = expansionFactors[k]
            if factor == 0 { continue }
            result.constant += factor * rows[i].constant
            for cell in rows[i].cells {
                if isDefinition(cell.symbol) {
                    expansionFactors[Int(positions[Int(cell.symbol.index)])] += factor * cell.coefficient
                } else {
                    _ = result.add(
                        cell.symbol, factor * cell.coefficient, scale: abs(factor) * Double(cell.scale),
                        epsilon: coefficientEpsilon)
                }
            }
        }
        for symbol in expansionOrder { positions[Int(symbol.index)] = -1 }
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
}
