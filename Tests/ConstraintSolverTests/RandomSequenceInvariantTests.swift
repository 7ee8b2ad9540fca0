import ConstraintSolver
import Foundation
import Testing
import SeededRandom
import SolverInvariants

/// Thousands of random sequences of adds, removes, constant changes, edit variables and
/// suggestions, with numbers spread over 1e-6...1e6 in magnitude, priorities 1...1000 and all
/// three relations, mixed with operations the range checks must refuse. After every step each
/// required constraint the solver holds is satisfied, and every refused operation left the
/// tableau and the variables' values exactly as they were.
///
/// The tolerance is the solver's documented one: 32 billionths of the largest magnitude (a
/// constant, a suggestion, or a term's value) it has held since the constraint was admitted,
/// the tolerance the constraint was judged by, in the units of its variables (times its
/// largest coefficient, when that is above 1). Coefficients are drawn across the whole
/// accepted range, magnitudes 1e-3 to 1e3 (`Solver.coefficientMagnitudes`), so tableau
/// couplings that are products of several of them lie far below the largest coefficient.
/// It cannot be a billionth of each constraint's
/// own magnitude: beside a 1e5, a violation of 3e-5 of `x >= 3e-5` is below the round-off of
/// the 1e5 rows.
@Suite struct RandomSequenceInvariantTests {
    static let sequencesPerChunk = 500

    @Test(arguments: 0..<8)
    func requiredConstraintsHoldAfterEveryStepAndRefusalsChangeNothing(chunk: Int) throws {
        var tally = SequenceRun.Tally()
        for seed in chunk * Self.sequencesPerChunk..<(chunk + 1) * Self.sequencesPerChunk {
            var run = SequenceRun(seed: UInt64(seed))
            try run.run()
            tally.add(run.tally)
        }
        // Every kind of step must occur often, or the property proves little.
        #expect(tally.steps > 7_500)
        #expect(tally.unsatisfiable > 50, "only \(tally.unsatisfiable) unsatisfiable adds")
        #expect(tally.outOfRange > 600)
        #expect(tally.removals > 700)
        #expect(tally.suggestions > 1_200)
        #expect(tally.constants > 600)
    }

    /// Seeds beyond the chunks above that once ended with a required constraint violated:
    /// 154026 and 176674 (see the regression tests of the same cases, minimised), 115499
    /// and 14396, broken by two attempts at taking couplings below the coefficient tolerance
    /// for real (every phase-one coefficient a candidate; every cost entry kept), 373534 and
    /// 409792; then 455702, 470558, 508219, 564551, 656963, 795773 and 985862, and 390702,
    /// 818427, 864005, 903871 and 1295175, whose suggestions threw `unsatisfiableConstraint`;
    /// then the twelve that the check of the required constraints' residuals fixed, 1170651 and
    /// 1653144 among them with suggestions that threw; and 35363, whose refused add let that
    /// check run again on the rows it put back.
    @Test(arguments: [
        14_396, 115_499, 154_026, 176_674, 373_534, 409_792, 455_702, 470_558, 508_219, 564_551, 656_963,
        795_773, 985_862, 390_702, 818_427, 864_005, 903_871, 1_295_175,
        193_180, 695_119, 846_701, 949_740, 1_079_858, 1_126_799, 1_170_651, 1_490_636, 1_519_742, 1_574_372,
        1_653_144, 1_865_015, 35_363,
    ])
    func seedsThatOnceFailed(seed: Int) throws {
        var run = SequenceRun(seed: UInt64(seed))
        try run.run()
    }
}

private struct SequenceRun {
    let seed: UInt64
    var random: SeededGenerator
    let variables: [Variable]
    let solver = Solver()
    var held: [Constraint] = []
    var edits: [Int: Double] = [:]
    /// Per held required constraint, the largest magnitude held since it was admitted.
    var peaks = ToleranceScale()
    var tally = Tally()

