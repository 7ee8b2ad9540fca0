// Solver operation sequences: adds (optional equalities among them with a shortfall priority
// of their own), removes, constant changes, edit variables and
// suggestions with magnitudes from 1e-9 to 1e9, and operations with numbers out of range.
// After every step each held required constraint is satisfied within the solver's documented
// tolerance (Constraint.requiredTolerance), and an operation the solver refuses leaves the
// tableau and every value exactly as they were.
import ConstraintSolver
import Foundation
import FuzzSupport
import SolverInvariants

private struct Sequence {
    var input: FuzzInput
    let solver = Solver()
    let variables: [Variable]
    var held: [Constraint] = []
    /// The edited variables' indices, with the value last suggested for each.
    var edits: [Int: Double] = [:]
    /// Per held required constraint, the largest magnitude held since it was admitted.
    var peaks = ToleranceScale()
    var log: [String] = []

    init(_ input: FuzzInput) {
        self.input = input
        variables = (0..<self.input.int(in: 1...5)).map { Variable("v\($0)") }
    }

    /// A constant or suggested value: 1e-9 to 1e9 in magnitude, or 0.
    mutating func value() -> Double { input.logScaled(exponents: -9...9) }

    mutating func coefficient() -> Double {
        let simple: [Double] = [1, -1, 2, 0.5, -3]
        if input.byte() % 2 == 0 { return input.pick(simple) }
        let exponents = log10(Solver.coefficientMagnitudes.lowerBound)...log10(Solver.coefficientMagnitudes.upperBound)
        let magnitude = input.logScaled(exponents: exponents)
        return magnitude == 0 ? 1 : magnitude
    }

    mutating func priority() -> Priority {
        input.byte() % 2 == 0 ? .required : Priority(Float(input.int(in: 1...999)))
    }

    mutating func constraint(constant: Double? = nil) -> Constraint {
        var expression = Expression(constant: constant ?? value())
        var unused = Array(variables.indices)
        for _ in 0..<input.int(in: 1...min(3, variables.count)) {
            let index = unused.remove(at: input.int(in: 0...unused.count - 1))
            expression.terms.append(Term(variables[index], coefficient: coefficient()))
        }
        let relation = input.pick([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
        let priority = priority()
        // A third of the optional equalities weigh their shortfall at a priority of their own.
        if relation == .equal && !priority.isRequired && input.byte() % 3 == 0 {
            return Constraint(expression, equalWithExcessAt: priority, shortfallAt: Priority(Float(input.int(in: 1...999))))
        }
        return Constraint(expression, relation, priority: priority)
    }

    /// A number the range checks must refuse.
    mutating func outOfRange() -> Double {
        input.pick([1e10, -1e12, 1e300, -.infinity, .infinity, .nan, Solver.maximumValue.nextUp, -Solver.maximumValue.nextUp])
    }

    func snapshot() -> (String, [Double]) {
        solver.updateVariables()
        return (solver.tableauFingerprint, variables.map(\.value))
    }

    func expectUnchanged(since before: (String, [Double]), _ what: String) {
        let after = snapshot()
        fuzzCheck(after.0 == before.0 && after.1 == before.1, "the refused \(what) changed the solver\n\(log.joined(separator: "\n"))")
    }

    mutating func step() throws {
        switch input.byte() % 10 {
        case 0, 1, 2:
            let constraint = constraint()
            let before = snapshot()
            log.append("add \(constraint)")
            do {
                try solver.addConstraint(constraint)
                held.append(constraint)
            } catch SolverError.unsatisfiableConstraint {
                expectUnchanged(since: before, "unsatisfiable add of \(constraint)")
            }
        case 3 where !held.isEmpty:
            let constraint = held.remove(at: input.int(in: 0...held.count - 1))
            log.append("remove \(constraint)")
            try solver.removeConstraint(constraint)
            peaks.forget(constraint)
        case 4 where !held.isEmpty:
            let constraint = held[input.int(in: 0...held.count - 1)]
            let constant = value()
            let before = snapshot()
            log.append("constant \(constant) of \(constraint)")
            do {
                try solver.setConstant(constant, of: constraint)
                peaks.restart(constraint)
            } catch SolverError.unsatisfiableConstraint {
                expectUnchanged(since: before, "unsatisfiable constant of \(constraint)")
            }
        case 5, 6, 7:
            let index = input.int(in: 0...variables.count - 1)
            if edits[index] == nil {
                let priority = Priority(Float(input.int(in: 1...999)))
                log.append("edit v\(index) @\(priority)")
                try solver.addEditVariable(variables[index], priority: priority)
                edits[index] = 0
            }
            let suggestion = value()
            log.append("suggest v\(index) = \(suggestion)")
            try solver.suggestValue(variables[index], suggestion)
            edits[index] = suggestion
        case 8 where !edits.isEmpty:
            let index = edits.keys.sorted()[input.int(in: 0...edits.count - 1)]
            log.append("stop editing v\(index)")
            try solver.removeEditVariable(variables[index])
            edits[index] = nil
        default:
            try refuse()
        }
    }

    /// An operation with a number out of range: refused, with nothing changed.
    mutating func refuse() throws {
        let before = snapshot()
        let bad = outOfRange()
        var what = ""
        do {
            switch input.byte() % 4 {
            case 0:
                let constraint = constraint(constant: bad)
                what = "add of \(constraint)"
                try solver.addConstraint(constraint)
            case 1:
                let coefficient = input.pick([1e-9, -1e-4, 1e4, -5e5, .nan, .infinity, 0.000999, 1000.001])
                let constraint = Constraint(Expression([Term(variables[0], coefficient: coefficient)], constant: value()), .equal,
                                            priority: priority())
                what = "add of \(constraint)"
                try solver.addConstraint(constraint)
            case 2 where !held.isEmpty:
                let constraint = held[input.int(in: 0...held.count - 1)]
                what = "constant \(bad) of \(constraint)"
                try solver.setConstant(bad, of: constraint)
            default:
                guard let index = edits.keys.min() else { return }
                what = "suggestion \(bad) for v\(index)"
                try solver.suggestValue(variables[index], bad)
            }
            fuzzCheck(false, "accepted the \(what)\n\(log.joined(separator: "\n"))")
        } catch SolverError.valueOutOfRange, SolverError.nonFiniteValue {}
        expectUnchanged(since: before, what)
    }

    mutating func check() {
        solver.updateVariables()
        let largest = held.largestMagnitude(suggestions: edits.values)
        for constraint in held where constraint.priority.isRequired {
            let tolerance = peaks.tolerance(of: constraint, largest: largest)
            let violation = constraint.violation
            fuzzCheck(violation.isFinite && violation <= tolerance,
                      "\(constraint) off by \(violation) (tolerance \(tolerance)) after\n\(log.joined(separator: "\n"))")
        }
    }
}

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var sequence = Sequence(FuzzInput(Array(bytes)))
    var steps = 0
    while !sequence.input.isEmpty && steps < 64 {
        do {
            try sequence.step()
        } catch {
            fuzzCheck(false, "\(error) from an operation the sequence may make\n\(sequence.log.joined(separator: "\n"))")
        }
        sequence.check()
        steps += 1
    }
}

fuzzMain(fuzzOne)
