import DiagnosticsRecording
import Foundation
import Testing

@testable import AutoLayout

/// Moving and removing subtrees, and the layout pass after a change that touches few views:
/// the engine finds the constraints that cross into a subtree from whichever side is smaller
/// (the subtree, or the constraints installed on its ancestors), and a pass visits only the
/// views whose variables the solver wrote.
@Suite struct SubtreeMoveTests {
    /// A card of `rowCount` views in the first of two containers, with constraints that cross
    /// into it from outside in every way a constraint can: to a view, to a guide, and one
    /// between two of its own views installed on an outside ancestor.
    struct Scene {
        let root = makeRoot(400, 400)
        let first: View
        let second: View
        let card: View
        let row: [View]
        let inner: [LayoutConstraint]
        let crossing: [LayoutConstraint]

        init(rowCount: Int, extraRootConstraints: Int) {
            first = makeSubview(of: root)
            second = makeSubview(of: root)
            card = makeSubview(of: first)
            var row: [View] = []
            var inner: [LayoutConstraint] = []
            for index in 0..<rowCount {
                let view = makeSubview(of: card)
                inner.append(view.leadingAnchor.constraint(
                    equalTo: row.last?.trailingAnchor ?? card.leadingAnchor, constant: index == 0 ? 5 : 1))
                inner.append(view.topAnchor.constraint(equalTo: card.topAnchor, constant: 5))
                inner.append(view.widthAnchor.constraint(equalToConstant: 3))
                inner.append(view.heightAnchor.constraint(equalToConstant: 3))
                row.append(view)
            }
            self.row = row
            self.inner = inner
            var layout = [
                first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                first.topAnchor.constraint(equalTo: root.topAnchor),
                first.widthAnchor.constraint(equalToConstant: 400),
                first.heightAnchor.constraint(equalToConstant: 200),
                second.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                second.topAnchor.constraint(equalTo: first.bottomAnchor),
                second.widthAnchor.constraint(equalToConstant: 400),
                second.heightAnchor.constraint(equalToConstant: 200),
                card.widthAnchor.constraint(equalToConstant: 300),
                card.heightAnchor.constraint(equalToConstant: 50),
            ]
            // Constraints elsewhere in the tree, so that the ancestors can hold more
            // constraints than the card has views.
            for _ in 0..<extraRootConstraints {
                let other = makeSubview(of: root)
                layout.append(other.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5))
            }
            let pins = [
                card.leadingAnchor.constraint(equalTo: first.leadingAnchor, constant: 10),
                card.topAnchor.constraint(equalTo: first.topAnchor, constant: 10),
            ]
            let lastView = row[row.count - 1]
            let toGuide = lastView.bottomAnchor.constraint(
                lessThanOrEqualTo: first.layoutMarginsGuide.bottomAnchor)
            let toRoot = row[0].heightAnchor.constraint(lessThanOrEqualTo: root.heightAnchor)
            let legacy = row[0].widthAnchor.constraint(equalTo: lastView.widthAnchor)
            LayoutConstraint.activate(inner + layout + pins + [toGuide, toRoot])
            root.addConstraint(legacy)
            crossing = pins + [toGuide, toRoot, legacy]
        }
    }

    @Test(arguments: [(40, 0), (1, 40)])
    func movingASubtreeWithinItsTreeDeactivatesExactlyTheConstraintsThatCrossIntoIt(
        rowCount: Int, extraRootConstraints: Int
    ) {
        let scene = Scene(rowCount: rowCount, extraRootConstraints: extraRootConstraints)
        scene.root.layoutIfNeeded()
        #expect(scene.card.frame == CGRect(x: 10, y: 10, width: 300, height: 50))

        scene.second.addSubview(scene.card)
        for constraint in scene.crossing { #expect(!constraint.isActive) }
        for constraint in scene.inner { #expect(constraint.isActive) }
        for container in [scene.root, scene.first] {
            #expect(!container.constraints.contains { constraint in scene.crossing.contains { $0 === constraint } })
        }

        LayoutConstraint.activate([
            scene.card.leadingAnchor.constraint(equalTo: scene.second.leadingAnchor, constant: 20),
            scene.card.topAnchor.constraint(equalTo: scene.second.topAnchor, constant: 30),
        ])
        scene.root.layoutIfNeeded()
        #expect(scene.card.frame == CGRect(x: 20, y: 30, width: 300, height: 50))
        #expect(scene.row[rowCount - 1].frame
            == CGRect(x: CGFloat(5 + 4 * (rowCount - 1)), y: 5, width: 3, height: 3))
    }

    @Test(arguments: [(40, 0), (1, 40)])
    func removingASubtreeDeactivatesTheSameConstraintsAsMovingIt(rowCount: Int, extraRootConstraints: Int) {
        let scene = Scene(rowCount: rowCount, extraRootConstraints: extraRootConstraints)
        scene.root.layoutIfNeeded()
        scene.card.removeFromSuperview()
        for constraint in scene.crossing { #expect(!constraint.isActive) }
        for constraint in scene.inner { #expect(constraint.isActive) }
        #expect(scene.card.engine.root === scene.card)
    }

    @Test func aConstantChangeLaysOutOnlyTheSuperviewOfTheViewThatMoved() {
        let log = RecordingView.Log()
        let root = makeRoot(400, 400)
        let left = RecordingView("left", log: log)
        let right = RecordingView("right", log: log)
        root.addSubview(left)
        root.addSubview(right)
        let box = makeSubview(of: left)
        let other = makeSubview(of: right)
        let offset = box.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 10)
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            left.topAnchor.constraint(equalTo: root.topAnchor),
            left.widthAnchor.constraint(equalToConstant: 200),
            left.heightAnchor.constraint(equalToConstant: 400),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            right.topAnchor.constraint(equalTo: root.topAnchor),
            right.widthAnchor.constraint(equalToConstant: 200),
            right.heightAnchor.constraint(equalToConstant: 400),
            offset,
            box.topAnchor.constraint(equalTo: left.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 50),
            other.leadingAnchor.constraint(equalTo: right.leadingAnchor),
            other.topAnchor.constraint(equalTo: right.topAnchor),
            other.widthAnchor.constraint(equalToConstant: 50),
            other.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        log.entries.removeAll()

        offset.constant = 30
        root.layoutIfNeeded()
        #expect(log.entries == ["layout left"])
        #expect(box.frame == CGRect(x: 30, y: 0, width: 50, height: 50))
        #expect(other.frame == CGRect(x: 0, y: 0, width: 50, height: 50))
    }

    @Test func aNewDisplayScaleRoundsFramesAgainDeepInTheTree() {
        let root = makeRoot(400, 400)
        let outer = makeSubview(of: root)
        let inner = makeSubview(of: outer)
        LayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            outer.widthAnchor.constraint(equalToConstant: 100),
            outer.heightAnchor.constraint(equalToConstant: 100),
            inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 10.3),
            inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 10.3),
            inner.widthAnchor.constraint(equalToConstant: 20),
            inner.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 10, y: 10))
        root.displayScale = 2
        root.layoutIfNeeded()
        #expect(inner.frame.origin == CGPoint(x: 10.5, y: 10.5))
        #expect(outer.frame == CGRect(x: 10, y: 10, width: 100, height: 100))
    }

    @Test func aSubviewThatOutlivesItsSuperviewBecomesARootThatLaysOut() {
        var child: View?
        do {
            let root = makeRoot(200, 200)
            let view = makeSubview(of: root)
            LayoutConstraint.activate([
                view.widthAnchor.constraint(equalToConstant: 40),
                view.heightAnchor.constraint(equalToConstant: 30),
            ])
            root.layoutIfNeeded()
            child = view
        }
        #expect(child?.superview == nil)
        child?.layoutIfNeeded()
        #expect(child?.frame.size == CGSize(width: 40, height: 30))
    }

    @Test func aConstraintThatOutlivesItsViewForgetsIt() {
        var constraint: LayoutConstraint?
        do {
            let root = makeRoot(200, 200)
            let view = makeSubview(of: root)
            constraint = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5)
            constraint?.isActive = true
            root.layoutIfNeeded()
        }
        #expect(constraint?.firstItem == nil)
        #expect(constraint?.secondItem == nil)
        #expect(constraint?.isActive == false)
    }

    /// A root that goes away takes the constraints installed on it out of the engine its kept
    /// subviews still share, as UIKit does: they can no longer hold the subview or conflict.
    @Test func constraintsOfARootThatWentAwayLeaveTheEngineOfItsKeptSubviews() throws {
        var kept: View?
        var follow: LayoutConstraint?
        do {
            let root = makeRoot(300, 300)
            let view = makeSubview(of: root)
            let width = view.widthAnchor.constraint(equalTo: root.widthAnchor)
            LayoutConstraint.activate([
                width, view.heightAnchor.constraint(equalToConstant: 10),
                root.widthAnchor.constraint(equalToConstant: 300),
            ])
            root.layoutIfNeeded()
            #expect(view.frame.width == 300)
            kept = view
            follow = width
        }
        let view = try #require(kept)
        #expect(view.superview == nil)
        #expect(follow?.isActive == false)
        #expect(follow?.secondItem == nil)
        let fixed = view.widthAnchor.constraint(equalToConstant: 50)
        fixed.identifier = "fixed"
        let recorder = DiagnosticsRecorder.record(reportsInvolving: [fixed]) {
            fixed.isActive = true
            view.layoutIfNeeded()
        }
        #expect(recorder.reports.isEmpty)
        #expect(view.frame.width == 50)
        #expect(view.frame.height == 10)
    }
}
