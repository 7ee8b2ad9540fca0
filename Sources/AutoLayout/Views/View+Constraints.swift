extension View {
    /// The active constraints installed on this view, in the order they were installed.
    ///
    /// Activation installs a constraint on the nearest common ancestor of its items, so a
    /// constraint between two siblings is listed by their superview. Constraints the view
    /// system makes (autoresizing masks, intrinsic content size, margin guides) are not listed.
    public var constraints: [LayoutConstraint] {
        installedConstraints.compactMap { $0 }
    }

    /// Installs a constraint on this view, which must contain both of its items (UIKit's
    /// older API; prefer ``LayoutConstraint/isActive``). A constraint installed elsewhere moves
    /// here. Errors go to ``LayoutDiagnostics/errorHandler`` and leave the constraint as it was.
    public func addConstraint(_ constraint: LayoutConstraint) {
        addConstraints([constraint])
    }

    /// Installs each constraint on this view, as ``addConstraint(_:)`` does; all or nothing.
    public func addConstraints(_ constraints: [LayoutConstraint]) {
        for constraint in constraints {
            if constraint.container === self { continue }
            switch constraint.activationContainer() {
            case .failure(let error):
                LayoutDiagnostics.report(error)
                return
            case .success(let ancestor) where !ancestor.isDescendant(of: self):
                LayoutDiagnostics.report(
                    .viewDoesNotContainItems(view: layoutDescriptionName, constraint: constraint.description))
                return
            case .success:
                continue
            }
        }
        for constraint in constraints where constraint.container !== self {
            constraint.container?.uninstall(constraint)
            install(constraint, listed: true)
        }
    }

    /// Deactivates a constraint installed on this view; other constraints are left alone.
    public func removeConstraint(_ constraint: LayoutConstraint) {
        if constraint.container === self { uninstall(constraint) }
    }

    /// Deactivates each constraint installed on this view.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// Installs a constraint on this view and hands it to the engine. `listed` constraints
    /// are the public ones: ``constraints`` shows them and their items' nodes know them.
    func install(_ constraint: LayoutConstraint, listed: Bool) {
        // A margin attribute stands for an edge of the view's margins guide; make the guide
        // (and its constraints) now rather than while the engine builds rows.
        if constraint.firstAttribute.isMargin { _ = constraint.firstNode.view?.marginsGuide }
        if constraint.secondAttribute.isMargin { _ = constraint.secondNode?.view?.marginsGuide }
        constraint.container = self
        if listed {
            constraint.indexInContainer = Int32(installedConstraints.count)
            installedConstraints.append(constraint)
            constraint.firstNode.attach(constraint, asFirst: true)
            if let second = constraint.secondNode, second !== constraint.firstNode {
                second.attach(constraint, asFirst: false)
            }
        }
        engine.add(constraint)
    }

    /// Takes a constraint off this view and out of the engine.
    func uninstall(_ constraint: LayoutConstraint) {
        guard constraint.container === self else { return }
        if constraint.isCarriedByHugging || constraint.carriedCompressionResistance != nil {
            separateContentSizeRow(of: constraint)
        }
        let index = Int(constraint.indexInContainer)
        if index >= 0, index < installedConstraints.count, installedConstraints[index] === constraint {
            installedConstraints[index] = nil
            installedHoles += 1
            constraint.firstNode.detach(constraint, asFirst: true)
            if let second = constraint.secondNode, second !== constraint.firstNode {
                second.detach(constraint, asFirst: false)
            }
            compactInstalledConstraintsIfSparse()
        }
        constraint.indexInContainer = -1
        constraint.container = nil
        constraint.engine?.remove(constraint)
    }

    /// Removing from the middle of the list leaves a hole, so that deactivation is O(1); the
    /// list is compacted once half of it is holes, which keeps the order of the rest.
    private func compactInstalledConstraintsIfSparse() {
        guard installedHoles > 16, installedHoles * 2 > installedConstraints.count else { return }
        installedConstraints.removeAll { $0 == nil }
        for (index, constraint) in installedConstraints.enumerated() {
            constraint?.indexInContainer = Int32(index)
        }
        installedHoles = 0
    }
}
