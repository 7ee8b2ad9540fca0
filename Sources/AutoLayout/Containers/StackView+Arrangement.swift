import Foundation

/// The constraints of a stack view's arrangement, planned from scratch at each update.
///
/// Every constraint is installed on the stack view and relates arranged views, the stack's
/// "canvas" (the stack itself, or its layout margins guide) and spacer guides. An update
/// keeps the constraints and guides the new arrangement shares with the old one and changes
/// only the others: hiding or showing one view of a cell for each item of a list then costs
/// the solver a few rows instead of the whole arrangement's.
extension StackView {
    /// The attributes of one axis: the leading and trailing edges, the length and the centre.
    struct AxisAttributes {
        var leading: LayoutAttribute
        var trailing: LayoutAttribute
        var length: LayoutAttribute
        var center: LayoutAttribute

        init(_ axis: LayoutAxis) {
            switch axis {
            case .horizontal: (leading, trailing, length, center) = (.leading, .trailing, .width, .centerX)
            case .vertical: (leading, trailing, length, center) = (.top, .bottom, .height, .centerY)
            }
        }
    }

    /// The priority of the stack's hug of the breadth its views span, UIKit's "spanning fit"
    /// level: just above ``LayoutPriority/fittingSizeLevel``, so that a self-sizing cell's
    /// fitting target cannot stretch the stack, and below every ordinary priority, so that
    /// anything else sizing the stack wins.
    static let spanningFitPriority = LayoutPriority(LayoutPriority.fittingSizeLevel.rawValue + 1)
    /// The priority of each view's zero breadth, UIKit's "ambiguity suppression" level: a
    /// view without an intrinsic breadth collapses rather than being ambiguous.
    static let ambiguitySuppressionPriority: LayoutPriority = 25
    /// Below the suppression: how strongly baseline-aligned views keep to the top.
    static let baselineTopPriority: LayoutPriority = 24

    /// The lengths along the axis that ``Distribution/fillProportionally`` divides by.
    func currentProportionalLengths() -> [CGFloat] {
        arrangedSubviews.filter { !$0.isHidden }.map { view in
            let size = view.intrinsicContentSize
            let length = axis == .horizontal ? size.width : size.height
            return length.isFinite && length > 0 ? length : 0
        }
    }

    /// Replaces the old arrangement with the new one: the new one is planned in full, then
    /// each planned constraint equal to one of the old arrangement (the same items,
    /// attributes, relation, numbers and identifier, and still installed and unbroken) is
    /// kept in its place, the other old ones are uninstalled and the other planned ones
    /// installed. Spacer guides are reused in order, so that their constraints can match.
    func rebuildArrangement() {
        let previous = arrangementConstraints
        var spareGuides = arrangementGuides[...]
        arrangementConstraints = []
        arrangementGuides = []
        proportionalLengths = []

        let canvas = isLayoutMarginsRelativeArrangement ? marginsGuide.node : node
        let visible = arrangedSubviews.filter { !$0.isHidden }
        let along = AxisAttributes(axis)
        let across = AxisAttributes(axis == .horizontal ? .vertical : .horizontal)

        for view in arrangedSubviews where view.isHidden {
            collapse(view, canvas: canvas, along: along, across: across)
        }
        arrangeAlongAxis(visible, canvas: canvas, along: along, across: across, spareGuides: &spareGuides)
        alignAcrossAxis(visible, canvas: canvas, across: across)

        var kept: [ArrangementConstraintKey: [LayoutConstraint]] = [:]
        for constraint in previous {
            guard constraint.container === self, !constraint.isBroken, constraint.engineState != .refused else {
                constraint.container?.uninstall(constraint)
                continue
            }
            kept[ArrangementConstraintKey(constraint), default: []].append(constraint)
        }
        var fresh: [LayoutConstraint] = []
        if kept.isEmpty {
            // Nothing to keep (a first arrangement): looking each constraint up through the
            // empty dictionary's modify accessor allocated storage every time.
            fresh = arrangementConstraints
        } else {
            for index in arrangementConstraints.indices {
                let key = ArrangementConstraintKey(arrangementConstraints[index])
                if let old = kept[key]?.popLast() {
                    arrangementConstraints[index] = old
                } else {
                    fresh.append(arrangementConstraints[index])
                }
            }
        }
        for constraints in kept.values {
            for constraint in constraints { constraint.container?.uninstall(constraint) }
        }
        for guide in spareGuides { removeLayoutGuide(guide) }
        for constraint in fresh { install(constraint, listed: true) }
    }

    /// What makes two arrangement constraints the same constraint.
    private struct ArrangementConstraintKey: Hashable {
        let first: ObjectIdentifier
        let firstAttribute: LayoutAttribute
        let relation: LayoutRelation
        let second: ObjectIdentifier?
        let secondAttribute: LayoutAttribute
        let multiplier: CGFloat
        let constant: CGFloat
        let priority: Float
        let identifier: EngineIdentifier?

