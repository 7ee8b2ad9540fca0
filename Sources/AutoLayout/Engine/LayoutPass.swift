import Foundation
import Typesetting

/// The layout pass: update constraints from subviews up, solve, then lay out from superviews
/// down, giving each view the frame the engine computed.
///
/// Views are visited only along branches that carry a flag (`needsUpdateConstraints`,
/// `needsLayout`, or the `subtree` flag an ancestor keeps for them), so a pass with nothing
/// to do touches the root and stops, and the engine does no solver work.
extension View {
    /// The most passes one ``layoutIfNeeded()`` runs before it gives up on a layout that does
    /// not settle: 100.
    ///
    /// The rule, as in UIKit: layout runs pass after pass until no view needs layout, so views
    /// that `layoutSubviews` adds or resizes are laid out in the same call, however many passes
    /// that takes. A tree that never settles (an override that invalidates layout on every
    /// pass) is a feedback loop; UIKit's run loop would spin forever, and its layout feedback
    /// loop debugger stops at 100 passes by default. Fitsize stops there too and reports
    /// ``LayoutError/layoutFeedbackLoop(view:passes:)`` to ``LayoutDiagnostics/errorHandler``,
    /// naming the views that still needed layout; the frames are those of the last pass.
    public static let maximumLayoutPasses = 100

