import Foundation
import Testing

@testable import AutoLayout

/// A view with a settable intrinsic content size, standing in for a label or an image view.
final class IntrinsicSizeView: View {
    var contentSize: CGSize {
        didSet { invalidateIntrinsicContentSize() }
    }

    init(_ width: CGFloat, _ height: CGFloat) {
        contentSize = CGSize(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize { contentSize }
}

/// Makes a root view of the given size and a subview that uses constraints.
func makeRoot(_ width: CGFloat = 375, _ height: CGFloat = 667, scale: CGFloat = 1) -> View {
    let root = View(frame: CGRect(x: 0, y: 0, width: width, height: height))
    root.displayScale = scale
    return root
}

func makeSubview(of superview: View, name: String? = nil) -> View {
    let view = View()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.accessibilityIdentifier = name
    superview.addSubview(view)
    return view
}

/// Collects the diagnostics that concern the given objects while a body runs. The handlers are
/// global and tests run in parallel, so each recorder keeps only reports about its own
/// constraints and views.
final class DiagnosticsRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storedReports: [UnsatisfiableConstraintReport] = []
    private var storedErrors: [LayoutError] = []

    var reports: [UnsatisfiableConstraintReport] { lock.withLock { storedReports } }
    var errors: [LayoutError] { lock.withLock { storedErrors } }

    /// Runs `body` with handlers that record reports whose conflicting set includes one of
    /// `constraints`, and errors whose message contains `errorMarker` (if given).
    static func record(
        reportsInvolving constraints: [LayoutConstraint] = [],
        errorsContaining errorMarker: String? = nil,
        _ body: () throws -> Void
    ) rethrows -> DiagnosticsRecorder {
        let recorder = DiagnosticsRecorder()
        let watched = Set(constraints.map(ObjectIdentifier.init))
        let concernsReport: @Sendable (UnsatisfiableConstraintReport) -> Bool = { report in
            report.conflictingConstraints.contains { watched.contains(ObjectIdentifier($0)) }
        }
        try DiagnosticsLock.shared.withLock {
            let previousReportHandler = LayoutDiagnostics.unsatisfiableConstraintHandler
            let previousErrorHandler = LayoutDiagnostics.errorHandler
            LayoutDiagnostics.unsatisfiableConstraintHandler = { report in
                if concernsReport(report) {
                    recorder.lock.withLock { recorder.storedReports.append(report) }
                } else {
                    previousReportHandler(report)
                }
            }
            LayoutDiagnostics.errorHandler = { error in
                if let errorMarker, error.description.contains(errorMarker) {
                    recorder.lock.withLock { recorder.storedErrors.append(error) }
                } else {
                    previousErrorHandler(error)
                }
            }
            defer {
                LayoutDiagnostics.unsatisfiableConstraintHandler = previousReportHandler
                LayoutDiagnostics.errorHandler = previousErrorHandler
            }
            try body()
        }
        return recorder
    }
}

/// Serialises the tests that swap the global handlers, so that they restore them in order.
final class DiagnosticsLock: @unchecked Sendable {
    static let shared = DiagnosticsLock()
    private let lock = NSRecursiveLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
