import ConstraintSolver

/// Scenario (b): `n` independent label-like siblings in a container of width `W` (a strong
/// edit variable). Per view: `x == 8`, `x + w <= W`, `w >= 0` (required), `w <= 100` at
/// 250 (hugging) and `w >= 100` at 750 (compression resistance).
public struct SiblingsScenario {
    /// Container widths suggested after the build.
    public static let containerWidths: [Double] = [1000, 60, 400]

    public let solver: Solver
    public let containerWidth: Variable
    public let widths: [Variable]

    /// Builds the layout: the edit variable, then each view's five constraints. With
    /// `suggestingFirst`, that container width is suggested before the views are added;
    /// without, the width is first suggested by ``resize()``, after them.
    public init(count: Int, suggestingFirst width: Double? = nil) throws {
        solver = Solver()
        containerWidth = Variable("W")
        try solver.addEditVariable(containerWidth, priority: SolverScenarioDefaults.editPriority)
        if let width { try solver.suggestValue(containerWidth, width) }
        var widths: [Variable] = []
        for index in 0..<count {
            let x = Variable("x\(index)")
            let w = Variable("w\(index)")
            try solver.addConstraint(x == 8)
            try solver.addConstraint(x + w <= containerWidth)
            try solver.addConstraint(w >= 0)
            try solver.addConstraint(Constraint(w <= 100, priority: 250))
            try solver.addConstraint(Constraint(w >= 100, priority: 750))
            widths.append(w)
        }
        self.widths = widths
    }

    /// Suggests each container width in turn and reads the solution back.
    public func resize() throws {
        for width in Self.containerWidths {
            try solver.suggestValue(containerWidth, width)
            solver.updateVariables()
        }
    }
}
