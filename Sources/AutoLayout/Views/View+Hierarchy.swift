extension View {
    /// Adds a view at the front of the subviews. A view that already has a superview is moved:
    /// its constraints to views outside its subtree are deactivated, and the constraints within
    /// its subtree come along (to this tree's layout engine if that is another tree).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view among the subviews at an index (clamped to the valid range), moving it
    /// as ``addSubview(_:)`` does. Adding a view to itself or to one of its descendants is
    /// refused and reported to ``LayoutDiagnostics/errorHandler``.
    public func insertSubview(_ view: View, at index: Int) {
        if view === self || (!view.subviews.isEmpty && isDescendant(of: view)) {
            LayoutDiagnostics.report(
                .hierarchyCycle(view: view.layoutDescriptionName, superview: layoutDescriptionName))
            return
        }
        if view.superview === self {
            if let current = subviews.firstIndex(where: { $0 === view }) {
                subviews.remove(at: current)
            }
            subviews.insert(view, at: max(0, min(index, subviews.count)))
            return
        }
        view.willMove(toSuperview: self)
        if let old = view.superview {
            old.willRemoveSubview(view)
            // The subtree keeps its old engine until `adopt` moves it here, so it moves once.
            old.detachSubview(view, keepingEngine: true)
        }
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
        if view.engine !== engine {
            engine.adopt(subtreeOf: view)
        }
        view.updateAutoresizingConstraints()
        view.inheritedLayoutDirectionMayHaveChanged()
        view.inheritedContentSizeCategoryMayHaveChanged()
        if view.preservesSuperviewMarginsStorage { view.marginsDidChange() }
        view.propagateLayoutFlagsToAncestors()
        setNeedsLayout()
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    /// Removes the view from its superview. Every active constraint that refers to the view or
    /// one of its descendants and is installed outside its subtree is deactivated; the
    /// constraints within the subtree stay active and move to the subtree's own engine.
    public func removeFromSuperview() {
        guard let old = superview else { return }
        willMove(toSuperview: nil)
        old.willRemoveSubview(self)
        old.detachSubview(self, keepingEngine: false)
        inheritedLayoutDirectionMayHaveChanged()
        inheritedContentSizeCategoryMayHaveChanged()
        if preservesSuperviewMarginsStorage { marginsDidChange() }
        didMoveToSuperview()
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The root of the view's tree, which owns the tree's engine.
    var rootView: View {
        if let root = engine.root { return root }
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The view and all its descendants, parents before children.
    func subtreeViews() -> [View] {
        var result: [View] = []
        var stack: [View] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    /// The nearest view that contains both views, or `nil` when they are in different trees.
    static func nearestCommonAncestor(_ a: View, _ b: View) -> View? {
        if a === b { return a }
        if a.superview === b { return b }
        if b.superview === a { return a }
        if let parent = a.superview, parent === b.superview { return parent }
        guard a.engine === b.engine else { return nil }
        var first: View? = a
        var second: View? = b
        var firstDepth = a.depth
        var secondDepth = b.depth
        while firstDepth > secondDepth { first = first?.superview; firstDepth -= 1 }
        while secondDepth > firstDepth { second = second?.superview; secondDepth -= 1 }
        while let x = first, let y = second {
            if x === y { return x }
            first = x.superview
            second = y.superview
        }
        return nil
    }

    private var depth: Int {
        var count = 0
        var view = self
        while let parent = view.superview {
            count += 1
            view = parent
        }
        return count
    }

    /// Takes a subview out: deactivates the constraints that cross into its subtree, drops its
    /// autoresizing constraints, and gives the subtree an engine of its own unless it is only
    /// moving within this tree.
    func detachSubview(_ child: View, keepingEngine: Bool) {
        // A subtree that stays in this tree keeps its engine, so only the constraints that
        // cross into it matter, and those are installed on its ancestors: when they hold
        // fewer constraints than the subtree has views, reading them is the shorter way.
        let ancestorConstraints = keepingEngine ? child.constraintCountOnAncestors() : 0
        let members: [View]
        let crossing: [LayoutConstraint]
        if keepingEngine && child.subtreeHasMoreViews(than: ancestorConstraints) {
            members = []
            crossing = child.constraintsCrossingInFromAncestors()
        } else {
            members = child.subtreeViews()
            crossing = Self.constraintsCrossingInto(members)
        }
        LayoutConstraint.deactivate(crossing)
        child.removeAutoresizingConstraints()
        if let index = subviews.firstIndex(where: { $0 === child }) {
            subviews.remove(at: index)
        }
        child.superview = nil
        setNeedsLayout()
        if !keepingEngine {
            let engine = LayoutEngine()
            engine.root = child
            engine.adopt(members)
        }
    }

    /// The active constraints that mention a view of `members` (a whole subtree) and are
    /// installed outside it, found from the members' nodes.
    private static func constraintsCrossingInto(_ members: [View]) -> [LayoutConstraint] {
        var memberAddresses = Set<UnsafeMutableRawPointer>()
        memberAddresses.reserveCapacity(members.count)
        for view in members { memberAddresses.insert(Unmanaged.passUnretained(view).toOpaque()) }
        var crossing: [LayoutConstraint] = []
        for view in members {
            for node in view.layoutNodes {
                // The address alone says whether the container is inside the subtree; it is
                // cleared with the container, so it never names a view that has gone away.
                for constraint in node.constraints {
                    if let address = constraint.containerAddress, !memberAddresses.contains(address) {
                        crossing.append(constraint)
                    }
                }
            }
        }
        return crossing
    }

    /// How many active constraints are installed on the view's ancestors.
    private func constraintCountOnAncestors() -> Int {
        var count = 0
        var view = superview
        while let ancestor = view {
            count += ancestor.installedConstraints.count - ancestor.installedHoles
            view = ancestor.superview
        }
        return count
    }

    /// Whether the subtree has more than `limit` views; counts no further than that (a view's
    /// subviews are counted before they are visited, so a card of thousands of views costs
    /// one look at its list).
    private func subtreeHasMoreViews(than limit: Int) -> Bool {
        var count = 1
        var stack: [View] = [self]
        while let view = stack.popLast() {
            count += view.subviews.count
            if count > limit { return true }
            stack.append(contentsOf: view.subviews)
        }
        return count > limit
    }

    /// The active constraints installed on the view's ancestors that mention the view or one
    /// of its descendants: the same set ``constraintsCrossingInto(_:)`` finds from the
    /// subtree, since a constraint is installed on a common ancestor of its items.
    private func constraintsCrossingInFromAncestors() -> [LayoutConstraint] {
        var crossing: [LayoutConstraint] = []
        var view = superview
        while let ancestor = view {
            for case let constraint? in ancestor.installedConstraints
            where isHost(of: constraint.firstNode, below: ancestor)
                || constraint.secondNode.map({ isHost(of: $0, below: ancestor) }) == true
            {
                crossing.append(constraint)
            }
            view = ancestor.superview
        }
        return crossing
    }

    /// Whether the item of `node` lies in this view's subtree, looking up from it no further
    /// than `container` (an ancestor of this view that contains the item).
    private func isHost(of node: LayoutNode, below container: View) -> Bool {
        var current = node.hostView
        while let view = current, view !== container {
            if view === self { return true }
            current = view.superview
        }
        return false
    }

    /// The nodes of the view and of the guides it owns.
    var layoutNodes: [LayoutNode] {
        layoutGuides.isEmpty ? [node] : [node] + layoutGuides.map(\.node)
    }
}
