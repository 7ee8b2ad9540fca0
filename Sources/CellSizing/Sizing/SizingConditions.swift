import AutoLayout
import Foundation

/// What a cell's height depends on besides its item: the width it is pinned to and the
/// content size category its text is sized for. Heights are cached under both.
struct SizingConditions: Hashable, Sendable {
    var width: CGFloat
    var contentSizeCategory: ContentSizeCategory
}
