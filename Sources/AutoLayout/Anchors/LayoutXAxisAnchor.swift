import Foundation

/// A horizontal position: left, right, leading, trailing or centre x of a view or guide.
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// `self == anchor + multiplier × 8`: the standard spacing between siblings after
    /// `anchor` (UIKit's system spacing; 8 points in Fitsize).
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: LayoutConstraint.standardSiblingSpacing * multiplier)
    }

    /// `self >= anchor + multiplier × 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: LayoutConstraint.standardSiblingSpacing * multiplier)
    }

    /// `self <= anchor + multiplier × 8`.
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: LayoutConstraint.standardSiblingSpacing * multiplier)
    }
}
