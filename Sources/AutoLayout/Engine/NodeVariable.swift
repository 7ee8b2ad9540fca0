import ConstraintSolver

/// A frame variable of a layout node, leading back to the node: the way from a variable the
/// solver reports as written to the item it moved.
final class NodeVariable: Variable {
    /// The node, unretained, so that nodes need no side table (a weak reference would give
    /// one, and make every retain of the node slower); the node clears it as it goes away,
    /// since the variable may outlive it in a solver, and that clearing is what keeps it
    /// valid, as for `LayoutNode.view`. Unmanaged rather than `unowned(unsafe)`: the engine
    /// reads it for every variable the solver writes, and copying an unowned reference out
    /// retained and released the node each time.
    // Unchecked exclusivity: read for every written variable, and only ever written by the
    // node, at its creation and as it goes away.
    @exclusivity(unchecked) var node: Unmanaged<LayoutNode>? = nil
}
