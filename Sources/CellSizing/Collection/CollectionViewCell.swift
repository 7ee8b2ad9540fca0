import AutoLayout
import Foundation

/// UIKit's `UICollectionViewCell`: a ``contentView`` that fills the cell and sizes it, and
/// ``preferredLayoutAttributesFitting(_:)``, which self-sizing cells override.
open class CollectionViewCell: View {
    /// The view that holds the cell's content; add subviews here, as in UIKit. Its margins
    /// are a view's default, 8 points.
    public let contentView = View()

    /// Makes a cell with `frame`, its content view pinned to its edges.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubviewPinnedToEdges(contentView)
    }

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// Whether the cell is selected; stored only.
    public var isSelected = false
    /// Whether the cell is highlighted; stored only.
    public var isHighlighted = false

    /// Called before a collection view hands the cell out again; the default does nothing.
    open func prepareForReuse() {}

    /// The attributes the cell wants, given the layout's. As Apple documents
    /// (developer.apple.com/documentation/uikit/uicollectionreusableview/preferredlayoutattributesfitting(_:)),
    /// the default "adjusts the size values to accommodate changes made by a self-sizing
    /// cell"; Apple does not say how, and Fitsize's default is a copy of `layoutAttributes` whose size is
    /// `systemLayoutSizeFitting(layoutAttributes.size)`, the smallest size the constraints
    /// allow near the layout's, both axes at `fittingSizeLevel`. Overrides call `super` and
    /// change the result, for example to pin the width with a required priority.
    open func preferredLayoutAttributesFitting(
        _ layoutAttributes: CollectionViewLayoutAttributes
    ) -> CollectionViewLayoutAttributes {
        let attributes = layoutAttributes.copy()
        attributes.size = systemLayoutSizeFitting(layoutAttributes.size)
        return attributes
    }
}
