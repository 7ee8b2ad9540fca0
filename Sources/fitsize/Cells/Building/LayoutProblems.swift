import AutoLayout
import Concurrency
import Foundation

/// Collects what the layout engine reports instead of throwing (refused operations and
/// unsatisfiable constraint sets), so `fitsize cells` can turn them into one clear error
/// for the template or for the data line being measured, rather than UIKit-style logs.
final class LayoutProblems: Sendable {
    static let shared = LayoutProblems()

    /// An unsatisfiable constraint set met while measuring the cell for a data line
    /// (0 when no item was being shown).
    struct Conflict: Sendable {
        var line: Int
        /// UIKit's multi-line report.
        var description: String
        /// The conflicting constraints and the one broken, on one line.
        var summary: String
    }

    private struct State {
        var errors: [String] = []
        var conflicts: [Conflict] = []
        var collectingErrors = 0
    }

    private let state = Locked(State())

    private init() {}

    /// Routes the layout engine's reports here for the rest of the process.
    func install() {
        LayoutDiagnostics.unsatisfiableConstraintHandler = { report in
            // The report's constraints belong to one cell; its root knows the line shown.
            let views = report.conflictingConstraints.flatMap { [$0.firstItem, $0.secondItem] }.compactMap { $0 as? View }
            let line = views.lazy.compactMap { Self.root(of: $0) as? TemplateCellView }.first?.currentLine ?? 0
            let summary = report.conflictingConstraints.map(\.description).joined(separator: ", ")
                + "; broke " + report.brokenConstraint.description
            LayoutProblems.shared.state.withLock {
                $0.conflicts.append(Conflict(line: line, description: report.description, summary: summary))
            }
        }
        LayoutDiagnostics.errorHandler = { error in
            LayoutProblems.shared.state.withLock { $0.errors.append(error.description) }
        }
    }

    /// Runs `body` and returns the errors the engine reported meanwhile.
    func collectErrors(_ body: () -> Void) -> [String] {
        let before = state.withLock { $0.errors.count }
        body()
        return state.withLock { Array($0.errors.dropFirst(before)) }
    }

    /// Takes the conflicts collected so far.
    func takeConflicts() -> [Conflict] {
        state.withLock { state in
            defer { state.conflicts = [] }
            return state.conflicts
        }
    }

    /// Takes the errors collected so far.
    func takeErrors() -> [String] {
        state.withLock { state in
            defer { state.errors = [] }
            return state.errors
        }
    }

    private static func root(of view: View) -> View {
        var current = view
        while let superview = current.superview { current = superview }
        return current
    }
}
