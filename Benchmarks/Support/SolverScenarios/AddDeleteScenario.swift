import ConstraintSolver

/// Scenario (d): the classic Cassowary add/delete benchmark. 900 variables, each with a
/// weak stay at a random value; 900 random required constraints (12% inequalities, 1 to 3
/// terms, coefficients uniform in ±5, constants uniform in ±20), some of which conflict and
/// are rejected; then 10,000 re-solves with two edit variables; then every constraint is
/// removed again. Random numbers come from `ScenarioRandom`, which the kiwisolver harness
/// reproduces bit for bit.
public struct AddDeleteScenario {
    public static let variableCount = 900
    public static let constraintCount = 900
    public static let resolveCount = 10_000
    public static let seed: UInt64 = 42

    public let solver = Solver()
    public let variables: [Variable]
    public private(set) var constraints: [Constraint] = []
    public private(set) var rejected = 0
    var random = ScenarioRandom(seed: Self.seed)

    public init() {
        variables = (0..<Self.variableCount).map { Variable("x\($0)") }
    }

    /// Adds the stays and the random constraints, skipping those that conflict.
    public mutating func addConstraints() throws {
        for variable in variables {
            let stay = Constraint(variable == random.uniform(0, 100), priority: .weak)
            try solver.addConstraint(stay)
            constraints.append(stay)
        }
        for _ in 0..<Self.constraintCount {
            let constraint = randomConstraint()
            do {
                try solver.addConstraint(constraint)
                constraints.append(constraint)
            } catch SolverError.unsatisfiableConstraint {
                rejected += 1
            }
        }
    }

    /// Edits two variables and re-solves `resolveCount` times.
    public mutating func resolve() throws {
        let first = variables[0]
        let second = variables[1]
        try solver.addEditVariable(first, priority: SolverScenarioDefaults.editPriority)
        try solver.addEditVariable(second, priority: SolverScenarioDefaults.editPriority)
        for _ in 0..<Self.resolveCount {
            try solver.suggestValue(first, random.uniform(0, 100))
            try solver.suggestValue(second, random.uniform(0, 100))
            solver.updateVariables()
        }
        try solver.removeEditVariable(first)
        try solver.removeEditVariable(second)
    }

    /// Removes every constraint that was added.
    public mutating func removeConstraints() throws {
        for constraint in constraints { try solver.removeConstraint(constraint) }
        constraints = []
    }

    private mutating func randomConstraint() -> Constraint {
        let termCount = 1 + random.below(3)
        var expression = Expression(constant: random.uniform(-20, 20))
        for _ in 0..<termCount {
            let variable = variables[random.below(Self.variableCount)]
            expression.terms.append(Term(variable, coefficient: random.uniform(-5, 5)))
        }
        if random.uniform(0, 1) < 0.12 {
            return Constraint(expression, .greaterThanOrEqual)
        }
        return Constraint(expression, .equal)
    }
}

/// SplitMix64, written so that the Python harness can reproduce every draw exactly.
public struct ScenarioRandom {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [low, high), from the top 53 bits.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * (Double(next() >> 11) * 0x1p-53)
    }

    /// An integer uniform in 0..<bound (bound small, so the modulo bias is negligible).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
