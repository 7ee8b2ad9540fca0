/// The target-size constraints of ``View/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``,
/// which live in the tree's own engine between a fitting computation and the next layout pass.
extension LayoutEngine {
    /// The width and height target constraints of a fitting computation for `view`, installed;
    /// those of a previous computation for the same view are reused.
    func fittingConstraints(for view: View) -> [LayoutConstraint] {
        if let fitting, fitting.view.view === view, fitting.constraints.allSatisfy({ $0.container === view }) {
            return fitting.constraints
        }
        removeFittingConstraints()
        let constraints = [(LayoutAttribute.width, EngineIdentifier.fittingWidth), (.height, .fittingHeight)].map { attribute, name in
            let constraint = LayoutConstraint(
                unchecked: view.node, attribute, .equal, nil, .notAnAttribute, multiplier: 1,
                constant: 0, priority: .fittingSizeLevel, origin: .fittingSize)
            constraint.engineIdentifier = name
            view.install(constraint, listed: false)
            return constraint
        }
        fitting = (ViewReference(view), constraints)
        return constraints
    }

    /// Queues a fitting target to leave the solver and come in again with its new constant,
    /// rather than have its constant moved in place.
    func reinstall(_ constraint: LayoutConstraint) {
        guard constraint.isHeld(by: self), constraint.engineState == .inSolver else {
            refresh(constraint, scope: .constantOrPriority)
            return
        }
        remove(constraint)
        add(constraint)
    }

    /// Takes the fitting computation's constraints out, before a layout pass or query.
    func removeFittingConstraints() {
        guard let fitting else { return }
        self.fitting = nil
        for constraint in fitting.constraints {
            if let container = constraint.container {
                container.uninstall(constraint)
            } else {
                remove(constraint)
            }
        }
    }
}
