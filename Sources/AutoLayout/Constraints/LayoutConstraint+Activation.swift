extension LayoutConstraint {
    /// Activates every constraint in the list, installing each on the nearest common ancestor
    /// of its items. The engine takes them in one batch at the next layout pass or query.
    ///
    /// All or nothing: if any constraint cannot be activated (its items have no common
    /// ancestor, a guide has no owning view, a number is not finite), none is, and the first
    /// error goes to ``LayoutDiagnostics/errorHandler``. Constraints already active stay so.
    public static func activate(_ constraints: [LayoutConstraint]) {
        var containers: [View] = []
        containers.reserveCapacity(constraints.count)
        for constraint in constraints {
            switch constraint.activationContainer() {
            case .success(let view): containers.append(view)
            case .failure(let error):
                LayoutDiagnostics.report(error)
                return
            }
        }
        for (constraint, view) in zip(constraints, containers) where !constraint.isActive {
            view.install(constraint, listed: true)
        }
    }

    /// Deactivates every constraint in the list: each leaves the view it was installed on
    /// and the layout engine. Inactive constraints are left alone.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints {
            constraint.container?.uninstall(constraint)
        }
    }

    /// The view an activation would install the constraint on, or why it cannot be activated.
    func activationContainer() -> Result<View, LayoutError> {
        if let refusal { return .failure(refusal) }
        if let container { return .success(container) }
        // Anchors cannot pair axes wrongly, but they can pair leading with left or carry a
        // NaN: every activation checks the same rules as the initialiser.
        if let error = Self.validate(
            firstNode, firstAttribute, secondNode, secondAttribute, multiplier: multiplier,
            constant: constantValue)
        {
            return .failure(error)
        }
        guard priorityValue.isValid else {
            return .failure(.invalidPriority(priorityValue.rawValue, constraint: description))
        }
        guard let first = hostView(of: firstNode) else { return .failure(hostError(firstNode)) }
        guard let secondNode else { return .success(first) }
        guard let second = hostView(of: secondNode) else { return .failure(hostError(secondNode)) }
        guard let ancestor = View.nearestCommonAncestor(first, second) else {
            return .failure(.noCommonAncestor(constraint: description))
        }
        return .success(ancestor)
    }

    private func hostView(of node: LayoutNode) -> View? { node.hostView }

    private func hostError(_ node: LayoutNode) -> LayoutError {
        if let guide = node.guide { return .guideWithoutOwningView(guide: guide.description) }
        return .itemDeallocated(constraint: description)
    }
}
