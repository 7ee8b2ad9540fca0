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

    @Test func aVariableSubclassComesBackFromTheUpdateReportAndLeadsToItsOwner() throws {
        let owner = Owner()
        let variable = OwnedVariable(owner)
        let solver = Solver()
        try solver.addConstraint(variable == 42)
        var reported: [Owner] = []
        solver.updateVariables { variable in
            if let owner = (variable as? OwnedVariable)?.owner { reported.append(owner) }
        }
        #expect(reported.count == 1 && reported[0] === owner)
        #expect(variable.value == 42)
    }

    @Test func aVariableSubclassNeedNotKeepItsOwnerAlive() {
        weak var released: Owner?
        let variable: OwnedVariable
        do {
            let owner = Owner()
            released = owner
            variable = OwnedVariable(owner)
            #expect(variable.owner === owner)
        }
        #expect(released == nil)
        #expect(variable.owner == nil)
    }
}

/// What a client keeps behind its variables (a view, in a layout engine).
private final class Owner {}

/// A variable leading back to its owner without keeping it: a subclass, as the solver's
/// documentation suggests.
private final class OwnedVariable: Variable {
    weak var owner: Owner?

    init(_ owner: Owner) {
        self.owner = owner
        super.init("owned")
    }
}
