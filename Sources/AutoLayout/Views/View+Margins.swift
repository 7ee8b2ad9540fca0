import Foundation

extension View {
    /// The insets of the layout margins from the view's edges, left and right fixed; 8 on every
    /// side by default. The margin attributes (``LayoutAttribute/leadingMargin``, …) and
    /// ``layoutMarginsGuide`` follow it. Values that are not finite are refused and reported to
    /// ``LayoutDiagnostics/errorHandler``.
    public var layoutMargins: EdgeInsets {
        get { resolvedMargins }
        set {
            guard newValue.isFinite else {
                LayoutDiagnostics.report(.invalidGeometry(name: "layoutMargins", view: layoutDescriptionName))
                return
            }
            marginsStorage = newValue
            marginsAreDirectional = false
            marginsDidChange()
        }
    }

    /// The layout margins with leading and trailing sides, which swap in right-to-left layouts.
    /// Setting it makes the margins follow the layout direction; setting ``layoutMargins``
    /// fixes them to left and right again.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            if marginsAreDirectional { return directionalMarginsStorage }
            let margins = marginsStorage
            let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
            return DirectionalEdgeInsets(
                top: margins.top, leading: rightToLeft ? margins.right : margins.left,
                bottom: margins.bottom, trailing: rightToLeft ? margins.left : margins.right)
        }
        set {
            guard newValue.isFinite else {
                LayoutDiagnostics.report(
                    .invalidGeometry(name: "directionalLayoutMargins", view: layoutDescriptionName))
                return
            }
            directionalMarginsStorage = newValue
            marginsAreDirectional = true
            marginsDidChange()
        }
    }

    /// Whether the superview's margins also count for this view, UIKit's
    /// `preservesSuperviewLayoutMargins`; default false. As Apple documents it, where the view
    /// is closer to an edge of its superview than the superview's margin there, the view's
    /// margin on that side grows by the least amount that keeps its content inside the
    /// superview's margins: it is the larger of its own and the superview's margin less the
    /// distance between the two edges. The distances are the frames' after each layout pass,
    /// so the margins follow the view as layout moves it (another pass runs when they change).
    public var preservesSuperviewLayoutMargins: Bool {
        get { preservesSuperviewMarginsStorage }
        set {
            guard newValue != preservesSuperviewMarginsStorage else { return }
            preservesSuperviewMarginsStorage = newValue
            marginsDidChange()
        }
    }

    /// The margins as left and right insets in the current layout direction, raised to the
    /// superview's where ``preservesSuperviewLayoutMargins`` says so.
    var resolvedMargins: EdgeInsets {
        let own = ownMargins.adding(insetsMarginsFromSafeAreaStorage ? rootSafeAreaInsetsStorage : nil)
        guard preservesSuperviewMarginsStorage, let superview else { return own }
        let outer = superview.resolvedMargins
        let frame = frameStorage
        let bounds = CGRect(origin: .zero, size: superview.frameStorage.size)
        return EdgeInsets(
            top: max(own.top, outer.top - (frame.minY - bounds.minY)),
            left: max(own.left, outer.left - (frame.minX - bounds.minX)),
            bottom: max(own.bottom, outer.bottom - (bounds.maxY - frame.maxY)),
            right: max(own.right, outer.right - (bounds.maxX - frame.maxX)))
    }

    /// The margins as set, before the safe area is added.
    private var ownMargins: EdgeInsets {
        guard marginsAreDirectional else { return marginsStorage }
        let margins = directionalMarginsStorage
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        return EdgeInsets(
            top: margins.top, left: rightToLeft ? margins.trailing : margins.leading,
            bottom: margins.bottom, right: rightToLeft ? margins.leading : margins.trailing)
    }

    /// A guide for the area inside the layout margins.
    public var layoutMarginsGuide: LayoutGuide { marginsGuide }

    /// A guide for a column of comfortable reading width inside the layout margins: as wide as
    /// the margins allow, but at most ``View/readableContentWidth`` (672 points), centred;
    /// its top and bottom are the margins'.
    public var readableContentGuide: LayoutGuide {
        if let guide = readableGuideStorage { return guide }
        let margins = marginsGuide
        let guide = LayoutGuide(identifier: "ViewReadableContentGuide")
        attachSystemGuide(guide)
        readableGuideStorage = guide
        let g = guide.node
        let m = margins.node
        func make(
            _ a: LayoutAttribute, _ relation: LayoutRelation, _ other: LayoutNode?, _ b: LayoutAttribute,
            constant: CGFloat = 0, priority: LayoutPriority = .required
        ) {
            let constraint = LayoutConstraint(
                unchecked: g, a, relation, other, b, multiplier: 1, constant: constant,
                priority: priority, origin: .guide)
            constraint.engineIdentifier = .readableContent
            guideConstraints.append(constraint)
            install(constraint, listed: false)
        }
        make(.left, .greaterThanOrEqual, m, .left)
        make(.right, .lessThanOrEqual, m, .right)
        make(.centerX, .equal, m, .centerX)
        make(.width, .lessThanOrEqual, nil, .notAnAttribute, constant: View.readableContentWidth)
        make(.width, .equal, m, .width, priority: .required - 1)
        make(.top, .equal, m, .top)
        make(.bottom, .equal, m, .bottom)
        return guide
    }

    /// The margins guide, made with its four constraints the first time it is needed.
    var marginsGuide: LayoutGuide {
        if let guide = marginsGuideStorage { return guide }
        let (guide, constraints) = makeInsetGuide(
            identifier: "ViewLayoutMarginsGuide", insets: resolvedMargins,
            constraintNames: [.leftMargin, .rightMargin, .topMargin, .bottomMargin])
        marginsGuideStorage = guide
        guideConstraints.append(contentsOf: constraints)
        return guide
    }

    /// A system guide owned by this view whose edges are `insets` inside the view's, with its
    /// four constraints (left, right, top, bottom, named by `constraintNames` in that order)
    /// installed.
    func makeInsetGuide(
        identifier: String, insets: EdgeInsets, constraintNames: [EngineIdentifier]
    ) -> (LayoutGuide, [LayoutConstraint]) {
        let guide = LayoutGuide(identifier: identifier)
        attachSystemGuide(guide)
        let g = guide.node
        let v = node
        let specs: [(LayoutNode, LayoutAttribute, LayoutNode, CGFloat)] = [
            (g, .left, v, insets.left),
            (v, .right, g, insets.right),
            (g, .top, v, insets.top),
            (v, .bottom, g, insets.bottom),
        ]
        var constraints: [LayoutConstraint] = []
        for ((first, attribute, second, constant), name) in zip(specs, constraintNames) {
            let constraint = LayoutConstraint(
                unchecked: first, attribute, .equal, second, attribute, multiplier: 1,
                constant: constant, origin: .guide)
            constraint.engineIdentifier = name
            constraints.append(constraint)
            install(constraint, listed: false)
        }
        return (guide, constraints)
    }

    /// Moves the four constraints of an inset guide (``makeInsetGuide``) to `insets`,
    /// changing only the constants that differ; whether any did.
    @discardableResult
    func moveInsetGuide(_ constraints: ArraySlice<LayoutConstraint>, to insets: EdgeInsets) -> Bool {
        var moved = false
        for (constraint, value) in zip(constraints, [insets.left, insets.right, insets.top, insets.bottom])
        where constraint.constantValue != value {
            constraint.constantValue = value
            engine.refresh(constraint)
            moved = true
        }
        return moved
    }

    private func attachSystemGuide(_ guide: LayoutGuide) {
        guide.owningView = self
        layoutGuides.append(guide)
    }

    /// Brings the margins guide to the margins, and the margins of the subviews that preserve
    /// this view's (which depend on them) to theirs.
    func marginsDidChange() {
        if marginsGuideStorage != nil, guideConstraints.count >= 4 {
            moveInsetGuide(guideConstraints[0..<4], to: resolvedMargins)
            setNeedsLayout()
        }
        for subview in subviews where subview.preservesSuperviewMarginsStorage { subview.marginsDidChange() }
    }

    /// After the layout pass moved this view's subviews, the margins of those that preserve
    /// this view's margins follow their new distances from its edges; a subview whose margins
    /// moved is laid out again (as in UIKit, where a margin change lays the view out anew).
    func subviewsMoved() {
        for subview in subviews where subview.preservesSuperviewMarginsStorage {
            if subview.marginsGuideStorage != nil, subview.guideConstraints.count >= 4,
                subview.moveInsetGuide(subview.guideConstraints[0..<4], to: subview.resolvedMargins)
            {
                subview.setNeedsLayout()
            }
            subview.subviewsMoved()
        }
    }

    /// Adds a layout guide to the view; a guide owned by another view moves here (its active
    /// constraints are deactivated first).
    public func addLayoutGuide(_ guide: LayoutGuide) {
        if guide.owningView === self { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        layoutGuides.append(guide)
    }

    /// Removes a layout guide and deactivates the constraints that refer to it. The view's own
    /// margins and readable content guides cannot be removed; asking does nothing.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self, guide !== marginsGuideStorage, guide !== readableGuideStorage,
            guide !== safeAreaGuideStorage
        else {
            return
        }
        LayoutConstraint.deactivate(guide.node.constraints)
        layoutGuides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    // MARK: Layout direction

    /// What the view's content means for the layout direction (UIKit's
    /// `semanticContentAttribute`): it decides this view's own
    /// ``effectiveUserInterfaceLayoutDirection``, the direction its immediate content (its
    /// subviews and guides) is arranged in, and is not inherited. As Apple documents, that
    /// direction "can't be assumed to propagate through the view's subtree": a subview left
    /// `.unspecified` follows the trait environment (``layoutDirectionOverride``), so a
    /// superview forced right-to-left places its subviews from the right while their own
    /// content keeps the environment's direction.
    public var semanticContentAttribute: SemanticContentAttribute {
        get { semanticContentAttributeStorage }
        set {
            semanticContentAttributeStorage = newValue
            inheritedLayoutDirectionMayHaveChanged()
        }
    }

    /// The layout direction of the trait environment that this view sets for itself and its
    /// subtree (UIKit's `layoutDirection` trait, which a window takes from the app's
    /// language); `nil` (the default) inherits the superview's, and a root without one is
    /// left-to-right. Views whose ``semanticContentAttribute`` is `.unspecified` are arranged
    /// in this direction: set `.rightToLeft` on a root to lay a tree out as for Arabic or Hebrew.
    public var layoutDirectionOverride: UserInterfaceLayoutDirection? {
        get { layoutDirectionOverrideStorage }
        set {
            guard newValue != layoutDirectionOverrideStorage else { return }
            layoutDirectionOverrideStorage = newValue
            inheritedLayoutDirectionMayHaveChanged()
        }
    }

    /// The direction in which the view's immediate content is arranged, as UIKit's
    /// `userInterfaceLayoutDirection(for:relativeTo:)` gives it for the view's
    /// ``semanticContentAttribute`` in its trait environment: right-to-left for
    /// `.forceRightToLeft`; left-to-right for `.forceLeftToRight`, `.playback` and `.spatial`;
    /// the environment's direction (``layoutDirectionOverride``, inherited) for `.unspecified`.
    /// A constraint's leading and trailing follow the direction of the view it is installed
    /// on, the one whose content it arranges.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        resolvedLayoutDirection
    }

    private var computedLayoutDirection: UserInterfaceLayoutDirection {
        switch semanticContentAttributeStorage {
        case .forceRightToLeft: .rightToLeft
        case .unspecified: resolvedEnvironmentDirection
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        }
    }

    /// Recomputes the cached directions (the environment's and the view's own) of the view
    /// and, where the environment's changed, of its descendants; where a view's own direction
    /// changed, re-expresses the constraints installed on it and those that name it.
    func inheritedLayoutDirectionMayHaveChanged() {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            let environment = view.layoutDirectionOverrideStorage ?? view.superview?.resolvedEnvironmentDirection
                ?? .leftToRight
            let environmentChanged = environment != view.resolvedEnvironmentDirection
            view.resolvedEnvironmentDirection = environment
            let direction = view.computedLayoutDirection
            if direction != view.resolvedLayoutDirection {
                view.resolvedLayoutDirection = direction
                for case let constraint? in view.installedConstraints { view.engine.refresh(constraint) }
                for node in view.layoutNodes {
                    for constraint in node.constraints { view.engine.refresh(constraint) }
                }
                if view.marginsAreDirectional { view.marginsDidChange() }
                view.setNeedsLayout()
            }
            if environmentChanged { stack.append(contentsOf: view.subviews) }
        }
    }
}
