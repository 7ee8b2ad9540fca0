import ArgumentParser
import CellSizing
import Typesetting
import Foundation

/// `fitsize cells`: the heights of self-sizing cells described by a template, one per data
/// item, without writing Swift.
struct Cells: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Size cells from a declarative template: one height per data item.",
        discussion: """
            The template (JSON) lists views (label, button, textField, image, stack, view) \
            with their properties, and constraints written as Visual Format Language strings \
            ("H:|-[avatar(44)]-[name]-|") or as anchor equations \
            ("title.top == image.bottom + 8 @750"; 'cell' is the cell, 'superview' the other \
            view's superview). Texts may hold {field} placeholders, and image sizes and \
            "hidden" may be "{field}", filled from each line of the data file (JSON lines). \
            Each cell is sized like a UIKit self-sizing cell: its width pinned, its height the \
            fitting size. Every error in the template names its line and column. A text \
            control with a "textStyle" follows Dynamic Type: its font is sized for \
            --content-size-category (default large).

            Numbers must lie in documented ranges, in the template, the data and the \
            options alike: lengths (widths, spacings, insets, image sizes, metrics, \
            constraint constants) within \(NumberText.format(InputLimits.maximumLength)) points \
            either way, sizes and --width from 0 to \(NumberText.format(CellSizer<TemplateCellView>.maximumWidth)), \
            font sizes up to \(NumberText.format(TemplateParser.fontSizes.upperBound)), multipliers \
            within \(NumberText.format(InputLimits.maximumMultiplier)), scales up to \
            \(NumberText.format(InputLimits.maximumScale)). A data item outside a range, or whose cell's height comes out negative, gets \
            an error line and the others are sized as if it were not there. A template is a \
            regular file of at most \(TemplateLimits.maximumFileBytes) bytes with at most \
            \(TemplateLimits.maximumViews) views and \(TemplateLimits.maximumConstraintEntries) \
            constraint entries.

            Output: one JSON line per item, {"key": ..., "height": ...} (the key is the item's \
            --key field, else its line number), or {"key": ..., "line": N, "error": ...}. With \
            --output tsv, tab-separated lines for batch engines: key, width, height and \
            fingerprint (empty without --fingerprint) for a sized item, key, line and error for \
            one that failed; a field's %, +, tab, CR and LF are written %25, %2B, %09, %0D, %0A, \
            as a URL decoder reads them. A summary (count, total height, time) goes to \
            standard error.

            Examples/README.md describes the template format in full.

            EXAMPLES:
              fitsize cells --template Examples/feed/cell.json \\
                  --data Examples/feed/items.jsonl --width 375
              fitsize cells --template cell.json --width 320 --render cell.png < items.jsonl
              fitsize cells --template cell.json --width 375 \\
                  --content-size-category accessibilityLarge < items.jsonl
            """)

    @Option(name: .long, help: ArgumentHelp("The cell template (JSON).", valueName: "file"))
    var template: String

    @Option(name: .long, help: ArgumentHelp("The items, one JSON object per line (default: standard input).", valueName: "file"))
    var data: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The cell width in points, or several separated by commas (320,375,414): one result per item and width, each item's text prepared once.",
        valueName: "points"))
    var width: WidthList

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The display scale: sizes are rounded up to its pixel grid (2 gives half points).", valueName: "factor"))
    var scale: Double = 1

    @Option(name: .long, help: ArgumentHelp("The item field printed as each result's key.", valueName: "field"))
    var key = "id"

    @Option(name: .long, help: ArgumentHelp("Draw the first item's cell, sized, with every view's frame, into this PNG file.", valueName: "file.png"))
    var render: String?

    @Option(name: .customLong("render-scale"), parsing: .unconditional, help: ArgumentHelp("Pixels per point in the --render image.", valueName: "factor"))
    var renderScale: Double = 2

    @Option(name: .customLong("content-size-category"), help: ArgumentHelp(
        "The reader's text size, which the text controls with a \"textStyle\" follow: extraSmall, small, medium, large (default), extraLarge, extraExtraLarge, extraExtraExtraLarge, accessibilityMedium ... accessibilityExtraExtraExtraLarge.",
        valueName: "category"))
    var contentSizeCategory: ContentSizeCategory = .large

    @Flag(name: .customLong("system-fonts"), help: ArgumentHelp(
        "Draw characters the template's fonts lack with the machine's fonts (default: .notdef, so every machine gives the same heights)."))
    var systemFonts = false

    @Option(name: .customLong("cache-key"), help: ArgumentHelp(
        "An item field whose equal values mean equal heights: such items are measured once (default: none, every item is measured).",
        valueName: "field"))
    var cacheKey: String?

    @Option(name: .customLong("cache-size"), parsing: .unconditional, help: ArgumentHelp(
        "The most heights --cache-key keeps; the least recently used is forgotten first.", valueName: "count"))
    var cacheSize: Int?

    /// The most widths one run sizes each item at.
    static let maximumWidthCount = 64

    /// The largest `--cache-size`: about 5 GB of heights and keys.
    static let maximumCacheSize = 100_000_000

    @Option(name: .long, help: ArgumentHelp(
        "The result lines' format: json (default) or tsv (tab-separated key, width, height, fingerprint; key, line, error for an item that failed).",
        valueName: "format"))
    var output = CellsOutputFormat.json

    @Flag(name: .long, help: "Add the fingerprint of the template's font files to every result line (the summary always has it).")
    var fingerprint = false

    mutating func validate() throws {
        if let cacheSize {
            guard cacheKey != nil else { throw ValidationError("--cache-size applies only with --cache-key") }
            guard (1...Self.maximumCacheSize).contains(cacheSize) else {
                throw ValidationError("--cache-size must be a number of heights from 1 to \(Self.maximumCacheSize), got \(cacheSize)")
            }
        }
        let widest = CellSizer<TemplateCellView>.maximumWidth
        for width in width.values {
            guard width.isFinite, width >= 0, width <= widest else {
                throw ValidationError("--width must be a number of points from 0 to \(NumberText.format(widest)), got \(NumberText.format(width))")
            }
        }
        guard Set(width.values).count == width.values.count else {
            throw ValidationError("--width lists a width twice: \(width.values.map { NumberText.format($0) }.joined(separator: ","))")
        }
        guard width.values.count <= Self.maximumWidthCount else {
            throw ValidationError("--width lists \(width.values.count) widths; the most is \(Self.maximumWidthCount)")
        }
        let most = NumberText.format(InputLimits.maximumScale)
        guard scale.isFinite, scale > 0, scale <= InputLimits.maximumScale else {
            throw ValidationError("--scale must be a number greater than 0 and at most \(most), got \(NumberText.format(scale))")
        }
        guard renderScale.isFinite, renderScale > 0, renderScale <= InputLimits.maximumScale else {
            throw ValidationError("--render-scale must be a number greater than 0 and at most \(most), got \(NumberText.format(renderScale))")
        }
    }

    func run() throws {
        let started = DispatchTime.now()
        LayoutProblems.shared.install()
        let parsed = try TemplateParser.parse(path: template, systemFonts: systemFonts)
        // Hashing the font files reads megabytes: done beside the sizing, not before it.
        let fonts = BackgroundResult { [cascades = parsed.fontCascades] in try FontFingerprint(cascades: cascades) }
        let reader = CellDataReader(template: parsed, keyField: key, cacheKey: cacheKey)
        let input: Int32
        if let data {
            input = open(data, O_RDONLY)
            guard input >= 0 else {
                throw ToolError.unreadableFile(data, what: "data file", reason: String(cString: strerror(errno)))
            }
        } else {
            guard isatty(StandardStreams.input) == 0 else {
                throw ToolError("No data: give --data FILE, or pipe the items (one JSON object per line) on standard input")
            }
            input = StandardStreams.input
        }
        defer { if input != StandardStreams.input { close(input) } }
        // The first lines are read and parsed while the template is built and checked, so that
        // the cores have items to size as soon as the check is done.
        let blocks = ItemPrefetcher(descriptor: input, reader: reader)
        defer { blocks.stop() }
        var runner = CellsRunner(
            builder: CellBuilder(template: parsed, scale: scale, contentSizeCategory: contentSizeCategory), reader: reader, widths: width.values,
            cacheSize: cacheSize ?? CellsRunner.defaultCacheSize)
        try runner.checkTemplate()
        if fingerprint { runner.fingerprint = try fonts.get().value }
        runner.format = output
        let summary = try runner.run(blocks: blocks, output: StandardStreams.output)

        let fontsValue = try fonts.get().value
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        StandardStreams.writeError(
            "fitsize cells: \(summary.items) items, \(summary.failed) failed, total height "
                + "\(NumberText.format(summary.totalHeight)) pt, \(String(format: "%.3f", seconds)) s, fonts \(fontsValue)\n")
        if let render {
            guard let first = summary.firstItem else {
                throw ToolError("--render needs at least one item that could be sized")
            }
            try CellRenderer(builder: runner.builder, width: width.values[0], scale: renderScale)
                .writePNG(item: first.item, height: first.height, to: render)
        }
        if summary.failed > 0 { throw ExitCode.failure }
    }
}
