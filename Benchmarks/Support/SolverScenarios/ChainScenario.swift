import ConstraintSolver

/// Scenario (c): `n` label-like siblings chained in a row with 8-point gaps, in a
/// container of width 1000, over-constrained. Per view: `w >= 0` (required), `w <= 100` at
/// 250, `w >= 100` at 750; the first view at `x == 8`, each next one at
/// `x[i] == x[i-1] + w[i-1] + 8` (required); the last one's trailing edge
/// `x[n-1] + w[n-1] + 8 <= 1000` at 500, which the row overflows for n ≥ 10.
public struct ChainScenario {
    public static let containerWidth = 1000.0
    public static let trailingPriority: Priority = 500

    public let solver: Solver
    public let positions: [Variable]
    public let widths: [Variable]
    /// The gap constraints; `links[i]` places view `i` after view `i - 1` (0: the leading gap).
    public let links: [Constraint]

    /// Builds the row, one view at a time, then the trailing edge.
    public init(count: Int) throws {
        solver = Solver()
        var positions: [Variable] = []
        var widths: [Variable] = []
        var links: [Constraint] = []
        for index in 0..<count {
            let x = Variable("x\(index)")
            let w = Variable("w\(index)")
            try solver.addConstraint(w >= 0)
            try solver.addConstraint(Constraint(w <= 100, priority: 250))
            try solver.addConstraint(Constraint(w >= 100, priority: 750))
            let link = index == 0 ? x == 8 : x == positions[index - 1] + widths[index - 1] + 8
            try solver.addConstraint(link)
            positions.append(x)
            widths.append(w)
            links.append(link)
        }
        let trailing = Constraint(
            positions[count - 1] + widths[count - 1] + 8 <= Self.containerWidth, priority: Self.trailingPriority)
        try solver.addConstraint(trailing)
        solver.updateVariables()
        self.positions = positions
        self.widths = widths
        self.links = links
    }

    /// The gap constraint in the middle of the chain.
    public var middleLink: Constraint { links[links.count / 2] }

    /// Removes the middle gap and reads the solution back.
    public func removeMiddleLink() throws {
        try solver.removeConstraint(middleLink)
        solver.updateVariables()
    }

    /// Adds the middle gap back and reads the solution back.
    public func addMiddleLink() throws {
        try solver.addConstraint(middleLink)
        solver.updateVariables()
    }
}
