import ConstraintSolver
import Testing

/// A sequence of solver operations on numbered variables and constraints, as the HiGHS
/// oracle (`Scripts/solver-oracle`) generates them, run on a new solver.
enum SolverStep {
    /// Adds constraint `id`: `Σ coefficient·variable + constant (relation) 0`.
    case add(Int, [(Double, Int)], Double, Relation, Priority)
    case remove(Int)
    /// Sets constraint `id`'s expression constant.
    case constant(Int, Double)
    case edit(Int, Priority)
    case suggest(Int, Double)
    case unedit(Int)
    /// Runs the steps inside one `Solver.batch`, which defers the optimisation of its adds
    /// and removes (a constant change in it runs the pending one first).
    case batch([SolverStep])

    /// What a run leaves: the solver, its variables, the constraints it holds (in the order
    /// they were added, as `add` steps at their last constants) and its edit variables.
    struct Outcome {
        let solver: Solver
        let variables: [Variable]
        let held: [SolverStep]
        let edits: [Int: (priority: Priority, suggestion: Double)]

        /// Each optional level's total error at the solver's values: its constraints' errors
        /// in their expressions' units and its edit variables' distances from their suggestions.
        func levelTotals() -> [Float: Double] {
            solver.updateVariables()
            var totals: [Float: Double] = [:]
            for case .add(_, let terms, let constant, let relation, let priority) in held where !priority.isRequired {
                var sum = constant
                for (coefficient, index) in terms { sum += coefficient * variables[index].value }
                let error = switch relation {
                case .equal: abs(sum)
                case .lessThanOrEqual: max(0, sum)
                case .greaterThanOrEqual: max(0, -sum)
                }
                totals[priority.rawValue, default: 0] += error
            }
            for (index, edit) in edits {
                totals[edit.priority.rawValue, default: 0] += abs(variables[index].value - edit.suggestion)
            }
            return totals
        }
    }

    /// Runs `steps` on a new solver with `count` variables; any step that throws fails the test.
    static func run(_ steps: [SolverStep], variables count: Int) throws -> Outcome {
        let variables = (0..<count).map { Variable("v\($0)") }
        let solver = Solver()
        var constraints: [Int: (Constraint, SolverStep)] = [:]
        var order: [Int] = []
        var edits: [Int: (priority: Priority, suggestion: Double)] = [:]
        func perform(_ step: SolverStep) throws {
            switch step {
            case .add(let id, let terms, let constant, let relation, let priority):
                let expression = Expression(terms.map { Term(variables[$0.1], coefficient: $0.0) }, constant: constant)
                let constraint = Constraint(expression, relation, priority: priority)
                try solver.addConstraint(constraint)
                constraints[id] = (constraint, step)
                order.append(id)
            case .remove(let id):
                let removed = constraints.removeValue(forKey: id)
                try solver.removeConstraint(try #require(removed).0)
                order.removeAll { $0 == id }
            case .constant(let id, let value):
                let (constraint, added) = try #require(constraints[id])
                try solver.setConstant(value, of: constraint)
                guard case .add(_, let terms, _, let relation, let priority) = added else { return }
                constraints[id] = (constraint, .add(id, terms, value, relation, priority))
            case .edit(let index, let priority):
                try solver.addEditVariable(variables[index], priority: priority)
                edits[index] = (priority, 0)
            case .suggest(let index, let value):
                try solver.suggestValue(variables[index], value)
                edits[index]?.suggestion = value
            case .unedit(let index):
                try solver.removeEditVariable(variables[index])
                edits[index] = nil
            case .batch(let inner):
                try solver.batch { for step in inner { try perform(step) } }
            }
        }
        for step in steps { try perform(step) }
        solver.updateVariables()
        return Outcome(solver: solver, variables: variables, held: order.map { constraints[$0]!.1 }, edits: edits)
    }
}
