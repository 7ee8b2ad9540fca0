import Foundation
import DiagnosticsRecording
import Testing

@testable import AutoLayout

@Suite struct ActivationTests {
    @Test func activationInstallsOnTheNearestCommonAncestor() {
        let root = makeRoot()
        let container = makeSubview(of: root)
        let a = makeSubview(of: container)
        let b = makeSubview(of: container)
        let cousin = makeSubview(of: makeSubview(of: root))
        let siblings = a.leadingAnchor.constraint(equalTo: b.trailingAnchor)
        let own = a.widthAnchor.constraint(equalToConstant: 10)
        let toParent = a.topAnchor.constraint(equalTo: container.topAnchor)
        let toCousin = a.topAnchor.constraint(equalTo: cousin.bottomAnchor)
        LayoutConstraint.activate([siblings, own, toParent, toCousin])
        #expect(container.constraints.contains { $0 === siblings })
        #expect(a.constraints.contains { $0 === own })
        #expect(container.constraints.contains { $0 === toParent })
        #expect(root.constraints.contains { $0 === toCousin })
        #expect([siblings, own, toParent, toCousin].allSatisfy { $0.isActive })
        LayoutConstraint.deactivate([siblings, toCousin])
        #expect(!siblings.isActive)
        #expect(container.constraints.count == 1)
        #expect(root.constraints.isEmpty)
    }

