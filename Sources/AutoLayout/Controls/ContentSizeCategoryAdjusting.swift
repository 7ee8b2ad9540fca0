import Foundation
import Typesetting

/// A text control that can resize its fonts for the content size category of its tree (UIKit's
/// `adjustsFontForContentSizeCategory`): the one rule the label, the button, the text field
/// and the text view share.
///
/// While ``adjustsFontForContentSizeCategory`` is true the control shows its font, and each
/// run's font of its attributed text, sized for its own category (`Font.adjusted(for:)`, which
/// leaves a fixed-size font as it is): when the category changes, when a font or an attributed
/// text is set and when adjusting is turned on. A resize re-measures the control.
protocol ContentSizeCategoryAdjusting: View {
    var adjustsFontForContentSizeCategory: Bool { get }
    /// Sizes the control's fonts for `traits`, re-measuring it if any changed size.
    func adjustFonts(for traits: TraitCollection)
}

extension ContentSizeCategoryAdjusting {
    /// Sizes the fonts for the control's current category, if the control adjusts.
    func adjustFontForContentSizeCategory() {
        if adjustsFontForContentSizeCategory { adjustFonts(for: traitCollection) }
    }

    /// The traits an attributed text set now is sized for: the control's when it adjusts for
    /// the content size category, else nil.
    var adjustingTraits: TraitCollection? {
        adjustsFontForContentSizeCategory ? traitCollection : nil
    }
}

extension Label: ContentSizeCategoryAdjusting {
    func adjustFonts(for traits: TraitCollection) {
        if content.measurement.adjustFonts(for: traits) { contentSizeDidChange() }
    }
}

extension Button: ContentSizeCategoryAdjusting {
    func adjustFonts(for traits: TraitCollection) {
        let subtitleChanged = subtitleMeasurement.adjustFonts(for: traits) && contentLayout != nil
        if measurement.adjustFonts(for: traits) || subtitleChanged { contentSizeDidChange() }
    }
}

extension TextField: ContentSizeCategoryAdjusting {
    func adjustFonts(for traits: TraitCollection) {
        let placeholderChanged = placeholderMeasurement.adjustFonts(for: traits)
        if textMeasurement.adjustFonts(for: traits) || placeholderChanged && textMeasurement.isEmpty {
            contentSizeDidChange()
        }
    }
}

extension TextView: ContentSizeCategoryAdjusting {
    func adjustFonts(for traits: TraitCollection) {
        updateMeasurement { $0.adjustFonts(for: traits) }
    }
}
