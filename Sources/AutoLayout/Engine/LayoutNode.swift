import ConstraintSolver

/// The solver variables of one layout item, and the active constraints that mention it.
///
/// Each view and layout guide owns one node. A node's frame variables are relative to the
/// item's parent: a view's superview, or a guide's owning view. A constraint is expressed in
/// the coordinate space of the view it is installed on, so `sub.left == superview.left + 20`
/// becomes the one-variable row `sub.minX == 20`, and moving a subtree inside its tree leaves
/// the constraints within it untouched.
final class LayoutNode {
    /// The view this node belongs to, when it belongs to a view. The view owns the node, and
    /// clears this when it goes away (``itemWillGoAway()``): a weak reference would give every
    /// view a side table (see `View.superview`).
    private(set) unowned(unsafe) var view: View?
    /// The guide this node belongs to, when it belongs to a guide; cleared like ``view``.
    private(set) unowned(unsafe) var guide: LayoutGuide?

    let minX = NodeVariable()
    let minY = NodeVariable()
    let width = NodeVariable()
    let height = NodeVariable()

    /// Active constraints that name this item, so that removing a view from its superview can
    /// find the constraints that cross into its subtree without scanning its ancestors.
    var constraints: [LayoutConstraint] = []
    /// How many of ``constraints`` use one of this item's baselines. Changing a view's
    /// intrinsic size looks for those constraints, on every label of every cell a list sizes;
    /// most views have none, and the count lets them skip the scan. Never lower than the
    /// real number (a list emptied wholesale may leave it higher, which only costs a scan).
    private(set) var baselineConstraintCount = 0
    /// Whether the engine's list of nodes whose variables the solver wrote holds this node.
    // Unchecked exclusivity: read and set for every variable the solver writes, and the runtime
    // check cost more than the rest of that work; only the engine's own loops touch it.
    @exclusivity(unchecked) var isListedAsWritten = false

    /// A node that belongs to no item yet: a view or guide makes its node as a stored
    /// constant (read without a retain or a check, unlike a lazy property) and then claims it
    /// with ``belong(to:)``, once it can refer to itself.
    init() {
        claimVariables()
    }

    /// Makes the node the node of `view`.
    func belong(to view: View) {
        self.view = view
        guide = nil
    }

    /// Makes the node the node of `guide`.
    func belong(to guide: LayoutGuide) {
        view = nil
        self.guide = guide
    }

    deinit {
        // The variables may outlive the node in a solver; their reference to it must not.
        minX.node = nil
        minY.node = nil
        width.node = nil
        height.node = nil
    }

    /// Called by the node's view or guide as it goes away: the node may live on in the
    /// constraints that name it, and must no longer lead to the item. Its list of
    /// constraints goes too: an active constraint and the nodes of its items refer to each
    /// other, and clearing the list lets those pairs go.
    func itemWillGoAway() {
        view = nil
        guide = nil
        constraints.removeAll()
        baselineConstraintCount = 0
    }

    /// Makes the variables lead back here, so that a solve can tell which items it moved.
    private func claimVariables() {
        minX.node = Unmanaged.passUnretained(self)
        minY.node = Unmanaged.passUnretained(self)
        width.node = Unmanaged.passUnretained(self)
        height.node = Unmanaged.passUnretained(self)
    }

    /// The view whose tree the item lives in: the view itself, or the guide's owning view.
    var hostView: View? { view ?? guide?.owningView }

    /// The item, for public APIs.
    var item: (any LayoutItem)? { view ?? guide }

    /// The frame the solver computed, relative to the item's parent.
    var solvedFrame: CGRectValues {
        CGRectValues(x: minX.value, y: minY.value, width: width.value, height: height.value)
    }

    func attach(_ constraint: LayoutConstraint, asFirst: Bool) {
        if asFirst {
            constraint.indexInFirstNode = Int32(constraints.count)
        } else {
            constraint.indexInSecondNode = Int32(constraints.count)
        }
        constraints.append(constraint)
        if usesBaseline(constraint, asFirst: asFirst) { baselineConstraintCount += 1 }
    }

    /// Whether `constraint`, attached here as its first or second item, uses a baseline of
    /// this item. A constraint whose two items are the same is attached once, as first.
    private func usesBaseline(_ constraint: LayoutConstraint, asFirst: Bool) -> Bool {
        if asFirst {
            return constraint.firstAttribute.isBaseline
                || (constraint.secondNode === self && constraint.secondAttribute.isBaseline)
        }
        return constraint.secondAttribute.isBaseline
    }

    func detach(_ constraint: LayoutConstraint, asFirst: Bool) {
        let index = Int(asFirst ? constraint.indexInFirstNode : constraint.indexInSecondNode)
        guard index >= 0, index < constraints.count, constraints[index] === constraint else { return }
        if usesBaseline(constraint, asFirst: asFirst) { baselineConstraintCount -= 1 }
        let last = constraints.removeLast()
        if index < constraints.count {
            constraints[index] = last
            // A constraint whose two items are the same is attached once, as first.
            if last.firstNode === self {
                last.indexInFirstNode = Int32(index)
            } else {
                last.indexInSecondNode = Int32(index)
            }
        }
        if asFirst { constraint.indexInFirstNode = -1 } else { constraint.indexInSecondNode = -1 }
    }
}

/// Four solved doubles; kept apart from `CGRect` so that rounding happens in one place.
struct CGRectValues {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}
