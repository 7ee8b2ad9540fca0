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
        guard settings.markup || settings.runs != nil || settings.paragraph != nil else {
            return settings.letterSpacing == 0
                ? PreparedText(text, font: font)
                : try PreparedText(text, font: font, letterSpacing: CGFloat(settings.letterSpacing))
        }
        let makeFont: Markup.FontMaker = { file, bold, size in
            try fonts.markupFont(file: file, bold: bold, size: size, settings: settings)
        }
        // Runs without a font of their own take the settings' font, and their letter spacing
        // as their kern.
        let baseKern = CGFloat(settings.letterSpacing)
        var attributed: AttributedString
        if let runs = settings.runs {
            attributed = try Self.attributedString(runs, base: font, baseKern: baseKern, font: makeFont)
        } else if settings.markup {
            attributed = try Markup.attributedString(text, base: font, baseKern: baseKern, font: makeFont)
        } else {
            attributed = AttributedString(text)
            if baseKern != 0 { attributed.kern = baseKern }
        }
        if let paragraph = settings.paragraph { attributed.paragraphStyle = paragraph }
        return try PreparedText(attributed: attributed, defaultFont: font)
    }

    /// A JSON line's runs as attributed text.
    private static func attributedString(
        _ runs: [TextRunRequest], base: Font, baseKern: CGFloat, font: Markup.FontMaker
    ) throws -> AttributedString {
        var attributed = AttributedString()
        for (index, run) in runs.enumerated() {
            if let box = run.attachment {
                attributed.append(box.attributedString)
                continue
            }
            let bold = try run.fontWeight().usesBoldFace
            let runFont: Font
            if run.font != nil || bold || run.size != nil {
                do {
                    runFont = try font(run.font, bold, run.size.map { CGFloat($0) } ?? base.pointSize)
                } catch {
                    throw ToolError("\"runs.\(index)\": \(error)")
                }
            } else {
                runFont = base
            }
            attributed.appendRun(run.text, font: runFont, kern: run.kern.map { CGFloat($0) } ?? (baseKern != 0 ? baseKern : nil),
                                 baselineOffset: run.baselineOffset.map { CGFloat($0) })
        }
        return attributed
    }
}
