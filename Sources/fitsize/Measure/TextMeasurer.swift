import Foundation
import Typesetting

/// Measures one text with one set of settings: prepare (itemise, shape, segment), then
/// lay out at the width.
struct TextMeasurer: Sendable {
    let fonts: FontResolver

    /// The layout of `text`.
    /// - Throws: the font's load error, or a ``Typesetting/TypesettingError`` for a value
    ///   the text engine rejects.
    func layout(_ text: String, settings: MeasureSettings) throws -> TextLayout {
        try prepare(text, settings: settings).layout(
            width: settings.width.map { CGFloat($0) } ?? .infinity, maxLines: settings.maxLines,
            lineBreakMode: settings.lineBreak.mode, lineSpacing: CGFloat(settings.lineSpacing),
            scale: CGFloat(settings.scale))
    }

    /// The size of `text`'s layout, without keeping its lines (a long text's lines would
    /// cost more memory than the text). Throws what ``layout(_:settings:)`` throws.
    func size(_ text: String, settings: MeasureSettings) throws -> CGSize {
        try prepare(text, settings: settings).size(
            width: settings.width.map { CGFloat($0) } ?? .infinity, maxLines: settings.maxLines,
            lineBreakMode: settings.lineBreak.mode, lineSpacing: CGFloat(settings.lineSpacing),
            scale: CGFloat(settings.scale))
    }

    private func prepare(_ text: String, settings: MeasureSettings) throws -> PreparedText {
        let font = try fonts.font(for: settings)
        return settings.letterSpacing == 0
            ? PreparedText(text, font: font)
            : try PreparedText(text, font: font, letterSpacing: CGFloat(settings.letterSpacing))
    }
}
