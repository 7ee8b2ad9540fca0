import Foundation

// Layout code works in `CGFloat`; these let it build constraints without conversions.

extension CGFloat: ExpressionConvertible {
    /// The constant expression with this value.
    public var expression: Expression { Expression(constant: Double(self)) }
}

/// The expression multiplied by a `CGFloat`.
public func * <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Expression {
    lhs.expression.scaled(by: Double(rhs))
}

/// The expression multiplied by a `CGFloat`.
public func * <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Expression {
    rhs.expression.scaled(by: Double(lhs))
}

/// The expression divided by a `CGFloat`.
public func / <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Expression {
    lhs.expression.scaled(by: 1 / Double(rhs))
}
