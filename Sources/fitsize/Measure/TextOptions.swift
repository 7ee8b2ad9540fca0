import ArgumentParser
import Typesetting

/// The options that decide how text is measured, shared by single texts and batches.
///
/// Numbers are parsed `.unconditional`ly so that `--width -5` reaches validation (and is
/// refused with a sentence about widths) instead of being read as an unknown option.
struct TextOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A TrueType/OpenType font file (default: the shipped Noto Sans cascade).", valueName: "file"))
    var font: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The font size in points (default: 17, or with --text-style the style's size; with --text-style a size given is the size at the default category, scaled as UIFontMetrics does).",
        valueName: "points"))
    var size: Double?

    @Option(name: .customLong("text-style"), help: ArgumentHelp(
        "Size the font as UIKit's preferredFont(forTextStyle:) does, from Apple's Dynamic Type table: largeTitle, title1, title2, title3, headline, subheadline, body, callout, footnote, caption1 or caption2.",
        valueName: "style"))
    var textStyle: Font.TextStyle?

    @Option(name: .customLong("content-size-category"), help: ArgumentHelp(
        "With --text-style, the reader's text size: extraSmall, small, medium, large (default), extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium ... accessibilityExtraExtraExtraLarge.",
        valueName: "category"))
    var contentSizeCategory: ContentSizeCategory?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Wrap lines at this width in points (lines are then unlimited unless --lines says otherwise).",
        valueName: "points"))
    var width: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The most lines to lay out; 0 means no limit.", valueName: "count"))
    var lines: Int = 0

    @Option(name: .customLong("line-break"), help: ArgumentHelp(
        "How lines wrap and how the last line is cut when text remains: word, char, clip, head, tail or middle.",
        valueName: "mode"))
    var lineBreak: LineBreakArgument = .word

    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: ArgumentHelp(
        "Extra space between lines in points.", valueName: "points"))
    var lineSpacing: Double = 0

    @Option(name: .customLong("letter-spacing"), parsing: .unconditional, help: ArgumentHelp(
        "Extra space after every character in points (may be negative).", valueName: "points"))
    var letterSpacing: Double = 0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The display scale: sizes are rounded up to its pixel grid (2 gives half points).", valueName: "factor"))
    var scale: Double = 1

    @Option(name: .long, help: ArgumentHelp(
        "A font file tried, in order, for characters the font lacks (repeatable).", valueName: "file"))
    var fallback: [String] = []

    @Flag(name: .long, help: ArgumentHelp(
        "Read the text as markup: <b>, <i>, <size N>, <font FILE>, <kern N>, <baseline N> and <a URL> runs, <attachment W H Y> boxes; &lt; &gt; &amp; &quot; for the characters."))
    var markup = false

    @Flag(name: .customLong("system-fonts"), help: ArgumentHelp(
        "Draw characters no given or shipped font covers with the machine's fonts (default: .notdef, so every machine gives the same size)."))
    var systemFonts = false

    /// The settings these options describe.
    var settings: MeasureSettings {
        MeasureSettings(
            fontPath: font, fallbackPaths: fallback, size: size, width: width, maxLines: lines,
            lineBreak: lineBreak, lineSpacing: lineSpacing, letterSpacing: letterSpacing, scale: scale,
            systemFonts: systemFonts, textStyle: textStyle, contentSizeCategory: contentSizeCategory, markup: markup)
    }

    mutating func validate() throws {
        if contentSizeCategory != nil && textStyle == nil {
            throw ValidationError("--content-size-category applies only with --text-style: a font of a fixed --size does not follow the category")
        }
        do {
            try settings.validate()
        } catch let error as ToolError {
            throw ValidationError(error.description)
        }
    }
}
