import Foundation

/// The line filling of an attributed text: lines found by the plain text's searches
/// (``LineFinder``) at each line's own width (indents narrow it), then sized by UIKit's
/// line rules (see the catalogue's "Attributed text" article).
struct AttributedLineFiller {
    let text: PreparedText
    let spans: StyleSpans
    let width: Double
    let maxLines: Int
    let mode: LineBreakMode
    /// The layout call's line spacing, added to each paragraph style's.
    let extraLineSpacing: Double
    var lines: [TextLayout.Line] = []
    var isTruncated = false
    var widest = 0.0
    /// The bottom of the last line placed.
    var bottom = 0.0
    /// Where the next line's string indices are counted from.
    var known = PreparedText.TextPosition(utf16: 0, utf8: 0)
    /// The run where the last line's metrics search started.
    var runCursor = 0
    /// The run where the last paragraph's direction search started.
    var directionCursor = 0
    /// The span of the run at `runCursor`.
    var spanCursor = 0
    /// In a layout of unlimited width, the lines whose place depends on the width (right to
    /// left, centred, right-aligned), placed once the widest line is known.
    var unplaced: [(line: Int, style: ParagraphStyle, isFirst: Bool, rightToLeft: Bool)] = []

    /// A line found but not yet placed (push-out may still move its start or end).
    struct FoundLine {
        var start: Int
        var end: Int
        var contentEnd: Int
        var startSegment: Int
        var nextSegment: Int
        var isFirstOfParagraph: Bool
    }

    var segments: LineSegments { text.segments }

    init(text: PreparedText, spans: StyleSpans, width: Double, maxLines: Int, mode: LineBreakMode, lineSpacing: Double) {
        self.text = text
        self.spans = spans
        self.width = width
        self.maxLines = maxLines
        self.mode = mode
        extraLineSpacing = lineSpacing
    }

    /// The plain text's searches for lines `available` points wide.
    func finder(_ available: Double) -> LineFinder {
        LineFinder(text: text, segments: text.segments, prefix: text.prefix, flags: text.flags,
                   count: text.utf16.count, width: available, mode: mode)
    }

    mutating func fill() {
        guard !segments.isEmpty else { return }
        // Room for the usual case in one allocation, as the plain filler reserves it.
        let count = text.utf16.count
        let estimate = width > 0 && width.isFinite ? Int(min(text.prefix[count] / width, 1e6)) * 5 / 4 + 2 : 2
        lines.reserveCapacity(maxLines > 0 ? min(maxLines, estimate) : estimate)
        var found: [FoundLine] = []
        found.reserveCapacity(estimate)
        var segment = 0
        var start = 0
        var previousStyle: ParagraphStyle?
        defer { placeUnplacedLines() }
        while segment < segments.count {
            let style = spans.paragraphStyle(at: start)
            let paragraphStart = start
            found.removeAll(keepingCapacity: true)
            var paragraphEnded = false
            repeat {
                let available = style.lineBox(isFirst: found.isEmpty, width: width).available
                let finder = finder(available)
                let line = mode == .byCharWrapping || style.lineBreakMode == .byCharWrapping
                    ? finder.nextLineByCharacters(from: start, segment: segment)
                    : finder.nextLineByWords(from: start, segment: segment)
                found.append(FoundLine(start: start, end: line.end, contentEnd: line.contentEnd, startSegment: segment,
                                       nextSegment: line.nextSegment, isFirstOfParagraph: found.isEmpty))
                start = line.end
                segment = line.nextSegment
                paragraphEnded = segment >= segments.count
                    || (segment > 0 && segments.isHard(segment - 1) && start == segments.end(segment - 1))
            } while !paragraphEnded
            if style.lineBreakStrategy.contains(.pushOut)
                && (style.lineBreakMode == .byWordWrapping || style.lineBreakMode == .byCharWrapping) {
                pushOut(&found, style: style)
            }
            let rightToLeft = text.paragraphLevel(over: paragraphStart..<start, cursor: &directionCursor) & 1 == 1
            for (index, line) in found.enumerated() {
                if maxLines > 0 && lines.count == maxLines {
                    isTruncated = true
                    return
                }
                var gap = 0.0
                if !lines.isEmpty, let previousStyle {
                    gap = Double(previousStyle.lineSpacing) + extraLineSpacing
                    if index == 0 { gap += Double(previousStyle.paragraphSpacing + style.paragraphSpacingBefore) }
                }
                let isLastAllowed = maxLines > 0 && lines.count == maxLines - 1
                let textRemains = index < found.count - 1 || segment < segments.count
                if isLastAllowed && textRemains {
                    place(truncating: line, style: style, rightToLeft: rightToLeft, gap: gap)
                    isTruncated = true
                    return
                }
                place(line, style: style, rightToLeft: rightToLeft, gap: gap)
                previousStyle = style
            }
        }
    }

