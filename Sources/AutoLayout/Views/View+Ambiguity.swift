import ConstraintSolver

extension View {
    /// Whether another frame for this view would satisfy the constraints exactly as well: the
    /// solver has a zero-cost direction along one of the view's frame variables, or a variable
    /// no constraint mentions. For a root view only the size counts, since nothing positions
    /// a root. Runs the pending constraint updates and solve first.
    public var hasAmbiguousLayout: Bool {
        prepareEngineForQueries()
        return frameVariables.contains { engine.isAmbiguous($0) }
    }

    /// Whether the layout engine of the view's tree holds a required constraint it broke to
    /// resolve an unsatisfiable set, as of the last solve. Such a constraint stays broken
    /// (as in UIKit) until it is deactivated, so the tree no longer behaves like a new one:
    /// a later conflict it takes part in is not reported again. Code that reuses a tree as
    /// a template for many items asks this to know when to build a new one.
    public var layoutEngineHoldsBrokenConstraints: Bool {
        !engine.brokenConstraints.isEmpty
    }

    /// The constraints of the view's tree that the solver refused as beyond its range, as of
    /// the last solve, by their descriptions (sorted). Each takes no part in the layout until
    /// its numbers come back into range, so code that sizes items on a reused tree asks this
    /// to refuse an item whose layout left one out.
    public var layoutEngineRefusedConstraints: [String] {
        engine.refusedConstraints.isEmpty ? [] : engine.refusedConstraints.values.sorted()
    }

    /// Moves the view to another frame that satisfies the constraints equally well, if its
    /// layout is ambiguous, and lays out the tree with that solution (UIKit's debugging aid).
    public func exerciseAmbiguityInLayout() {
        prepareEngineForQueries()
        var moved = false
        for variable in frameVariables where engine.solver.exerciseAmbiguity(variable) {
            moved = true
            break
        }
        guard moved else { return }
        engine.updateVariables()
        let root = rootView
        root.markViewsWhoseSolvedFramesChanged()
        root.engine.isLayingOut = true
        root.layOutFlaggedBranches()
        root.engine.isLayingOut = false
    }

    /// The constraints that the view's position and size on an axis depend on, in a stable
    /// order; the view system's own constraints (autoresizing, content size) included.
    public func constraintsAffectingLayout(for axis: LayoutAxis) -> [LayoutConstraint] {
        prepareEngineForQueries()
        let variables = axis == .horizontal ? [node.minX, node.width] : [node.minY, node.height]
        var seen = Set<ObjectIdentifier>()
        var result: [LayoutConstraint] = []
        for variable in variables {
            for constraint in engine.layoutConstraints(for: engine.solver.constraintsAffecting(variable))
            where seen.insert(ObjectIdentifier(constraint)).inserted {
                result.append(constraint)
            }
        }
        return result
    }

    private var frameVariables: [Variable] {
        superview == nil ? [node.width, node.height] : [node.minX, node.minY, node.width, node.height]
    }

    /// Brings the engine to the state a layout pass would leave it in, without laying out.
    func prepareEngineForQueries() {
        let root = rootView
        root.engine.removeFittingConstraints()
        root.updateConstraintsIfNeeded()
        root.updateRootSizeConstraints()
        if root.engine.solve() { root.markViewsWhoseSolvedFramesChanged() }
    }
}
