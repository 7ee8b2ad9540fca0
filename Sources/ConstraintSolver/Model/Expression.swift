/// A linear expression: a sum of ``Term``s plus a constant, such as `x + 2 * y - 10`.
///
/// Expressions are usually built with the arithmetic operators on variables and numbers,
/// then compared with `==`, `<=` or `>=` to make a ``Constraint``.
public struct Expression {
    /// The terms, in the order they were written. A variable may appear more than once;
    /// the solver adds such terms together.
    public var terms: [Term]
    /// The constant added to the terms.
    public var constant: Double

    /// Creates `terms + constant`.
    @inlinable
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression made of one term.
    @inlinable
    public init(_ term: Term) {
        self.init([term])
    }

    /// Creates the expression `1 * variable`.
    @inlinable
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The expression's value with the variables' current values.
    public var value: Double {
        terms.reduce(constant) { $0 + $1.value }
    }

    /// The expression multiplied by a number.
    /// `left + factor · right`, built in one array.
    @inlinable
    init(_ left: Expression, plus right: Expression, times factor: Double) {
        var terms: [Term] = []
        terms.reserveCapacity(left.terms.count + right.terms.count)
        terms.append(contentsOf: left.terms)
        if factor == 1 {
            terms.append(contentsOf: right.terms)
        } else {
            for term in right.terms { terms.append(Term(term.variable, coefficient: term.coefficient * factor)) }
        }
        self.init(terms, constant: left.constant + right.constant * factor)
    }

    @inlinable
    func scaled(by factor: Double) -> Expression {
        Expression(
            terms.map { Term($0.variable, coefficient: $0.coefficient * factor) },
            constant: constant * factor)
    }
}

extension Expression: CustomStringConvertible {
    /// The expression written as `a + 2.0 * b - 3.0`.
    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.description
            } else if term.coefficient < 0 {
                text += " - " + Term(term.variable, coefficient: -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if text.isEmpty { return "\(constant)" }
        if constant > 0 { text += " + \(constant)" }
        if constant < 0 { text += " - \(-constant)" }
        return text
    }
}
