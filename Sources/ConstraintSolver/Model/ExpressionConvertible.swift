/// A value that can stand on either side of the arithmetic and comparison operators that
/// build expressions and constraints: ``Variable``, ``Term`` and ``Expression``. Numbers
/// (`Double`, `Int`, `CGFloat`) combine with them through their own overloads, so plain
/// arithmetic on numbers never has to consider these operators.
public protocol ExpressionConvertible {
    /// The value as a linear expression.
    var expression: Expression { get }
}

extension Variable: ExpressionConvertible {
    /// `1 * self`.
    @inlinable public var expression: Expression { Expression(self) }
}

extension Term: ExpressionConvertible {
    /// The expression made of this term alone.
    @inlinable public var expression: Expression { Expression(self) }
}

extension Expression: ExpressionConvertible {
    /// The expression itself.
    @inlinable public var expression: Expression { self }
}
