import AutoLayout
import Foundation

/// UIKit's `UIBackgroundConfiguration`, as a button configuration's `background`: what is
/// drawn behind the content. Stored only: a background never changes a size.
public struct UIBackgroundConfiguration: Hashable, Sendable {
    /// The fill colour; stored only.
    public var backgroundColor: UIColor?
    /// The corner radius; stored only.
    public var cornerRadius: CGFloat = 0
    /// The outline colour; stored only.
    public var strokeColor: UIColor?
    /// The outline width; stored only.
    public var strokeWidth: CGFloat = 0
    /// How far the outline sits outside the bounds; stored only.
    public var strokeOutset: CGFloat = 0
    /// An image drawn behind the content; stored only.
    public var image: UIImage?

    /// An empty background.
    public init() {}

    /// UIKit's `clear()`: a background that draws nothing.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
}
