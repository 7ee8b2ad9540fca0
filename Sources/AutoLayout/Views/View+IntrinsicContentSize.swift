import Foundation

extension View {
    /// Tells the layout engine that ``intrinsicContentSize`` (or a baseline offset, or
    /// ``hasWidthDependentIntrinsicContentSize``) changed. The engine reads it again at the next
    /// layout pass and updates the size constraints' constants in place.
    public func invalidateIntrinsicContentSize() {
        withEngine { engine in
            engine.queueIntrinsicUpdate(of: self)
            // Constraints on a baseline read it from the text, so they change too. Most views
            // have none, and this runs for every label of every cell a list sizes: the node's
            // count spares them the scan.
            let node = node
            if node.baselineConstraintCount > 0 {
                for constraint in node.constraints
                where (constraint.firstAttribute.isBaseline && constraint.firstNode === node)
                    || (constraint.secondAttribute.isBaseline && constraint.secondNode === node)
                {
                    engine.refresh(constraint, scope: .baselines)
                }
            }
        }
        // Unretained: the superview holds this view, and its hook (a stack view's) does not
        // take itself out of the tree.
        superviewReference?._withUnsafeGuaranteedRef { $0.subviewDidInvalidateIntrinsicContentSize(self) }
    }

    /// How strongly the view resists growing beyond its intrinsic size on an axis; default 250.
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? contentHugging.horizontal : contentHugging.vertical
    }

    /// Sets how strongly the view resists growing beyond its intrinsic size on an axis. A
    /// priority outside 1...1000 is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard validate(priority, "content hugging priority") else { return }
        if axis == .horizontal { contentHugging.horizontal = priority } else { contentHugging.vertical = priority }
        engine.queueIntrinsicUpdate(of: self)
    }

    /// How strongly the view resists shrinking below its intrinsic size on an axis; default 750.
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size on an axis. A
    /// priority outside 1...1000 is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        guard validate(priority, "compression resistance priority") else { return }
        if axis == .horizontal {
            compressionResistance.horizontal = priority
        } else {
            compressionResistance.vertical = priority
        }
        engine.queueIntrinsicUpdate(of: self)
    }

    private func validate(_ priority: LayoutPriority, _ name: String) -> Bool {
        guard priority.isValid else {
            LayoutDiagnostics.report(.invalidPriority(priority.rawValue, constraint: "the \(name) of \(layoutDescriptionName)"))
            return false
        }
        return true
    }

    /// Brings the content-size constraints in line with ``intrinsicContentSize`` and the
    /// priorities. A view whose frame is translated from its autoresizing mask gets none: its
    /// frame decides its size.
    func updateContentSizeConstraints() {
        let usesConstraints = !translatesAutoresizingMaskStorage
        let size = usesConstraints
            ? intrinsicContentSize : CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        isWidthDependentInEngine = usesConstraints && hasWidthDependentIntrinsicContentSize
        withEngine { engine in updateContentSizeConstraints(size, in: engine) }
    }

    /// One constraint per slot, each updated in place when it stays: the common case, for
    /// every label of every cell a list sizes, changes at most a constant, reads the
    /// constraint unretained (the view holds it) and tells the engine only of a change.
    private func updateContentSizeConstraints(_ size: CGSize, in engine: LayoutEngine) {
        updateContentSizeConstraint(
            \.horizontalHugging, .horizontal, hugging: true, size.width, contentHugging.horizontal, engine)
        updateContentSizeConstraint(
            \.horizontalCompressionResistance, .horizontal, hugging: false, size.width,
            compressionResistance.horizontal, engine)
        pairContentSizeConstraints(\.horizontalHugging, \.horizontalCompressionResistance, engine)
        updateContentSizeConstraint(
            \.verticalHugging, .vertical, hugging: true, size.height, contentHugging.vertical, engine)
        updateContentSizeConstraint(
            \.verticalCompressionResistance, .vertical, hugging: false, size.height,
            compressionResistance.vertical, engine)
        pairContentSizeConstraints(\.verticalHugging, \.verticalCompressionResistance, engine)
    }

    /// Gives an axis's hugging and compression resistance one solver row between them while
    /// both are optional, or a row each otherwise.
    ///
    /// The pair is `size <= intrinsic` at the hugging priority and `size >= intrinsic` at the
    /// compression resistance's, which the solver holds as `size == intrinsic` with its excess
    /// weighed at the one and its shortfall at the other (``ConstraintSolver/Constraint/shortfallPriority``):
    /// the same layout, in one row instead of two. UIKit's engine keeps one
    /// `NSContentSizeLayoutConstraint` per axis with both priorities (its logs print them as
    /// `Hug:250 CompressionResistance:750`); the two constraints stay separate objects here,
    /// each active with its own description, and the hugging one's row carries both. A label
    /// whose text moves across the width its neighbours leave it, as cells of a list do, then
    /// swaps which side is violated in one pivot, where its two rows took two. A required side
    /// cannot share a row with an optional one, so a required priority on either side keeps
    /// the rows apart.
    @inline(__always)
    private func pairContentSizeConstraints(
        _ huggingSlot: KeyPath<ContentSizeConstraints, LayoutConstraint?>,
        _ resistanceSlot: KeyPath<ContentSizeConstraints, LayoutConstraint?>, _ engine: LayoutEngine
    ) {
        // Both exist or neither: they are made and dropped for the same size.
        guard let hugging = contentSizeConstraints[keyPath: huggingSlot].map(Unmanaged.passUnretained),
            let resistance = contentSizeConstraints[keyPath: resistanceSlot].map(Unmanaged.passUnretained)
        else { return }
        hugging._withUnsafeGuaranteedRef { hugging in
            resistance._withUnsafeGuaranteedRef { resistance in
                let carried = resistance.priorityValue
                // The common case first, for every label of every cell a list sizes: paired
                // already at these priorities (a pair is split as soon as either side is
                // deactivated, so both are active). Reading `container` below retains the view.
                if hugging.carriedCompressionResistance == carried && !hugging.priorityValue.isRequired { return }
                // A constraint deactivated from outside (reached through
                // constraintsAffectingLayout) stays out, and its partner keeps a row of its own.
                if !hugging.priorityValue.isRequired && !carried.isRequired && hugging.container != nil
                    && resistance.container != nil
                {
                    if !resistance.isCarriedByHugging {
                        resistance.isCarriedByHugging = true
                        engine.remove(resistance)
                    }
                    hugging.carriedCompressionResistance = carried
                    engine.refresh(hugging)
                } else if resistance.isCarriedByHugging {
                    separate(hugging, resistance, in: engine)
                }
            }
        }
    }

    /// Gives `hugging` and the compression resistance it carries a row each: the resistance
    /// goes back into the engine if it is still active, and the hugging row is made anew as
    /// an inequality.
    private func separate(_ hugging: LayoutConstraint, _ resistance: LayoutConstraint, in engine: LayoutEngine) {
        resistance.isCarriedByHugging = false
        hugging.carriedCompressionResistance = nil
        if resistance.container != nil { engine.add(resistance) }
        engine.refresh(hugging)
    }

    /// Gives the hugging constraint and the compression resistance it carries, one of which is
    /// `constraint`, a row each again: before one of them changes on its own (its constant set
    /// or its deactivation, from outside the view), which their shared row could not follow.
    /// The next update of the intrinsic size pairs them again if both are still active.
    func separateContentSizeRow(of constraint: LayoutConstraint) {
        guard let axis = contentSizeConstraints.axis(of: constraint), let hugging = axis.hugging,
            let resistance = axis.resistance, resistance.isCarriedByHugging
        else { return }
        separate(hugging, resistance, in: engine)
    }

    /// The compression resistance that `hugging`, one of this view's hugging constraints,
    /// carries in its solver row, if it carries one.
    func carriedCompressionResistance(of hugging: LayoutConstraint) -> LayoutConstraint? {
        guard let axis = contentSizeConstraints.axis(of: hugging), axis.hugging === hugging,
            let resistance = axis.resistance, resistance.isCarriedByHugging
        else { return nil }
        return resistance
    }

    /// Brings the content-size constraint in `slot` in line with `value` (no constraint when
    /// it is not a size) and `priority`. Inlined at each call, so that the key path is a
    /// field offset rather than a key path applied at run time.
    @inline(__always)
    private func updateContentSizeConstraint(
        _ slot: WritableKeyPath<ContentSizeConstraints, LayoutConstraint?>, _ axis: LayoutAxis, hugging: Bool,
        _ value: CGFloat, _ priority: LayoutPriority, _ engine: LayoutEngine
    ) {
        let hasValue = value.isFinite && value >= 0
        guard let existing = contentSizeConstraints[keyPath: slot].map(Unmanaged.passUnretained) else {
            guard hasValue else { return }
            let constraint = LayoutConstraint(
                unchecked: node, axis == .horizontal ? .width : .height,
                hugging ? .lessThanOrEqual : .greaterThanOrEqual, nil, .notAnAttribute,
                multiplier: 1, constant: value, priority: priority, origin: .contentSize(hugging: hugging))
            contentSizeConstraints[keyPath: slot] = constraint
            install(constraint, listed: false)
            return
        }
        guard hasValue else {
            uninstall(existing.takeUnretainedValue())
            contentSizeConstraints[keyPath: slot] = nil
            return
        }
        existing._withUnsafeGuaranteedRef { constraint in
            guard constraint.priorityValue != priority || constraint.constantValue != value else { return }
            constraint.priorityValue = priority
            constraint.constantValue = value
            engine.refresh(constraint, scope: .constantOrPriority)
        }
    }
}
