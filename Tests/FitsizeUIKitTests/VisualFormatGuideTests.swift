import DiagnosticsRecording
import Foundation
import Testing

import FitsizeUIKit

/// The Visual Format Language takes layout guides among its views, as issue #16 asks: `|`
/// next to a guide is the view that owns it.
@Suite struct VisualFormatGuideTests {
    @Test func aGuideSpacesViewsLikeAView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let left = UIView()
        let right = UIView()
        let gap = UILayoutGuide()
        root.addLayoutGuide(gap)
        for view in [left, right] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        let views: [String: Any] = ["left": left, "gap": gap, "right": right]
        var constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-10-[left(==right)][gap(40)][right]-10-|", options: [], metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|[left(20)]", options: [], metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|[right(20)]", options: [], metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-30-[gap(==left)]", options: [], metrics: nil, views: views)
        #expect(constraints.count == 12)
        NSLayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        // (300 - 10 - 40 - 10) / 2 = 120 for each view.
        #expect(left.frame == CGRect(x: 10, y: 0, width: 120, height: 20))
        #expect(gap.layoutFrame == CGRect(x: 130, y: 30, width: 40, height: 20))
        #expect(right.frame == CGRect(x: 170, y: 0, width: 120, height: 20))
    }

    @Test func aGuideWithoutAViewOrABaselineIsReported() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let loose = UILayoutGuide()
        let owned = UILayoutGuide()
        root.addLayoutGuide(owned)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "[guide]") {
            #expect(NSLayoutConstraint.constraints(
                withVisualFormat: "H:|[guide]", options: [], metrics: nil, views: ["guide": loose]).isEmpty)
            #expect(NSLayoutConstraint.constraints(
                withVisualFormat: "H:[label][guide]", options: .alignAllFirstBaseline, metrics: nil,
                views: ["guide": owned, "label": label]).isEmpty)
            #expect(NSLayoutConstraint.constraints(
                withVisualFormat: "H:[guide]", options: [], metrics: nil, views: ["guide": 42]).isEmpty)
        }
        #expect(recorder.errors.count == 3)
    }
}
