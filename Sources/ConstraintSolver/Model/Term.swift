/// A variable multiplied by a constant coefficient, such as `2 * x`.
public struct Term {
    /// The variable.
    public var variable: Variable
    /// The coefficient the variable is multiplied by.
    public var coefficient: Double

    /// Creates `coefficient * variable`.
    @inlinable
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// The term's value with the variable's current ``Variable/value``.
    public var value: Double { coefficient * variable.value }
}

extension Term: CustomStringConvertible {
    /// The term written as `coefficient * name` (or just `name` for a coefficient of 1).
    public var description: String {
        coefficient == 1 ? variable.description : "\(coefficient) * \(variable)"
    }
}
