/// What the layout engine did when required constraints could not all hold: the set that
/// conflicts and the constraint it broke to recover.
///
/// The rule for choosing the broken constraint is deterministic: constraints written by
/// people are broken before those the view system made (content size, guides, autoresizing
/// masks, root sizes, in that order), and among equals the one that entered the engine last
/// is broken. A broken constraint stays in the engine at a level above every optional
/// priority, so it is still met as closely as the others allow, as in UIKit.
public struct UnsatisfiableConstraintReport: CustomStringConvertible {
    /// The constraints that cannot all hold, in the order they entered the engine.
    public let conflictingConstraints: [LayoutConstraint]
    /// The constraint the engine broke.
    public let brokenConstraint: LayoutConstraint

    /// The report in UIKit's log format, starting "Unable to simultaneously satisfy constraints."
    public var description: String {
        let list = conflictingConstraints.map { "    \"\($0)\"" }.joined(separator: ",\n")
        return """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            \t(Note: If you're seeing AutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the View property translatesAutoresizingMaskIntoConstraints)
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(brokenConstraint)

            Set LayoutDiagnostics.unsatisfiableConstraintHandler to catch this in a test or tool.
            The methods hasAmbiguousLayout, exerciseAmbiguityInLayout() and constraintsAffectingLayout(for:) on View may also be helpful.
            """
    }
}
