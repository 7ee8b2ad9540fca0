import Foundation

/// The reader's preferred text size, UIKit's `UIContentSizeCategory`: seven standard sizes
/// and five larger accessibility sizes, in increasing order. ``large`` is the default.
///
/// The raw values are UIKit's case names without the type's prefix (`"extraSmall"`,
/// `"accessibilityLarge"`), which is how the `fitsize` tool and cell templates spell them.
/// Categories compare by size, as UIKit's do (`.small < .large`).
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// The smallest standard size (xSmall).
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default.
    case large
    /// xLarge.
    case extraLarge
    /// xxLarge.
    case extraExtraLarge
    /// xxxLarge, the largest standard size.
    case extraExtraExtraLarge
    /// The first accessibility size (AX1).
    case accessibilityMedium
    /// AX2.
    case accessibilityLarge
    /// AX3.
    case accessibilityExtraLarge
    /// AX4.
    case accessibilityExtraExtraLarge
    /// The largest accessibility size (AX5).
    case accessibilityExtraExtraExtraLarge

    /// The category text is sized for when nothing says otherwise: ``large``, as on a phone
    /// with the text size setting untouched.
    public static let `default` = ContentSizeCategory.large

    /// Whether this is one of the five larger accessibility sizes, as UIKit's
    /// `isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category's place in increasing order of size, from 0 (``extraSmall``) to 11.
    var index: Int { Self.allCases.firstIndex(of: self)! }

    /// Smaller text first.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.index < rhs.index
    }

    /// The category named `name` (a raw value such as `"accessibilityLarge"`).
    /// - Throws: ``TypesettingError/unknownContentSizeCategory(_:)`` naming `name` and listing
    ///   the categories there are.
    public init(named name: String) throws {
        guard let category = ContentSizeCategory(rawValue: name) else {
            throw TypesettingError.unknownContentSizeCategory(name)
        }
        self = category
    }

    /// The raw value.
    public var description: String { rawValue }
}
