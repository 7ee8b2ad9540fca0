// Arithmetic that builds linear expressions. The operands are generic over
// `ExpressionConvertible` so that variables, terms, expressions and numbers mix freely
// (`x + 2 * y - 10`), while the standard library's concrete operators still win for
// plain numbers. Multiplication and division take a number on one side: the solver's
// expressions are linear.

/// The sum of two expressions.
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let left = lhs.expression
    let right = rhs.expression
    return Expression(left.terms + right.terms, constant: left.constant + right.constant)
}

/// The difference of two expressions.
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + rhs.expression.scaled(by: -1)
}

/// The negated expression.
public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression {
    operand.expression.scaled(by: -1)
}

/// The expression multiplied by a number.
public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: rhs)
}

/// The expression multiplied by a number.
public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    rhs.expression.scaled(by: lhs)
}

/// The expression divided by a number.
public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: 1 / rhs)
}

/// The expression multiplied by an integer.
public func * <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Expression {
    lhs.expression.scaled(by: Double(rhs))
}

/// The expression multiplied by an integer.
public func * <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Expression {
    rhs.expression.scaled(by: Double(lhs))
}

/// The expression divided by an integer.
public func / <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Expression {
    lhs.expression.scaled(by: 1 / Double(rhs))
}
