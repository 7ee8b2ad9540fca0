import DiagnosticsRecording
import Foundation
import Testing

@testable import AutoLayout

/// UIKit's visual format entry point: `[String: Any]` views and metrics of any number type,
/// and no `throws`: what is wrong goes to the error handler and the result is empty.
@Suite struct VisualFormatUIKitEntryTests {
    @Test func viewsAndMetricsOfAnyNumberTypeAsUIKitTakesThem() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = View()
        let b = View()
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        let views: [String: Any] = ["a": a, "b": b]
        let metrics: [String: Any] = ["inset": NSNumber(value: 10), "gap": 6, "width": 40.0, "height": Float(20)]
        var constraints = LayoutConstraint.constraints(
            withVisualFormat: "H:|-inset-[a(width)]-gap-[b(==a)]", options: [], metrics: metrics, views: views)
        constraints += LayoutConstraint.constraints(
            withVisualFormat: "V:|[a(height)]", options: [], metrics: metrics, views: views)
        constraints += LayoutConstraint.constraints(
            withVisualFormat: "V:|[b(==a)]", options: [], metrics: nil, views: views)
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 0, width: 40, height: 20))
        #expect(b.frame == CGRect(x: 56, y: 0, width: 40, height: 20))
    }

    @Test(arguments: [
        ("H:|-[a", ["a"], "Unable to parse constraint format \"H:|-[a\""),
        ("H:|-gap-[a]", ["a"], "gap"),
        ("H:|-[loose]", ["loose"], "because the related view doesn't have a superview"),
        ("H:|-[a]", ["a", "text"], "\"text\" is a String, not a view or layout guide"),
    ])
    func whatIsWrongIsReportedAndNothingIsMade(format: String, names: [String], expected: String) {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = View()
        root.addSubview(a)
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        let values: [String: Any] = ["a": a, "guide": guide, "loose": LayoutGuide(), "text": "not a view"]
        let views = values.filter { names.contains($0.key) }
        var made: [LayoutConstraint] = []
        let recorder = DiagnosticsRecorder.record(errorsContaining: format) {
            made = LayoutConstraint.constraints(withVisualFormat: format, options: [], metrics: nil, views: views)
        }
        #expect(made.isEmpty)
        #expect(recorder.errors.count == 1)
        #expect(recorder.errors.first?.description.contains(expected) == true, "\(recorder.errors)")
    }

    @Test func aMetricThatIsNotANumberIsReported() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = View()
        root.addSubview(a)
        let format = "H:|-inset-[a]"
        var made: [LayoutConstraint] = []
        let recorder = DiagnosticsRecorder.record(errorsContaining: format) {
            made = LayoutConstraint.constraints(withVisualFormat: format, options: [], metrics: ["inset": "10"], views: ["a": a])
        }
        #expect(made.isEmpty)
        #expect(recorder.errors.first?.description.contains("the metric \"inset\" is a String, not a number") == true)
    }
}
