import Foundation
import Typesetting

/// Everything that decides a measurement apart from the text: the command line options,
/// possibly overridden per line in a JSON-lines batch.
struct MeasureSettings: Sendable {
    /// The primary font file, or nil for the shipped default cascade.
    var fontPath: String?
    /// Font files tried, in order, for characters the primary font lacks.
    var fallbackPaths: [String] = []
    /// The font size in points; nil for ``defaultSize``, or with a ``textStyle`` the style's
    /// size. With a text style a size given is the size at the default category, scaled as
    /// `FontMetrics` scales it.
    var size: Double?
    /// The wrapping width in points, or nil for no limit.
    var width: Double?
    /// The most lines; 0 for no limit.
    var maxLines = 0
    var lineBreak: LineBreakArgument = .word
    var lineSpacing: Double = 0
    var letterSpacing: Double = 0
    /// The display scale whose pixel grid sizes are ceiled to.
    var scale: Double = 1
    /// Whether characters that no font file covers fall back to the machine's fonts; off by
    /// default, so that the same input gives the same size on every machine.
    var systemFonts = false
    /// The Dynamic Type style the font is sized by (`--text-style`), or nil for a fixed size.
    var textStyle: Font.TextStyle?
    /// The reader's text size with a ``textStyle`` (`--content-size-category`); nil for the
    /// default, `large`.
    var contentSizeCategory: ContentSizeCategory?
    /// Whether the text is `--markup` (runs in tags) rather than plain.
    var markup = false
    /// A JSON line's `"runs"`, which stand for its text, or nil.
    var runs: [TextRunRequest]?
    /// A JSON line's `"paragraph"`, or nil for none.
    var paragraph: ParagraphStyle?

    /// The font size without `--size` or `--text-style`, in points.
    static let defaultSize = 17.0

    /// The size of the font before any Dynamic Type scaling: `--size`, else the text style's
    /// size at the default category, else ``defaultSize``.
    var baseSize: Double {
        if let size { return size }
        if let textStyle { return Double(Font.preferredFont(forTextStyle: textStyle).pointSize) }
        return Self.defaultSize
    }

    /// The largest font size accepted, in points: Typesetting's ``Typesetting/Font/maximumPointSize``.
    static let maximumSize = Double(Font.maximumPointSize)

    /// Checks the numbers against their ranges (``InputLimits``), naming the option and the
    /// value that is wrong.
    ///
    /// `names` spells the settings as they were given (`--width` on the command line,
    /// `"width"` in a batch JSON line), so that the message points at what was typed.
    func validate(names: OptionNames = .commandLine) throws {
        let most = Self.show(InputLimits.maximumLength)
        if let size, !(size.isFinite && size > 0 && size <= Self.maximumSize) {
            throw ToolError("\(names.size) must be a number of points greater than 0 and at most \(Self.show(Self.maximumSize)), got \(Self.show(size))")
        }
        if let width, !InputLimits.sizes.contains(width) {
            throw ToolError("\(names.width) must be a number of points from 0 to \(most), got \(Self.show(width))")
        }
        guard maxLines >= 0 else {
            throw ToolError("\(names.lines) must be 0 (no limit) or more, got \(maxLines)")
        }
        guard InputLimits.sizes.contains(lineSpacing) else {
            throw ToolError("\(names.lineSpacing) must be a number of points from 0 to \(most), got \(Self.show(lineSpacing))")
        }
        guard InputLimits.lengths.contains(letterSpacing) else {
            throw ToolError("\(names.letterSpacing) must be a number of points from -\(most) to \(most), got \(Self.show(letterSpacing))")
        }
        guard scale.isFinite, scale > 0, scale <= InputLimits.maximumScale else {
            throw ToolError("\(names.scale) must be a number greater than 0 and at most \(Self.show(InputLimits.maximumScale)), got \(Self.show(scale))")
        }
    }

    /// How each setting is spelled where it was given.
    struct OptionNames {
        var size, width, lines, lineSpacing, letterSpacing, scale: String

        /// The command line's spelling.
        static let commandLine = OptionNames(
            size: "--size", width: "--width", lines: "--lines", lineSpacing: "--line-spacing",
            letterSpacing: "--letter-spacing", scale: "--scale")

        /// A batch JSON line's field names.
        static let jsonFields = OptionNames(
            size: "\"size\"", width: "\"width\"", lines: "\"lines\"", lineSpacing: "\"lineSpacing\"",
            letterSpacing: "\"letterSpacing\"", scale: "\"scale\"")
    }

    private static func show(_ value: Double) -> String { NumberText.format(value) }
}