    @Test func itemsWithoutACommonAncestorCannotBeActivated() {
        let first = View()
        first.accessibilityIdentifier = "lonely-first"
        let second = View()
        let fine = first.widthAnchor.constraint(equalToConstant: 10)
        let bad = first.leadingAnchor.constraint(equalTo: second.leadingAnchor)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "lonely-first") {
            LayoutConstraint.activate([fine, bad])
        }
        #expect(!bad.isActive)
        #expect(!fine.isActive, "activation is all or nothing")
        #expect(recorder.errors.count == 1)
        guard case .noCommonAncestor = recorder.errors.first else {
            Issue.record("expected noCommonAncestor, got \(recorder.errors)")
            return
        }
    }

    @Test func guideWithoutOwningViewCannotBeActivated() {
        let view = View()
        view.accessibilityIdentifier = "guide-owner-test"
        let guide = LayoutGuide()
        let constraint = guide.leadingAnchor.constraint(equalTo: view.leadingAnchor)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "must be added to a view") {
            constraint.isActive = true
        }
        #expect(!constraint.isActive)
        #expect(recorder.errors.count >= 1)
    }

    @Test func removeFromSuperviewDeactivatesConstraintsThatCrossIntoTheSubtree() {
        let root = makeRoot()
        let container = makeSubview(of: root)
        let child = makeSubview(of: container)
        let outside = makeSubview(of: root)
        let inside = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 5)
        let own = child.widthAnchor.constraint(equalToConstant: 30)
        let crossingChild = outside.topAnchor.constraint(equalTo: child.bottomAnchor)
        let crossingContainer = container.topAnchor.constraint(equalTo: root.topAnchor)
        LayoutConstraint.activate([inside, own, crossingChild, crossingContainer])
        container.removeFromSuperview()
        #expect(inside.isActive)
        #expect(own.isActive)
        #expect(!crossingChild.isActive)
        #expect(!crossingContainer.isActive)
        #expect(container.superview == nil)
        #expect(!root.subviews.contains { $0 === container })
    }

    @Test func movingASubtreeToAnotherTreeBringsItsConstraints() {
        let first = makeRoot(200, 200)
        let card = makeSubview(of: first)
        let badge = makeSubview(of: card)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            badge.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 20),
            badge.heightAnchor.constraint(equalToConstant: 20),
            card.widthAnchor.constraint(equalToConstant: 100),
            card.heightAnchor.constraint(equalToConstant: 100),
            card.leadingAnchor.constraint(equalTo: first.leadingAnchor),
            card.topAnchor.constraint(equalTo: first.topAnchor),
        ])
        first.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 10, y: 10, width: 20, height: 20))

        let second = makeRoot(400, 400)
        second.addSubview(card)
        #expect(card.engine === second.engine)
        #expect(badge.engine === second.engine)
        LayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: second.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: second.centerYAnchor),
        ])
        second.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 150, y: 150, width: 100, height: 100))
        #expect(badge.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(first.constraints.isEmpty)
    }

    @Test func movingASubviewWithinItsTreeKeepsItsInnerConstraintsInTheEngine() throws {
        let root = makeRoot()
        let left = makeSubview(of: root)
        let right = makeSubview(of: root)
        let item = makeSubview(of: left)
        let width = item.widthAnchor.constraint(equalToConstant: 40)
        LayoutConstraint.activate([
            width,
            item.heightAnchor.constraint(equalToConstant: 40),
            item.leadingAnchor.constraint(equalTo: left.leadingAnchor, constant: 1),
            item.topAnchor.constraint(equalTo: left.topAnchor),
        ])
        root.layoutIfNeeded()
        let solverConstraint = try #require(width.solverConstraint)
        right.addSubview(item)
        #expect(width.isActive)
        #expect(width.solverConstraint === solverConstraint)
        #expect(left.constraints.isEmpty)
    }

    @Test func detachedSubtreeLaysOutOnItsOwn() {
        let root = makeRoot()
        let card = View(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        root.addSubview(card)
        let label = makeSubview(of: card)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        root.layoutIfNeeded()
        card.removeFromSuperview()
        card.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        card.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 10, y: 10, width: 180, height: 80))
    }

    @Test func legacyAddConstraintInstallsOnTheGivenAncestor() {
        let root = makeRoot()
        let child = makeSubview(of: root)
        let width = child.widthAnchor.constraint(equalToConstant: 10)
        root.addConstraint(width)
        #expect(root.constraints.contains { $0 === width })
        #expect(width.isActive)
        root.removeConstraint(width)
        #expect(!width.isActive)
    }

    @Test func addConstraintOnAViewOutsideTheItemsIsRefused() {
        let root = makeRoot()
        root.accessibilityIdentifier = "legacy-add-test"
        let child = makeSubview(of: root)
        let grandchild = makeSubview(of: child)
        let constraint = root.widthAnchor.constraint(equalTo: child.widthAnchor)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "legacy-add-test") {
            grandchild.addConstraint(constraint)
        }
        #expect(!constraint.isActive)
        #expect(recorder.errors.count == 1)
    }

    @Test func addingAViewToItsOwnDescendantIsRefused() {
        let root = makeRoot()
        root.accessibilityIdentifier = "cycle-test"
        let child = makeSubview(of: root)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "cycle-test") {
            child.addSubview(root)
            root.addSubview(root)
        }
        #expect(root.superview == nil)
        #expect(recorder.errors.count == 2)
    }

    @Test func insertSubviewPlacesViewsInOrder() {
        let root = makeRoot()
        let a = View()
        let b = View()
        let c = View()
        root.addSubview(a)
        root.addSubview(c)
        root.insertSubview(b, at: 1)
        #expect(root.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        root.insertSubview(a, at: 99)
        #expect(root.subviews.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        #expect(c.isDescendant(of: root))
        #expect(!root.isDescendant(of: c))
    }

    @Test func constraintsListKeepsInstallationOrderAfterRemovals() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let constraints = (0..<40).map { view.widthAnchor.constraint(lessThanOrEqualToConstant: CGFloat($0 + 100)) }
        LayoutConstraint.activate(constraints)
        let kept = constraints.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        LayoutConstraint.deactivate(constraints.enumerated().filter { $0.offset % 3 != 0 }.map(\.element))
        #expect(view.constraints.map(ObjectIdentifier.init) == kept.map(ObjectIdentifier.init))
    }

    @Test func viewsAndTheirConstraintsAreReleasedWithTheirTree() {
        weak var weakRoot: View?
        weak var weakChild: View?
        weak var weakConstraint: LayoutConstraint?
        do {
            let root = makeRoot()
            let child = makeSubview(of: root)
            let constraint = child.widthAnchor.constraint(equalTo: root.widthAnchor)
            constraint.isActive = true
            _ = child.layoutMarginsGuide
            root.layoutIfNeeded()
            weakRoot = root
            weakChild = child
            weakConstraint = constraint
        }
        #expect(weakRoot == nil)
        #expect(weakChild == nil)
        #expect(weakConstraint == nil)
    }
}

