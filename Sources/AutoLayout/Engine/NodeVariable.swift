import ConstraintSolver

/// A frame variable of a layout node, leading back to the node: the way from a variable the
/// solver reports as written to the item it moved.
final class NodeVariable: Variable {
    /// Unowned, so that nodes need no side table (a weak reference would give one, and make
    /// every retain of the node slower); the node clears it as it goes away, since the
    /// variable may outlive it in a solver.
    unowned var node: LayoutNode? = nil
}
