import Foundation

/// How a font follows the content size category: what a font made by
/// ``Font/preferredFont(forTextStyle:compatibleWith:systemFonts:)`` or ``FontMetrics``
/// remembers, as UIKit's fonts do, so that a control can size it for another category.
///
/// The rule is ``FontMetrics``'s: at a category the font is
/// `basePointSize × size(style, category) / size(style, .large)`, with `size` Apple's table
/// (``Font/preferredFont(forTextStyle:compatibleWith:systemFonts:)``), capped at
/// ``maximumPointSize``. A preferred font's base is its style's size at `.large`, so it takes
/// the table's sizes exactly.
public struct DynamicTypeScaling: Sendable, Hashable {
    /// The style whose curve the size follows.
    public let textStyle: Font.TextStyle
    /// The size at the default category, ``ContentSizeCategory/large``.
    public let basePointSize: CGFloat
    /// The largest size the font grows to, or `nil` for no limit.
    public let maximumPointSize: CGFloat?

    init(textStyle: Font.TextStyle, basePointSize: CGFloat, maximumPointSize: CGFloat?) {
        self.textStyle = textStyle
        self.basePointSize = basePointSize
        self.maximumPointSize = maximumPointSize
    }

    /// The size at `category`, before it is brought into ``Font/pointSizeRange``.
    public func pointSize(for category: ContentSizeCategory) -> CGFloat {
        let scaled = FontMetrics(forTextStyle: textStyle).scale(basePointSize, to: category)
        guard let maximumPointSize else { return scaled }
        return min(scaled, maximumPointSize)
    }
}

extension Font {
    /// The font for `traits`: a font with ``dynamicType`` at its size for the traits' content
    /// size category, any other font unchanged. This is what a control that adjusts its font
    /// for the content size category shows.
    public func adjusted(for traits: TraitCollection) -> Font {
        guard let dynamicType else { return self }
        let size = dynamicType.pointSize(for: traits.preferredContentSizeCategory)
        guard size != pointSize else { return self }
        return Font(uncheckedCascade: cascade, size: size, weight: weight, dynamicType: dynamicType)
    }

    /// The shipped font UIKit's `preferredFont(forTextStyle:compatibleWith:)` stands for: the
    /// style's size at the traits' content size category (``ContentSizeCategory/large``
    /// without traits) and the style's weight, from Apple's table (``Font/TextStyle``).
    ///
    /// UIKit draws the style with SF Pro at the style's weight (headline in semibold, the
    /// others regular). Fitsize draws it with the shipped Noto Sans face nearest that weight
    /// (``Weight/usesBoldFace``): Bold for headline, Regular for the others. The font keeps
    /// the style's weight in ``weight`` and its scaling in ``dynamicType``, so a control that
    /// adjusts for the content size category resizes it when the category changes.
    /// `systemFonts` is as for ``default(size:systemFonts:)``.
    public static func preferredFont(
        forTextStyle style: TextStyle, compatibleWith traits: TraitCollection? = nil, systemFonts: Bool = true
    ) -> Font {
        let weight = DynamicTypeSizes.weight(of: style)
        let scaling = DynamicTypeScaling(
            textStyle: style, basePointSize: DynamicTypeSizes.pointSize(of: style, at: .default),
            maximumPointSize: nil)
        let category = (traits ?? .default).preferredContentSizeCategory
        return Font(
            uncheckedCascade: ShippedCascades.shared.cascade(bold: weight.usesBoldFace, systemFonts: systemFonts),
            size: scaling.pointSize(for: category), weight: weight, dynamicType: scaling)
    }
}
