import Foundation
import Typesetting

/// A text control that can resize its font for the content size category of its tree (UIKit's
/// `adjustsFontForContentSizeCategory`): the one rule the label, the button, the text field
/// and the text view share.
///
/// While ``adjustsFontForContentSizeCategory`` is true the control shows its font sized for
/// its own category (`Font.adjusted(for:)`, which leaves a fixed-size font as it is): when the
/// category changes, when a font is set and when adjusting is turned on. A resize that changes
/// the size re-measures the control, through its `font` setter.
protocol ContentSizeCategoryAdjusting: View {
    var adjustsFontForContentSizeCategory: Bool { get }
    var font: Font { get set }
}

extension ContentSizeCategoryAdjusting {
    /// Sizes the font for the control's current category, if the control adjusts; the `font`
    /// setter does the sizing.
    func adjustFontForContentSizeCategory() {
        if adjustsFontForContentSizeCategory { font = font }
    }
}

extension Label: ContentSizeCategoryAdjusting {}
extension Button: ContentSizeCategoryAdjusting {}
extension TextField: ContentSizeCategoryAdjusting {}
extension TextView: ContentSizeCategoryAdjusting {}
