import ConstraintSolver

/// Scenario (e): the constraint system of one table cell, 40 constraints over 22 variables:
/// an image, a title, a subtitle, a wrapping body and a button in a content view whose width
/// is a strong edit variable. Chains of `==` place each view after the previous one, `>=`
/// bounds keep sizes and the cell's height around its content, and hugging and compression
/// resistance (250 and 750) pull the labels and the button towards their intrinsic sizes.
/// Solved from scratch at width 375, then after one constant change: the title wraps to a
/// second line (its height constraint's constant 20 becomes 40).
public struct CellSystemScenario {
    public static let width = 375.0
    public static let titleHeight = 20.0
    public static let wrappedTitleHeight = 40.0
    /// Runs per repetition the timing tools make of this scenario, shorter than the others.
    public static let repetitionFactor = 10

    public let solver: Solver
    public let cellHeight: Variable
    /// `title.height == 20`, the constraint whose constant the change moves.
    public let titleHeightConstraint: Constraint
    public private(set) var constraintCount = 0

    /// Adds the 40 constraints and the edit width, suggests the width and reads the
    /// solution back.
    public init() throws {
        let solver = Solver()
        self.solver = solver
        var count = 0
        func add(_ constraint: Constraint, _ priority: Priority = .required) throws {
            constraint.priority = priority
            try solver.addConstraint(constraint)
            count += 1
        }
        struct View {
            let left, top, width, height: Variable
            init(_ name: String) {
                left = Variable("\(name).left")
                top = Variable("\(name).top")
                width = Variable("\(name).width")
                height = Variable("\(name).height")
            }
        }
        let width = Variable("width")
        let height = Variable("height")
        let image = View("image"), title = View("title"), subtitle = View("subtitle")
        let body = View("body"), button = View("button")

        // The image, fixed at the leading edge (4).
        try add(image.left == 16)
        try add(image.top == 12)
        try add(image.width == 60)
        try add(image.height == 60)
        // The title after the image, before the button (7).
        try add(title.left == image.left + image.width + 12)
        try add(title.top == 12)
        try add(title.left + title.width <= button.left - 8)
        try add(title.width >= 0)
        try add(title.width <= 220, 250)
        try add(title.width >= 220, 750)
        let titleHeight = title.height == Self.titleHeight
        try add(titleHeight)
        // The subtitle under the title (6).
        try add(subtitle.left == title.left)
        try add(subtitle.top == title.top + title.height + 4)
        try add(subtitle.left + subtitle.width <= width - 16)
        try add(subtitle.width <= 180, 250)
        try add(subtitle.width >= 180, 750)
        try add(subtitle.height == 17)
        // The body under the subtitle, to the trailing edge (6).
        try add(body.left == title.left)
        try add(body.top == subtitle.top + subtitle.height + 6)
        try add(body.left + body.width == width - 16)
        try add(body.height >= 40)
        try add(body.height == 60, 750)
        try add(body.width >= 0)
        // The button at the trailing edge, aligned with the title (7).
        try add(button.left + button.width == width - 16)
        try add(button.top == title.top)
        try add(button.width >= 44)
        try add(button.width <= 64, 250)
        try add(button.width >= 64, 750)
        try add(button.height == 28)
        try add(button.height >= 20)
        // The cell's height around its content, as small as it may be (4).
        try add(height >= image.top + image.height + 12)
        try add(height >= body.top + body.height + 12)
        try add(height == 0, 250)
        try add(width >= 200)
        // Order and room, partly repeating the chains, as generated layouts do (6).
        try add(button.left >= title.left + 40)
        try add(title.top + title.height <= subtitle.top)
        try add(subtitle.top + subtitle.height <= body.top)
        try add(image.top + image.height <= height - 12)
        try add(body.width >= 100, 750)
        try add(title.width == subtitle.width, 250)

        try solver.addEditVariable(width, priority: SolverScenarioDefaults.editPriority)
        try solver.suggestValue(width, Self.width)
        solver.updateVariables()
        cellHeight = height
        titleHeightConstraint = titleHeight
        constraintCount = count
    }

    /// The title wraps: its height constraint's constant changes in place, and the solution
    /// is read back.
    public func wrapTitle() throws {
        // `title.height == 20` is stored as `title.height - 20 == 0`.
        try solver.setConstant(-Self.wrappedTitleHeight, of: titleHeightConstraint)
        solver.updateVariables()
    }
}
