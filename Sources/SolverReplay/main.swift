// solver-replay: runs systems of solver operations read as JSON lines, one system a line, and
// prints each one's solved values as a JSON line. Scripts/solver-oracle feeds it the random
// systems it checks against an independent optimiser.
//
// A system is `{"variables": N, "operations": [...]}`; variables are numbered 0..<N, and an
// operation is one of
//   {"op": "add", "id": K, "terms": [[variable, coefficient], ...], "constant": C,
//    "relation": "==" | "<=" | ">=", "priority": P}   (the constraint `Σ terms + C rel 0`; an
//    optional equality may add "shortfall": S, the priority of falling short of zero, which
//    makes it `Constraint(_:equalWithExcessAt: P, shortfallAt: S)`)
//   {"op": "remove", "id": K}
//   {"op": "constant", "id": K, "value": C}            (setConstant; with SOLVER_REPLAY_BATCH=1 in the
//                                                        environment, consecutive ones go to setConstants)
//   {"op": "edit", "variable": V, "priority": P}       (addEditVariable)
//   {"op": "suggest", "variable": V, "value": X}
//   {"op": "unedit", "variable": V}                     (removeEditVariable)
// With SOLVER_REPLAY_RESERVE=1 in the environment, each run of consecutive adds is first
// announced with reserveCapacity(forAdding:).
// The answer is `{"values": [...], "refused": [indices of the operations refused as
// unsatisfiable], "rejected": [indices of the adds rejected as out of range]}` (an operation on
// a constraint whose add was refused or rejected is skipped), or `{"error": "..."}` naming the
// line's problem; either way the next line is read.
import ConstraintSolver
import Foundation

/// Whether runs of constant changes go to the solver as one `setConstants` call, so that the
/// oracle can check that path too (`SOLVER_REPLAY_BATCH=1 Scripts/solver-oracle`).
let batchesConstantChanges = ProcessInfo.processInfo.environment["SOLVER_REPLAY_BATCH"] == "1"

/// Whether each run of consecutive adds is announced to the solver first with
/// `reserveCapacity(forAdding:)`, as the layout engine announces a flush, so that the oracle
/// checks solving in storage sized that way (`SOLVER_REPLAY_RESERVE=1 Scripts/solver-oracle`).
let reservesForAdds = ProcessInfo.processInfo.environment["SOLVER_REPLAY_RESERVE"] == "1"

/// One system as the oracle writes it.
struct System: Decodable {
    let variables: Int
    let operations: [Operation]
}

/// One operation; which fields it has depends on `op`.
struct Operation: Decodable {
    let op: String
    let id: Int?
    let terms: [[Double]]?
    let constant: Double?
    let relation: String?
    let priority: Double?
    let shortfall: Double?
    let variable: Int?
    let value: Double?
}

/// A line that cannot be run, with the reason.
struct BadInput: Error {
    let message: String
}

