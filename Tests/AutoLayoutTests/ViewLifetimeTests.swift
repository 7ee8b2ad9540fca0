import Foundation
import Testing
import SeededRandom

@testable import AutoLayout

/// Nothing refers to a view weakly: the engine's queues, subviews' `superview`, guides' owning
/// view, nodes and constraints hold it unretained, and a view that moves to another tree or
/// goes away takes itself out of all of them. These tests drop and move views at the moments
/// those references exist (queued for an intrinsic size update, listed as width-dependent,
/// fitting, holding constraints) and check that the trees that remain lay out as if the views
/// had never been there. Under the address sanitizer a missed reference is a use after free.
@Suite struct ViewLifetimeTests {
    /// A row of sized views pinned one after another, each as wide as its intrinsic width.
    private func makeRow(_ count: Int, in root: View) -> [IntrinsicSizeView] {
        let views = (0..<count).map { IntrinsicSizeView(CGFloat(10 + $0), 20) }
        for view in views { root.addSubview(view) }
        var constraints: [LayoutConstraint] = []
        for view in views {
            constraints.append(view.topAnchor.constraint(equalTo: root.topAnchor))
            constraints.append(view.leadingAnchor.constraint(equalTo: root.leadingAnchor))
        }
        LayoutConstraint.activate(constraints)
        return views
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func viewsDroppedWhileQueuedLeaveTheRestMeasured(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let root = makeRoot()
        var views = makeRow(64, in: root)
        root.layoutIfNeeded()
        // Every view is queued; half of them, in a random order, leave and go away before the
        // pass, each taking its place in the queue with it.
        for (index, view) in views.enumerated() { view.contentSize.width = CGFloat(100 + index) }
        for _ in 0..<32 {
            let index = Int(generator.next() % UInt64(views.count))
            views.remove(at: index).removeFromSuperview()
        }
        #expect(root.engine.queuedIntrinsicUpdateCount == views.count)
        root.layoutIfNeeded()
        for view in views {
            #expect(view.frame.size == view.contentSize)
        }
        #expect(root.subviews.count == 32)
    }

    /// A view whose own size code drops another queued view, its last reference: the engine
    /// keeps every queued view alive while client code runs (only a batch of the library's
    /// own classes is read unretained), so the dropped one goes away once the engine is done
    /// with it, not in the middle of the batch.
    @Test func aQueuedLabelDroppedByAnotherViewsSizeCodeLivesUntilTheEngineIsDone() {
        let root = makeRoot()
        let dropper = DroppingView(frame: .zero)
        dropper.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(dropper)
        var victim: Label? = Label(text: "victim")
        victim?.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(victim!)
        weak let watched = victim
        var aliveAfterTheDrop: Bool?
        dropper.drop = {
            victim?.removeFromSuperview()
            victim = nil
            aliveAfterTheDrop = watched != nil
        }
        root.layoutIfNeeded()
        #expect(aliveAfterTheDrop == true)
        #expect(watched == nil)
        #expect(dropper.frame.size == CGSize(width: 10, height: 10))
    }

    /// A label measured again, its new size queued for the solver as constant changes of its
    /// content-size constraints, then dropped by the size code of a view measured after it in
    /// the same batch: the queue holds those constraints unretained, so the engine must keep
    /// them until the batch is applied, skip them there, and let them go after.
    @Test func aLabelDroppedAfterItsNewSizeWasQueuedLeavesTheBatchAlone() {
        let root = makeRoot()
        var victim: Label? = Label(text: "victim")
        victim?.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(victim!)
        let dropper = DroppingView(frame: .zero)
        dropper.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(dropper)
        root.layoutIfNeeded()
        weak let watched = victim
        weak let watchedConstraint = victim?.contentSizeConstraints.horizontalHugging
        #expect(watchedConstraint != nil)
        // The victim is queued first, the dropper after it.
        victim?.text = "a much longer victim"
        dropper.invalidateIntrinsicContentSize()
        dropper.drop = {
            victim?.removeFromSuperview()
            victim = nil
        }
        root.layoutIfNeeded()
        #expect(watched == nil)
        #expect(watchedConstraint == nil)
        #expect(dropper.frame.size == CGSize(width: 10, height: 10))
    }

    @Test func aSubtreeDroppedWithItsRootWhileQueuedIsForgotten() {
        let root = makeRoot()
        let survivor = IntrinsicSizeView(40, 10)
        root.addSubview(survivor)
        LayoutConstraint.activate([
            survivor.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            survivor.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        do {
            let card = View()
            card.translatesAutoresizingMaskIntoConstraints = false
            let inner = IntrinsicSizeView(30, 30)
            card.addSubview(inner)
            root.addSubview(card)
            LayoutConstraint.activate([
                inner.leadingAnchor.constraint(equalTo: card.leadingAnchor),
                inner.topAnchor.constraint(equalTo: card.topAnchor),
                card.leadingAnchor.constraint(equalTo: survivor.trailingAnchor),
                card.topAnchor.constraint(equalTo: root.topAnchor),
            ])
            root.layoutIfNeeded()
            inner.contentSize = CGSize(width: 50, height: 50)
            card.removeFromSuperview()
        }
        survivor.contentSize = CGSize(width: 60, height: 15)
        root.layoutIfNeeded()
        #expect(survivor.frame == CGRect(x: 0, y: 0, width: 60, height: 15))
    }

    @Test func aViewMovedToAnotherTreeWhileQueuedIsMeasuredThere() {
        let first = makeRoot()
        let second = makeRoot()
        let view = IntrinsicSizeView(10, 10)
        first.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: first.leadingAnchor),
            view.topAnchor.constraint(equalTo: first.topAnchor),
        ])
        first.layoutIfNeeded()
        second.layoutIfNeeded()
        view.contentSize = CGSize(width: 70, height: 30)
        second.addSubview(view)
        #expect(first.engine.queuedIntrinsicUpdateCount == 0)
        #expect(second.engine.queuedIntrinsicUpdateCount == 1)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: second.leadingAnchor, constant: 5),
            view.topAnchor.constraint(equalTo: second.topAnchor, constant: 5),
        ])
        first.layoutIfNeeded()
        second.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 5, y: 5, width: 70, height: 30))
        #expect(first.subviews.isEmpty)
    }

    @Test func aWrappingLabelDroppedAfterItsFirstPassLeavesTheWidthPassAlone() {
        let root = makeRoot(200, 600)
        let kept = Label(text: "A label that stays and wraps onto several lines at this width")
        kept.numberOfLines = 0
        kept.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(kept)
        LayoutConstraint.activate([
            kept.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            kept.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            kept.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        do {
            let dropped = Label(text: "A label that goes away after it has been laid out at a width")
            dropped.numberOfLines = 0
            dropped.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(dropped)
            LayoutConstraint.activate([
                dropped.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                dropped.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                dropped.topAnchor.constraint(equalTo: kept.bottomAnchor),
            ])
            root.layoutIfNeeded()
            #expect(dropped.frame.height > kept.font.lineHeight)
            dropped.removeFromSuperview()
        }
        let heightBefore = kept.frame.height
        root.frame.size.width = 120
        root.layoutIfNeeded()
        #expect(kept.frame.width == 120)
        #expect(kept.frame.height > heightBefore)
    }

    @Test func aRootThatGoesAwayLeavesItsKeptSubviewsAUsableTree() throws {
        var kept: IntrinsicSizeView?
        var guide: LayoutGuide?
        do {
            let root = makeRoot()
            let view = IntrinsicSizeView(25, 25)
            root.addSubview(view)
            let spacer = LayoutGuide()
            root.addLayoutGuide(spacer)
            LayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: spacer.trailingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                spacer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                spacer.widthAnchor.constraint(equalToConstant: 10),
            ])
            _ = root.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            root.layoutIfNeeded()
            #expect(view.frame.minX == 10)
            view.contentSize = CGSize(width: 35, height: 35)
            kept = view
            guide = spacer
        }
        let view = try #require(kept)
        #expect(view.superview == nil)
        #expect(guide?.owningView == nil)
        #expect(guide?.layoutFrame == .zero)
        view.layoutIfNeeded()
        #expect(view.frame.size == CGSize(width: 35, height: 35))
    }

    /// A subview that translates its autoresizing mask keeps constraints installed on its
    /// superview; when the superview goes first, the kept subview must not point at it. Many
    /// rounds, so that the freed superview's memory is reused and a dangling reference shows.
    @Test func keptSubviewsWithAutoresizingConstraintsOutliveTheirSuperviews() throws {
        for _ in 0..<200 {
            var kept: View?
            do {
                let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let child = View(frame: CGRect(x: 1, y: 2, width: 30, height: 40))
                root.addSubview(child)
                root.layoutIfNeeded()
                kept = child
            }
            let child = try #require(kept)
            #expect(child.superview == nil)
            let other = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            other.addSubview(child)
            other.layoutIfNeeded()
            #expect(child.frame == CGRect(x: 1, y: 2, width: 30, height: 40))
        }
    }

    @Test func aRootThatGoesAwayWhileQueuedAndWidthDependentIsForgottenByItsEngine() throws {
        // The only view that can go away while still in an engine is a root whose subviews
        // outlive it: they keep the engine, whose lists must no longer name the root.
        var kept: IntrinsicSizeView?
        do {
            let root = Label(text: "A root label that wraps, queued again just before it goes")
            root.numberOfLines = 0
            root.translatesAutoresizingMaskIntoConstraints = false
            let view = IntrinsicSizeView(25, 25)
            root.addSubview(view)
            LayoutConstraint.activate([
                root.widthAnchor.constraint(equalToConstant: 120),
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
            ])
            root.layoutIfNeeded()
            #expect(root.frame.height > root.font.lineHeight)
            #expect(root.engine.widthDependentViewCount == 1)
            root.text = "Another text, so that the root is queued for its intrinsic size again"
            view.contentSize = CGSize(width: 45, height: 45)
            kept = view
        }
        let view = try #require(kept)
        #expect(view.engine.queuedIntrinsicUpdateCount == 1)
        #expect(view.engine.widthDependentViewCount == 0)
        view.layoutIfNeeded()
        #expect(view.frame.size == CGSize(width: 45, height: 45))
        #expect(view.superview == nil)
    }

    @Test func aViewThatGoesAwayWhileFittingTakesItsTargetsAlong() {
        let root = makeRoot()
        do {
            let cell = View()
            cell.translatesAutoresizingMaskIntoConstraints = false
            let content = IntrinsicSizeView(80, 44)
            cell.addSubview(content)
            root.addSubview(cell)
            LayoutConstraint.activate([
                content.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
                content.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
                content.topAnchor.constraint(equalTo: cell.topAnchor),
                content.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
            ])
            let size = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            #expect(size == CGSize(width: 80, height: 44))
            cell.removeFromSuperview()
        }
        let other = IntrinsicSizeView(12, 12)
        root.addSubview(other)
        LayoutConstraint.activate([
            other.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            other.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(other.frame == CGRect(x: 0, y: 0, width: 12, height: 12))
        #expect(root.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width >= 0)
    }
}

/// A view whose intrinsic size, read once, first runs `drop`.
private final class DroppingView: View {
    var drop: (() -> Void)?

    override var intrinsicContentSize: CGSize {
        drop?()
        drop = nil
        return CGSize(width: 10, height: 10)
    }
}
