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

    @Test func variableOwnerLeadsBackToItsOwnerWithoutKeepingIt() {
        let variable = Variable("x")
        weak var released: Owner?
        do {
            let owner = Owner(variable)
            released = owner
            #expect(variable.owner === owner)
        }
        #expect(released == nil)
        #expect(variable.owner == nil)
    }
}

/// An owner as the contract of `owner` asks: it clears the reference when it goes away.
private final class Owner {
    let variable: Variable

    init(_ variable: Variable) {
        self.variable = variable
        variable.owner = self
    }

    deinit { variable.owner = nil }
}
