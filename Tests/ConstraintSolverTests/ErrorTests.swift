import ConstraintSolver
import Foundation
import Testing

/// Bad calls throw errors that name the problem and leave the solver as it was.
@Suite struct ErrorTests {
    private func populatedSolver() throws -> (Solver, Variable, Constraint) {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        let link = y == x + 10
        try solver.addConstraint(link)
        try solver.addConstraint(Constraint(x == 3, priority: .weak))
        try solver.addEditVariable(y, priority: .strong)
        try solver.suggestValue(y, 40)
        return (solver, x, link)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteCoefficientsAndConstantsAreRejectedWithoutChanges(value: Double) throws {
        let (solver, x, link) = try populatedSolver()
        let before = solver.tableauFingerprint
        let badCoefficient = Constraint(Expression([Term(x, coefficient: value)], constant: 1), .equal)
        let badConstant = Constraint(Expression([Term(x)], constant: value), .lessThanOrEqual)
        #expect(throws: SolverError.self) { try solver.addConstraint(badCoefficient) }
        #expect(throws: SolverError.self) { try solver.addConstraint(badConstant) }
        #expect(throws: SolverError.self) { try solver.setConstant(value, of: link) }
        #expect(throws: SolverError.self) { try solver.suggestValue(Variable("unknown"), value) }
        let y = try #require(link.expression.terms.first?.variable)
        #expect(throws: SolverError.self) { try solver.suggestValue(y, value) }
        #expect(solver.tableauFingerprint == before)
        #expect(!solver.hasConstraint(badCoefficient) && !solver.hasConstraint(badConstant))
        do {
            try solver.addConstraint(badCoefficient)
        } catch let error as SolverError {
            guard case .nonFiniteValue(let what) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(what.contains("x"))
        }
    }

    @Test func everyErrorHasAReadableDescription() throws {
        let x = Variable("width")
        let constraint = Constraint(x >= 10, priority: 250)
        let errors: [SolverError] = [
            .duplicateConstraint(constraint), .unknownConstraint(constraint),
            .unsatisfiableConstraint(conflicting: [constraint, x <= 5]),
            .duplicateEditVariable(x), .unknownEditVariable(x), .badRequiredPriority,
            .nonFiniteValue("the coefficient nan of width"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(error.errorDescription == error.description)
            #expect((error as Error).localizedDescription == error.description)
        }
        #expect(SolverError.duplicateEditVariable(x).description.contains("width"))
        #expect(SolverError.unknownConstraint(constraint).description.contains("width - 10.0 >= 0 | priority 250"))
        let unsatisfiable = SolverError.unsatisfiableConstraint(conflicting: [constraint, x <= 5]).description
        #expect(unsatisfiable.contains("width - 10.0 >= 0") && unsatisfiable.contains("width - 5.0 <= 0"))
    }

    @Test func rejectedEditOperationsChangeNothing() throws {
        let (solver, x, link) = try populatedSolver()
        let before = solver.tableauFingerprint
        let y = try #require(link.expression.terms.first?.variable)
        #expect(throws: SolverError.duplicateEditVariable(y)) { try solver.addEditVariable(y, priority: .weak) }
        #expect(throws: SolverError.badRequiredPriority) { try solver.addEditVariable(x, priority: .required) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.suggestValue(x, 1) }
        #expect(throws: SolverError.duplicateConstraint(link)) { try solver.addConstraint(link) }
        let stranger = x == 1
        #expect(throws: SolverError.unknownConstraint(stranger)) { try solver.removeConstraint(stranger) }
        #expect(throws: SolverError.unknownConstraint(stranger)) { try solver.setConstant(3, of: stranger) }
        #expect(solver.tableauFingerprint == before)
        solver.updateVariables()
        #expect(y.value == 40 && x.value == 30)
    }
}
