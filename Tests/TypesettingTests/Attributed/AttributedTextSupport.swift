import Foundation
import TextOracles
@testable import Typesetting

/// The shipped files the attributed-text tests measure with, as single-face fonts (no
/// fallback, so `hb-shape` on the same file is the whole expectation), and their tables.
enum AttributedFixtures {
    static let regularFile = "NotoSans-Regular.ttf"
    static let boldFile = "NotoSans-Bold.ttf"
    static let hebrewFile = "NotoSansHebrew-Regular.ttf"

    static func path(_ file: String) -> String { HarfBuzzOracle.shippedFonts.appendingPathComponent(file).path }

    static func font(_ file: String, _ size: CGFloat) throws -> Font { try Font(path: path(file), size: size) }

    /// A run of `text` in `file` at `size`, with an optional kern.
    static func run(_ text: String, _ file: String, _ size: CGFloat, kern: CGFloat? = nil) throws -> AttributedString {
        var string = AttributedString(text)
        string.font = try font(file, size)
        if let kern { string.kern = kern }
        return string
    }

    /// The ascent and the descent with line gap of `file` at `size`, from the file's tables.
    static func verticalMetrics(_ file: String, _ size: Double) throws -> (ascent: Double, descent: Double) {
        let tables = try FontTables(path: path(file))
        let ascent = tables.ascender(size: size)
        return (ascent, tables.lineHeight(size: size) - ascent)
    }

    /// The single-line width of `text` in `file` at `size` from `hb-shape`.
    static func width(_ text: String, _ file: String, _ size: Double) throws -> Double {
        try HarfBuzzOracle.width(text, fontPath: path(file), size: size)
    }

    /// `text` with `style` on every character, in the regular file at `size`.
    static func paragraph(_ text: String, size: CGFloat = 17, style: ParagraphStyle) throws -> AttributedString {
        var string = try run(text, regularFile, size)
        string.paragraphStyle = style
        return string
    }
}
