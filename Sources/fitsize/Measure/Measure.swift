import ArgumentParser
import Foundation
import Typesetting

/// `fitsize [measure]`: the size of a text, or of every line of standard input.
struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure text: print its size in points as `W x H` (the default command).",
        discussion: """
            The text comes from the argument, or from standard input when there is none \
            (one trailing newline is dropped). With --batch, every line of standard input is \
            a text and every output line is its result, in order; with --input-format jsonl \
            each input line is a JSON object such as \
            {"text": "Hello", "width": 120, "lines": 2, "size": 15, "key": 7} whose fields \
            override the options for that line ("text" or "runs" is required; "font", "fallback", \
            "size", "width", "lines", "lineBreak", "lineSpacing", "letterSpacing", "scale", \
            "markup" and "paragraph" are optional; "key" is echoed back). "runs" is rich text as \
            an array of {"text", "font", "size", "weight", "kern", "baselineOffset"} objects \
            or {"attachment": {"width", "height", "y"}} boxes; \
            "paragraph" takes NSParagraphStyle's lineSpacing, lineHeightMultiple, \
            minimumLineHeight, maximumLineHeight, paragraphSpacing, paragraphSpacingBefore, \
            firstLineHeadIndent, headIndent, tailIndent, alignment and lineBreakStrategy \
            (none, standard or pushOut). A bad line prints \
            `error: line N: ...` (or {"line": N, "error": ...}) in its place, is reported on \
            standard error, and makes the exit status 1 once the batch is done.

            --markup reads the text as runs in tags: <b>bold</b>, <i>italic</i> (measured with \
            the upright faces, as the shipped fonts have no italic), <size 20>...</size>, \
            <font FILE>...</font>, <kern 1.5>...</kern>, <baseline 3>...</baseline>, \
            <a URL>...</a> (a link changes no size) and <attachment W H Y> (an inline box W by \
            H points, its bottom Y points above the baseline, as NSTextAttachment.bounds; no \
            closing tag); &lt; &gt; &amp; &quot; stand for the characters. Malformed markup is \
            an error naming its column.

            --text-style sizes the font as UIKit's preferredFont(forTextStyle:) does, from \
            Apple's Dynamic Type table, at --content-size-category (default large): the shipped \
            face of the style's weight (Bold for headline) at the style's size, or, with \
            --font or --size, that font taken as its size at the default category and scaled \
            as UIFontMetrics scales it. An unknown style or category is an error naming it.

            Numbers must lie in documented ranges: --size up to \
            \(NumberText.format(MeasureSettings.maximumSize)) points, --width and --line-spacing \
            from 0 to \(NumberText.format(InputLimits.maximumLength)), --letter-spacing within \
            \(NumberText.format(InputLimits.maximumLength)) either way, --scale up to \
            \(NumberText.format(InputLimits.maximumScale)); a value outside is an error naming the option (or the JSON \
            field) and the value.

            --json prints an object: width, height, firstBaseline, lastBaseline, truncated, \
            lines (each with text, range as UTF-16 [start, end), width, top, height, baseline, \
            and for a truncated line ellipsis, elidedRange and displayText) and fonts (family, \
            style and path of every face used, fallbacks included).

            --render draws the measurement into a PNG at --scale pixels per point: the \
            glyphs, each line's box, each run's baseline (raised or lowered by its baseline \
            offset), each attachment's box, and the overall box, with a margin of 8 points on \
            every side.

            EXAMPLES:
              fitsize "Hello, world"
              fitsize --font NotoSerif-Regular.ttf --size 20 "Hello"
              fitsize --fallback NotoSansThai-Regular.ttf "Hello สวัสดี"
              fitsize --width 200 --lines 2 --line-break tail --json "A long title"
              fitsize --markup "<b>Bold</b> and <size 12>small</size>"
              fitsize --text-style body --content-size-category accessibilityLarge "Hello"
              fitsize --width 320 --scale 2 --render measured.png "Look at me"
              printf 'one\\ntwo words\\n' | fitsize --batch
              fitsize --batch --json --width 300 < labels.txt > sizes.jsonl
              fitsize --batch --input-format jsonl < requests.jsonl
            """)

    @OptionGroup var text: TextOptions

    @Flag(name: .long, help: "Print a JSON object (one per line with --batch) instead of `W x H`.")
    var json = false

    @Flag(name: .long, help: "Measure every line of standard input; one result per output line, on all cores.")
    var batch = false

    @Option(name: .customLong("input-format"), help: ArgumentHelp(
        "With --batch, what each input line is: text (the text itself) or jsonl (a JSON object with per-line options).",
        valueName: "format"))
    var inputFormat: BatchInputFormat = .text

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "With --batch, how many threads measure (default: one per core).", valueName: "count"))
    var jobs: Int?

    @Flag(inversion: .prefixedNo, help: "With --batch, show a progress bar on standard error (default: when it is a terminal and the input is a file).")
    var progress: Bool?

    @Flag(name: .long, help: "Print the version and the fingerprint of the font files these options measure with (a JSON object), instead of measuring.")
    var fingerprint = false

    @Option(name: .long, help: ArgumentHelp("Draw the measured text into this PNG file.", valueName: "file.png"))
    var render: String?

    @Argument(help: "The text to measure (default: standard input).")
    var string: String?

    mutating func validate() throws {
        if fingerprint && (string != nil || batch || json || render != nil) {
            throw ValidationError("--fingerprint prints the fonts' fingerprint instead of measuring; do not also pass a text, --batch, --json or --render")
        }
        if batch {
            if string != nil {
                throw ValidationError("--batch reads its texts from standard input; do not also pass a text argument")
            }
            if render != nil {
                throw ValidationError("--render draws one text; it cannot be combined with --batch")
            }
        } else {
            if inputFormat != .text { throw ValidationError("--input-format applies only with --batch") }
            if jobs != nil { throw ValidationError("--jobs applies only with --batch") }
            if progress != nil { throw ValidationError("--progress and --no-progress apply only with --batch") }
        }
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs must be 1 or more, got \(jobs)")
        }
    }

    func run() throws {
        let measurer = TextMeasurer(fonts: FontResolver())
        let settings = text.settings
        // Load the fonts before reading any input, so that a bad --font is reported once,
        // up front, rather than on every line of a batch.
        let font = try measurer.fonts.font(for: settings)
        if fingerprint {
            try StandardStreams.write(
                FontFingerprint(cascades: [font.cascade]).json() + [UInt8(ascii: "\n")], to: StandardStreams.output)
            return
        }
        if batch {
            let runner = BatchRunner(
                measurer: measurer, settings: settings, inputFormat: inputFormat, json: json,
                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            let summary = try runner.run(input: StandardStreams.input, output: StandardStreams.output,
                                         progress: progress)
            if summary.failed > 0 {
                StandardStreams.writeError("fitsize: \(summary.failed) of \(summary.lines) lines failed\n")
                throw ExitCode.failure
            }
            return
        }
        let text = try textToMeasure()
        var bytes: [UInt8] = []
        if json || render != nil {
            let layout = try measurer.layout(text, settings: settings)
            // The picture first: if it cannot be made, the run fails with nothing printed.
            if let render {
                try LayoutRenderer(layout: layout, scale: settings.scale).writePNG(to: render)
            }
            if json {
                var writer = JSONWriter()
                LayoutReport.appendJSON(layout, to: &writer)
                bytes = writer.bytes
            } else {
                LayoutReport.appendPlain(layout.size, to: &bytes)
            }
        } else {
            // Only the size is printed: the lines are not kept.
            LayoutReport.appendPlain(try measurer.size(text, settings: settings), to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
        try StandardStreams.write(bytes, to: StandardStreams.output)
    }

    /// The argument, or all of standard input without its final newline.
    private func textToMeasure() throws -> String {
        if let string { return string }
        if isatty(StandardStreams.input) != 0 {
            throw ToolError("No text given: pass it as an argument, or on standard input (see fitsize --help)")
        }
        // The final newline (two bytes at most) is not part of the text.
        let limit = PreparedText.maximumTextLength
        guard var bytes = try StandardStreams.readAll(StandardStreams.input, limit: limit + 2) else {
            throw ToolError.inputTooLong(limit: limit)
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.count > limit { throw ToolError.inputTooLong(limit: limit) }
        return try bytes.withUnsafeBufferPointer { buffer in
            switch UTF8Validation.decode(buffer) {
            case .success(let string): return string
            case .failure(let invalid): throw ToolError.invalidUTF8Input(byteOffset: invalid.byteOffset)
            }
        }
    }
}
