import ConstraintSolver

/// A constraint in the solver's terms: `Σ coefficient × variable + constant  relation  0`.
///
/// Kept on each constraint the engine holds so that a later change (a new constant, a flipped
/// layout direction) can tell whether only the constant moved, which the solver updates in
/// place, or the terms changed, which needs the row removed and added again.
struct LinearForm {
    var terms: [Term] = []
    var constant: Double = 0
    /// For a constraint's whole form: ``constant`` before the constraint's own constant was
    /// added, and whether it was added mirrored, so that a new constant alone gives the form
    /// without building it again (``LayoutConstraint/installedFormConstantAfterConstantChange``).
    var constantBeforeLayoutConstant: Double = 0
    var layoutConstantIsMirrored = false

    mutating func add(_ variable: Variable, _ coefficient: Double) {
        guard coefficient != 0 else { return }
        for index in terms.indices where terms[index].variable === variable {
            terms[index].coefficient += coefficient
            if terms[index].coefficient == 0 { terms.remove(at: index) }
            return
        }
        terms.append(Term(variable, coefficient: coefficient))
    }

    mutating func add(_ other: LinearForm, times factor: Double) {
        guard factor != 0 else { return }
        for term in other.terms { add(term.variable, term.coefficient * factor) }
        constant += other.constant * factor
    }

    /// Whether the two forms have the same variables with the same coefficients.
    func hasSameTerms(as other: LinearForm) -> Bool {
        guard terms.count == other.terms.count else { return false }
        for (a, b) in zip(terms, other.terms) where a.variable !== b.variable || a.coefficient != b.coefficient {
            return false
        }
        return true
    }

    var expression: Expression { Expression(terms, constant: constant) }
}

extension LayoutConstraint {
    /// The constraint as a linear form in the coordinates of the view it is installed on, or
    /// `nil` when an item is gone or no longer inside that view.
    ///
    /// In a right-to-left layout a constraint with leading or trailing attributes is read in
    /// mirrored coordinates, as in UIKit: leading becomes the right edge, trailing the left
    /// edge, and "+ constant" and "≥" point towards the trailing side, so the constant changes
    /// sign and an inequality turns round. The direction is that of the view the constraint is
    /// installed on: the constraint arranges that view's content, which its
    /// ``View/effectiveUserInterfaceLayoutDirection`` is for.
    func linearForm() -> LinearForm? {
        guard let container else { return nil }
        let mirrored = isMirrored
        let aligned = origin.usesAlignmentRects
        let first = Self.positionedNode(firstNode, firstAttribute, relatedTo: secondNode, in: container)
        guard var form = Self.attributeForm(first, firstAttribute, in: container, mirrored: mirrored, aligned: aligned)
        else {
            return nil
        }
        if let secondNode, secondAttribute != .notAnAttribute {
            let secondPositioned = Self.positionedNode(secondNode, secondAttribute, relatedTo: firstNode, in: container)
            guard
                let second = Self.attributeForm(
                    secondPositioned, secondAttribute, in: container, mirrored: mirrored, aligned: aligned)
            else {
                return nil
            }
            form.add(second, times: -Double(multiplier))
        }
        form.constantBeforeLayoutConstant = form.constant
        form.layoutConstantIsMirrored = mirrored
        form.constant += mirrored ? Double(constantValue) : -Double(constantValue)
        return form
    }

    /// The constant of the form ``linearForm()`` gives when only the constraint's constant (or
    /// priority) changed since ``installedForm`` was made, summed exactly as `linearForm` sums
    /// it; `nil` without an installed form. Reads the installed form's numbers in place: a copy
    /// of the form would retain and release its terms.
    var installedFormConstantAfterConstantChange: Double? {
        guard var constant = installedForm?.constantBeforeLayoutConstant,
            let mirrored = installedForm?.layoutConstantIsMirrored
        else { return nil }
        constant += mirrored ? Double(constantValue) : -Double(constantValue)
        return constant
    }

