import Foundation

/// The traits text is sized for, the part of UIKit's `UITraitCollection` that changes a
/// size: the reader's ``preferredContentSizeCategory``.
///
/// A value: ``Font/preferredFont(forTextStyle:compatibleWith:systemFonts:)`` and
/// ``FontMetrics`` take one, and every view of an AutoLayout tree has one, inherited from
/// its superview unless the view overrides it.
public struct TraitCollection: Sendable, Hashable, CustomStringConvertible {
    /// The text size the reader chose; default ``ContentSizeCategory/large``.
    public var preferredContentSizeCategory: ContentSizeCategory

    /// Traits with a content size category.
    public init(preferredContentSizeCategory: ContentSizeCategory = .default) {
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// The traits of a tree nobody customised: the ``ContentSizeCategory/large`` category.
    public static let `default` = TraitCollection()

    /// "TraitCollection(preferredContentSizeCategory: large)".
    public var description: String {
        "TraitCollection(preferredContentSizeCategory: \(preferredContentSizeCategory))"
    }
}
