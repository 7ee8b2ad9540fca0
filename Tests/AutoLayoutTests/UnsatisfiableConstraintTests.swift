import Foundation
import DiagnosticsRecording
import Testing

@testable import AutoLayout

@Suite struct UnsatisfiableConstraintTests {
    @Test func conflictingRequiredWidthsBreakTheLaterOneAndReportBoth() {
        let root = makeRoot()
        let view = makeSubview(of: root, name: "box")
        let first = view.widthAnchor.constraint(equalToConstant: 100)
        first.identifier = "first"
        let second = view.widthAnchor.constraint(equalToConstant: 150)
        second.identifier = "second"
        let recorder = DiagnosticsRecorder.record(reportsInvolving: [first]) {
            LayoutConstraint.activate([
                first, second,
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 10),
            ])
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.count == 1)
        let report = recorder.reports.first
        #expect(report?.brokenConstraint === second)
        #expect(report?.conflictingConstraints.map(\.identifier) == ["first", "second"])
        #expect(report?.description.contains("'second' View:box.width == 150   (active)") == true)
        #expect(view.frame.width == 100)
    }

    @Test func brokenConstraintIsStillMetAsCloselyAsPossibleAboveOptionalOnes() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let maximum = view.widthAnchor.constraint(lessThanOrEqualToConstant: 100)
        let minimum = view.widthAnchor.constraint(greaterThanOrEqualToConstant: 200)
        let preference = view.widthAnchor.constraint(equalToConstant: 20)
        preference.priority = .required - 1
        let recorder = DiagnosticsRecorder.record(reportsInvolving: [maximum]) {
            LayoutConstraint.activate([
                maximum, minimum, preference,
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 10),
            ])
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.first?.brokenConstraint === minimum)
        // The broken minimum still outranks the optional preference of 20: width stays at 100.
        #expect(view.frame.width == 100)
    }

    @Test func constantChangeThatConflictsIsReportedAndBroken() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let leading = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let trailing = view.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor)
        let width = view.widthAnchor.constraint(equalToConstant: 100)
        LayoutConstraint.activate([
            leading, trailing, width,
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let recorder = DiagnosticsRecorder.record(reportsInvolving: [width]) {
            width.constant = 500
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.count == 1)
        #expect(recorder.reports.first?.brokenConstraint === width)
        #expect(view.frame == CGRect(x: 10, y: 0, width: 365, height: 10))
    }

    @Test func userConstraintsAreBrokenBeforeTheViewSystemsOwn() {
        let a = LayoutConstraint(
            unchecked: View().node, .width, .equal, nil, .notAnAttribute, multiplier: 1,
            constant: 1, origin: .autoresizing(notation: AutoresizingNotation(
                horizontal: .init(start: false, size: false, end: true),
                vertical: .init(start: false, size: false, end: true))))
        a.sequence = 9
        let b = LayoutConstraint(
            unchecked: View().node, .width, .equal, nil, .notAnAttribute, multiplier: 1, constant: 1)
        b.sequence = 1
        let c = LayoutConstraint(
            unchecked: View().node, .width, .equal, nil, .notAnAttribute, multiplier: 1, constant: 1)
        c.sequence = 5
        #expect(LayoutEngine.constraintToBreak(in: [a, b, c]) === c)
        #expect(LayoutEngine.constraintToBreak(in: [a]) === a)
    }
}
