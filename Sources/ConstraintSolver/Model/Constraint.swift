/// A linear relation between an expression and zero, at a priority: `expression op 0`.
///
/// Build constraints with `==`, `<=` and `>=` on variables, expressions and numbers
/// (`x + w <= width`); they start at ``Priority/required``. Constraints are compared by
/// identity: a solver holds the constraint objects it was given.
///
/// To lead from a constraint the solver names (in ``SolverError/unsatisfiableConstraint(conflicting:)``,
/// in ``Solver/constraintsAffecting(_:)``) back to what it stands for, subclass it and add
/// the constraint's subclass instances: the solver names the objects it was given.
open class Constraint {
    // The stored properties are declared in the order that packs them tightest, so that an
    // instance with a subclass's reference after them (as `AutoLayout` adds) fits a smaller
    // malloc block than in the order of the initialisers.

    // Unchecked exclusivity (here and on `priority`): the solver reads both on every add,
    // and the dynamic check cost more than the rest of adding a one-variable constraint.

    /// The normalised expression: the left-hand side minus the right-hand side.
    /// `a == b + 10` is stored as `a - b - 10 == 0`, so its ``Expression/constant`` is -10.
    @exclusivity(unchecked) public internal(set) var expression: Expression
    /// The priority used when the constraint is next added to a solver. Changing it on a
    /// constraint that a solver already holds does nothing there: use
    /// ``Solver/setPriority(_:of:)``.
    @exclusivity(unchecked) public var priority: Priority
    // Unchecked exclusivity: read on every solver call with the constraint, and only ever
    // read or written in one short statement.

    /// The slot of this constraint's record in the table of the solver that holds it, or -1.
    /// A constraint is in at most one solver, and a solver clears the slot when it removes
    /// the constraint or goes (`ConstraintTable`), so the slot needs no owner beside it; the
    /// table still checks it before trusting it.
    @exclusivity(unchecked) var cachedPlace: Int32 = -1
    /// For an optional equality whose two sides weigh differently, the priority of the
    /// expression falling short of zero; ``priority`` then weighs it exceeding zero. Nil for
    /// every other constraint.
    ///
    /// `expression == 0` at two priorities is `expression <= 0` at ``priority`` together with
    /// `expression >= 0` at this one, held in one row with two errors: a change of constant
    /// that moves the expression from one side to the other swaps which error is basic in
    /// one step, where the two inequalities took two pivots. UIKit's engine does the same for
    /// a view's intrinsic size, one `NSContentSizeLayoutConstraint` per axis with its
    /// hugging and compression-resistance priorities.
    public let shortfallPriority: Priority?
    /// How ``expression`` relates to zero.
    public let relation: Relation

    /// Creates `expression relation 0` at the given priority.
    public init(_ expression: Expression, _ relation: Relation, priority: Priority = .required) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        shortfallPriority = nil
    }

    /// Creates the optional `expression == 0` whose expression exceeding zero is weighed at
    /// `excess` and falling short of zero at `shortfall` (see ``shortfallPriority``). Both
    /// must be optional, or adding it throws ``SolverError/badRequiredPriority``.
    public init(_ expression: Expression, equalWithExcessAt excess: Priority, shortfallAt shortfall: Priority) {
        self.expression = expression
        relation = .equal
        priority = excess
        shortfallPriority = shortfall
    }

    /// Creates a copy of another constraint at a different priority, for example
    /// `Constraint(x == 10, priority: .weak)`; the copy has no ``shortfallPriority``.
    public convenience init(_ constraint: Constraint, priority: Priority) {
        self.init(constraint.expression, constraint.relation, priority: priority)
    }
}

extension Constraint: CustomStringConvertible {
    /// The constraint written as `x + w - 100.0 <= 0 | priority 250`, or with a shortfall
    /// priority as `w - 100.0 == 0 | priority 250, shortfall 750`.
    public var description: String {
        let priorities = shortfallPriority.map { "\(priority), shortfall \($0)" } ?? "\(priority)"
        return "\(expression) \(relation) 0 | priority \(priorities)"
    }
}

/// The constraint `lhs == rhs`, required.
@inlinable
public func == <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .equal)
}

/// The constraint `lhs <= rhs`, required.
@inlinable
public func <= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}

/// The constraint `lhs >= rhs`, required.
@inlinable
public func >= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The constraint `lhs == rhs`, required.
@inlinable
public func == <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Constraint { Constraint(lhs - rhs, .equal) }
/// The constraint `lhs == rhs`, required.
@inlinable
public func == <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Constraint { Constraint(lhs - rhs, .equal) }
/// The constraint `lhs <= rhs`, required.
@inlinable
public func <= <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}
/// The constraint `lhs <= rhs`, required.
@inlinable
public func <= <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Constraint {
    Constraint(lhs - rhs, .lessThanOrEqual)
}
/// The constraint `lhs >= rhs`, required.
@inlinable
public func >= <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}
/// The constraint `lhs >= rhs`, required.
@inlinable
public func >= <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Constraint {
    Constraint(lhs - rhs, .greaterThanOrEqual)
}

/// The constraint `lhs == rhs`, required.
public func == <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Constraint { lhs == Double(rhs) }
/// The constraint `lhs == rhs`, required.
public func == <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Constraint { Double(lhs) == rhs }
/// The constraint `lhs <= rhs`, required.
public func <= <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Constraint { lhs <= Double(rhs) }
/// The constraint `lhs <= rhs`, required.
public func <= <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Constraint { Double(lhs) <= rhs }
/// The constraint `lhs >= rhs`, required.
public func >= <E: ExpressionConvertible>(lhs: E, rhs: Int) -> Constraint { lhs >= Double(rhs) }
/// The constraint `lhs >= rhs`, required.
public func >= <E: ExpressionConvertible>(lhs: Int, rhs: E) -> Constraint { Double(lhs) >= rhs }

