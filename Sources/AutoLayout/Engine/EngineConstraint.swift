import ConstraintSolver

/// A solver constraint installed for a layout constraint, leading back to it: the way from a
/// constraint the solver names (in a conflict, among those affecting a variable) to the
/// layout constraint, without a dictionary of every constraint to look it up in.
final class EngineConstraint: Constraint {
    /// Unowned, so that layout constraints need no side table, as ``NodeVariable/node`` is
    /// unretained: the engine clears it whenever the layout constraint stops standing behind
    /// this one (removed, refused or replaced).
    unowned var layoutConstraint: LayoutConstraint? = nil
}
