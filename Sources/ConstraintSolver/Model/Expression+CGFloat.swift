import Foundation

// Layout code works in `CGFloat`; these let it build expressions and constraints without
// conversions. They mirror the `Double` overloads.

/// The expression plus a `CGFloat`.
public func + <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Expression { lhs + Double(rhs) }
/// A `CGFloat` plus the expression.
public func + <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Expression { Double(lhs) + rhs }
/// The expression minus a `CGFloat`.
public func - <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Expression { lhs - Double(rhs) }
/// A `CGFloat` minus the expression.
public func - <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Expression { Double(lhs) - rhs }
/// The expression multiplied by a `CGFloat`.
public func * <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Expression { lhs * Double(rhs) }
/// A `CGFloat` multiplied by the expression.
public func * <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Expression { Double(lhs) * rhs }
/// The expression divided by a `CGFloat`.
public func / <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Expression { lhs / Double(rhs) }

/// The constraint `lhs == rhs`, required.
public func == <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Constraint { lhs == Double(rhs) }
/// The constraint `lhs == rhs`, required.
public func == <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Constraint { Double(lhs) == rhs }
/// The constraint `lhs <= rhs`, required.
public func <= <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Constraint { lhs <= Double(rhs) }
/// The constraint `lhs <= rhs`, required.
public func <= <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Constraint { Double(lhs) <= rhs }
/// The constraint `lhs >= rhs`, required.
public func >= <E: ExpressionConvertible>(lhs: E, rhs: CGFloat) -> Constraint { lhs >= Double(rhs) }
/// The constraint `lhs >= rhs`, required.
public func >= <E: ExpressionConvertible>(lhs: CGFloat, rhs: E) -> Constraint { Double(lhs) >= rhs }