/// Runs one system and returns its answer line.
func run(_ system: System) throws -> String {
    guard (0...10_000).contains(system.variables) else {
        throw BadInput(message: "variables must be 0 to 10000, not \(system.variables)")
    }
    let variables = (0..<system.variables).map { Variable("v\($0)") }
    let solver = Solver()
    var constraints: [Int: Constraint] = [:]
    var refused: [Int] = []
    // Adds whose numbers the solver rejects as outside its accepted range: the oracle checks
    // that exactly those it drew outside the range are, and that they change nothing.
    var rejected: [Int] = []
    // Constraints whose add was refused: removing them or changing their constant is skipped,
    // since the oracle draws its operations without knowing which adds will be refused.
    var refusedIDs: Set<Int> = []

    func variable(_ index: Int?, in step: Int) throws -> Variable {
        guard let index, variables.indices.contains(index) else {
            throw BadInput(message: "operation \(step) names no variable in 0..<\(variables.count)")
        }
        return variables[index]
    }
    func constraint(_ id: Int?, in step: Int) throws -> Constraint {
        guard let id, let constraint = constraints[id] else {
            throw BadInput(message: "operation \(step) names no constraint added before it")
        }
        return constraint
    }
    func number(_ value: Double?, _ field: String, in step: Int) throws -> Double {
        guard let value else { throw BadInput(message: "operation \(step) lacks \"\(field)\"") }
        return value
    }

    func makeConstraint(_ operation: Operation, in step: Int) throws -> Constraint {
        var terms: [Term] = []
        for pair in operation.terms ?? [] {
            guard pair.count == 2, pair[0] == pair[0].rounded() else {
                throw BadInput(message: "operation \(step) has a term that is not [variable, coefficient]")
            }
            terms.append(Term(try variable(Int(exactly: pair[0]), in: step), coefficient: pair[1]))
        }
        let relation: Relation
        switch operation.relation {
        case "==": relation = .equal
        case "<=": relation = .lessThanOrEqual
        case ">=": relation = .greaterThanOrEqual
        default: throw BadInput(message: "operation \(step) has no relation ==, <= or >=")
        }
        let priority = Priority(Float(try number(operation.priority, "priority", in: step)))
        let expression = Expression(terms, constant: try number(operation.constant, "constant", in: step))
        if let shortfall = operation.shortfall {
            guard relation == .equal else {
                throw BadInput(message: "operation \(step) has a shortfall priority on an inequality")
            }
            return Constraint(expression, equalWithExcessAt: priority, shortfallAt: Priority(Float(shortfall)))
        }
        return Constraint(expression, relation, priority: priority)
    }

    // The constraints of the run of adds in progress made ahead, by step (`reservesForAdds`).
    var madeAhead: [Int: Constraint] = [:]
    // The last step of the run of constant changes batched so far.
    var lastBatchedStep = -1
    for (step, operation) in system.operations.enumerated() {
        do {
            switch operation.op {
            case "add":
                guard let id = operation.id, constraints[id] == nil else {
                    throw BadInput(message: "operation \(step) adds no new constraint id")
                }
                if reservesForAdds && (step == 0 || system.operations[step - 1].op != "add") {
                    // The run of adds starting here, made ahead so that the solver can size its
                    // storage for them as the layout engine does for a flush.
                    var run: [Constraint] = []
                    var next = step
                    while next < system.operations.count, system.operations[next].op == "add" {
                        if let made = try? makeConstraint(system.operations[next], in: next) {
                            madeAhead[next] = made
                            run.append(made)
                        }
                        next += 1
                    }
                    solver.reserveCapacity(forAdding: run)
                }
                let constraint = try madeAhead.removeValue(forKey: step) ?? makeConstraint(operation, in: step)
                do {
                    try solver.addConstraint(constraint)
                    constraints[id] = constraint
                } catch SolverError.unsatisfiableConstraint {
                    refusedIDs.insert(id)
                    throw SolverError.unsatisfiableConstraint(conflicting: [])
                } catch SolverError.valueOutOfRange {
                    refusedIDs.insert(id)
                    rejected.append(step)
                    continue
                }
            case "remove" where operation.id.map(refusedIDs.contains) == true,
                "constant" where operation.id.map(refusedIDs.contains) == true:
                continue
            case "remove":
                let constraint = try constraint(operation.id, in: step)
                try solver.removeConstraint(constraint)
                constraints[operation.id!] = nil
            case "constant" where step <= lastBatchedStep:
                continue
            case "constant" where !batchesConstantChanges:
                try solver.setConstant(try number(operation.value, "value", in: step), of: try constraint(operation.id, in: step))
            case "constant":
                // Consecutive constant changes go to the solver as one batch, so that the oracle
                // checks the batched path.
                var changes: [(constraint: Constraint, constant: Double)] = []
                var steps: [Int] = []
                var next = step
                while next < system.operations.count, system.operations[next].op == "constant" {
                    let change = system.operations[next]
                    if !(change.id.map(refusedIDs.contains) ?? false) {
                        changes.append((try constraint(change.id, in: next), try number(change.value, "value", in: next)))
                        steps.append(next)
                    }
                    next += 1
                }
                lastBatchedStep = next - 1
                var rejection: BadInput?
                solver.setConstants(changes) { index, error in
                    if case SolverError.unsatisfiableConstraint = error {
                        refused.append(steps[index])
                    } else if rejection == nil {
                        rejection = BadInput(message: "operation \(steps[index]) was rejected: \(error)")
                    }
                }
                if let rejection { throw rejection }
            case "edit":
                let priority = Priority(Float(try number(operation.priority, "priority", in: step)))
                try solver.addEditVariable(try variable(operation.variable, in: step), priority: priority)
            case "suggest":
                try solver.suggestValue(try variable(operation.variable, in: step), try number(operation.value, "value", in: step))
            case "unedit":
                try solver.removeEditVariable(try variable(operation.variable, in: step))
            default:
                throw BadInput(message: "operation \(step) has the unknown op \"\(operation.op)\"")
            }
        } catch SolverError.unsatisfiableConstraint {
            refused.append(step)
        } catch let error as SolverError {
            throw BadInput(message: "operation \(step) was rejected: \(error)")
        }
    }
    solver.updateVariables()
    let values = variables.map { $0.value.isFinite ? "\($0.value)" : "null" }
    return "{\"values\": [\(values.joined(separator: ", "))], \"refused\": [\(refused.map(String.init).joined(separator: ", "))], "
        + "\"rejected\": [\(rejected.map(String.init).joined(separator: ", "))]}"
}

/// A JSON string literal of `text`.
func quoted(_ text: String) -> String {
    let data = try? JSONSerialization.data(withJSONObject: [text], options: [])
    let array = data.flatMap { String(data: $0, encoding: .utf8) } ?? "[\"?\"]"
    return String(array.dropFirst().dropLast())
}

let decoder = JSONDecoder()
var output = ""
while let line = readLine(strippingNewline: true) {
    if line.isEmpty { continue }
    do {
        output += try run(decoder.decode(System.self, from: Data(line.utf8)))
    } catch let error as BadInput {
        output += "{\"error\": \(quoted(error.message))}"
    } catch {
        output += "{\"error\": \(quoted("not a system: \(error)"))}"
    }
    output += "\n"
    // Flushed a batch at a time: a line at a time would cost a write per system.
    if output.utf8.count > 1 << 16 {
        print(output, terminator: "")
        output = ""
    }
}
print(output, terminator: "")
