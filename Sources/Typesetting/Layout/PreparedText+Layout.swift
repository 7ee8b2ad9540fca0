import Foundation

extension PreparedText {
    /// Lays the text out in lines no wider than `width`.
    ///
    /// Lines are filled greedily, as UIKit does: each line takes as many segments (words
    /// with their trailing spaces) as fit; trailing whitespace hangs past the edge; hard
    /// breaks (`\n`, U+2028, U+2029, ...) end a line; a segment wider than a line breaks
    /// between grapheme clusters. See ``LineBreakMode`` for what happens on the last line.
    ///
    /// Each line is as tall as the tallest line height among the faces used on it; lines
    /// are `lineSpacing` apart. The reported size is ceiled to the pixel grid of `scale`
    /// (a 20.287 pt tall layout is 20.5 pt at scale 2).
    ///
    /// - Parameters:
    ///   - width: The available width in points, `>= 0`; `.infinity` for no limit.
    ///   - maxLines: The most lines to produce; 0 for no limit.
    ///   - lineBreakMode: How to wrap, and how to cut the last line when text remains.
    ///   - lineSpacing: Extra space between consecutive lines, `>= 0`.
    ///   - scale: The display scale whose pixel grid the size is ceiled to, `> 0`.
    /// - Throws: ``TypesettingError/invalidWidth(_:)``, ``TypesettingError/invalidMaxLines(_:)``,
    ///   ``TypesettingError/invalidLineSpacing(_:)``, ``TypesettingError/invalidScale(_:)``, or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)`` for a text longer than
    ///   ``PreparedText/maximumTextLength``.
    public func layout(
        width: CGFloat, maxLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat = 1
    ) throws -> TextLayout {
        if let styleSpans {
            return try filledAttributed(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode,
                                        lineSpacing: lineSpacing, scale: scale, spans: styleSpans)
        }
        return try filled(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
                   scale: scale, keepingLines: true) { filler in
            TextLayout(size: filler.size(scale: scale), lines: filler.lines, isTruncated: filler.isTruncated,
                       width: width, scale: scale, preparedText: self)
        }
    }

    /// The size ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)`` gives, without
    /// keeping the lines: for a caller that needs only the size (the command line tool's
    /// `W x H`), whose memory then does not grow with the number of lines. Throws what
    /// `layout` throws.
    public func size(
        width: CGFloat, maxLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat = 1
    ) throws -> CGSize {
        try metrics(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
                    scale: scale).size
    }

    /// The size, baselines and truncation ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)``
    /// gives, without keeping the lines: for a caller that needs only those (an intrinsic
    /// content size, a baseline offset). The same line filling, so the same numbers. Throws
    /// what `layout` throws.
    public func metrics(
        width: CGFloat, maxLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineSpacing: CGFloat = 0, scale: CGFloat = 1
    ) throws -> TextMetrics {
        if let styleSpans {
            return try filledAttributed(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode,
                                        lineSpacing: lineSpacing, scale: scale, spans: styleSpans).metrics
        }
        return try filled(width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing,
                   scale: scale, keepingLines: false) { filler in
            TextMetrics(size: filler.size(scale: scale), firstBaseline: CGFloat(filler.firstBaseline),
                        lastBaseline: CGFloat(filler.lastBaseline), isTruncated: filler.isTruncated)
        }
    }

    /// The arguments checked, the lines filled, and `result` of the filler (which is not
    /// returned itself: copying it out cost as much as filling a line).
    /// The layout of an attributed text, its arguments checked as plain text's are.
    private func filledAttributed(
        width: CGFloat, maxLines: Int, lineBreakMode: LineBreakMode, lineSpacing: CGFloat, scale: CGFloat,
        spans: StyleSpans
    ) throws -> TextLayout {
        try checkLayoutArguments(width: width, maxLines: maxLines, lineSpacing: lineSpacing, scale: scale)
        var filler = AttributedLineFiller(text: self, spans: spans, width: Double(width), maxLines: maxLines,
                                          mode: lineBreakMode, lineSpacing: Double(lineSpacing))
        filler.fill()
        return TextLayout(size: filler.size(scale: scale), lines: filler.lines, isTruncated: filler.isTruncated,
                          width: width, scale: scale, preparedText: self)
    }

    /// Throws the error for the first invalid layout argument, or for a text too long.
    @inline(__always)
    private func checkLayoutArguments(width: CGFloat, maxLines: Int, lineSpacing: CGFloat, scale: CGFloat) throws {
        guard !width.isNaN, width >= 0 else { throw TypesettingError.invalidWidth(width) }
        guard maxLines >= 0 else { throw TypesettingError.invalidMaxLines(maxLines) }
        guard lineSpacing.isFinite, lineSpacing >= 0 else { throw TypesettingError.invalidLineSpacing(lineSpacing) }
        guard scale.isFinite, scale > 0 else { throw TypesettingError.invalidScale(scale) }
        if rejectedByteCount > 0 {
            throw TypesettingError.textTooLong(byteCount: rejectedByteCount, limit: PreparedText.maximumTextLength)
        }
    }

    @inline(__always)
    private func filled<Result>(
        width: CGFloat, maxLines: Int, lineBreakMode: LineBreakMode, lineSpacing: CGFloat, scale: CGFloat,
        keepingLines: Bool, _ result: (borrowing LineFiller) -> Result
    ) throws -> Result {
        try checkLayoutArguments(width: width, maxLines: maxLines, lineSpacing: lineSpacing, scale: scale)
        var filler = LineFiller(text: self, width: Double(width), maxLines: maxLines, mode: lineBreakMode,
                                lineSpacing: Double(lineSpacing), keepsLines: keepingLines)
        filler.fill()
        return result(filler)
    }
}