        init(_ constraint: LayoutConstraint) {
            first = ObjectIdentifier(constraint.firstNode)
            firstAttribute = constraint.firstAttribute
            relation = constraint.relation
            second = constraint.secondNode.map(ObjectIdentifier.init)
            secondAttribute = constraint.secondAttribute
            multiplier = constraint.multiplier
            constant = constraint.constantValue
            priority = constraint.priorityValue.rawValue
            identifier = constraint.engineIdentifier
        }
    }

    // MARK: Along the axis

    private func arrangeAlongAxis(
        _ views: [View], canvas: LayoutNode, along: AxisAttributes, across: AxisAttributes,
        spareGuides: inout ArraySlice<LayoutGuide>
    ) {
        guard let first = views.first, let last = views.last else { return }
        let baselineRelative = isBaselineRelativeArrangement && axis == .vertical
        if baselineRelative {
            // UIKit's rule: the top and bottom views' nearest baselines are `spacing` from the edges.
            add(first.node, .firstBaseline, .equal, canvas, .top, EngineIdentifier.canvasConnection, constant: spacing)
            add(canvas, .bottom, .equal, last.node, .lastBaseline, EngineIdentifier.canvasConnection, constant: spacing)
        } else {
            add(first.node, along.leading, .equal, canvas, along.leading, EngineIdentifier.canvasConnection)
            add(canvas, along.trailing, .equal, last.node, along.trailing, EngineIdentifier.canvasConnection)
        }

        let flexibleSpacing = distribution == .equalSpacing || distribution == .equalCentering
        var totalSpacing: CGFloat = 0
        for (previous, next) in zip(views, views.dropFirst()) {
            let space = customSpacings[ObjectIdentifier(previous)] ?? spacing
            totalSpacing += space
            let (nextAttribute, previousAttribute) =
                baselineRelative ? (LayoutAttribute.firstBaseline, LayoutAttribute.lastBaseline) : (along.leading, along.trailing)
            add(next.node, nextAttribute, flexibleSpacing ? .greaterThanOrEqual : .equal, previous.node,
                previousAttribute, EngineIdentifier.spacing, constant: space)
        }

        switch distribution {
        case .fill:
            addFillOrder(views, canvas: canvas, along: along)
        case .fillEqually:
            for view in views.dropFirst() {
                add(view.node, along.length, .equal, first.node, along.length, EngineIdentifier.fillEqually)
            }
        case .fillProportionally:
            addProportionalLengths(views, canvas: canvas, along: along, totalSpacing: totalSpacing)
        case .equalSpacing:
            addSpacerGuides(views, from: along.trailing, to: along.leading, along: along, across: across,
                            canvas: canvas, priority: .required, spareGuides: &spareGuides)
            addFillOrder(views, canvas: canvas, along: along)
        case .equalCentering:
            // Below required, so that sizes the layout requires elsewhere win over the centring.
            addSpacerGuides(views, from: along.center, to: along.center, along: along, across: across,
                            canvas: canvas, priority: .required - 1, spareGuides: &spareGuides)
            addFillOrder(views, canvas: canvas, along: along)
        }
    }

    /// See ``ConstraintIdentifier/fillOrder``.
    private func addFillOrder(_ views: [View], canvas: LayoutNode, along: AxisAttributes) {
        guard views.count > 1 else { return }
        let lowestHugging = views.map { $0.contentHuggingPriority(for: axis).rawValue }.min() ?? 250
        // Half a level below the lowest hugging priority: under it, and above the next whole level.
        let priority = LayoutPriority(max(1, lowestHugging - 0.5))
        for (index, view) in views.enumerated() {
            // The rule shortens the views; one without an intrinsic length must stop at zero.
            add(view.node, along.length, .greaterThanOrEqual, nil, .notAnAttribute, EngineIdentifier.nonNegative)
            // `length <= (1 - w) × length` is `w × length <= 0`: each point of the view's length
            // costs w at the rule's level, and w grows with the index, from just above 1 to 2
            // (within the solver's coefficient range however many views there are).
            let weight = 1 + CGFloat(index + 1) / CGFloat(views.count)
            add(view.node, along.length, .lessThanOrEqual, view.node, along.length, EngineIdentifier.fillOrder,
                multiplier: 1 - weight, priority: priority)
        }
    }

    /// `length_i == m_i × (canvas length − spacing)`, with `m_i` the view's share of the
    /// intrinsic lengths (equal shares when no view has one). UIKit relates the lengths to
    /// the whole canvas, which overfills it when there is spacing; subtracting the spacing
    /// is what its documentation describes.
    private func addProportionalLengths(
        _ views: [View], canvas: LayoutNode, along: AxisAttributes, totalSpacing: CGFloat
    ) {
        let lengths = currentProportionalLengths()
        proportionalLengths = lengths
        let total = lengths.reduce(0, +)
        for (index, view) in views.enumerated() {
            let share = total > 0 ? lengths[index] / total : 1 / CGFloat(views.count)
            let priority = LayoutPriority(max(1, 999 - Float(index)))
            add(view.node, along.length, .equal, canvas, along.length, EngineIdentifier.fillProportionally,
                multiplier: share, constant: -share * totalSpacing, priority: priority)
        }
    }

