import ConstraintSolver
import Testing
import SeededRandom

/// `Solver.setConstants` against the same changes made one by one with `setConstant`: the
/// same solution, the same refusals with the same errors, and a refused change leaving the
/// others applied.
@Suite struct ConstantBatchTests {
    @Test func aRefusedChangeInTheMiddleLeavesTheOthersApplied() throws {
        let batched = GapSystem()
        let sequential = GapSystem()
        // y == x + 50 cannot hold with x >= 10 and y <= 40; the changes around it can.
        let constants = [-12.0, -50, -30]
        var failures: [(Int, String)] = []
        batched.solver.setConstants(zip(batched.changed, constants).map { ($0, $1) }) { index, error in
            failures.append((index, "\(error)"))
        }
        var sequentialFailures: [(Int, String)] = []
        for (index, (constraint, constant)) in zip(sequential.changed, constants).enumerated() {
            do { try sequential.solver.setConstant(constant, of: constraint) } catch {
                sequentialFailures.append((index, "\(error)"))
            }
        }
        #expect(failures.map(\.0) == [1])
        #expect(failures.map(\.0) == sequentialFailures.map(\.0))
        #expect(failures.map(\.1) == sequentialFailures.map(\.1))
        for system in [batched, sequential] {
            system.solver.updateVariables()
            #expect(system.changed.map(\.expression.constant) == [-12, -5, -30])
        }
        #expect(batched.values == sequential.values)
        #expect(batched.values == [12, 17, 47])
    }

    @Test func changesThatHoldTogetherTakeEffectTogether() throws {
        let batched = GapSystem()
        let sequential = GapSystem()
        let constants = [-12.0, -20, -30]
        batched.solver.setConstants(zip(batched.changed, constants).map { ($0, $1) }) { index, error in
            Issue.record("change \(index) refused: \(error)")
        }
        for (constraint, constant) in zip(sequential.changed, constants) {
            try sequential.solver.setConstant(constant, of: constraint)
        }
        batched.solver.updateVariables()
        sequential.solver.updateVariables()
        #expect(batched.values == [12, 32, 62])
        #expect(batched.values == sequential.values)
        #expect(batched.changed.map(\.expression.constant) == constants)
    }

    @Test func unknownAndOutOfRangeChangesAreReportedByIndex() throws {
        let system = GapSystem()
        let stranger = Variable("stranger") == 3
        var failures: [(Int, String)] = []
        system.solver.setConstants([(system.changed[0], -11), (stranger, 1), (system.changed[2], .nan)]) { index, error in
            failures.append((index, "\(error)"))
        }
        #expect(failures.map(\.0) == [1, 2])
        system.solver.updateVariables()
        #expect(system.values[0] == 11)
        #expect(system.changed[2].expression.constant == -25)
    }

    /// Random systems whose solution is unique (every priority is used once and each variable
    /// ends with a weak pull of its own), changed by random batches of constants; the same
    /// changes one by one must give the same refusals and the same solution.
    @Test(arguments: 0..<4)
    func randomBatchesMatchOneByOneChanges(chunk: Int) throws {
        var accepted = 0
        var refused = 0
        for seed in chunk * 100..<(chunk + 1) * 100 {
            var random = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
            let variableCount = Int.random(in: 2...5, using: &random)
            var shape: [(terms: [(Int, Double)], relation: Relation, constant: Double, priority: Priority)] = []
            var priorities = Array(stride(from: Float(900), through: 100, by: -37)).shuffled(using: &random)
            for _ in 0..<Int.random(in: 3...9, using: &random) {
                let first = Int.random(in: 0..<variableCount, using: &random)
                var terms = [(first, 1.0)]
                if Bool.random(using: &random) {
                    let second = (first + Int.random(in: 1..<variableCount, using: &random)) % variableCount
                    terms.append((second, -1))
                }
                let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
                let required = Int.random(in: 0..<3, using: &random) == 0
                let priority: Priority = required || priorities.isEmpty ? .required : Priority(priorities.removeLast())
                shape.append((terms, relation, Double(Int.random(in: -60...60, using: &random)), priority))
            }
            let changeable = shape.count
            for k in 0..<variableCount {
                shape.append(([(k, 1)], .equal, Double(-10 * k), Priority(Float(1 + k))))
            }
            let batched = RandomSystem(shape: shape, variableCount: variableCount)
            let sequential = RandomSystem(shape: shape, variableCount: variableCount)
            for _ in 0..<6 {
                let count = Int.random(in: 2...4, using: &random)
                // Constraints the solver refused to add have no copy to change.
                let picks = (0..<changeable).shuffled(using: &random).prefix(count)
                    .filter { batched.constraints[$0] != nil }
                let constants = picks.map { _ in Double(Int.random(in: -80...80, using: &random)) }
                var failures: [(Int, String)] = []
                batched.solver.setConstants(zip(picks, constants).map { (batched.constraints[$0]!, $1) }) { index, error in
                    failures.append((index, "\(error)"))
                }
                var sequentialFailures: [(Int, String)] = []
                for (index, (k, c)) in zip(picks, constants).enumerated() {
                    do { try sequential.solver.setConstant(c, of: sequential.constraints[k]!) } catch {
                        sequentialFailures.append((index, "\(error)"))
                    }
                }
                #expect(failures.map(\.0) == sequentialFailures.map(\.0), "seed \(seed)")
                #expect(failures.map(\.1) == sequentialFailures.map(\.1), "seed \(seed)")
                refused += failures.count
                accepted += picks.count - failures.count
                batched.solver.updateVariables()
                sequential.solver.updateVariables()
                for (a, b) in zip(batched.values, sequential.values) {
                    #expect(abs(a - b) <= 1e-7 * max(1, abs(b)), "seed \(seed): \(batched.values) vs \(sequential.values)")
                }
                for (a, b) in zip(batched.constraints, sequential.constraints) {
                    #expect(a?.expression.constant == b?.expression.constant, "seed \(seed)")
                }
            }
        }
        // The mix must reach both the batched path and the fallback.
        #expect(accepted > 300)
        #expect(refused > 10)
    }
}

/// `x >= 10`, `y == x + 5`, `z == y + 25`, `y <= 40` (required), `x == 0` weakly; the
/// constants of `x >= 10`, `y == x + 5` and `z == y + 25` are the ones the tests change.
private final class GapSystem {
    let x = Variable("x"), y = Variable("y"), z = Variable("z")
    let solver = Solver()
    let changed: [Constraint]

    init() {
        changed = [x >= 10, y == x + 5, z == y + 25]
        for constraint in changed { try! solver.addConstraint(constraint) }
        try! solver.addConstraint(y <= 40)
        try! solver.addConstraint(Constraint(x == 0, priority: 250))
        solver.updateVariables()
    }

    var values: [Double] { [x.value, y.value, z.value] }
}

/// One copy of a random system; a constraint the solver refused to add is `nil`.
private final class RandomSystem {
    let solver = Solver()
    let variables: [Variable]
    var constraints: [Constraint?] = []

    init(shape: [(terms: [(Int, Double)], relation: Relation, constant: Double, priority: Priority)], variableCount: Int) {
        variables = (0..<variableCount).map { Variable("v\($0)") }
        for item in shape {
            var expression = Expression(constant: item.constant)
            for (k, coefficient) in item.terms { expression = expression + coefficient * variables[k] }
            let constraint = Constraint(expression, item.relation, priority: item.priority)
            constraints.append((try? solver.addConstraint(constraint)) == nil ? nil : constraint)
        }
        solver.updateVariables()
    }

    var values: [Double] { variables.map(\.value) }
}
