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
                    engine.refresh(constraint)
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

    private func updateContentSizeConstraints(_ size: CGSize, in engine: LayoutEngine) {
        if updateExistingContentSizeConstraints(size, in: engine) { return }
        for axis in [LayoutAxis.horizontal, .vertical] {
            let value = axis == .horizontal ? size.width : size.height
            let hasValue = value.isFinite && value >= 0
            for hugging in [true, false] {
                let existing = contentSizeConstraints[axis, hugging: hugging]
                guard hasValue else {
                    if let existing {
                        uninstall(existing)
                        contentSizeConstraints[axis, hugging: hugging] = nil
                    }
                    continue
                }
                let priority = hugging ? contentHuggingPriority(for: axis) : contentCompressionResistancePriority(for: axis)
                if let existing {
                    aim(existing, at: value, priority: priority, in: engine)
                } else {
                    let constraint = LayoutConstraint(
                        unchecked: node, axis == .horizontal ? .width : .height,
                        hugging ? .lessThanOrEqual : .greaterThanOrEqual, nil, .notAnAttribute,
                        multiplier: 1, constant: value, priority: priority,
                        origin: .contentSize(hugging: hugging))
                    contentSizeConstraints[axis, hugging: hugging] = constraint
                    install(constraint, listed: false)
                }
            }
        }
    }

    /// The common case, for every label of every cell a list sizes: the view has all four
    /// content-size constraints and keeps them, and at most their constants or priorities
    /// change. Updates them in place and returns `true`; returns `false` (having changed
    /// nothing) when a constraint must be made or removed.
    private func updateExistingContentSizeConstraints(_ size: CGSize, in engine: LayoutEngine) -> Bool {
        guard size.width.isFinite, size.width >= 0, size.height.isFinite, size.height >= 0,
            contentSizeConstraints.isComplete
        else { return false }
        aim(\.horizontalHugging, at: size.width, priority: contentHugging.horizontal, in: engine)
        aim(\.horizontalCompressionResistance, at: size.width, priority: compressionResistance.horizontal, in: engine)
        aim(\.verticalHugging, at: size.height, priority: contentHugging.vertical, in: engine)
        aim(\.verticalCompressionResistance, at: size.height, priority: compressionResistance.vertical, in: engine)
        return true
    }

    /// Gives a content-size constraint its constant and priority; the engine hears of it
    /// only if one of them changed. The constraint is used unretained: the view holds it.
    @inline(__always)
    private func aim(
        _ slot: KeyPath<ContentSizeConstraints, LayoutConstraint?>, at value: CGFloat, priority: LayoutPriority,
        in engine: LayoutEngine
    ) {
        Unmanaged.passUnretained(contentSizeConstraints[keyPath: slot].unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            aim($0, at: value, priority: priority, in: engine)
        }
    }

    /// Gives a content-size constraint its constant and priority; the engine hears of it
    /// only if one of them changed.
    @inline(__always)
    private func aim(_ constraint: LayoutConstraint, at value: CGFloat, priority: LayoutPriority, in engine: LayoutEngine) {
        guard constraint.priorityValue != priority || constraint.constantValue != value else { return }
        constraint.priorityValue = priority
        constraint.constantValue = value
        engine.refresh(constraint)
    }
}
