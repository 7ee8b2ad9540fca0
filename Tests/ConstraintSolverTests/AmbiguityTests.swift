import ConstraintSolver
import Testing

/// Whether a variable's value is forced, moving to another optimal solution, and which
/// constraints a value depends on.
@Suite struct AmbiguityTests {
    @Test func fixedVariablesAreNotAmbiguous() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x == 10)
        try solver.addConstraint(y == x + 5)
        #expect(!solver.isAmbiguous(x))
        #expect(!solver.isAmbiguous(y))
        #expect(!solver.isAmbiguous(Variable("unknown")))
        #expect(!solver.exerciseAmbiguity(y))
    }

    @Test func underdeterminedVariablesAreAmbiguousAndCanBeExercised() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.addConstraint(x + y == 100)
        #expect(solver.isAmbiguous(x))
        #expect(solver.isAmbiguous(y))
        solver.updateVariables()
        let before = x.value
        #expect(solver.exerciseAmbiguity(x))
        solver.updateVariables()
        #expect(x.value != before)
        #expect(x.value + y.value == 100)
    }

    @Test func slackInsideABoxIsAmbiguousAndExercisingStaysInTheBox() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x >= 10)
        try solver.addConstraint(x <= 50)
        #expect(solver.isAmbiguous(x))
        solver.updateVariables()
        let before = x.value
        #expect(solver.exerciseAmbiguity(x))
        solver.updateVariables()
        #expect(x.value != before)
        #expect(x.value >= 10 && x.value <= 50)
        // A preference removes the ambiguity.
        try solver.addConstraint(Constraint(x == 30, priority: .weak))
        #expect(!solver.isAmbiguous(x))
    }

    @Test func variableThatCanGrowWithoutBoundAtNoCostIsAmbiguous() throws {
        // A block whose top only has a lower bound, and a container bottom pinned to it:
        // both can move down forever without violating anything.
        let top = Variable("top")
        let blockTop = Variable("blockTop")
        let bottom = Variable("bottom")
        let solver = Solver()
        try solver.addConstraint(top == 0)
        try solver.addConstraint(blockTop >= top + 4)
        try solver.addConstraint(bottom == blockTop + 30)
        #expect(solver.isAmbiguous(blockTop))
        #expect(solver.isAmbiguous(bottom))
        #expect(!solver.isAmbiguous(top))
    }

    @Test func exercisingAnUnboundedDirectionMovesTheVariableByAFiniteStep() throws {
        let top = Variable("top")
        let blockTop = Variable("blockTop")
        let bottom = Variable("bottom")
        let height = Variable("height")
        let solver = Solver()
        try solver.addConstraint(top == 0)
        try solver.addConstraint(height == 20)
        // The bound mentions variables that have rows of their own, as a layout's do.
        try solver.addConstraint(blockTop >= top + height + 4)
        try solver.addConstraint(bottom == blockTop + 30)
        solver.updateVariables()
        let before = bottom.value
        #expect(solver.exerciseAmbiguity(bottom))
        solver.updateVariables()
        #expect(bottom.value != before)
        #expect(bottom.value.isFinite)
        #expect(top.value == 0)
        #expect(blockTop.value >= 24)
        #expect(abs(bottom.value - (blockTop.value + 30)) < 1e-9)
        // The solver stays usable: a preference now settles the value.
        try solver.addConstraint(Constraint(blockTop == 30, priority: .weak))
        solver.updateVariables()
        #expect(abs(blockTop.value - 30) < 1e-9)
        #expect(abs(bottom.value - 60) < 1e-9)
        #expect(!solver.isAmbiguous(bottom))
    }

    @Test func aVariableIsKnownWhileAConstraintMentionsIt() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        #expect(!solver.isKnown(x))
        let sum = x + y == 10
        try solver.addConstraint(sum)
        #expect(solver.isKnown(x) && solver.isKnown(y))
        try solver.addConstraint(x == 3)
        try solver.removeConstraint(sum)
        #expect(solver.isKnown(x))
        #expect(!solver.isKnown(y))
    }

    @Test func constraintsAffectingListsWhatAValueDependsOn() throws {
        let x = Variable("x")
        let width = Variable("width")
        let right = Variable("right")
        let other = Variable("other")
        let solver = Solver()
        let leading = x == 20
        let size = width == 100
        let sum = right == x + width
        let unrelated = other == 5
        for constraint in [leading, size, sum, unrelated] { try solver.addConstraint(constraint) }
        let affecting = Set(solver.constraintsAffecting(right).map(ObjectIdentifier.init))
        #expect(affecting == Set([leading, size, sum].map(ObjectIdentifier.init)))
        #expect(solver.constraintsAffecting(Variable("unknown")).isEmpty)
    }
}
