import Foundation

/// Why a ``Solver`` operation was rejected. A rejected operation changes nothing.
///
/// The error names the constraints and variables involved, which are classes with mutable
/// state; like the solver itself they belong to one thread, so the error is only as
/// sendable as they are (hence the unchecked conformance).
public enum SolverError: Error, @unchecked Sendable {
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The required constraint cannot hold together with the others. `conflicting` is a
    /// set of required constraints, including the one being added or changed, that cannot
    /// all hold; removing any one of them makes the rest satisfiable.
    case unsatisfiableConstraint(conflicting: [Constraint])
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// A required priority where only an optional one is allowed: an edit variable, a
    /// priority change between required and optional on a constraint the solver holds, or
    /// either priority of a constraint with a ``Constraint/shortfallPriority``.
    case badRequiredPriority
    /// A coefficient, constant or suggested value is NaN or infinite. The message says
    /// which one.
    case nonFiniteValue(String)
    /// A finite coefficient, constant or suggested value is outside the range the solver
    /// accepts: constants and suggested values within ±``Solver/maximumValue``, coefficients
    /// 0 or of a magnitude in ``Solver/coefficientMagnitudes``. The message says which value
    /// and where it came from.
    case valueOutOfRange(String)
    /// The constraint is held by another solver. A constraint belongs to one solver at a
    /// time, because the solver changes it (``Solver/setConstant(_:of:)``): remove it from
    /// the other solver first, or add a copy (``Constraint/init(_:priority:)``).
    case constraintInAnotherSolver(Constraint)
}

extension SolverError: CustomStringConvertible {
    /// A sentence that names the problem and the objects involved.
    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "The constraint \(constraint) is already in the solver."
        case .unsatisfiableConstraint(let conflicting):
            let list = conflicting.map { "    \($0)" }.joined(separator: "\n")
            return "Unable to satisfy the required constraints; these cannot all hold:\n\(list)"
        case .unknownConstraint(let constraint):
            return "The constraint \(constraint) is not in the solver."
        case .duplicateEditVariable(let variable):
            return "The variable \(variable) is already an edit variable."
        case .unknownEditVariable(let variable):
            return "The variable \(variable) is not an edit variable."
        case .badRequiredPriority:
            return "A required priority is not allowed here: edit variables need an optional "
                + "priority, a constraint in the solver cannot change between required "
                + "and optional, and a constraint with a shortfall priority needs both of its "
                + "priorities optional."
        case .nonFiniteValue(let what):
            return "A value must be a finite number: \(what)."
        case .valueOutOfRange(let what):
            return "A value is outside the range the solver accepts: \(what)."
        case .constraintInAnotherSolver(let constraint):
            return "The constraint \(constraint) is held by another solver; a constraint "
                + "belongs to one solver at a time. Remove it there first, or add a copy."
        }
    }
}

extension SolverError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension SolverError: Equatable {
    /// Errors are equal when their cases match and they name the same objects (by
    /// identity) in the same order.
    public static func == (lhs: SolverError, rhs: SolverError) -> Bool {
        switch (lhs, rhs) {
        case (.duplicateConstraint(let a), .duplicateConstraint(let b)),
            (.unknownConstraint(let a), .unknownConstraint(let b)):
            return a === b
        case (.unsatisfiableConstraint(let a), .unsatisfiableConstraint(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
        case (.duplicateEditVariable(let a), .duplicateEditVariable(let b)),
            (.unknownEditVariable(let a), .unknownEditVariable(let b)):
            return a === b
        case (.badRequiredPriority, .badRequiredPriority):
            return true
        case (.nonFiniteValue(let a), .nonFiniteValue(let b)),
            (.valueOutOfRange(let a), .valueOutOfRange(let b)):
            return a == b
        case (.constraintInAnotherSolver(let a), .constraintInAnotherSolver(let b)):
            return a === b
        default:
            return false
        }
    }
}
