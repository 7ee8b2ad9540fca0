import DiagnosticsRecording
import Foundation
import Testing

import FitsizeUIKit

/// The example layouts of the project (Apple's Auto Layout Guide recipes and the patterns the
/// issues were seeded with: the pre-iOS 11 scroll view, a constant changed inside an animation
/// block), written as UIKit code and run through FitsizeUIKit, with the frames UIKit gives them.
/// The same layouts in Fitsize's spelling are in AutoLayoutTests (`UIKitExampleFrameTests`,
/// `ScrollViewEdgeTests`).
@Suite struct ExampleLayoutsInUIKitSpellingTests {
    /// A 375 × 667 root, at `scale` pixels per point (what a window's screen would set).
    static func screen(scale: CGFloat = 1) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.displayScale = scale
        return root
    }

    static func subview(of superview: UIView) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        superview.addSubview(view)
        return view
    }

    @Test func aSubviewFortyPointsInsideEveryEdge() {
        let root = Self.screen()
        let view = Self.subview(of: root)
        NSLayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 40),
            root.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: 40),
            root.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: 40),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 40, y: 40, width: 295, height: 587))
    }

    @Test func aCentredViewWithAMinimumSize() {
        let root = Self.screen(scale: 2)
        let view = Self.subview(of: root)
        NSLayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            view.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            view.widthAnchor.constraint(greaterThanOrEqualToConstant: 300),
            view.heightAnchor.constraint(greaterThanOrEqualToConstant: 200),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 37.5, y: 233.5, width: 300, height: 200))
    }

    @Test func removingAViewLetsALowPriorityConstraintTakeOver() {
        let root = Self.screen()
        let red = Self.subview(of: root), blue = Self.subview(of: root), yellow = Self.subview(of: root)
        let fallback = yellow.leftAnchor.constraint(equalTo: red.rightAnchor, constant: 20)
        fallback.priority = UILayoutPriority.defaultLow
        NSLayoutConstraint.activate([
            red.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 20),
            red.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
            red.widthAnchor.constraint(equalToConstant: 50),
            red.heightAnchor.constraint(equalToConstant: 50),
            blue.leftAnchor.constraint(equalTo: red.rightAnchor, constant: 20),
            blue.bottomAnchor.constraint(equalTo: red.bottomAnchor),
            blue.widthAnchor.constraint(equalTo: red.widthAnchor),
            blue.heightAnchor.constraint(equalTo: red.heightAnchor),
            yellow.leftAnchor.constraint(equalTo: blue.rightAnchor, constant: 20),
            yellow.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
            yellow.widthAnchor.constraint(equalTo: red.widthAnchor),
            yellow.heightAnchor.constraint(equalTo: red.heightAnchor),
            fallback,
        ])
        root.layoutIfNeeded()
        #expect(yellow.frame == CGRect(x: 160, y: 597, width: 50, height: 50))
        blue.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(yellow.frame == CGRect(x: 90, y: 597, width: 50, height: 50))
    }

    @Test func aViewBetweenTheMarginsBelowAGuide() {
        let root = Self.screen()
        root.layoutMargins = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let topGuide = UILayoutGuide()
        root.addLayoutGuide(topGuide)
        let view = Self.subview(of: root)
        NSLayoutConstraint.activate([
            topGuide.topAnchor.constraint(equalTo: root.topAnchor),
            topGuide.heightAnchor.constraint(equalToConstant: 20),
            topGuide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            topGuide.widthAnchor.constraint(equalTo: root.widthAnchor),
            view.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            view.topAnchor.constraint(equalTo: topGuide.bottomAnchor, constant: 20),
            view.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 16, y: 40, width: 343, height: 607))
    }

    @Test func marginAttributesWithItemAttributeAndDirectionalMargins() {
        let root = Self.screen()
        let view = Self.subview(of: root)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: view, attribute: .leading, relatedBy: .equal, toItem: root,
                               attribute: .leadingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: view, attribute: .trailing, relatedBy: .equal, toItem: root,
                               attribute: .trailingMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: view, attribute: .top, relatedBy: .equal, toItem: root,
                               attribute: .topMargin, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: view, attribute: .height, relatedBy: .equal, toItem: nil,
                               attribute: .notAnAttribute, multiplier: 1, constant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 8, y: 8, width: 359, height: 10))
        root.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 30, leading: 16, bottom: 0, trailing: 24)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 16, y: 30, width: 335, height: 10))
    }

    @Test func twoEqualWidthsWithAStandardSpaceInVisualFormat() {
        let root = Self.screen(scale: 2)
        let left = Self.subview(of: root), right = Self.subview(of: root)
        let views: [String: Any] = ["left": left, "right": right]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "|-[left]-[right(==left)]-|", options: [.alignAllTop],
                                           metrics: nil, views: views)
            + NSLayoutConstraint.constraints(withVisualFormat: "V:|-[left(44)]", options: [], metrics: nil, views: views)
            + [right.heightAnchor.constraint(equalToConstant: 44)])
        root.layoutIfNeeded()
        #expect(left.frame == CGRect(x: 8, y: 8, width: 175.5, height: 44))
        #expect(right.frame == CGRect(x: 191.5, y: 8, width: 175.5, height: 44))
    }

    @Test func anAspectRatioGivesTheHeightFromTheWidth() {
        let root = Self.screen()
        let image = Self.subview(of: root)
        NSLayoutConstraint.activate([
            image.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            image.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            image.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            image.heightAnchor.constraint(equalTo: image.widthAnchor, multiplier: 9.0 / 16.0),
        ])
        root.layoutIfNeeded()
        // 335 × 9 / 16 = 188.4375, rounded to the pixel grid as UIKit rounds frames.
        #expect(image.frame == CGRect(x: 20, y: 20, width: 335, height: 188))
    }

    /// The scroll-view seed: a content view pinned to the scroll view's own edges, as wide as it
    /// and 1,000 points tall, gives a 375 × 1000 content size and no conflict.
    @Test func contentPinnedToAScrollViewsEdges() {
        let root = Self.screen()
        let scrollView = UIScrollView()
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scrollView)
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(content)
        let constraints = [
            scrollView.topAnchor.constraint(equalTo: root.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            content.topAnchor.constraint(equalTo: scrollView.topAnchor),
            content.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor),
            content.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1000),
        ]
        let recorder = DiagnosticsRecorder.record(reportsInvolving: constraints) {
            NSLayoutConstraint.activate(constraints)
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.isEmpty)
        #expect(scrollView.contentSize == CGSize(width: 375, height: 1000))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 375, height: 1000))
    }

    /// The animation seed: a constant changed, then `layoutIfNeeded` inside `UIView.animate`,
    /// leaves the final frames and reports completion.
    @Test func aConstantChangedInsideAnAnimationBlock() {
        let root = Self.screen()
        let panel = Self.subview(of: root)
        let height = panel.heightAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([
            panel.topAnchor.constraint(equalTo: root.topAnchor),
            panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            height,
        ])
        root.layoutIfNeeded()
        var finished: Bool?
        height.constant = 300
        UIView.animate(withDuration: 0.25, animations: { root.layoutIfNeeded() }, completion: { finished = $0 })
        #expect(finished == true)
        #expect(panel.frame == CGRect(x: 0, y: 0, width: 375, height: 300))
    }
}