    /// A guide between each pair of neighbours, from `from` of the earlier view to `to` of the
    /// later, all of equal length. Across the axis the guides sit at the canvas's edge with no
    /// breadth, so that they are not ambiguous. The guides of the old arrangement still owned
    /// by the stack are taken first.
    private func addSpacerGuides(
        _ views: [View], from: LayoutAttribute, to: LayoutAttribute, along: AxisAttributes,
        across: AxisAttributes, canvas: LayoutNode, priority: LayoutPriority, spareGuides: inout ArraySlice<LayoutGuide>
    ) {
        var firstGuide: LayoutGuide?
        for (previous, next) in zip(views, views.dropFirst()) {
            while let spare = spareGuides.first, spare.owningView !== self { spareGuides.removeFirst() }
            let guide = spareGuides.popFirst() ?? LayoutGuide(identifier: "SV-distributing-guide")
            addLayoutGuide(guide)
            arrangementGuides.append(guide)
            add(guide.node, along.leading, .equal, previous.node, from, EngineIdentifier.distributing)
            add(guide.node, along.trailing, .equal, next.node, to, EngineIdentifier.distributing)
            add(guide.node, across.leading, .equal, canvas, across.leading, EngineIdentifier.distributing)
            add(guide.node, across.length, .equal, nil, .notAnAttribute, EngineIdentifier.distributing)
            if let firstGuide {
                add(guide.node, along.length, .equal, firstGuide.node, along.length, EngineIdentifier.fillEqually,
                    priority: priority)
            } else {
                firstGuide = guide
            }
        }
    }

    /// A hidden view: no length, at the leading edge, against the top (or leading) edge across.
    private func collapse(_ view: View, canvas: LayoutNode, along: AxisAttributes, across: AxisAttributes) {
        add(view.node, along.length, .equal, nil, .notAnAttribute, EngineIdentifier.hiding)
        add(view.node, along.leading, .equal, canvas, along.leading, EngineIdentifier.hiding)
        add(view.node, across.leading, .equal, canvas, across.leading, EngineIdentifier.hiding)
    }

    // MARK: Across the axis

    private func alignAcrossAxis(_ views: [View], canvas: LayoutNode, across: AxisAttributes) {
        guard let first = views.first else { return }
        var effective = alignment
        if axis == .vertical && (effective == .firstBaseline || effective == .lastBaseline) { effective = .fill }
        let connection = EngineIdentifier.canvasConnection
        let boundary = EngineIdentifier.spanningBoundary
        for view in views {
            let node = view.node
            switch effective {
            case .fill:
                add(node, across.leading, .equal, canvas, across.leading, connection)
                add(canvas, across.trailing, .equal, node, across.trailing, connection)
            case .leading:
                add(node, across.leading, .equal, canvas, across.leading, connection)
                add(canvas, across.trailing, .greaterThanOrEqual, node, across.trailing, boundary)
            case .trailing:
                add(canvas, across.trailing, .equal, node, across.trailing, connection)
                add(node, across.leading, .greaterThanOrEqual, canvas, across.leading, boundary)
            case .center:
                add(node, across.center, .equal, canvas, across.center, EngineIdentifier.alignment)
                add(node, across.leading, .greaterThanOrEqual, canvas, across.leading, boundary)
            case .firstBaseline, .lastBaseline:
                let baseline: LayoutAttribute = effective == .firstBaseline ? .firstBaseline : .lastBaseline
                if view !== first {
                    add(node, baseline, .equal, first.node, baseline, EngineIdentifier.alignment)
                }
                add(node, across.leading, .greaterThanOrEqual, canvas, across.leading, boundary)
                add(canvas, across.trailing, .greaterThanOrEqual, node, across.trailing, boundary)
                add(node, across.leading, .equal, canvas, across.leading, EngineIdentifier.baselineTop,
                    priority: StackView.baselineTopPriority)
            }
            if effective != .fill {
                add(node, across.length, .equal, nil, .notAnAttribute, EngineIdentifier.ambiguitySuppression,
                    priority: StackView.ambiguitySuppressionPriority)
            }
        }
        if effective != .fill {
            // The views are inside the canvas (required); hugging it leaves exactly their span.
            add(canvas, across.length, .equal, nil, .notAnAttribute, EngineIdentifier.spanningFit,
                priority: StackView.spanningFitPriority)
        }
    }

    // MARK: Making constraints

    /// Plans a constraint of the arrangement; ``rebuildArrangement()`` installs it unless the
    /// old arrangement has it.
    private func add(
        _ first: LayoutNode, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ second: LayoutNode?, _ secondAttribute: LayoutAttribute, _ identifier: EngineIdentifier,
        multiplier: CGFloat = 1, constant: CGFloat = 0, priority: LayoutPriority = .required
    ) {
        let constraint = LayoutConstraint(
            unchecked: first, firstAttribute, relation, second, secondAttribute, multiplier: multiplier,
            constant: constant, priority: priority)
        constraint.engineIdentifier = identifier
        arrangementConstraints.append(constraint)
    }
}