    /// Whether the constraint is read in mirrored (right-to-left) coordinates.
    var isMirrored: Bool {
        guard firstAttribute.isDirectional || secondAttribute.isDirectional else { return false }
        return container?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    var solverRelation: Relation {
        switch (relation, isMirrored) {
        case (.equal, _): .equal
        case (.lessThanOrEqual, false), (.greaterThanOrEqual, true): .lessThanOrEqual
        case (.greaterThanOrEqual, false), (.lessThanOrEqual, true): .greaterThanOrEqual
        }
    }

    /// The node whose edge `attribute` of `node` stands for. The container's own edges, related
    /// to one of its descendants (not to its own guides), are those of its content area when it
    /// has one: UIKit's rule that constraints between a scroll view's edges and its content
    /// relate to the content area, while its width, height and constraints to views outside it
    /// relate to its frame. Otherwise the node itself.
    static func positionedNode(
        _ node: LayoutNode, _ attribute: LayoutAttribute, relatedTo other: LayoutNode?, in container: View
    ) -> LayoutNode {
        guard node === container.node, let other, other.hostView !== container, !attribute.isDimension,
            !attribute.isMargin, !attribute.isBaseline, attribute != .notAnAttribute,
            let content = container.contentAreaGuide
        else { return node }
        return content.node
    }

    /// An attribute of an item as a linear form in the coordinates of `container`: the item's
    /// frame variables plus the origins of the views between it and the container; with
    /// `aligned`, a view's edges, centre and size are those of its alignment rectangle
    /// (``View/alignmentRectInsets``).
    static func attributeForm(
        _ node: LayoutNode, _ attribute: LayoutAttribute, in container: View, mirrored: Bool, aligned: Bool = false
    ) -> LinearForm? {
        if attribute.isMargin {
            guard let view = node.view else { return nil }
            return attributeForm(view.marginsGuide.node, attribute.marginGuideAttribute, in: container, mirrored: mirrored)
        }
        guard var form = frameAttributeForm(node, attribute, in: container, mirrored: mirrored) else { return nil }
        if aligned, let insets = node.view?.engineAlignmentInsets {
            form.constant += Self.alignmentOffset(of: attribute, insets: insets, mirrored: mirrored)
        }
        return form
    }

    /// How far an attribute of the alignment rectangle is from the same attribute of the frame.
    private static func alignmentOffset(of attribute: LayoutAttribute, insets: EdgeInsets, mirrored: Bool) -> Double {
        let (l, r, t, b) = (Double(insets.left), Double(insets.right), Double(insets.top), Double(insets.bottom))
        switch attribute {
        case .left: return l
        case .right: return -r
        case .top: return t
        case .bottom: return -b
        case .width: return -(l + r)
        case .height: return -(t + b)
        case .centerX: return (l - r) / 2
        case .centerY: return (t - b) / 2
        case .leading, .trailing:
            // The edge it stands on, as in `frameAttributeForm`.
            return (attribute == .leading) == mirrored ? -r : l
        default: return 0
        }
    }

    /// An attribute of an item's frame as a linear form in the coordinates of `container`.
    private static func frameAttributeForm(
        _ node: LayoutNode, _ attribute: LayoutAttribute, in container: View, mirrored: Bool
    ) -> LinearForm? {
        var form = LinearForm()
        switch attribute {
        case .width:
            form.add(node.width, 1)
            return form
        case .height:
            form.add(node.height, 1)
            return form
        case .notAnAttribute:
            return form
        default:
            break
        }
        let horizontal = attribute.axis == .horizontal
        guard addOrigin(of: node, horizontal: horizontal, in: container, to: &form) else { return nil }
        let size = horizontal ? node.width : node.height
        switch attribute {
        case .left, .top:
            break
        case .right, .bottom:
            form.add(size, 1)
        case .centerX, .centerY:
            form.add(size, 0.5)
        case .leading, .trailing:
            // Right-to-left constraints are mirrored as a whole (see `linearForm`); here
            // leading is only the edge it stands on.
            if (attribute == .leading) == mirrored { form.add(size, 1) }
        case .firstBaseline:
            guard let offset = node.view?.firstBaselineOffsetFromTop else {
                form.add(size, 1)
                break
            }
            form.constant += Double(offset)
            if let box = centeredContentHeight(of: node) {
                // The box's top is (height − box) / 2 below the view's top.
                form.add(size, 0.5)
                form.constant -= box / 2
            }
        case .lastBaseline:
            form.constant -= Double(node.view?.lastBaselineOffsetFromBottom ?? 0)
            if let box = centeredContentHeight(of: node) {
                // The box's bottom is (height + box) / 2 below the view's top.
                form.add(size, 0.5)
                form.constant += box / 2
            } else {
                form.add(size, 1)
            }
        default:
            return nil
        }
        return form
    }

    /// The height of the box a view centres its text in, when it has text and a usable box.
    private static func centeredContentHeight(of node: LayoutNode) -> Double? {
        guard let view = node.view, view.firstBaselineOffsetFromTop != nil,
            let box = view.verticallyCenteredContentHeight, box.isFinite, box >= 0
        else { return nil }
        return Double(box)
    }

    /// Adds the item's own origin and those of its ancestors below `container`; false when
    /// the container is not an ancestor of the item.
    private static func addOrigin(
        of node: LayoutNode, horizontal: Bool, in container: View, to form: inout LinearForm
    ) -> Bool {
        var current: View?
        if let guide = node.guide {
            form.add(horizontal ? node.minX : node.minY, 1)
            current = guide.owningView
        } else {
            current = node.view
        }
        while let view = current {
            if view === container { return true }
            form.add(horizontal ? view.node.minX : view.node.minY, 1)
            current = view.superview
        }
        return false
    }
}
