import ConstraintSolver
import Testing
import Foundation
import SeededRandom

/// Thousands of small random systems, changed one operation at a time (adds and removes of
/// mixed equalities and inequalities at several priorities, optional equalities whose
/// shortfall has a priority of its own, constant changes, edit variables), each state
/// checked against `ReferenceSystem`: required constraints hold, and the total error at each
/// priority level equals the level-by-level optimum.
@Suite struct RandomOracleTests {
    static let systemsPerChunk = 250

    @Test(arguments: 0..<8)
    func randomSystemsMatchTheLevelByLevelReference(chunk: Int) throws {
        var tally = OracleRun.Tally()
        for seed in chunk * Self.systemsPerChunk..<(chunk + 1) * Self.systemsPerChunk {
            var run = OracleRun(seed: UInt64(seed))
            try run.run()
            tally.add(run.tally)
        }
        // The random mix must reach every path, or the oracle proves little.
        #expect(tally.rejectedAdds > 20, "only \(tally.rejectedAdds) rejected adds")
        #expect(tally.rejectedConstants > 0, "only \(tally.rejectedConstants) rejected constant changes")
        #expect(tally.acceptedConstants > 50)
        #expect(tally.suggestions > 50)
        #expect(tally.removals > 100)
        #expect(tally.shortfallAdds > 50, "only \(tally.shortfallAdds) constraints with a shortfall priority")
        #expect(tally.checks > 2000)
    }
}

private struct OracleRun {
    let seed: UInt64
    var random: SeededGenerator
    let variables: [Variable]
    let solver = Solver()
    var constraints: [Constraint] = []
    var tally = Tally()

