import DiagnosticsRecording
import Foundation
import Testing

@testable import AutoLayout

/// A constraint whose numbers the solver refuses as out of range is reported through
/// LayoutDiagnostics, naming the constraint and the value, and the rest of the layout holds.
@Suite struct SolverRangeReportTests {
    @Test func aConstantBeyondTheSolversRangeIsReportedAndTheLayoutHolds() {
        let root = makeRoot(300, 300)
        let view = makeSubview(of: root, name: "far")
        let far = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 1e12)
        far.identifier = "far-leading"
        let recorder = DiagnosticsRecorder(errorsContaining: "far-leading")
        recorder.record {
            LayoutConstraint.activate([
                far,
                view.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 10),
                view.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
                view.widthAnchor.constraint(equalToConstant: 20),
                view.heightAnchor.constraint(equalToConstant: 30),
            ])
            root.layoutIfNeeded()
        }
        #expect(recorder.errors.count == 1)
        let message = recorder.errors.first?.description ?? ""
        #expect(message.contains("1000000000000") && message.contains("outside the range"), "\(message)")
        #expect(view.frame.minY == 5 && view.frame.width == 20 && view.frame.height == 30)
        #expect(view.frame.minX >= 10)
    }

    @Test func aMultiplierBeyondTheSolversRangeIsReported() {
        let root = makeRoot(300, 300)
        let view = makeSubview(of: root, name: "tall")
        let steep = view.heightAnchor.constraint(equalTo: view.widthAnchor, multiplier: 1e5)
        steep.identifier = "steep-height"
        let recorder = DiagnosticsRecorder(errorsContaining: "steep-height")
        recorder.record {
            steep.isActive = true
            root.layoutIfNeeded()
        }
        #expect(recorder.errors.count == 1)
        #expect(recorder.errors.first?.description.contains("coefficient") == true)
    }
}
