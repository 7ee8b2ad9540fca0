import ConstraintSolver

/// A frame variable of a layout node, leading back to the node: the way from a variable the
/// solver reports as written to the item it moved.
final class NodeVariable: Variable {
    /// Unowned, so that nodes need no side table (a weak reference would give one, and make
    /// every retain of the node slower); the node clears it as it goes away, since the
    /// variable may outlive it in a solver. Unsafe, as `LayoutNode.view` is, for the same
    /// reason: that clearing is what keeps it valid, and the checked reference cost a strong
    /// retain and release each time the engine read it, once per variable the solver wrote.
    // Unchecked exclusivity: read for every written variable, and only ever written by the
    // node, at its creation and as it goes away.
    @exclusivity(unchecked) unowned(unsafe) var node: LayoutNode? = nil
}
