import Foundation
import Typesetting

/// A label's `"attributedText"`: runs of text with `{field}` placeholders, each with the font,
/// kern and baseline offset it sets, and the paragraph style of the whole text.
struct AttributedTextTemplate: Sendable {
    /// One run as written: a text, or an inline box.
    struct Run: Sendable {
        /// The text, or nil for an attachment.
        var text: TextTemplate?
        var location: SourceLocation
        var attachment: AttachmentBox? = nil
        /// The run's font, or nil for the label's.
        var font: Font?
        var kern: Double?
        var baselineOffset: Double?
    }

    var runs: [Run]
    /// The paragraph style, or nil for the default.
    var paragraph: ParagraphStyle?

    /// The runs' placeholders with the places they were written.
    var fields: [(path: FieldPath, location: SourceLocation)] {
        runs.flatMap { run in (run.text?.fields ?? []).map { ($0, run.location) } }
    }

    /// The runs with each placeholder's field resolved to its slot in `slots`' items.
    func resolved(with slots: FieldSlots) -> AttributedTextTemplate {
        var text = self
        for index in text.runs.indices { text.runs[index].text = runs[index].text?.resolved(with: slots) }
        return text
    }

    /// The text for `item`, runs without a font in `font`.
    func filled(from item: CellItem, font: Font) -> AttributedString {
        var result = AttributedString()
        for run in runs {
            guard let text = run.text else {
                if let box = run.attachment { result.append(box.attributedString) }
                continue
            }
            result.appendRun(text.filled(from: item), font: run.font ?? font, kern: run.kern.map { CGFloat($0) },
                             baselineOffset: run.baselineOffset.map { CGFloat($0) })
        }
        if let paragraph { result.paragraphStyle = paragraph }
        return result
    }
}
