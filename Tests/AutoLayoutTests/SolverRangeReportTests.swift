import DiagnosticsRecording
import Foundation
import Testing

@testable import AutoLayout

/// A constraint whose numbers the solver refuses as out of range is reported through
/// LayoutDiagnostics, naming the constraint and the value, and the rest of the layout holds.
@Suite struct SolverRangeReportTests {
    /// A 20 × 30 view 5 below the root's top, whose leading edge is pinned `leading` from the
    /// root's (the first constraint, identified as "NAME-leading") and at least 10 from it.
    static func pinnedView(named name: String, leading: CGFloat) -> (View, View, [LayoutConstraint]) {
        let root = makeRoot(300, 300)
        let view = makeSubview(of: root, name: name)
        let pinned = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: leading)
        pinned.identifier = "\(name)-leading"
        return (root, view, [
            pinned,
            view.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 10),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
            view.widthAnchor.constraint(equalToConstant: 20),
            view.heightAnchor.constraint(equalToConstant: 30),
        ])
    }

    @Test func aConstantBeyondTheSolversRangeIsReportedAndTheLayoutHolds() {
        let (root, view, layout) = Self.pinnedView(named: "far", leading: 1e12)
        let recorder = DiagnosticsRecorder(errorsContaining: "far-leading")
        recorder.record {
            LayoutConstraint.activate(layout)
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

    /// A constant that leaves the range takes the constraint out of the layout, so the frames
    /// are those of the tree without it (not those of its last constant); a constant back in
    /// range brings it back, and the frames are those of a tree that never left it.
    @Test func aConstraintOutOfRangeTakesNoPartUntilItsConstantComesBack() throws {
        let (root, view, layout) = Self.pinnedView(named: "pinned", leading: 40)
        let leading = layout[0]
        LayoutConstraint.activate(layout)
        root.layoutIfNeeded()
        #expect(view.frame.minX == 40)

        let recorder = DiagnosticsRecorder(errorsContaining: "pinned-leading")
        recorder.record {
            leading.constant = 1e12
            root.layoutIfNeeded()
        }
        #expect(recorder.errors.count == 1)
        #expect(root.layoutEngineRefusedConstraints.count == 1)
        // Without the refused constraint only `minX >= 10` places the view horizontally; it
        // must not stay at the 40 of the constant before.
        #expect(view.frame.minX >= 10)
        #expect(!root.layoutEngineRefusedConstraints.isEmpty)

        leading.constant = 70
        root.layoutIfNeeded()
        #expect(root.layoutEngineRefusedConstraints.isEmpty)
        #expect(view.frame == CGRect(x: 70, y: 5, width: 20, height: 30))
        leading.constant = 40
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 40, y: 5, width: 20, height: 30))
    }

    /// A refused constraint that is deactivated leaves no refusal behind.
    @Test func deactivatingARefusedConstraintForgetsTheRefusal() {
        let root = makeRoot(300, 300)
        let view = makeSubview(of: root, name: "gone")
        let far = view.widthAnchor.constraint(equalToConstant: 5e9)
        far.identifier = "gone-width"
        let recorder = DiagnosticsRecorder(errorsContaining: "gone-width")
        recorder.record {
            far.isActive = true
            root.layoutIfNeeded()
        }
        #expect(recorder.errors.count == 1)
        #expect(root.layoutEngineRefusedConstraints.count == 1)
        far.isActive = false
        root.layoutIfNeeded()
        #expect(root.layoutEngineRefusedConstraints.isEmpty)
    }
}
