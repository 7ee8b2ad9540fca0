/// What a tableau symbol stands for: the variable of an external symbol, or the constraint a
/// marker, slack, error or dummy symbol belongs to (neither for the artificial symbol). One
/// reference, as a symbol is never both: a per-symbol array of these costs each symbol half
/// of what an array of owners beside an array of variables did.
enum SymbolSource {
    case none
    case constraint(Constraint)
    case variable(Variable)

    /// The source of a symbol made for `owner` or for `variable` (at most one of them).
    init(owner: Constraint?, variable: Variable?) {
        if let owner {
            self = .constraint(owner)
        } else if let variable {
            self = .variable(variable)
        } else {
            self = .none
        }
    }

    /// The constraint the symbol belongs to, if any.
    var constraint: Constraint? {
        if case .constraint(let constraint) = self { return constraint }
        return nil
    }

    /// The variable the symbol stands for, if any.
    var variable: Variable? {
        if case .variable(let variable) = self { return variable }
        return nil
    }

    /// The variable the symbol stands for, unretained: for a caller that uses it while the
    /// tableau's sources hold it (`Tableau.updateValues`, which reports every written variable
    /// and retained and released each one).
    @inline(__always)
    var unretainedVariable: Unmanaged<Variable>? {
        if case .variable(let variable) = self { return Unmanaged.passUnretained(variable) }
        return nil
    }
}
