/// A column of the tableau: an index into the tableau's per-symbol storage.
///
/// Indices of removed symbols are reused, so storage does not grow under churn. The order
/// of indices is the order Bland's rule uses.
struct Symbol: Hashable, Comparable {
    var index: Int32

    static let invalid = Symbol(index: -1)

    var isValid: Bool { index >= 0 }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.index < rhs.index }
}

/// What a symbol stands for, which decides how the simplex may move it.
enum SymbolKind: UInt8 {
    /// A user ``Variable``: unrestricted in sign, never leaves the basis once in it.
    case external
    /// The slack of an inequality: at least zero.
    case slack
    /// The error of an optional constraint: at least zero, and costed in the objective.
    case error
    /// The marker of a required equality: fixed at zero, never enters the basis.
    case dummy
}
