// Arithmetic and comparisons that build linear expressions and constraints. Every
// operator takes at least one `ExpressionConvertible` operand (a variable, term or
// expression), so arithmetic on plain numbers is never slowed down or changed by them.
// Multiplication and division take a number on one side: the solver's expressions are
// linear. Numbers are `Double` here; `Int` and `CGFloat` have the same overloads.

/// The sum of two expressions.
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    let left = lhs.expression
    let right = rhs.expression
    return Expression(left.terms + right.terms, constant: left.constant + right.constant)
}

/// The expression plus a number.
public func + <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    var expression = lhs.expression
    expression.constant += rhs
    return expression
}

/// A number plus the expression.
public func + <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression { rhs + lhs }

/// The difference of two expressions.
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs + rhs.expression.scaled(by: -1)
}

/// The expression minus a number.
public func - <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression { lhs + -rhs }

/// A number minus the expression.
public func - <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    rhs.expression.scaled(by: -1) + lhs
}

/// The negated expression.
public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression {
    operand.expression.scaled(by: -1)
}

/// The expression multiplied by a number.
public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: rhs)
}

/// A number multiplied by the expression.
public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    rhs.expression.scaled(by: lhs)
}

/// The expression divided by a number.
public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: 1 / rhs)
}

// MARK: Int

/// The expression plus an integer.
public func + <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Expression { lhs + Double(rhs) }
/// An integer plus the expression.
public func + <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Expression { Double(lhs) + rhs }
/// The expression minus an integer.
public func - <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Expression { lhs - Double(rhs) }
/// An integer minus the expression.
public func - <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Expression { Double(lhs) - rhs }
/// The expression multiplied by an integer.
public func * <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Expression { lhs * Double(rhs) }
/// An integer multiplied by the expression.
public func * <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Expression { Double(lhs) * rhs }
/// The expression divided by an integer.
public func / <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Expression { lhs / Double(rhs) }
