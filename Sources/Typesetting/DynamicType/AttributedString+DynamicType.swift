import Foundation

extension AttributedString {
    /// The string with each run's font sized for `traits` (``Font/adjusted(for:)``): fonts
    /// that scale (text styles and `FontMetrics`) take their size at the traits' category, fixed
    /// fonts stay. This is what a control that adjusts for the content size category shows of
    /// attributed text: UIKit resizes each run of a label's attributed text since iOS 11, when
    /// its fonts came from `preferredFont(forTextStyle:)` or `UIFontMetrics`.
    public func adjustingFonts(for traits: TraitCollection) -> AttributedString {
        var result = self
        for (font, range) in runs[\.font] {
            guard let font else { continue }
            let adjusted = font.adjusted(for: traits)
            if adjusted != font { result[range].font = adjusted }
        }
        return result
    }
}
