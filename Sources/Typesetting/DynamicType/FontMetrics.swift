import Foundation

/// Scales fonts and lengths along a text style's Dynamic Type curve, UIKit's `UIFontMetrics`.
///
/// As Apple documents, a value is given for the default category (``ContentSizeCategory/large``)
/// and scaled by the ratio of the style's size at the wanted category to its size at the
/// default one: `value × size(style, category) / size(style, .large)`, with `size` Apple's
/// table (see ``Font/preferredFont(forTextStyle:compatibleWith:systemFonts:)``). Fitsize
/// does not round the result; UIKit does not document rounding.
public struct FontMetrics: Sendable, Hashable {
    /// The style whose curve values follow.
    public let textStyle: Font.TextStyle

    /// The metrics of `textStyle`'s curve.
    public init(forTextStyle textStyle: Font.TextStyle) {
        self.textStyle = textStyle
    }

    /// The body style's metrics, UIKit's `UIFontMetrics.default`.
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// `font` scaled from the default category to the traits' (``ContentSizeCategory/large``
    /// without traits), remembering the scaling (``Font/dynamicType``) so that a control
    /// adjusting for the content size category rescales it. `font`'s size is taken as its
    /// size at the default category, as in UIKit: scaling a preferred font scales it twice.
    /// The size is brought into ``Font/pointSizeRange``.
    public func scaledFont(for font: Font, compatibleWith traits: TraitCollection? = nil) -> Font {
        scaled(font, maximumPointSize: nil, traits: traits)
    }

    /// ``scaledFont(for:compatibleWith:)`` growing no larger than `maximumPointSize`; 0 means
    /// no limit, as in UIKit.
    /// - Throws: ``TypesettingError/invalidMaximumPointSize(_:)`` for a negative or
    ///   non-finite `maximumPointSize`.
    public func scaledFont(
        for font: Font, maximumPointSize: CGFloat, compatibleWith traits: TraitCollection? = nil
    ) throws -> Font {
        guard maximumPointSize.isFinite, maximumPointSize >= 0 else {
            throw TypesettingError.invalidMaximumPointSize(maximumPointSize)
        }
        return scaled(font, maximumPointSize: maximumPointSize > 0 ? maximumPointSize : nil, traits: traits)
    }

    /// `value` (a length at the default category: a spacing, an image size) scaled to the
    /// traits' category, as fonts are.
    public func scaledValue(for value: CGFloat, compatibleWith traits: TraitCollection? = nil) -> CGFloat {
        scale(value, to: (traits ?? .default).preferredContentSizeCategory)
    }

    /// `value` times the ratio of the style's sizes at `category` and at the default.
    func scale(_ value: CGFloat, to category: ContentSizeCategory) -> CGFloat {
        let target = DynamicTypeSizes.pointSize(of: textStyle, at: category)
        let base = DynamicTypeSizes.pointSize(of: textStyle, at: .default)
        return value * target / base
    }

    private func scaled(_ font: Font, maximumPointSize: CGFloat?, traits: TraitCollection?) -> Font {
        let scaling = DynamicTypeScaling(
            textStyle: textStyle, basePointSize: font.pointSize, maximumPointSize: maximumPointSize)
        let category = (traits ?? .default).preferredContentSizeCategory
        return Font(
            uncheckedCascade: font.cascade, size: scaling.pointSize(for: category), weight: font.weight,
            dynamicType: scaling)
    }
}
