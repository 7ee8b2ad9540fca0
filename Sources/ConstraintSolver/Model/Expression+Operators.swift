// Arithmetic and comparisons that build linear expressions and constraints. Every
// operator takes at least one `ExpressionConvertible` operand (a variable, term or
// expression), so arithmetic on plain numbers is never slowed down or changed by them.
// Multiplication and division take a number on one side: the solver's expressions are
// linear. Numbers are `Double` here; `Int` and `CGFloat` have the same overloads.
// The `Double` ones are inlinable so that building a constraint in client code is
// specialised for its operand types instead of going through generic witnesses.

/// The sum of two expressions.
@inlinable
public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    Expression(lhs.expression, plus: rhs.expression, times: 1)
}

/// The expression plus a number.
@inlinable
public func + <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    var expression = lhs.expression
    expression.constant += rhs
    return expression
}

/// A number plus the expression.
@inlinable
public func + <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression { rhs + lhs }

/// The difference of two expressions.
@inlinable
public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    Expression(lhs.expression, plus: rhs.expression, times: -1)
}

/// The expression minus a number.
@inlinable
public func - <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression { lhs + -rhs }

/// A number minus the expression.
@inlinable
public func - <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    Expression(Expression(constant: lhs), plus: rhs.expression, times: -1)
}

/// The negated expression.
@inlinable
public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression {
    operand.expression.scaled(by: -1)
}

/// The expression multiplied by a number.
@inlinable
public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: rhs)
}

/// A number multiplied by the expression.
@inlinable
public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    rhs.expression.scaled(by: lhs)
}

/// The expression divided by a number.
@inlinable
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
