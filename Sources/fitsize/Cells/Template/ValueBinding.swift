/// A number written in the template, or taken from each item's field (`"{photoHeight}"`).
enum NumberBinding: Sendable {
    case constant(Double)
    case field(FieldPath)

    /// The binding with its field resolved to its slot in `slots`' items.
    func resolved(with slots: FieldSlots) -> NumberBinding {
        if case .field(let path) = self { .field(slots.resolve(path)) } else { self }
    }

    func value(from item: CellItem) -> Double {
        switch self {
        case .constant(let value): value
        case .field(let path): item.number(at: path) ?? 0
        }
    }
}

/// A yes/no written in the template, or taken from each item's field: `"{isPinned}"`, or
/// negated, `"!{photo}"` (true when the item has no photo).
enum BoolBinding: Sendable {
    case constant(Bool)
    case field(FieldPath, negated: Bool)

    /// The binding with its field resolved to its slot in `slots`' items.
    func resolved(with slots: FieldSlots) -> BoolBinding {
        if case .field(let path, let negated) = self { .field(slots.resolve(path), negated: negated) } else { self }
    }

    func value(from item: CellItem) -> Bool {
        switch self {
        case .constant(let value): value
        case .field(let path, let negated): item.truthValue(at: path) != negated
        }
    }
}

/// A binding with the place it was written.
struct Located<Binding: Sendable>: Sendable {
    var binding: Binding
    var location: SourceLocation
}