    /// Push-out: when a paragraph's last line holds one word and the line before it two or
    /// more, that line's last word moves down if the two fit on the last line.
    func pushOut(_ found: inout [FoundLine], style: ParagraphStyle) {
        guard found.count >= 2 else { return }
        let last = found[found.count - 1]
        let previous = found[found.count - 2]
        guard last.start == segments.start(last.startSegment), last.nextSegment == last.startSegment + 1,
              previous.start == segments.start(previous.startSegment), previous.end == last.start,
              last.startSegment - previous.startSegment >= 2 else { return }
        let moved = last.startSegment - 1
        let newStart = segments.start(moved)
        let available = style.lineBox(isFirst: false, width: width).available
        guard finder(available).fits(newStart, max(newStart, last.contentEnd)) else { return }
        found[found.count - 2].end = newStart
        found[found.count - 2].contentEnd = max(previous.start, segments.contentEnd(moved - 1))
        found[found.count - 2].nextSegment = moved
        found[found.count - 1].start = newStart
        found[found.count - 1].startSegment = moved
    }

    /// The tallest ascent and descent (leading included) among the runs overlapping
    /// `range`, each at its span's size and raised by its baseline offset; attachments by
    /// their bounds. Also the faces used, as a mask.
    mutating func metrics(covering range: Range<Int>) -> (ascent: Double, descent: Double, faceMask: UInt64) {
        let runs = text.runs
        var ascent = 0.0
        var descent = 0.0
        var faceMask: UInt64 = 0
        var index = runCursor
        while index + 1 < runs.count && runs.end(index) <= range.lowerBound { index += 1 }
        runCursor = index
        // Spans, like runs, are in order: the span of each run is found by stepping on from
        // the last line's, not by a search per run.
        let all = spans.spans
        var spanIndex = spanCursor
        while index < runs.count && runs.start(index) < max(range.upperBound, range.lowerBound + 1) {
            let run = runs[index]
            while spanIndex + 1 < all.count && all[spanIndex + 1].start <= run.start { spanIndex += 1 }
            if index == runCursor { spanCursor = spanIndex }
            let rise = all[spanIndex].baselineOffset
            let piece = max(run.start, range.lowerBound)..<min(run.end, range.upperBound)
            if let attachment = all[spanIndex].attachment, piece.contains(where: { text.utf16[$0] == 0xFFFC }) {
                ascent = max(ascent, attachment.ascent + rise)
                descent = max(descent, attachment.descent - rise)
            } else {
                let scale = all[spanIndex].size / Double(run.face.unitsPerEm)
                let faceAscent = Double(run.face.ascenderUnits) * scale
                let faceHeight = Double(run.face.lineHeightUnits) * scale
                ascent = max(ascent, faceAscent + rise)
                descent = max(descent, faceHeight - faceAscent - rise)
            }
            faceMask |= 1 << UInt64(min(run.faceIndex, 63))
            index += 1
        }
        return (ascent, descent, faceMask)
    }

    /// Places a line below the last, `gap` points under it.
    mutating func place(_ line: FoundLine, style: ParagraphStyle, rightToLeft: Bool, gap: Double) {
        let lineWidth = max(0, finder(.infinity).measure(line.start, max(line.start, line.contentEnd)))
        append(line, style: style, rightToLeft: rightToLeft, gap: gap, lineWidth: lineWidth, cut: nil)
    }

