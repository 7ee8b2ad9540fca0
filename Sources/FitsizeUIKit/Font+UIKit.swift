import Foundation
import Typesetting

extension Font {
    /// UIKit's `UIFont.systemFont(ofSize:weight:)`: the shipped cascade for `weight` at
    /// `fontSize` points (``Font/system(size:weight:systemFonts:)``). UIKit draws SF Pro in
    /// that weight; Fitsize draws Noto Sans Regular for ultraLight through medium and Bold for
    /// semibold through black, so widths and line heights are Noto Sans's.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> Font {
        system(size: fontSize, weight: weight)
    }

    /// UIKit's `UIFont.boldSystemFont(ofSize:)`: ``systemFont(ofSize:weight:)`` at `.bold`.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> Font {
        system(size: fontSize, weight: .bold)
    }

    /// UIKit's `UIFont.italicSystemFont(ofSize:)`. No italic face is shipped: Fitsize measures
    /// the upright Regular face, whose advances differ from an italic's by a few percent.
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> Font {
        system(size: fontSize, weight: .regular)
    }

    /// UIKit's `UIFont.monospacedDigitSystemFont(ofSize:weight:)`: the system font for
    /// `weight`. Noto Sans's default figures are already of one width (tabular), so no
    /// feature is needed to make digits line up.
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> Font {
        system(size: fontSize, weight: weight)
    }
}