    /// Marks the view as needing ``layoutSubviews()`` at the next layout pass.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        markAncestors(.layout)
    }

    /// Runs a layout pass now if anything in the view's tree needs one: updates the
    /// constraints of views marked with ``setNeedsUpdateConstraints()``, brings the layout
    /// engine up to date, and lays out from the root down every branch that needs it.
    public func layoutIfNeeded() {
        let root = rootView
        root.engine.removeFittingConstraints()
        for _ in 0..<View.maximumLayoutPasses {
            root.updateConstraintsIfNeeded()
            root.updateRootSizeConstraints()
            if root.engine.solve() { root.markViewsWhoseSolvedFramesChanged() }
            guard root.needsLayoutFlag || root.subtreeNeedsLayout else { return }
            root.engine.isLayingOut = true
            root.layOutFlaggedBranches()
            root.engine.isLayingOut = false
        }
        // The last pass's overrides may have settled the tree; only a tree still flagged loops.
        root.updateConstraintsIfNeeded()
        root.updateRootSizeConstraints()
        if root.engine.solve() { root.markViewsWhoseSolvedFramesChanged() }
        guard root.needsLayoutFlag || root.subtreeNeedsLayout else { return }
        LayoutDiagnostics.report(
            .layoutFeedbackLoop(view: root.viewsNeedingLayout(), passes: View.maximumLayoutPasses))
    }

    /// The names of (at most eight of) the views of this tree flagged for layout, for a report.
    private func viewsNeedingLayout() -> String {
        var names: [String] = []
        var stack: [View] = [self]
        while let view = stack.popLast(), names.count < 8 {
            if view.needsLayoutFlag { names.append(view.layoutDescriptionName) }
            if view.subtreeNeedsLayout { stack.append(contentsOf: view.subviews.reversed()) }
        }
        return names.joined(separator: ", ")
    }

    /// Marks the view as needing ``updateConstraints()`` at the next layout pass.
    public func setNeedsUpdateConstraints() {
        needsUpdateConstraintsFlag = true
        markAncestors(.updateConstraints)
    }

    /// Whether ``updateConstraints()`` will run at the next layout pass.
    public func needsUpdateConstraints() -> Bool { needsUpdateConstraintsFlag }

    /// Calls ``updateConstraints()`` now on this view and every descendant that needs it,
    /// subviews before their superviews.
    public func updateConstraintsIfNeeded() {
        guard needsUpdateConstraintsFlag || subtreeNeedsUpdateConstraints else { return }
        // Post-order without recursion: deep trees must not exhaust the stack.
        var stack: [(view: View, childrenVisited: Bool)] = [(self, false)]
        while let (view, childrenVisited) = stack.popLast() {
            if childrenVisited || !view.subtreeNeedsUpdateConstraints {
                view.subtreeNeedsUpdateConstraints = false
                if view.needsUpdateConstraintsFlag {
                    view.needsUpdateConstraintsFlag = false
                    view.updateConstraints()
                }
                continue
            }
            stack.append((view, true))
            for subview in view.subviews.reversed()
            where subview.needsUpdateConstraintsFlag || subview.subtreeNeedsUpdateConstraints {
                stack.append((subview, false))
            }
        }
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    public func sizeToFit() {
        frame.size = sizeThatFits(frameStorage.size)
    }

    // MARK: Steps

    /// The two pieces of pending work a view's ancestors are told about.
    private enum SubtreeFlag { case layout, updateConstraints }

    private func markAncestors(_ flag: SubtreeFlag) {
        // Unretained: each ancestor holds the one below it. Every label whose text changes
        // marks its ancestors, and they are usually marked already. An enum rather than a key
        // path: a key path argument is instantiated at run time on every call.
        var next = superviewReference
        while let ancestor = next {
            next = ancestor._withUnsafeGuaranteedRef { view in
                switch flag {
                case .layout:
                    guard !view.subtreeNeedsLayout else { return nil }
                    view.subtreeNeedsLayout = true
                case .updateConstraints:
                    guard !view.subtreeNeedsUpdateConstraints else { return nil }
                    view.subtreeNeedsUpdateConstraints = true
                }
                return view.superviewReference
            }
        }
    }

    /// After a subtree joins a tree, its pending work must be visible from the new root.
    func propagateLayoutFlagsToAncestors() {
        if needsLayoutFlag || subtreeNeedsLayout { markAncestors(.layout) }
        if needsUpdateConstraintsFlag || subtreeNeedsUpdateConstraints {
            markAncestors(.updateConstraints)
        }
    }

    /// Whether the layout pass leaves the view's frame as it was set: a view that does not
    /// translate its autoresizing mask, has no intrinsic content size and that no active
    /// constraint names gives the engine nothing to place it by, and keeps the frame it was
    /// given (as in UIKit), instead of collapsing to the engine's zeros.
    var keepsItsFrame: Bool {
        !translatesAutoresizingMaskStorage && node.constraints.isEmpty && contentSizeConstraints.isEmpty
    }

    /// The frame the engine computed for the view, relative to its superview and rounded to
    /// the pixel grid.
    func solvedFrame(on grid: PixelGrid) -> CGRect {
        grid.rect(node.solvedFrame)
    }

    /// After a solve, marks the superview of every view whose frame moved, so that its
    /// `layoutSubviews` runs. A root sized by its constraints takes its solved size here.
    ///
    /// Only the views whose variables the solver wrote since the last call are looked at, not
    /// the whole tree: moving one card in a tree of thousands of views visits the card.
    /// What changes a frame without a solve (a new superview, a new display scale) marks the
    /// superview itself.
    func markViewsWhoseSolvedFramesChanged() {
        let written = engine.takeWrittenNodes()
        guard !written.isEmpty else { return }
        let grid = PixelGrid(scale: displayScaleStorage)
        if !translatesAutoresizingMaskStorage, !keepsItsFrame {
            let size = solvedFrame(on: grid).size
            if size != frameStorage.size {
                frameStorage.size = size
                needsLayoutFlag = true
            }
        }
        for node in written {
            // Guides have no frame to apply; a view that has left this tree is another
            // engine's business.
            guard let view = node.view, view.engine === engine, let superview = view.superview,
                !superview.needsLayoutFlag, !view.keepsItsFrame
            else { continue }
            if view.solvedFrame(on: grid) != view.frameStorage { superview.setNeedsLayout() }
        }
    }

    /// Runs `layoutSubviews` on flagged views, superviews first.
    func layOutFlaggedBranches() {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.needsLayoutFlag {
                view.needsLayoutFlag = false
                view.layoutSubviews()
            }
            guard view.subtreeNeedsLayout else { continue }
            view.subtreeNeedsLayout = false
            for subview in view.subviews.reversed() where subview.needsLayoutFlag || subview.subtreeNeedsLayout {
                stack.append(subview)
            }
        }
    }

    /// What the default ``layoutSubviews()`` does: gives each subview its solved frame. A
    /// subview whose size changes is laid out in turn.
    func applyEngineFramesToSubviews() {
        let root = rootView
        // A layoutSubviews override may have sized a view of this tree in between.
        root.engine.removeFittingConstraints()
        if root.engine.solve() { root.markViewsWhoseSolvedFramesChanged() }
        let grid = PixelGrid(scale: root.displayScaleStorage)
        for subview in subviews where !subview.keepsItsFrame {
            let frame = subview.solvedFrame(on: grid)
            guard frame != subview.frameStorage else { continue }
            let sizeChanged = frame.size != subview.frameStorage.size
            subview.frameStorage = frame
            if sizeChanged {
                // Set directly rather than through setNeedsLayout: this view is being laid
                // out, so its ancestors need no flag, and walking up from every subview
                // would cost the depth of the tree each time.
                if root.engine.isLayingOut {
                    subview.needsLayoutFlag = true
                    subtreeNeedsLayout = true
                } else {
                    subview.setNeedsLayout()
                }
            }
        }
        subviewsMoved()
    }
}
