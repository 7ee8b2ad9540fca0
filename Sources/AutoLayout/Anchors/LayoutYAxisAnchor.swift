import Foundation

/// A vertical position: top, bottom, centre y or a baseline of a view or guide.
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// `self == anchor + multiplier × 8`: the standard spacing between siblings below
    /// `anchor` (UIKit's system spacing; 8 points in Fitsize).
    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: LayoutConstraint.standardSiblingSpacing * multiplier)
    }

    /// `self >= anchor + multiplier × 8`.
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: LayoutConstraint.standardSiblingSpacing * multiplier)
    }

    /// `self <= anchor + multiplier × 8`.
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: CGFloat) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: LayoutConstraint.standardSiblingSpacing * multiplier)
    }
}
