extension CellItem {
    /// The numbers that order a block's items for measuring (see
    /// ``CellSizing/CellSizer/uncachedHeights(for:atWidths:similarity:configure:)``): for
    /// each field the run reads, a text's length in UTF-8 bytes, a number's value (held
    /// within ±10¹⁵), 1 or 0 for a truth value, and -1 for a field the line lacks. Items with
    /// similar numbers leave the same constraints of the template tight, so measured one
    /// after another they re-solve with few pivots; the heights do not depend on the order.
    var similarityFeatures: [Int] {
        slots.map { slot in
            switch slot {
            case .string(let string)?: string.utf8.count
            case .number(let number)?: Int(min(max(number, -1e15), 1e15))
            case .bool(let bool)?: bool ? 1 : 0
            case .null?: 0
            case .array(let elements)?: elements.count
            case .object?: 0
            case nil: -1
            }
        }
    }
}
