import ConstraintSolver

// An independent reference for the randomized oracle test: a textbook dense two-phase
// simplex with Bland's rule, and a lexicographic driver that solves a prioritized system
// level by level (minimise the highest level's total error, fix it, go down a level).
// It shares no code and no representation with the solver under test.

/// `Σ coefficients · x  relation  rhs`.
struct ReferenceRow {
    enum Relation { case lessOrEqual, equal, greaterOrEqual }
    var coefficients: [Double]
    var relation: Relation
    var rhs: Double
}

enum ReferenceSimplex {
    static let epsilon = 1e-9

    /// The minimum of `objective · x` over `x ≥ 0` meeting every row, or nil if no x does.
    static func minimize(_ objective: [Double], subjectTo rows: [ReferenceRow]) -> Double? {
        let n = objective.count
        let m = rows.count
        // Columns: n originals, one slack or surplus per inequality, one artificial per row.
        var slackColumn = [Int?](repeating: nil, count: m)
        var columns = n
        for (r, row) in rows.enumerated() where row.relation != .equal {
            slackColumn[r] = columns
            columns += 1
        }
        let firstArtificial = columns
        columns += m
        var table = [[Double]](repeating: [Double](repeating: 0, count: columns + 1), count: m)
        var basis = [Int](repeating: 0, count: m)
        for (r, row) in rows.enumerated() {
            var sign = 1.0
            if row.rhs < 0 { sign = -1 }
            for j in 0..<n { table[r][j] = sign * row.coefficients[j] }
            if let s = slackColumn[r] { table[r][s] = sign * (row.relation == .lessOrEqual ? 1 : -1) }
            table[r][firstArtificial + r] = 1
            table[r][columns] = sign * row.rhs
            basis[r] = firstArtificial + r
        }

        func run(_ cost: [Double], allowed: (Int) -> Bool) -> Double? {
            var reduced = cost
            var value = 0.0
            for r in 0..<m where cost[basis[r]] != 0 {
                let factor = cost[basis[r]]
                for j in 0..<columns { reduced[j] -= factor * table[r][j] }
                value += factor * table[r][columns]
            }
            var iterations = 0
            while iterations < 10_000 {
                iterations += 1
                guard let entering = (0..<columns).first(where: { allowed($0) && reduced[$0] < -epsilon }) else {
                    return value
                }
                var leaving: Int?
                var best = Double.infinity
                for r in 0..<m where table[r][entering] > epsilon {
                    let ratio = table[r][columns] / table[r][entering]
                    if ratio < best - epsilon || (abs(ratio - best) <= epsilon && basis[r] < basis[leaving!]) {
                        best = min(best, ratio)
                        leaving = r
                    }
                }
                guard let leaving else { return -.infinity }
                pivot(row: leaving, column: entering)
                let factor = reduced[entering]
                for j in 0...columns - 1 { reduced[j] -= factor * table[leaving][j] }
                value += factor * table[leaving][columns]
            }
            return value
        }

        func pivot(row: Int, column: Int) {
            let divisor = table[row][column]
            for j in 0...columns { table[row][j] /= divisor }
            for r in 0..<m where r != row && table[r][column] != 0 {
                let factor = table[r][column]
                for j in 0...columns { table[r][j] -= factor * table[row][j] }
            }
            basis[row] = column
        }

        // Phase one: minimise the sum of the artificials.
        var phaseOne = [Double](repeating: 0, count: columns)
        for j in firstArtificial..<columns { phaseOne[j] = 1 }
        guard let infeasibility = run(phaseOne, allowed: { _ in true }), infeasibility <= 1e-7 else {
            return nil
        }
        // Drive artificials still basic (at zero) out of the basis where possible.
        for r in 0..<m where basis[r] >= firstArtificial {
            if let j = (0..<firstArtificial).first(where: { abs(table[r][$0]) > epsilon }) {
                pivot(row: r, column: j)
            }
        }
        var phaseTwo = [Double](repeating: 0, count: columns)
        for j in 0..<n { phaseTwo[j] = objective[j] }
        return run(phaseTwo, allowed: { $0 < firstArtificial })
    }
}