    struct Tally {
        var rejectedAdds = 0, rejectedConstants = 0, acceptedConstants = 0
        var suggestions = 0, removals = 0, checks = 0, shortfallAdds = 0
        mutating func add(_ other: Tally) {
            shortfallAdds += other.shortfallAdds
            rejectedAdds += other.rejectedAdds
            rejectedConstants += other.rejectedConstants
            acceptedConstants += other.acceptedConstants
            suggestions += other.suggestions
            removals += other.removals
            checks += other.checks
        }
    }
    /// Edit variables by index, with their priority and current suggestion.
    var edits: [Int: (priority: Priority, value: Double)] = [:]
    var trace: Bool { ProcessInfo.processInfo.environment["ORACLE_TRACE"] == String(seed) }
    static let levels: [Priority] = [999, 750, 501, 500, 251, 250, 1]

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed &* 7919 &+ 17)
        let count = Int(seed % 3) + 2
        variables = (0..<count).map { Variable("v\($0)") }
    }

    mutating func run() throws {
        let operations = Int.random(in: 8...16, using: &random)
        for step in 0..<operations {
            let choice = Int.random(in: 0..<100, using: &random)
            if choice < 50 || constraints.isEmpty {
                try addRandomConstraint()
            } else if choice < 68 {
                let constraint = constraints.remove(at: Int.random(in: 0..<constraints.count, using: &random))
                try solver.removeConstraint(constraint)
                tally.removals += 1
            } else if choice < 84 {
                try changeRandomConstant()
            } else {
                try editRandomVariable()
            }
            if trace { print("step \(step) constraints:", constraints, "edits:", edits, "\n", solver.tableauFingerprint) }
            try checkOptimality(step: step)
        }
    }

    private mutating func randomConstraint() -> Constraint {
        let termCount = Int.random(in: 1...min(3, variables.count), using: &random)
        var expression = Expression(constant: Double(Int.random(in: -20...20, using: &random)))
        for variable in variables.shuffled(using: &random).prefix(termCount) {
            var coefficient = Double(Int.random(in: -3...3, using: &random))
            if coefficient == 0 { coefficient = 0.5 }
            expression.terms.append(Term(variable, coefficient: coefficient))
        }
        let relation: Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual]
            .randomElement(using: &random)!
        let priority: Priority =
            Int.random(in: 0..<100, using: &random) < 45
            ? .required : Self.levels.randomElement(using: &random)!
        if relation == .equal && !priority.isRequired && Int.random(in: 0..<3, using: &random) == 0 {
            let shortfall = Self.levels.randomElement(using: &random)!
            return Constraint(expression, equalWithExcessAt: priority, shortfallAt: shortfall)
        }
        return Constraint(expression, relation, priority: priority)
    }

    private mutating func addRandomConstraint() throws {
        let constraint = randomConstraint()
        let expectFeasible = reference(with: constraint).requiredIsFeasible
        let before = solver.tableauFingerprint
        do {
            try solver.addConstraint(constraint)
            #expect(expectFeasible, "seed \(seed): added \(constraint) although the reference finds it infeasible")
            constraints.append(constraint)
            if constraint.shortfallPriority != nil { tally.shortfallAdds += 1 }
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(!expectFeasible, "seed \(seed): rejected \(constraint) although the reference finds it feasible")
            #expect(solver.tableauFingerprint == before, "seed \(seed): a failed add changed the tableau")
            tally.rejectedAdds += 1
            checkConflict(conflicting, involving: constraint, constant: nil)
        }
    }

    private mutating func changeRandomConstant() throws {
        // Mostly required constraints, with wide moves, so that some changes are infeasible.
        let required = constraints.filter { $0.priority.isRequired }
        let pool = required.isEmpty || Int.random(in: 0..<10, using: &random) < 3 ? constraints : required
        let constraint = pool.randomElement(using: &random)!
        let constant = Double(Int.random(in: -60...60, using: &random))
        let expectFeasible = reference(changing: (constraint, constant)).requiredIsFeasible
        let before = solver.tableauFingerprint
        do {
            try solver.setConstant(constant, of: constraint)
            #expect(expectFeasible, "seed \(seed): setConstant accepted an infeasible constant")
            #expect(constraint.expression.constant == constant)
            tally.acceptedConstants += 1
        } catch SolverError.unsatisfiableConstraint(let conflicting) {
            #expect(!expectFeasible, "seed \(seed): setConstant rejected a feasible constant")
            #expect(solver.tableauFingerprint == before, "seed \(seed): a failed setConstant changed the tableau")
            tally.rejectedConstants += 1
            checkConflict(conflicting, involving: constraint, constant: constant)
        }
    }

    private mutating func editRandomVariable() throws {
        let index = Int.random(in: 0..<variables.count, using: &random)
        let variable = variables[index]
        if let edit = edits[index], Int.random(in: 0..<4, using: &random) == 0 {
            try solver.removeEditVariable(variable)
            edits[index] = nil
            _ = edit
            return
        }
        if edits[index] == nil {
            let priority = Self.levels.randomElement(using: &random)!
            try solver.addEditVariable(variable, priority: priority)
            edits[index] = (priority, 0)
        }
        let value = Double(Int.random(in: -30...30, using: &random))
        try solver.suggestValue(variable, value)
        edits[index]!.value = value
        tally.suggestions += 1
    }

    /// Every member is required and needed: the set is infeasible, and dropping any one
    /// member makes it feasible.
    private func checkConflict(_ conflicting: [Constraint], involving constraint: Constraint, constant: Double?) {
        #expect(conflicting.contains { $0 === constraint }, "seed \(seed): the conflict omits \(constraint)")
        func item(_ member: Constraint) -> ReferenceSystem.Item {
            var item = referenceItems(member)[0]
            if member === constraint, let constant { item.constant = constant }
            return item
        }
        for member in conflicting {
            #expect(member.priority.isRequired, "seed \(seed): optional \(member) in a conflict")
            #expect(member === constraint || constraints.contains { $0 === member })
        }
        let system = ReferenceSystem(variableCount: variables.count, items: conflicting.map(item))
        #expect(!system.requiredIsFeasible, "seed \(seed): the reported conflict is satisfiable")
        for k in conflicting.indices {
            var smaller = system
            smaller.items.remove(at: k)
            #expect(smaller.requiredIsFeasible, "seed \(seed): the conflict stays infeasible without \(conflicting[k])")
        }
    }

    private mutating func checkOptimality(step: Int) throws {
        tally.checks += 1
        solver.updateVariables()
        let values = variables.map(\.value)
        let system = reference()
        let violation = system.requiredViolation(at: values)
        #expect(violation <= 1e-6, "seed \(seed) step \(step): a required constraint is off by \(violation)")
        let optimum = try #require(system.lexicographicOptimum(), "seed \(seed): reference infeasible")
        let actual = system.errors(at: values, levels: optimum.map(\.level))
        for (expected, error) in zip(optimum, actual) {
            #expect(
                abs(error - expected.error) <= 1e-5 * (1 + abs(expected.error)),
                "seed \(seed) step \(step): level \(expected.level) error \(error), optimum \(expected.error)")
        }
    }

    /// The reference's items for a constraint: one, or for an equality with a shortfall
    /// priority the two inequalities it stands for (`<=` at its priority, `>=` at the
    /// shortfall's), which the reference solves as separate rows.
    private func referenceItems(_ constraint: Constraint, constant: Double? = nil) -> [ReferenceSystem.Item] {
        var coefficients = [Double](repeating: 0, count: variables.count)
        for term in constraint.expression.terms {
            if let v = variables.firstIndex(where: { $0 === term.variable }) { coefficients[v] += term.coefficient }
        }
        let constant = constant ?? constraint.expression.constant
        guard let shortfall = constraint.shortfallPriority else {
            return [ReferenceSystem.Item(
                coefficients: coefficients, constant: constant, relation: constraint.relation,
                level: constraint.priority.rawValue)]
        }
        return [
            ReferenceSystem.Item(
                coefficients: coefficients, constant: constant, relation: .lessThanOrEqual,
                level: constraint.priority.rawValue),
            ReferenceSystem.Item(
                coefficients: coefficients, constant: constant, relation: .greaterThanOrEqual,
                level: shortfall.rawValue),
        ]
    }

    private func reference(with extra: Constraint? = nil, changing change: (Constraint, Double)? = nil) -> ReferenceSystem {
        var items = constraints.flatMap { constraint in
            referenceItems(constraint, constant: change.flatMap { $0.0 === constraint ? $0.1 : nil })
        }
        for (index, edit) in edits.sorted(by: { $0.key < $1.key }) {
            var coefficients = [Double](repeating: 0, count: variables.count)
            coefficients[index] = 1
            items.append(.init(coefficients: coefficients, constant: -edit.value, relation: .equal, level: edit.priority.rawValue))
        }
        if let extra { items += referenceItems(extra) }
        return ReferenceSystem(variableCount: variables.count, items: items)
    }
}
