import Foundation
import Testing

import FitsizeUIKit

/// `preservesSuperviewLayoutMargins` as Apple documents it: where a view is closer to an edge
/// of its superview than the superview's margin, its own margin there grows by the least
/// amount that keeps its content inside the superview's margins.
@Suite struct PreservesSuperviewLayoutMarginsTests {
    /// A 375 × 200 root with 20-point margins, a container inset from it by `insets`
    /// (constraints), and a box pinned to the container's margins guide.
    final class Scene {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 200))
        let container = UIView()
        let box = UIView()
        let leading: NSLayoutConstraint

        init(insets: UIEdgeInsets, preserves: Bool) {
            root.layoutMargins = UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
            container.translatesAutoresizingMaskIntoConstraints = false
            box.translatesAutoresizingMaskIntoConstraints = false
            container.preservesSuperviewLayoutMargins = preserves
            root.addSubview(container)
            container.addSubview(box)
            leading = container.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: insets.left)
            let margins = container.layoutMarginsGuide
            NSLayoutConstraint.activate([
                leading,
                container.topAnchor.constraint(equalTo: root.topAnchor, constant: insets.top),
                root.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: insets.right),
                root.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: insets.bottom),
                box.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                box.topAnchor.constraint(equalTo: margins.topAnchor),
                box.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            ])
            root.layoutIfNeeded()
        }
    }

    @Test func aViewFillingItsSuperviewTakesTheSuperviewsMargins() {
        let scene = Scene(insets: .zero, preserves: true)
        #expect(scene.container.layoutMargins == UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20))
        #expect(scene.box.frame == CGRect(x: 20, y: 20, width: 375 - 40, height: 200 - 40))
    }

    @Test func theAdjustmentIsTheLeastThatKeepsContentInsideTheSuperviewsMargins() {
        let scene = Scene(insets: UIEdgeInsets(top: 5, left: 5, bottom: 30, right: 30), preserves: true)
        // 20 - 5 = 15 near the top and left; the 8-point defaults already clear the
        // superview's margins on the far sides, 30 points in.
        #expect(scene.container.layoutMargins == UIEdgeInsets(top: 15, left: 15, bottom: 8, right: 8))
        let size = CGSize(width: 375 - 5 - 30, height: 200 - 5 - 30)
        #expect(scene.box.frame == CGRect(x: 15, y: 15, width: size.width - 15 - 8, height: size.height - 15 - 8))
    }

    @Test func withoutItTheViewKeepsItsOwnMargins() {
        let scene = Scene(insets: .zero, preserves: false)
        #expect(scene.container.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(scene.box.frame == CGRect(x: 8, y: 8, width: 375 - 16, height: 200 - 16))
    }

    @Test func theMarginsFollowTheViewWhenLayoutMovesIt() {
        let scene = Scene(insets: UIEdgeInsets(top: 0, left: 12, bottom: 0, right: 0), preserves: true)
        #expect(scene.container.layoutMargins.left == 8)
        scene.leading.constant = 2
        scene.root.layoutIfNeeded()
        #expect(scene.container.layoutMargins.left == 18)
        #expect(scene.box.frame.minX == 18)
        scene.container.preservesSuperviewLayoutMargins = false
        scene.root.layoutIfNeeded()
        #expect(scene.box.frame.minX == 8)
    }

    @Test func preservedMarginsCascadeAndFollowTheSuperviewsChanges() {
        let scene = Scene(insets: .zero, preserves: true)
        let inner = UIView()
        inner.translatesAutoresizingMaskIntoConstraints = false
        inner.preservesSuperviewLayoutMargins = true
        let dot = UIView()
        dot.translatesAutoresizingMaskIntoConstraints = false
        scene.box.removeFromSuperview()
        scene.container.addSubview(inner)
        inner.addSubview(dot)
        NSLayoutConstraint.activate([
            inner.leadingAnchor.constraint(equalTo: scene.container.leadingAnchor),
            inner.trailingAnchor.constraint(equalTo: scene.container.trailingAnchor),
            inner.topAnchor.constraint(equalTo: scene.container.topAnchor),
            inner.bottomAnchor.constraint(equalTo: scene.container.bottomAnchor),
            dot.leadingAnchor.constraint(equalTo: inner.layoutMarginsGuide.leadingAnchor),
            dot.topAnchor.constraint(equalTo: inner.layoutMarginsGuide.topAnchor),
            dot.widthAnchor.constraint(equalToConstant: 4),
            dot.heightAnchor.constraint(equalToConstant: 4),
        ])
        scene.root.layoutIfNeeded()
        #expect(dot.frame.origin == CGPoint(x: 20, y: 20))
        scene.root.layoutMargins = UIEdgeInsets(top: 30, left: 40, bottom: 30, right: 40)
        scene.root.layoutIfNeeded()
        #expect(inner.layoutMargins == UIEdgeInsets(top: 30, left: 40, bottom: 30, right: 40))
        #expect(dot.frame.origin == CGPoint(x: 40, y: 30))
    }

    /// In a self-sizing cell: a view pinned to the content view's edges that preserves its
    /// margins puts its content at the content view's 16-point sides and 11-point top and
    /// bottom, whether its margins guide was made before or after it joined the cell.
    @Test func aPreservingViewInACellTakesTheContentViewsMargins() throws {
        for guideFirst in [true, false] {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            let panel = UIView()
            panel.translatesAutoresizingMaskIntoConstraints = false
            panel.preservesSuperviewLayoutMargins = true
            let block = UIView()
            block.translatesAutoresizingMaskIntoConstraints = false
            panel.addSubview(block)
            var guide = guideFirst ? panel.layoutMarginsGuide : nil
            cell.contentView.addSubview(panel)
            if guide == nil { guide = panel.layoutMarginsGuide }
            let margins = try #require(guide)
            NSLayoutConstraint.activate([
                panel.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
                panel.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
                panel.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
                panel.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
                block.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                block.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                block.topAnchor.constraint(equalTo: margins.topAnchor),
                block.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
                block.heightAnchor.constraint(equalToConstant: 30),
            ])
            let size = cell.systemLayoutSizeFitting(
                CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            #expect(size.height == 11 + 30 + 11, "guide made \(guideFirst ? "before" : "after") joining")
            cell.frame = CGRect(origin: .zero, size: size)
            cell.layoutIfNeeded()
            #expect(block.frame == CGRect(x: 16, y: 11, width: 375 - 32, height: 30))
        }
    }
}
