import Foundation

/// The point size and weight of every text style at every content size category, as data.
///
/// Source: Apple's Human Interface Guidelines, "Typography", Specifications, "iOS, iPadOS
/// Dynamic Type sizes" and "iOS, iPadOS larger accessibility type sizes"
/// (https://developer.apple.com/design/human-interface-guidelines/typography). The HIG's
/// leading column is not used: Fitsize takes line heights from the shipped faces' metrics.
enum DynamicTypeSizes {
    /// The weight of each style, the same at every category.
    static func weight(of style: Font.TextStyle) -> Font.Weight {
        style == .headline ? .semibold : .regular
    }

    /// The point size of `style` at `category`.
    static func pointSize(of style: Font.TextStyle, at category: ContentSizeCategory) -> CGFloat {
        CGFloat(sizes[style.index][category.index])
    }

    /// Points, one row per style in ``Font/TextStyle`` order, one column per category from
    /// xSmall to AX5.
    private static let sizes: [[UInt8]] = [
        //  xS  S   M   L   xL  xxL xxxL AX1 AX2 AX3 AX4 AX5
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // largeTitle
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // caption2
    ]
}

extension Font.TextStyle {
    /// The style's row in ``DynamicTypeSizes``.
    var index: Int { Self.allCases.firstIndex(of: self)! }
}
