import ConstraintSolver
import Foundation
import Testing

/// Building expressions and constraints with operators.
@Suite struct ExpressionTests {
    @Test func operatorsBuildTermsAndConstants() {
        let x = Variable("x")
        let y = Variable("y")
        let expression = 2 * x + y * 3 - 10 + 0.5
        #expect(expression.terms.count == 2)
        #expect(expression.terms[0].variable === x && expression.terms[0].coefficient == 2)
        #expect(expression.terms[1].variable === y && expression.terms[1].coefficient == 3)
        #expect(expression.constant == -9.5)
        let negated = -(x - y) / 2
        #expect(negated.terms.map(\.coefficient) == [-0.5, 0.5])
    }

    @Test func integersAndCGFloatsMixWithVariables() {
        let x = Variable("x")
        let count = 3
        let spacing: CGFloat = 8
        let expression = x * count + spacing * 2 + count
        #expect(expression.terms.first?.coefficient == 3)
        #expect(expression.constant == 19)
        let scaled = spacing * x / CGFloat(2)
        #expect(scaled.terms.first?.coefficient == 4)
    }

    @Test func comparisonsMakeRequiredConstraintsOfTheDifference() {
        let x = Variable("x")
        let y = Variable("y")
        let constraint = x + 10 <= y
        #expect(constraint.relation == .lessThanOrEqual)
        #expect(constraint.priority == .required)
        #expect(constraint.expression.constant == 10)
        #expect(constraint.expression.terms.map(\.coefficient) == [1, -1])
        #expect((x >= 5).relation == .greaterThanOrEqual)
        #expect((x == y).relation == .equal)
        let weak = Constraint(x == 3, priority: .weak)
        #expect(weak.priority == .weak && weak.expression.constant == -3)
    }

    @Test func descriptionsReadLikeTheConstraint() {
        let width = Variable("width")
        let height = Variable("height")
        let constraint = Constraint(width - 2 * height + 4 >= 0, priority: 250)
        #expect(constraint.description == "width - 2.0 * height + 4.0 >= 0 | priority 250")
        #expect(Expression(constant: 3).description == "3.0")
        #expect(Variable("").description.hasPrefix("v"))
    }

    @Test func expressionValuesFollowTheVariables() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addConstraint(x == 4)
        solver.updateVariables()
        #expect((3 * x + 1).value == 13)
        #expect(Term(x, coefficient: 2).value == 8)
    }
}
