import ConstraintSolver

/// Scenario (a): an Enaml-like form. A window (two edit variables, width and height), its
/// content box, and three rows of label + field: 35 variables and 111 constraints, with
/// hugging and compression resistance on every widget, then resized through six sizes.
public struct FormScenario {
    public static let windowSizes: [(width: Double, height: Double)] = [
        (400, 300), (640, 480), (800, 600), (320, 480), (1024, 768), (200, 150),
    ]

    public let solver: Solver
    public let width: Variable
    public let height: Variable
    public private(set) var variableCount = 0
    public private(set) var constraintCount = 0

    /// Builds the form: adds every constraint and the two edit variables.
    public init() throws {
        solver = Solver()
        var variables: [Variable] = []
        func variable(_ name: String) -> Variable {
            let v = Variable(name)
            variables.append(v)
            return v
        }
        var count = 0
        func add(_ constraint: Constraint, _ priority: Priority = .required) throws {
            constraint.priority = priority
            try solver.addConstraint(constraint)
            count += 1
        }

        let left = variable("left"), top = variable("top")
        width = variable("width")
        height = variable("height")
        let contentLeft = variable("contentLeft"), contentTop = variable("contentTop")
        let contentRight = variable("contentRight"), contentBottom = variable("contentBottom")
        let split = variable("split")
        let secondRow = variable("row1.top"), thirdRow = variable("row2.top")
        let rowTops = [contentTop, secondRow, thirdRow]

        struct Widget {
            let left, top, width, height: Variable
            let preferredWidth, preferredHeight: Double
        }
        var labels: [Widget] = []
        var fields: [Widget] = []
        for row in 0..<3 {
            labels.append(
                Widget(
                    left: variable("label\(row).left"), top: variable("label\(row).top"),
                    width: variable("label\(row).width"), height: variable("label\(row).height"),
                    preferredWidth: [60, 90, 75][row], preferredHeight: 21))
            fields.append(
                Widget(
                    left: variable("field\(row).left"), top: variable("field\(row).top"),
                    width: variable("field\(row).width"), height: variable("field\(row).height"),
                    preferredWidth: 150, preferredHeight: 24))
        }

        // Window and content box (10).
        try add(left == 0)
        try add(top == 0)
        try add(width >= 200)
        try add(height >= 150)
        try add(contentLeft == left + 10)
        try add(contentTop == top + 10)
        try add(contentRight == left + width - 10)
        try add(contentBottom == top + height - 10)
        try add(contentRight - contentLeft >= 100)
        try add(contentBottom - contentTop >= 100)

        // Every widget: non-negative size, inside the content box, hugging and
        // compression resistance on both axes (6 × 10 = 60).
        for widget in labels + fields {
            try add(widget.width >= 0)
            try add(widget.height >= 0)
            try add(widget.left >= contentLeft)
            try add(widget.left + widget.width <= contentRight)
            try add(widget.top >= contentTop)
            try add(widget.top + widget.height <= contentBottom)
            try add(widget.width >= widget.preferredWidth, 750)
            try add(widget.width <= widget.preferredWidth, 250)
            try add(widget.height >= widget.preferredHeight, 750)
            try add(widget.height <= widget.preferredHeight, 250)
        }

        // Rows: aligned tops, equal heights, centred, stacked (3 × 4 + 2 × 2 + 2 + 2 + 1 = 21).
        for row in 0..<3 {
            try add(labels[row].top == rowTops[row])
            try add(fields[row].top == rowTops[row])
            try add(labels[row].height == fields[row].height, 500)
            try add(labels[row].top + labels[row].height * 0.5 == fields[row].top + fields[row].height * 0.5, 750)
        }
        for row in 0..<2 {
            try add(rowTops[row + 1] >= labels[row].top + labels[row].height + 8)
            try add(rowTops[row + 1] >= fields[row].top + fields[row].height + 8)
        }
        try add(rowTops[1] == rowTops[0] + 40, 250)
        try add(rowTops[2] == rowTops[1] + 40, 250)
        try add(contentTop <= secondRow)
        try add(secondRow <= thirdRow)
        try add(contentBottom == thirdRow + 40, 250)

        // Columns: labels on the left edge, fields from the split to the right edge (12 + 4).
        for row in 0..<3 {
            try add(labels[row].left == contentLeft)
            try add(labels[row].left + labels[row].width + 8 <= split)
            try add(fields[row].left == split)
            try add(fields[row].left + fields[row].width == contentRight)
        }
        try add(split == contentLeft + 100, 250)
        try add(split <= contentRight - 100)
        try add(split >= contentLeft + 60)
        try add(contentRight - split >= 150, 500)

        // Redundant on purpose, as generated layouts often are, and equal label widths (4).
        try add(fields[0].width == fields[1].width)
        try add(fields[1].width == fields[2].width)
        try add(labels[0].width == labels[1].width, 500)
        try add(labels[1].width == labels[2].width, 500)

        try solver.addEditVariable(width, priority: SolverScenarioDefaults.editPriority)
        try solver.addEditVariable(height, priority: SolverScenarioDefaults.editPriority)
        variableCount = variables.count
        constraintCount = count
    }

    /// Suggests each window size in turn and reads every variable back.
    public func resize() throws {
        for size in Self.windowSizes {
            try solver.suggestValue(width, size.width)
            try solver.suggestValue(height, size.height)
            solver.updateVariables()
        }
    }
}

/// Settings shared by the scenarios and mirrored by the kiwisolver harness.
public enum SolverScenarioDefaults {
    /// The priority of "strong" edit variables: the highest optional level.
    public static let editPriority: Priority = 999
}
