// solver-example: the README's first quick-start command.
//
// Lays out a label and a button side by side in a window whose width follows an edit
// variable, the way a layout engine uses the solver: required edges and gaps, a label that
// prefers its intrinsic width (compression resistance beats hugging), and a button of
// fixed width. It then suggests a few window widths and prints the solved frames.
import ConstraintSolver

let window = Variable("window.width")
let labelX = Variable("label.x")
let labelWidth = Variable("label.width")
let buttonX = Variable("button.x")
let buttonWidth = Variable("button.width")

let solver = Solver()
do {
    try solver.batch {
        try solver.addConstraint(labelX == 20)
        try solver.addConstraint(buttonX == labelX + labelWidth + 8)
        try solver.addConstraint(buttonX + buttonWidth + 20 <= window)
        try solver.addConstraint(buttonWidth == 80)
        try solver.addConstraint(labelWidth >= 0)
        try solver.addConstraint(Constraint(labelWidth <= 180, priority: 250))  // hugging
        try solver.addConstraint(Constraint(labelWidth >= 180, priority: 750))  // compression resistance
        try solver.addConstraint(Constraint(buttonX + buttonWidth + 20 == window, priority: 249))
    }
    try solver.addEditVariable(window, priority: .strong)

    print(["window", "label.x", "label.w", "button.x", "button.w"].map(column).joined(separator: "  "))
    for width in [400.0, 320.0, 250.0, 128.0] {
        try solver.suggestValue(window, width)
        solver.updateVariables()
        let columns = [window, labelX, labelWidth, buttonX, buttonWidth].map { variable in
            column(variable.value)
        }
        print(columns.joined(separator: "  "))
    }
} catch {
    print("solver-example: \(error)")
}

/// A number right-aligned in a column, with one decimal.
func column(_ value: Double) -> String {
    column(String((value * 10).rounded() / 10))
}

/// Text right-aligned in a column.
func column(_ text: String) -> String {
    String(repeating: " ", count: max(0, 8 - text.count)) + text
}