    /// Places the last allowed line when text remains: in a clipping or truncating mode, the
    /// rest of its paragraph clipped or cut around an ellipsis by the plain text's rule
    /// (``LastLineCut``) at the line's own width, the ellipsis in the font of the span the
    /// line starts in; else the line as found, the rest dropped.
    mutating func place(truncating line: FoundLine, style: ParagraphStyle, rightToLeft: Bool, gap: Double) {
        guard mode != .byWordWrapping && mode != .byCharWrapping else {
            place(line, style: style, rightToLeft: rightToLeft, gap: gap)
            return
        }
        let available = style.lineBox(isFirst: line.isFirstOfParagraph, width: width).available
        let ellipsis = text.ellipsis(spanAt: line.start)
        let cut = finder(available).lastLineCut(from: line.start, segment: line.startSegment,
                                                ellipsisWidth: ellipsis.width)
        var shown = line
        shown.start = cut.start
        shown.end = cut.end
        shown.contentEnd = cut.contentEnd
        shown.startSegment = cut.startSegment
        append(shown, style: style, rightToLeft: rightToLeft, gap: gap, lineWidth: cut.width, cut: (cut, ellipsis))
    }

    private mutating func append(
        _ line: FoundLine, style: ParagraphStyle, rightToLeft: Bool, gap: Double, lineWidth: Double,
        cut: (shape: LastLineCut, ellipsis: PreparedText.Ellipsis)?
    ) {
        var (ascent, descent, faceMask) = metrics(covering: line.start..<max(line.end, line.start))
        if ascent + descent == 0 { (ascent, descent) = emptyLineMetrics(at: line.start) }
        if let cut, cut.shape.ellipsis != nil {
            let drawn = cut.ellipsis
            faceMask |= drawn.faceMask
            ascent = max(ascent, drawn.ascender)
            descent = max(descent, drawn.lineHeight - drawn.ascender)
        }
        let height = style.lineHeight(natural: ascent + descent)
        let top = lines.isEmpty ? 0 : bottom + gap
        let box = style.lineBox(isFirst: line.isFirstOfParagraph, width: width)
        var minX = box.head
        if width.isFinite {
            minX = style.lineMinX(in: box, lineWidth: lineWidth, width: width, rightToLeft: rightToLeft)
        } else if style.placementNeedsWidth(rightToLeft: rightToLeft) {
            unplaced.append((lines.count, style, line.isFirstOfParagraph, rightToLeft))
        }
        let startIndex = text.stringIndex(line.start, from: &known)
        let endIndex = text.stringIndex(line.end, from: &known)
        var elidedRange: Range<String.Index>?
        if let elided = cut?.shape.elided {
            var position = known
            let lower = text.stringIndex(elided.lowerBound, from: &position)
            let upper = text.stringIndex(elided.upperBound, from: &position)
            elidedRange = lower..<max(lower, upper)
        }
        lines.append(TextLayout.Line(
            range: startIndex..<max(startIndex, endIndex), utf16Range: line.start..<max(line.start, line.end),
            width: CGFloat(lineWidth), minY: CGFloat(top), height: CGFloat(height),
            baseline: CGFloat(top + height - descent), elidedRange: elidedRange, elidedUTF16Range: cut?.shape.elided,
            ellipsis: cut?.shape.ellipsis, isClipped: cut?.shape.isClipped ?? false, faceMask: faceMask,
            minX: CGFloat(minX)))
        bottom = top + height
        widest = max(widest, box.head + lineWidth)
    }

    /// Places the lines of an unlimited layout that wait for its width: as in a layout as
    /// wide as its widest line with its head indent, tail indents of 0 or less leaving no
    /// room at the trailing side.
    mutating func placeUnplacedLines() {
        for (index, style, isFirst, rightToLeft) in unplaced {
            var within = style
            within.tailIndent = max(0, style.tailIndent)
            lines[index].minX = CGFloat(within.lineMinX(isFirst: isFirst, lineWidth: Double(lines[index].width),
                                                         width: widest, rightToLeft: rightToLeft))
        }
    }

    /// The ascent and descent of the span's primary face at `offset`, for a line with no runs.
    func emptyLineMetrics(at offset: Int) -> (ascent: Double, descent: Double) {
        let span = spans.spans[spans.spanIndex(containing: offset)]
        let metrics = PreparedText.lineMetrics(span.font.cascade.primaryFace, size: span.size)
        return (metrics.ascender, metrics.lineHeight - metrics.ascender)
    }

    /// The lines' bounding size ceiled to the pixel grid of `scale`.
    func size(scale: CGFloat) -> CGSize {
        CGSize(width: PixelGrid.ceil(widest, scale: Double(scale)), height: PixelGrid.ceil(bottom, scale: Double(scale)))
    }
}
