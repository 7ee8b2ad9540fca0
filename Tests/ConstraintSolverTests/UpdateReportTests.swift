import ConstraintSolver
import Testing

@Suite struct UpdateReportTests {
    @Test func updateReportsTheVariablesItWroteAndLeavesTheRestOut() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        let pinX = x == 10
        try solver.addConstraint(pinX)
        try solver.addConstraint(y == 20)
        var first: [String] = []
        solver.updateVariables { first.append($0.name) }
        #expect(Set(first) == ["x", "y"])

        try solver.addConstraint(Constraint(x == 5, priority: .weak))
        try solver.removeConstraint(pinX)
        var second: [String] = []
        solver.updateVariables { second.append($0.name) }
        #expect(second == ["x"])
        #expect(x.value == 5)
        #expect(y.value == 20)

        var third: [String] = []
        solver.updateVariables { third.append($0.name) }
        #expect(third.isEmpty)
    }

    @Test func variableOwnerIsHeldWeakly() {
        let variable = Variable("x")
        var owner: Owner? = Owner()
        variable.owner = owner
        #expect(variable.owner === owner)
        owner = nil
        #expect(variable.owner == nil)
    }
}

private final class Owner {}