@Suite struct EngineBatchingTests {
    @Test func activationReachesTheSolverInOneBatchAtTheNextLayoutPass() throws {
        let root = makeRoot()
        let views = (0..<20).map { _ in makeSubview(of: root) }
        let constraints = views.flatMap { view in
            [
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.widthAnchor.constraint(equalToConstant: 10),
                view.heightAnchor.constraint(equalToConstant: 10),
            ]
        }
        LayoutConstraint.activate(constraints)
        #expect(constraints.allSatisfy { $0.isActive && $0.engineState == .pending })
        let solves = root.engine.solveCount
        root.layoutIfNeeded()
        #expect(root.engine.solveCount == solves + 1)
        for constraint in constraints {
            let solverConstraint = try #require(constraint.solverConstraint)
            #expect(root.engine.solver.hasConstraint(solverConstraint))
        }
    }

    @Test func deactivatingBeforeTheNextPassNeverTouchesTheSolver() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let width = view.widthAnchor.constraint(equalToConstant: 10)
        width.isActive = true
        width.isActive = false
        root.layoutIfNeeded()
        #expect(width.solverConstraint == nil)
        #expect(width.engineState == .outside)
    }

    /// A tree activated at once reaches the solver as one batch, which sizes the solver's
    /// storage to it. Grown by half whenever full, it would have room for 18,663 symbols to
    /// hold these 16,004.
    @Test func aTreeActivatedAtOnceLeavesTheSolverLittleUnusedRoom() throws {
        let root = makeRoot(5_000, 5_000)
        var constraints: [LayoutConstraint] = []
        var parent = root
        for _ in 0..<2_000 {
            let view = makeSubview(of: parent)
            constraints += [
                view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 1),
                view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 1),
                view.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -1),
                view.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -1),
            ]
            parent = view
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        #expect(parent.frame.width == 1_000)
        let live = root.engine.solver.storageStatistics.liveSymbols
        let room = root.engine.solver.storageRoom.symbols
        #expect(live >= 16_000)
        // A thirty-second over, one more, and what a 4 KiB page rounds 24-byte states up by.
        #expect(room >= live && room <= live + live / 32 + 1 + 4096 / 24)
    }
}

extension EngineBatchingTests {
    /// A stack of a thousand one-line labels pinned to a cell's margins, sized once: while the
    /// labels come in, substitutions widen some rows to thousands of cells and narrow them again,
    /// and a row left with under a quarter of its room gives the rest back. Each such row kept
    /// the room of its widest moment before, four of them in a stack of this shape.
    @Test func rowsNarrowedBySubstitutionsGiveTheirRoomBack() throws {
        let cell = View(frame: .zero)
        let texts = (0..<1_000).map { "Label number \($0) hello" }
        let labels = texts.map { Label(text: $0) }
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(stack)
        let margins = cell.layoutMarginsGuide
        LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            margins.trailingAnchor.constraint(equalTo: stack.trailingAnchor),
            margins.bottomAnchor.constraint(equalTo: stack.bottomAnchor),
        ])
        let size = cell.systemLayoutSizeFitting(
            CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        let lines = try texts.reduce(0) { $0 + Expected.ceiled(try Expected.lineSize($1).height) }
        #expect(size.height == 8 + lines + 999 * 4 + 8)
        #expect(cell.engine.solver.rowsMostlyUnused == 0)
    }
}
