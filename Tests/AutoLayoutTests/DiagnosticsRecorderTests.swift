import DiagnosticsRecording
import Foundation
import Synchronization
import Testing

@testable import AutoLayout

/// The recorder the tests use to watch the global diagnostics handlers: recorders whose
/// bodies overlap in time on different threads each get exactly their own reports. (Swapping
/// the global handler per test lost reports this way when two test modules ran together.)
@Suite struct DiagnosticsRecorderTests {
    /// Builds a tree whose two required widths conflict, lays it out and returns how many
    /// reports and errors its recorder received.
    private static func conflictOnOwnTree(_ index: Int) -> (reports: Int, errors: Int) {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let first = view.widthAnchor.constraint(equalToConstant: 100)
        let second = view.widthAnchor.constraint(equalToConstant: 150)
        let marker = "overlapping-recorder-\(index)"
        first.identifier = marker
        let recorder = DiagnosticsRecorder.record(reportsInvolving: [first], errorsContaining: marker) {
            LayoutConstraint.activate([
                first, second,
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 10),
            ])
            // A refused operation whose error names this recorder's marker.
            first.constant = .nan
            // Hold the recorder open a little so that the recorders of other threads overlap.
            Thread.sleep(forTimeInterval: 0.002)
            root.layoutIfNeeded()
        }
        return (recorder.reports.count, recorder.errors.count)
    }

    @Test func overlappingRecordersOnManyThreadsEachGetTheirOwnReports() {
        let count = 64
        let results = Mutex([(reports: Int, errors: Int)?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Self.conflictOnOwnTree(index)
            results.withLock { $0[index] = result }
        }
        let collected = results.withLock { $0 }
        #expect(collected.map { $0?.reports } == Array(repeating: 1, count: count))
        #expect(collected.map { $0?.errors } == Array(repeating: 1, count: count))
    }
}
