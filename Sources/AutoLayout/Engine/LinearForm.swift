import ConstraintSolver

/// A constraint in the solver's terms: `Σ coefficient × variable + constant  relation  0`.
///
/// What a constraint's form was summed from is kept while the solver holds it (see
/// `LayoutConstraint.keepInstalled(_:)`), so that a later change (a new constant, a flipped
/// layout direction) can tell whether only the constant moved, which the solver updates in
/// place, or the terms changed, which needs the row removed and added again.
struct LinearForm {
    var terms: [Term] = []
    var constant: Double = 0
    /// For a constraint's whole form: ``constant`` before the constraint's own constant was
    /// added, and whether it was added mirrored, so that a new constant alone gives the form
    /// without building it again (``LayoutConstraint/installedFormConstantAfterConstantChange``).
    var constantBeforeLayoutConstant: Double = 0
    // The baseline coefficients below, kept as plain numbers with a bit each for whether they
    // are set, so that an installed constraint keeps the bits in a byte of its own and the
    // numbers only when it relates a baseline.
    private(set) var firstBaseline: Double = 0
    private(set) var secondBaseline: Double = 0
    private(set) var flags: UInt8 = 0

    static let mirroredFlag: UInt8 = 1
    static let firstBaselineFlag: UInt8 = 2
    static let secondBaselineFlag: UInt8 = 4

    var layoutConstantIsMirrored: Bool {
        get { flags & Self.mirroredFlag != 0 }
        set { flags = newValue ? flags | Self.mirroredFlag : flags & ~Self.mirroredFlag }
    }

    /// Whether the form has a baseline coefficient on either side.
    var hasBaselineCoefficients: Bool { flags & (Self.firstBaselineFlag | Self.secondBaselineFlag) != 0 }

    /// For a form made of a baseline attribute, and then for a constraint's whole form on its
    /// first side, the coefficient of the view's height that the baseline brought in (see
    /// ``LayoutConstraint/baselinePlacement(of:_:)``); `nil` for any other attribute. The same
    /// for the constraint's second side. Equal coefficients after a text change mean equal
    /// terms (``LayoutConstraint/installedFormAfterBaselineChange``).
    var baselineSizeCoefficient: Double? {
        get { flags & Self.firstBaselineFlag != 0 ? firstBaseline : nil }
        set { (firstBaseline, flags) = Self.storing(newValue, flag: Self.firstBaselineFlag, in: flags) }
    }
    var secondBaselineSizeCoefficient: Double? {
        get { flags & Self.secondBaselineFlag != 0 ? secondBaseline : nil }
        set { (secondBaseline, flags) = Self.storing(newValue, flag: Self.secondBaselineFlag, in: flags) }
    }

    private static func storing(_ value: Double?, flag: UInt8, in flags: UInt8) -> (Double, UInt8) {
        guard let value else { return (0, flags & ~flag) }
        return (value, flags | flag)
    }

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

    /// Whether the form has the same variables, with the same coefficients, as `other`.
    func hasSameTerms(as other: [Term]) -> Bool {
        guard terms.count == other.count else { return false }
        for (a, b) in zip(terms, other) where a.variable !== b.variable || a.coefficient != b.coefficient {
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
            // Room for both sides at once: the terms become the solver constraint's for as long
            // as it is installed, and growing them by appending left up to half of them unused.
            form.terms.reserveCapacity(form.terms.count + second.terms.count)
            form.add(second, times: -Double(multiplier))
            form.secondBaselineSizeCoefficient = second.baselineSizeCoefficient
        }
        form.constantBeforeLayoutConstant = form.constant
        form.layoutConstantIsMirrored = mirrored
        form.constant += mirrored ? Double(constantValue) : -Double(constantValue)
        return form
    }

    /// Whether the constraint is read in mirrored (right-to-left) coordinates.
    var isMirrored: Bool {
        guard firstAttribute.isDirectional || secondAttribute.isDirectional else { return false }
        return container?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// The relation of the constraint's solver row: an equality when the row carries a
    /// compression resistance too (``carriedCompressionResistance``).
    var solverRelation: Relation {
        if carriedCompressionResistance != nil { return .equal }
        return switch (relation, isMirrored) {
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
        let part = attributeConstant(node, attribute, mirrored: mirrored, aligned: aligned)
        guard
            var form = frameAttributeTerms(
                node, attribute, in: container, mirrored: mirrored,
                baselineSizeCoefficient: part.baselineSizeCoefficient ?? 0)
        else { return nil }
        form.constant = part.constant
        form.baselineSizeCoefficient = part.baselineSizeCoefficient
        return form
    }

    /// The constant of ``attributeForm(_:_:in:mirrored:aligned:)``'s form, and for a baseline
    /// the coefficient of the view's height in its terms: the part of the form that a view's
    /// text and alignment insets decide. A margin's form has no constant.
    static func attributeConstant(
        _ node: LayoutNode, _ attribute: LayoutAttribute, mirrored: Bool, aligned: Bool
    ) -> (constant: Double, baselineSizeCoefficient: Double?) {
        guard !attribute.isMargin else { return (0, nil) }
        var constant: Double = 0
        var coefficient: Double?
        if attribute.isBaseline {
            let placement = baselinePlacement(of: node, attribute)
            constant += placement.constant
            coefficient = placement.sizeCoefficient
        }
        if aligned, let insets = node.view?.engineAlignmentInsets {
            constant += Self.alignmentOffset(of: attribute, insets: insets, mirrored: mirrored)
        }
        return (constant, coefficient)
    }

    /// Where a baseline attribute of a view lies below the view's top: a coefficient of the
    /// view's height plus a constant. The first baseline is its offset from the top of the
    /// text, or the bottom edge when the view has none; the last, its offset from the bottom
    /// of the text. A view that centres its text (``View/verticallyCenteredContentHeight``)
    /// has its text's box (height − box) / 2 below its top.
    private static func baselinePlacement(
        of node: LayoutNode, _ attribute: LayoutAttribute
    ) -> (sizeCoefficient: Double, constant: Double) {
        var constant: Double = 0
        if attribute == .firstBaseline {
            guard let offset = node.view?.firstBaselineOffsetFromTop else { return (1, constant) }
            constant += Double(offset)
            guard let box = centeredContentHeight(of: node) else { return (0, constant) }
            constant -= box / 2
            return (0.5, constant)
        }
        constant -= Double(node.view?.lastBaselineOffsetFromBottom ?? 0)
        guard let box = centeredContentHeight(of: node) else { return (1, constant) }
        constant += box / 2
        return (0.5, constant)
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
            // The edge it stands on, as in `frameAttributeTerms`.
            return (attribute == .leading) == mirrored ? -r : l
        default: return 0
        }
    }

    /// The terms of an attribute of an item's frame as a linear form in the coordinates of
    /// `container` (its constant is 0); a baseline's height term has `baselineSizeCoefficient`.
    private static func frameAttributeTerms(
        _ node: LayoutNode, _ attribute: LayoutAttribute, in container: View, mirrored: Bool,
        baselineSizeCoefficient: Double
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
        case .firstBaseline, .lastBaseline:
            form.add(size, baselineSizeCoefficient)
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