/// A prioritized system as the reference sees it.
struct ReferenceSystem {
    struct Item {
        var coefficients: [Double]  // one per variable
        var constant: Double
        var relation: Relation
        var level: Float  // 1000 for required
    }
    var variableCount: Int
    var items: [Item]

    /// The LP over `x = x⁺ − x⁻` (2 columns per variable) plus error columns, with the
    /// rows of every item; returns the rows and, per item, its error columns.
    private func program() -> (columns: Int, rows: [ReferenceRow], errors: [[Int]]) {
        var columns = 2 * variableCount
        var errors: [[Int]] = []
        for item in items {
            if item.level >= 1000 {
                errors.append([])
            } else if item.relation == .equal {
                errors.append([columns, columns + 1])
                columns += 2
            } else {
                errors.append([columns])
                columns += 1
            }
        }
        var rows: [ReferenceRow] = []
        for (k, item) in items.enumerated() {
            var coefficients = [Double](repeating: 0, count: columns)
            for v in 0..<variableCount {
                coefficients[2 * v] = item.coefficients[v]
                coefficients[2 * v + 1] = -item.coefficients[v]
            }
            let relation: ReferenceRow.Relation
            switch item.relation {
            case .equal:
                relation = .equal
                if errors[k].count == 2 {
                    coefficients[errors[k][0]] = -1
                    coefficients[errors[k][1]] = 1
                }
            case .lessThanOrEqual:
                relation = .lessOrEqual
                if let e = errors[k].first { coefficients[e] = -1 }
            case .greaterThanOrEqual:
                relation = .greaterOrEqual
                if let e = errors[k].first { coefficients[e] = 1 }
            }
            rows.append(ReferenceRow(coefficients: coefficients, relation: relation, rhs: -item.constant))
        }
        return (columns, rows, errors)
    }

    /// Whether the required items can all hold.
    var requiredIsFeasible: Bool {
        let required = ReferenceSystem(variableCount: variableCount, items: items.filter { $0.level >= 1000 })
        let (columns, rows, _) = required.program()
        return ReferenceSimplex.minimize([Double](repeating: 0, count: columns), subjectTo: rows) != nil
    }

    /// The optimal total error per optional level, highest first, or nil if infeasible.
    func lexicographicOptimum() -> [(level: Float, error: Double)]? {
        var (columns, rows, errors) = program()
        let levels = Set(items.map(\.level).filter { $0 < 1000 }).sorted(by: >)
        var result: [(Float, Double)] = []
        for level in levels {
            var objective = [Double](repeating: 0, count: columns)
            for (k, item) in items.enumerated() where item.level == level {
                for e in errors[k] { objective[e] = 1 }
            }
            guard let best = ReferenceSimplex.minimize(objective, subjectTo: rows) else { return nil }
            result.append((level, best))
            // Keep this level at its optimum while the lower ones are minimised.
            rows.append(ReferenceRow(coefficients: objective, relation: .lessOrEqual, rhs: best + 1e-9))
        }
        _ = columns
        return result
    }

    /// The total error per level of a given assignment, in the levels' order.
    func errors(at values: [Double], levels: [Float]) -> [Double] {
        levels.map { level in
            items.filter { $0.level == level }.reduce(0) { sum, item in
                let value = zip(item.coefficients, values).reduce(item.constant) { $0 + $1.0 * $1.1 }
                switch item.relation {
                case .equal: return sum + abs(value)
                case .lessThanOrEqual: return sum + max(0, value)
                case .greaterThanOrEqual: return sum + max(0, -value)
                }
            }
        }
    }

    /// The largest violation of a required item by an assignment.
    func requiredViolation(at values: [Double]) -> Double {
        items.filter { $0.level >= 1000 }.map { item in
            let value = zip(item.coefficients, values).reduce(item.constant) { $0 + $1.0 * $1.1 }
            switch item.relation {
            case .equal: return abs(value)
            case .lessThanOrEqual: return max(0, value)
            case .greaterThanOrEqual: return max(0, -value)
            }
        }.max() ?? 0
    }
}