    struct Tally {
        var steps = 0, unsatisfiable = 0, outOfRange = 0, removals = 0, suggestions = 0, constants = 0
        mutating func add(_ other: Tally) {
            steps += other.steps
            unsatisfiable += other.unsatisfiable
            outOfRange += other.outOfRange
            removals += other.removals
            suggestions += other.suggestions
            constants += other.constants
        }
    }

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed &* 104_729 &+ 3)
        variables = (0..<Int(seed % 3 + 2)).map { Variable("v\($0)") }
    }

    /// A magnitude spread evenly in log scale over 1e-6...1e6, with a random sign; sometimes 0.
    mutating func number() -> Double {
        if Int.random(in: 0..<12, using: &random) == 0 { return 0 }
        let magnitude = pow(10, Double.random(in: -6...6, using: &random))
        return Bool.random(using: &random) ? magnitude : -magnitude
    }

    mutating func priority() -> Priority {
        Int.random(in: 0..<100, using: &random) < 45 ? .required : Priority(Float(Int.random(in: 1...999, using: &random)))
    }

    /// The decimal exponents of the coefficient magnitudes the solver accepts.
    static let coefficientExponents = log10(Solver.coefficientMagnitudes.lowerBound)...log10(Solver.coefficientMagnitudes.upperBound)

    mutating func coefficient() -> Double {
        let pick = Int.random(in: 0..<10, using: &random)
        let magnitude = pick < 6 ? [1, 1, 2, 0.5, 3, 0.25][pick] : pow(10, Double.random(in: Self.coefficientExponents, using: &random))
        return Bool.random(using: &random) ? magnitude : -magnitude
    }

    mutating func randomConstraint() -> Constraint {
        let count = Int.random(in: 1...min(3, variables.count), using: &random)
        var expression = Expression(constant: number())
        for variable in variables.shuffled(using: &random).prefix(count) {
            expression.terms.append(Term(variable, coefficient: coefficient()))
        }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
        return Constraint(expression, relation, priority: priority())
    }

    /// A value the range checks must refuse.
    mutating func outOfRange() -> Double {
        [1e10, -1e12, 1e18, 1e308, -.infinity, .nan, Solver.maximumValue.nextUp].randomElement(using: &random)!
    }

    mutating func run() throws {
        let steps = Int.random(in: 10...24, using: &random)
        for step in 0..<steps {
            tally.steps += 1
            let choice = Int.random(in: 0..<100, using: &random)
            switch choice {
            case 0..<40: try add(randomConstraint())
            case 40..<55 where !held.isEmpty:
                try solver.removeConstraint(held.remove(at: Int.random(in: 0..<held.count, using: &random)))
                tally.removals += 1
            case 55..<68 where !held.isEmpty: try changeConstant()
            case 68..<90: try edit()
            default: try refuse()
            }
            if ProcessInfo.processInfo.environment["SEQUENCE_TRACE"] == String(seed) {
                print("step \(step) choice \(choice) held:", held, "edits:", edits, "\n", solver.tableauFingerprint)
            }
            check(step: step)
        }
    }

    mutating func add(_ constraint: Constraint) throws {
        let before = snapshot()
        do {
            try solver.addConstraint(constraint)
            held.append(constraint)
        } catch SolverError.unsatisfiableConstraint {
            tally.unsatisfiable += 1
            expectUnchanged(since: before, "unsatisfiable add of \(constraint)")
        }
    }

    mutating func changeConstant() throws {
        let constraint = held.randomElement(using: &random)!
        let before = snapshot()
        do {
            try solver.setConstant(number(), of: constraint)
            peaks.restart(constraint)
            tally.constants += 1
        } catch SolverError.unsatisfiableConstraint {
            tally.unsatisfiable += 1
            expectUnchanged(since: before, "unsatisfiable constant of \(constraint)")
        }
    }

    mutating func edit() throws {
        let index = Int.random(in: 0..<variables.count, using: &random)
        if edits[index] != nil && Int.random(in: 0..<5, using: &random) == 0 {
            try solver.removeEditVariable(variables[index])
            edits[index] = nil
            return
        }
        if edits[index] == nil {
            try solver.addEditVariable(variables[index], priority: Priority(Float(Int.random(in: 1...999, using: &random))))
            edits[index] = 0
        }
        let value = number()
        try solver.suggestValue(variables[index], value)
        edits[index] = value
        tally.suggestions += 1
    }

    /// An operation with a number out of range: refused, with nothing changed.
    mutating func refuse() throws {
        let before = snapshot()
        let bad = outOfRange()
        var description = ""
        do {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let model = randomConstraint()
                let constraint = Constraint(
                    Expression(model.expression.terms, constant: bad), model.relation, priority: model.priority)
                description = "add of \(constraint)"
                try solver.addConstraint(constraint)
            case 1:
                var expression = Expression(constant: number())
                let coefficient = [1e-9, -1e-4, 1e4, -5e5, .nan, .infinity].randomElement(using: &random)!
                expression.terms.append(Term(variables[0], coefficient: coefficient))
                let constraint = Constraint(expression, .equal, priority: priority())
                description = "add of \(constraint)"
                try solver.addConstraint(constraint)
            case 2 where !held.isEmpty:
                let constraint = held.randomElement(using: &random)!
                description = "constant \(bad) of \(constraint)"
                try solver.setConstant(bad, of: constraint)
            default:
                guard let index = edits.keys.sorted().first else { return }
                description = "suggestion \(bad)"
                try solver.suggestValue(variables[index], bad)
            }
            Issue.record("seed \(seed): accepted the \(description)")
        } catch SolverError.valueOutOfRange, SolverError.nonFiniteValue {
            tally.outOfRange += 1
        }
        expectUnchanged(since: before, description)
    }

    func snapshot() -> (String, [Double]) {
        solver.updateVariables()
        return (solver.tableauFingerprint, variables.map(\.value))
    }

    func expectUnchanged(since before: (String, [Double]), _ what: String) {
        let after = snapshot()
        #expect(after.0 == before.0, "seed \(seed): the refused \(what) changed the tableau")
        #expect(after.1 == before.1, "seed \(seed): the refused \(what) changed the values")
    }

    mutating func check(step: Int) {
        solver.updateVariables()
        let largest = held.largestMagnitude(suggestions: edits.values)
        for constraint in held where constraint.priority.isRequired {
            let tolerance = peaks.tolerance(of: constraint, largest: largest)
            let violation = constraint.violation
            #expect(violation.isFinite && violation <= tolerance,
                "seed \(seed) step \(step): \(constraint) off by \(violation) (tolerance \(tolerance))")
        }
    }
}
