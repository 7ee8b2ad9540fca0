import ConstraintSolver

/// The form the solver holds for a constraint, kept in parts: its terms and constant are the
/// solver constraint's expression, which the solver keeps current as constants change; what
/// they were summed from (the constant before the constraint's own, the mirrored and baseline
/// flags) is kept on the constraint, and the baseline coefficients of a constraint between
/// baselines in its extras. A whole form on every constraint held its terms and constant a
/// second time.
extension LayoutConstraint {
    /// Keeps what `form`, whose expression the solver constraint was just made from, was summed
    /// from.
    func keepInstalled(_ form: LinearForm) {
        installedConstantBeforeLayoutConstant = form.constantBeforeLayoutConstant
        installedFormFlags = form.flags
        if form.hasBaselineCoefficients {
            madeExtras.installedBaselines = (form.firstBaseline, form.secondBaseline)
        }
    }

    /// Whether the installed form added the constraint's constant mirrored; `nil` outside the
    /// solver.
    private var installedLayoutConstantIsMirrored: Bool? {
        guard solverConstraint != nil else { return nil }
        return installedFormFlags & LinearForm.mirroredFlag != 0
    }

    /// The installed form's baseline coefficient on its first side, as
    /// ``LinearForm/baselineSizeCoefficient`` gives it.
    private var installedBaselineSizeCoefficient: Double? {
        guard installedFormFlags & LinearForm.firstBaselineFlag != 0 else { return nil }
        return extras?.installedBaselines.first
    }

    /// The same for the second side.
    private var installedSecondBaselineSizeCoefficient: Double? {
        guard installedFormFlags & LinearForm.secondBaselineFlag != 0 else { return nil }
        return extras?.installedBaselines.second
    }

    /// The constant of the form ``linearForm()`` gives when only the constraint's constant (or
    /// priority) changed since the installed form was made, summed exactly as `linearForm` sums
    /// it; `nil` outside the solver.
    var installedFormConstantAfterConstantChange: Double? {
        guard let mirrored = installedLayoutConstantIsMirrored else { return nil }
        var constant = installedConstantBeforeLayoutConstant
        constant += mirrored ? Double(constantValue) : -Double(constantValue)
        return constant
    }

    /// The constant of the form ``linearForm()`` gives when only the baseline offsets of the
    /// items (and the constraint's own constant or priority) changed since the installed form
    /// was made, summed exactly as `linearForm` sums it, with the constant before the
    /// constraint's own; `nil` outside the solver, or when a baseline changed kind (a label
    /// that became empty, or stopped centring its text), which changes the terms. Reads the
    /// items' baselines and alignment insets but builds no terms: every cell a list sizes
    /// moves the baselines its constraints relate.
    var installedFormAfterBaselineChange: (constant: Double, constantBeforeLayoutConstant: Double)? {
        guard let container, let installedMirrored = installedLayoutConstantIsMirrored else { return nil }
        let mirrored = isMirrored
        guard mirrored == installedMirrored else { return nil }
        let aligned = origin.usesAlignmentRects
        let first = Self.positionedNode(firstNode, firstAttribute, relatedTo: secondNode, in: container)
        let firstPart = Self.attributeConstant(first, firstAttribute, mirrored: mirrored, aligned: aligned)
        guard firstPart.baselineSizeCoefficient == installedBaselineSizeCoefficient else { return nil }
        var constant = firstPart.constant
        if let secondNode, secondAttribute != .notAnAttribute {
            let secondPositioned = Self.positionedNode(secondNode, secondAttribute, relatedTo: firstNode, in: container)
            let secondPart = Self.attributeConstant(
                secondPositioned, secondAttribute, mirrored: mirrored, aligned: aligned)
            guard secondPart.baselineSizeCoefficient == installedSecondBaselineSizeCoefficient else { return nil }
            // As `LinearForm.add(_:times:)` sums it.
            let factor = -Double(multiplier)
            if factor != 0 { constant += secondPart.constant * factor }
        }
        let before = constant
        constant += mirrored ? Double(constantValue) : -Double(constantValue)
        return (constant, before)
    }
}
