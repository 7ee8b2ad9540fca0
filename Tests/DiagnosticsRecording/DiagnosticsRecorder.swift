import AutoLayout
import Foundation

/// Collects the layout diagnostics that concern one test while a body runs.
///
/// ``LayoutDiagnostics``' handlers are global and the test modules run in parallel in one
/// process, so tests must not swap the handlers themselves: a test that restores the handler it
/// found can remove the handler of a test that started after it. Instead every recorder is
/// registered with one router that is installed once for the whole process; each report goes
/// to the recorders it concerns (a report naming one of their constraints, an error containing
/// their marker), and reports that concern no recorder go to the handlers installed before the
/// router (the defaults, which print them).
public final class DiagnosticsRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var watched: Set<ObjectIdentifier>
    private let errorMarker: String?
    private let viewName: String?
    private var storedReports: [UnsatisfiableConstraintReport] = []
    private var storedErrors: [LayoutError] = []

    /// A recorder that keeps reports whose conflicting set includes one of `constraints`, and
    /// errors whose description contains `errorMarker` (if given) and names `view` (if given).
    ///
    /// Give `view` when the marker is text that another test running at the same time could
    /// also produce (a property's name, a row's index path): the view's name includes its
    /// address, which no other live view shares.
    public init(
        reportsInvolving constraints: [LayoutConstraint] = [],
        errorsContaining errorMarker: String? = nil,
        about view: View? = nil
    ) {
        watched = Set(constraints.map(ObjectIdentifier.init))
        self.errorMarker = errorMarker
        viewName = view.map { $0.layoutDescriptionName + " " }
    }

    /// The unsatisfiable-constraint reports recorded so far.
    public var reports: [UnsatisfiableConstraintReport] { lock.withLock { storedReports } }

    /// The refused-operation errors recorded so far.
    public var errors: [LayoutError] { lock.withLock { storedErrors } }

    /// Also keeps the reports that involve `constraint` (one made while the body runs, say).
    public func watch(_ constraint: LayoutConstraint) {
        lock.withLock { _ = watched.insert(ObjectIdentifier(constraint)) }
    }

    /// Runs `body` with this recorder receiving the diagnostics that concern it.
    public func record<Result>(_ body: () throws -> Result) rethrows -> Result {
        DiagnosticsRouter.shared.add(self)
        defer { DiagnosticsRouter.shared.remove(self) }
        return try body()
    }

    /// Runs `body` with a new recorder (see ``init(reportsInvolving:errorsContaining:about:)``)
    /// and returns it.
    @discardableResult
    public static func record(
        reportsInvolving constraints: [LayoutConstraint] = [],
        errorsContaining errorMarker: String? = nil,
        about view: View? = nil,
        _ body: () throws -> Void
    ) rethrows -> DiagnosticsRecorder {
        let recorder = DiagnosticsRecorder(reportsInvolving: constraints, errorsContaining: errorMarker, about: view)
        try recorder.record(body)
        return recorder
    }

    fileprivate func take(_ report: UnsatisfiableConstraintReport) -> Bool {
        lock.withLock {
            guard report.conflictingConstraints.contains(where: { watched.contains(ObjectIdentifier($0)) })
            else { return false }
            storedReports.append(report)
            return true
        }
    }

    fileprivate func take(_ error: LayoutError) -> Bool {
        let description = error.description
        guard let errorMarker, description.contains(errorMarker),
              viewName.map({ description.contains($0) }) ?? true
        else { return false }
        lock.withLock { storedErrors.append(error) }
        return true
    }
}

/// The one pair of global handlers the recorders share; see ``DiagnosticsRecorder``.
private final class DiagnosticsRouter: @unchecked Sendable {
    static let shared = DiagnosticsRouter()

    private let lock = NSLock()
    private var recorders: [DiagnosticsRecorder] = []

    private init() {
        let otherReports = LayoutDiagnostics.unsatisfiableConstraintHandler
        let otherErrors = LayoutDiagnostics.errorHandler
        LayoutDiagnostics.unsatisfiableConstraintHandler = { report in
            let taken = DiagnosticsRouter.shared.active().reduce(false) { $1.take(report) || $0 }
            if !taken { otherReports(report) }
        }
        LayoutDiagnostics.errorHandler = { error in
            let taken = DiagnosticsRouter.shared.active().reduce(false) { $1.take(error) || $0 }
            if !taken { otherErrors(error) }
        }
    }

    func add(_ recorder: DiagnosticsRecorder) { lock.withLock { recorders.append(recorder) } }

    func remove(_ recorder: DiagnosticsRecorder) {
        lock.withLock { recorders.removeAll { $0 === recorder } }
    }

    private func active() -> [DiagnosticsRecorder] { lock.withLock { recorders } }
}
