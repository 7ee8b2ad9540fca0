import Concurrency
import Foundation

/// Where the layout system sends the problems it meets while it keeps going: unsatisfiable
/// constraint sets, and operations refused because their input was invalid.
///
/// Both handlers are global and thread-safe; tests and tools replace them to collect the
/// reports. The defaults print to standard error.
public enum LayoutDiagnostics {
    /// Receives each ``UnsatisfiableConstraintReport``. The default prints its
    /// ``UnsatisfiableConstraintReport/description`` to standard error.
    public static var unsatisfiableConstraintHandler: @Sendable (UnsatisfiableConstraintReport) -> Void {
        get { storage.withLock { $0.unsatisfiable } }
        set { storage.withLock { $0.unsatisfiable = newValue } }
    }

    /// Receives each ``LayoutError`` from an operation that cannot throw (a property setter,
    /// ``LayoutConstraint/activate(_:)``). The default prints it to standard error.
    public static var errorHandler: @Sendable (LayoutError) -> Void {
        get { storage.withLock { $0.error } }
        set { storage.withLock { $0.error = newValue } }
    }

    package static func report(_ error: LayoutError) {
        errorHandler(error)
    }

    static func report(_ report: UnsatisfiableConstraintReport) {
        unsatisfiableConstraintHandler(report)
    }

    private struct Handlers {
        var unsatisfiable: @Sendable (UnsatisfiableConstraintReport) -> Void = { report in
            printToStandardError(report.description)
        }
        var error: @Sendable (LayoutError) -> Void = { error in
            printToStandardError("[LayoutConstraints] " + error.description)
        }
    }

    private static let storage = Locked(Handlers())
}

private func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
