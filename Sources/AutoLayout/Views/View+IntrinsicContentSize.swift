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
        for axis in LayoutAxis.allCases {
            let value = axis == .horizontal ? size.width : size.height
            let hasValue = value.isFinite && value >= 0
            for hugging in [true, false] {
                let slot = axis.rawValue * 2 + (hugging ? 0 : 1)
                // Unretained: `contentSizeConstraints` holds the constraint for as long as this
                // iteration uses it, and this runs for every label of every cell a list sizes.
                let existing = contentSizeConstraints.withUnsafeBufferPointer { constraints in
                    slot < constraints.count ? constraints[slot].map { Unmanaged.passUnretained($0) } : nil
                }
                guard hasValue else {
                    if let existing {
                        uninstall(existing.takeUnretainedValue())
                        contentSizeConstraints[slot] = nil
                    }
                    continue
                }
                let priority = hugging ? contentHuggingPriority(for: axis) : contentCompressionResistancePriority(for: axis)
                if let existing {
                    existing._withUnsafeGuaranteedRef { existing in
                        if existing.priorityValue != priority || existing.constantValue != value {
                            existing.priorityValue = priority
                            existing.constantValue = value
                            engine.refresh(existing)
                        }
                    }
                } else {
                    let constraint = LayoutConstraint(
                        unchecked: node, axis == .horizontal ? .width : .height,
                        hugging ? .lessThanOrEqual : .greaterThanOrEqual, nil, .notAnAttribute,
                        multiplier: 1, constant: value, priority: priority,
                        origin: .contentSize(hugging: hugging))
                    if contentSizeConstraints.isEmpty {
                        contentSizeConstraints = [nil, nil, nil, nil]
                    }
                    contentSizeConstraints[slot] = constraint
                    install(constraint, listed: false)
                }
            }
        }
    }
}
