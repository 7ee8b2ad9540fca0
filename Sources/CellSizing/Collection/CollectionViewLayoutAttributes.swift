import AutoLayout
import Foundation

/// UIKit's `UICollectionViewLayoutAttributes`: where a layout places an item and how big it
/// makes it, which a self-sizing cell changes in
/// ``CollectionViewCell/preferredLayoutAttributesFitting(_:)``.
open class CollectionViewLayoutAttributes {
    /// The item's index path.
    public var indexPath: IndexPath
    /// The item's frame.
    public var frame: CGRect
    /// The item's stacking order; stored only.
    public var zIndex = 0
    /// The item's opacity; stored only.
    public var alpha: CGFloat = 1
    /// Whether the item is hidden; stored only.
    public var isHidden = false

    /// Attributes for the cell at `indexPath`, with an empty frame.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        frame = .zero
    }

    /// The frame's size; setting it keeps the frame's origin.
    public var size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }

    /// The frame's centre; setting it keeps the size.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    /// A copy, as UIKit's `copy()` makes before a cell changes the attributes it was given.
    open func copy() -> CollectionViewLayoutAttributes {
        let copy = CollectionViewLayoutAttributes(forCellWith: indexPath)
        copy.frame = frame
        copy.zIndex = zIndex
        copy.alpha = alpha
        copy.isHidden = isHidden
        return copy
    }
}
