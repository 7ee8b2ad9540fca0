import Foundation
import Testing

@testable import AutoLayout

/// UIKit's documented and well-known layouts, with the frames UIKit gives them.
@Suite struct UIKitExampleFrameTests {
    @Test func subviewPinnedFortyPointsInsideEveryEdgeFillsTheInset() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 40),
            root.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: 40),
            root.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: 40),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 40, y: 40, width: 295, height: 587))
    }

    @Test func centredViewWithMinimumSizeTakesItsMinimumSizeInTheMiddle() {
        let root = makeRoot(scale: 2)
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            view.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            view.widthAnchor.constraint(greaterThanOrEqualToConstant: 300),
            view.heightAnchor.constraint(greaterThanOrEqualToConstant: 200),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 37.5, y: 233.5, width: 300, height: 200))
    }

    @Test func removingBlueViewLetsYellowFallBackToLowPriorityConstraint() {
        let root = makeRoot()
        let red = makeSubview(of: root, name: "red")
        let blue = makeSubview(of: root, name: "blue")
        let yellow = makeSubview(of: root, name: "yellow")
        let fallback = yellow.leftAnchor.constraint(equalTo: red.rightAnchor, constant: 20)
        fallback.priority = .defaultLow
        LayoutConstraint.activate([
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
        #expect(red.frame == CGRect(x: 20, y: 597, width: 50, height: 50))
        #expect(blue.frame == CGRect(x: 90, y: 597, width: 50, height: 50))
        #expect(yellow.frame.origin.x == 160)

        blue.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(yellow.frame == CGRect(x: 90, y: 597, width: 50, height: 50))
        #expect(fallback.isActive)
    }

    @Test func viewBetweenMarginsBelowATopGuideFillsTheRest() {
        let root = makeRoot()
        root.layoutMargins = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let topGuide = LayoutGuide()
        root.addLayoutGuide(topGuide)
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
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
        #expect(topGuide.layoutFrame == CGRect(x: 0, y: 0, width: 375, height: 20))
    }

    @Test func marginAttributesFollowLayoutMarginChanges() throws {
        let root = makeRoot()
        let view = makeSubview(of: root)
        LayoutConstraint.activate([
            LayoutConstraint(
                item: view, attribute: .leading, relatedBy: .equal, toItem: root,
                attribute: .leadingMargin, multiplier: 1, constant: 0),
            LayoutConstraint(
                item: view, attribute: .trailing, relatedBy: .equal, toItem: root,
                attribute: .trailingMargin, multiplier: 1, constant: 0),
            LayoutConstraint(
                item: view, attribute: .top, relatedBy: .equal, toItem: root,
                attribute: .topMargin, multiplier: 1, constant: 0),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 8, y: 8, width: 359, height: 10))
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 30, leading: 16, bottom: 0, trailing: 24)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 16, y: 30, width: 335, height: 10))
    }

    @Test func twoViewsOfEqualWidthShareTheMarginsWithAStandardSpace() {
        let root = makeRoot(scale: 2)
        let left = makeSubview(of: root)
        let right = makeSubview(of: root)
        let margins = root.layoutMarginsGuide
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            right.leadingAnchor.constraint(equalToSystemSpacingAfter: left.trailingAnchor, multiplier: 1),
            right.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            left.widthAnchor.constraint(equalTo: right.widthAnchor),
            left.topAnchor.constraint(equalTo: margins.topAnchor),
            right.topAnchor.constraint(equalTo: margins.topAnchor),
            left.heightAnchor.constraint(equalToConstant: 44),
            right.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        #expect(left.frame == CGRect(x: 8, y: 8, width: 175.5, height: 44))
        #expect(right.frame == CGRect(x: 191.5, y: 8, width: 175.5, height: 44))
    }

    @Test func oneViewTwiceAsWideAsTheOtherSplitsTheWidthTwoToOne() {
        let root = makeRoot()
        let wide = makeSubview(of: root)
        let narrow = makeSubview(of: root)
        let margins = root.layoutMarginsGuide
        LayoutConstraint.activate([
            wide.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            narrow.leadingAnchor.constraint(equalToSystemSpacingAfter: wide.trailingAnchor, multiplier: 1),
            narrow.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            wide.widthAnchor.constraint(equalTo: narrow.widthAnchor, multiplier: 2),
            wide.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            narrow.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            wide.heightAnchor.constraint(equalToConstant: 30),
            narrow.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(wide.frame == CGRect(x: 8, y: 20, width: 234, height: 30))
        #expect(narrow.frame == CGRect(x: 250, y: 20, width: 117, height: 30))
    }

    @Test func optionalTopBelowGuideGivesWayToRequiredMinimumFromSuperviewTop() {
        let root = makeRoot()
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        let guideHeight = guide.heightAnchor.constraint(equalToConstant: 20)
        let view = makeSubview(of: root)
        let belowGuide = view.topAnchor.constraint(equalTo: guide.bottomAnchor, constant: 8)
        belowGuide.priority = .defaultHigh
        LayoutConstraint.activate([
            guide.topAnchor.constraint(equalTo: root.topAnchor),
            guideHeight,
            belowGuide,
            view.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor, constant: 20),
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.widthAnchor.constraint(equalToConstant: 100),
            view.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.origin.y == 28)
        guideHeight.constant = 0
        root.layoutIfNeeded()
        #expect(view.frame.origin.y == 20)
    }

    @Test func aspectRatioConstraintGivesTheHeightFromTheWidth() {
        let root = makeRoot()
        let image = makeSubview(of: root)
        LayoutConstraint.activate([
            image.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            image.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            image.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            image.heightAnchor.constraint(equalTo: image.widthAnchor, multiplier: 9.0 / 16.0),
        ])
        root.layoutIfNeeded()
        #expect(image.frame == CGRect(x: 20, y: 20, width: 335, height: 188))
    }

    @Test func centreWithinMarginsFollowsAsymmetricMargins() throws {
        let root = makeRoot()
        root.layoutMargins = EdgeInsets(top: 40, left: 15, bottom: 0, right: 55)
        let badge = makeSubview(of: root)
        LayoutConstraint.activate([
            LayoutConstraint(
                item: badge, attribute: .centerX, relatedBy: .equal, toItem: root,
                attribute: .centerXWithinMargins, multiplier: 1, constant: 0),
            LayoutConstraint(
                item: badge, attribute: .top, relatedBy: .equal, toItem: root,
                attribute: .topMargin, multiplier: 1, constant: 0),
            badge.widthAnchor.constraint(equalToConstant: 100),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        // The margins span 15...320, centred on 167.5.
        #expect(root.displayScale == 1)
        #expect(badge.frame == CGRect(x: 118, y: 40, width: 100, height: 20))
    }
}
