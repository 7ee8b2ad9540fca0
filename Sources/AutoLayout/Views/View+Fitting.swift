import Foundation
import Typesetting

extension View {
    /// The smallest size that satisfies the view's constraints, aiming at `targetSize` at
    /// ``LayoutPriority/fittingSizeLevel`` on both axes. Pass
    /// ``View/layoutFittingCompressedSize`` for the most compact size and
    /// ``View/layoutFittingExpandedSize`` for the largest.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size that satisfies the view's constraints with `width == targetSize.width` at the
    /// horizontal priority and `height == targetSize.height` at the vertical one (UIKit's
    /// semantics: a required width and a `.fittingSizeLevel` height give a self-sizing cell's
    /// height at that width).
    ///
    /// The computation uses the tree's own layout engine: the two target constraints go in and
    /// the engine solves (twice when a view's intrinsic height depends on its width). They come
    /// out again before the next layout pass or query; until then another fitting of the same
    /// view only changes their constants, which makes sizing many cells with one template view
    /// cheap. No frame changes. While it runs, a root view is not held at its frame size.
    /// The result is rounded up to the pixel grid of the root's display scale. A target that is
    /// not finite or is negative, or a priority outside 1...1000, is reported to
    /// ``LayoutDiagnostics/errorHandler`` and the current size is returned.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalPriority: LayoutPriority,
        verticalFittingPriority verticalPriority: LayoutPriority
    ) -> CGSize {
        guard targetSize.width.isFinite, targetSize.height.isFinite, targetSize.width >= 0,
            targetSize.height >= 0
        else {
            LayoutDiagnostics.report(.invalidGeometry(name: "fitting target size", view: layoutDescriptionName))
            return frameStorage.size
        }
        // Checked one by one rather than looped over as an array: every cell a list sizes
        // comes here, and the array would be allocated for each.
        let invalidPriority = !horizontalPriority.isValid
            ? horizontalPriority : !verticalPriority.isValid ? verticalPriority : nil
        if let priority = invalidPriority {
            LayoutDiagnostics.report(
                .invalidPriority(priority.rawValue, constraint: "the fitting size of \(layoutDescriptionName)"))
            return frameStorage.size
        }
        let root = rootView
        root.updateConstraintsIfNeeded()
        if self === root { removeRootSizeConstraints() }
        let targets = engine.fittingConstraints(for: self)
        func aim(_ constraint: LayoutConstraint, at value: CGFloat, _ priority: LayoutPriority, size: Double) {
            guard constraint.constantValue != value || constraint.priorityValue != priority else { return }
            // A target moved past the size pulls the other way: every view held by a hugging
            // and compression pair changes which of the two holds it, and the solver makes
            // those changes on each view's own rows when the target comes in anew, instead of
            // one at a time through the row that sums them all.
            let pullsTheOtherWay = (Double(constraint.constantValue) - size) * (Double(value) - size) < 0
            constraint.constantValue = value
            constraint.priorityValue = priority
            if pullsTheOtherWay {
                engine.reinstall(constraint)
            } else {
                engine.refresh(constraint, scope: .constantOrPriority)
            }
        }
        aim(targets[0], at: targetSize.width, horizontalPriority, size: node.width.value)
        aim(targets[1], at: targetSize.height, verticalPriority, size: node.height.value)
        engine.solve()
        let grid = PixelGrid(scale: root.displayScaleStorage)
        let size = CGSize(width: grid.ceil(node.width.value), height: grid.ceil(node.height.value))
        return size
    }
}
