import Foundation

/// The greedy line filling of one layout call: arithmetic over the prepared text's
/// running widths, reshaping only at unsafe line edges.
struct LineFiller {
    /// The searches, over what the layout call reads. Kept apart from the filling's state
    /// because a method of a struct called from one of its mutating methods works on a
    /// copy of it, which for the whole filler was a copy per line.
    let finder: LineFinder
    let maxLines: Int
    let lineSpacing: Double
    /// Whether the lines are kept, or only counted and measured (for ``PreparedText/size(width:maxLines:lineBreakMode:lineSpacing:scale:)``).
    let keepsLines: Bool
    var lines: [TextLayout.Line] = []
    var lineCount = 0
    /// Where the last line kept ended, for finding the next line's string indices.
    var indexBase = PreparedText.TextPosition(utf16: 0, utf8: 0)
    /// The string index of `indexBase`.
    var baseIndex: String.Index
    /// The run where the last line's faces were looked for, and the last face met with its
    /// line height, ascender and face-mask bit.
    var runCursor = 0
    var lastFace: (typeface: UnsafeMutableRawPointer?, lineHeight: Double, ascender: Double, bit: UInt64) = (nil, 0, 0, 0)
    var isTruncated = false
    /// Where the next line's box starts, and the widest line so far.
    var nextLineTop = 0.0
    var widest = 0.0
    /// The first and last lines' baselines from the top (0 without lines), kept also when the
    /// lines are not: the same sums as the lines' own.
    var firstBaseline = 0.0
    var lastBaseline = 0.0

    var text: PreparedText { finder.text }
    var segments: LineSegments { finder.segments }
    var prefix: UnsafeBufferPointer<Double> { finder.prefix }
    var flags: UnsafeBufferPointer<UInt8> { finder.flags }
    var count: Int { finder.count }
    var width: Double { finder.width }
    var mode: LineBreakMode { finder.mode }

    init(text: PreparedText, width: Double, maxLines: Int, mode: LineBreakMode, lineSpacing: Double, keepsLines: Bool) {
        self.lineSpacing = lineSpacing
        self.keepsLines = keepsLines
        finder = LineFinder(text: text, segments: text.segments, prefix: text.prefix, flags: text.flags,
                            count: text.utf16.count, width: width, mode: mode)
        self.maxLines = maxLines
        baseIndex = text.text.startIndex
    }

    mutating func fill() {
        guard !segments.isEmpty else { return }
        // Enough for the usual case in one allocation: the text's width over the line's,
        // plus slack for ragged ends.
        let estimate = width > 0 && width.isFinite ? Int(min(prefix[count] / width, 1e6)) * 5 / 4 + 2 : 2
        if keepsLines { lines.reserveCapacity(maxLines > 0 ? min(maxLines, estimate) : estimate) }
        var segment = 0
        var start = 0
        while segment < segments.count {
            if maxLines > 0 && lineCount == maxLines {
                isTruncated = true
                return
            }
            let isLastAllowed = maxLines > 0 && lineCount == maxLines - 1
            let line = mode == .byCharWrapping
                ? finder.nextLineByCharacters(from: start, segment: segment)
                : finder.nextLineByWords(from: start, segment: segment)
            let reachesEnd = line.end >= count
            if isLastAllowed && !reachesEnd && mode != .byWordWrapping && mode != .byCharWrapping {
                truncateLastLine(from: start, segment: segment)
                isTruncated = true
                return
            }
            // The line ends in the segment before the next line's, unless it broke inside it.
            let endSegment = line.nextSegment > 0 && line.end <= segments.end(line.nextSegment - 1)
                ? line.nextSegment - 1 : min(line.nextSegment, segments.count - 1)
            appendLine(start: start, startSegment: segment, end: line.end, contentEnd: line.contentEnd,
                       endSegment: endSegment)
            start = line.end
            segment = line.nextSegment
            if isLastAllowed && !reachesEnd {
                isTruncated = true
                return
            }
        }
    }


    /// The last allowed line in a clipping or truncating mode: the rest of the paragraph,
    /// clipped or with an ellipsis.
    private mutating func truncateLastLine(from start: Int, segment first: Int) {
        let cut = finder.lastLineCut(from: start, segment: first, ellipsisWidth: text.ellipsis.width)
        appendLine(start: cut.start, startSegment: cut.startSegment, end: cut.end, contentEnd: cut.contentEnd,
                   clipped: cut.isClipped, elided: cut.elided, ellipsis: cut.ellipsis, knownWidth: cut.width)
    }

    /// The tallest line height among the faces of the runs that overlap `range`, that face's
    /// ascender (the first such run's, on a tie), and the faces used (bit i for face i;
    /// faces past 63 share bit 63). Lines move forward through the runs, so the run where
    /// the last line's search ended is where this one starts, and the last face's metrics
    /// are kept.
    private mutating func lineMetrics(covering range: Range<Int>) -> (lineHeight: Double, ascender: Double, faceMask: UInt64) {
        var lineHeight = 0.0
        var ascender = 0.0
        var faceMask: UInt64 = 0
        let runs = text.runs
        guard !range.isEmpty, !runs.isEmpty else { return (lineHeight, ascender, faceMask) }
        if runs.count == 1, lastFace.typeface != nil { return (lastFace.lineHeight, lastFace.ascender, lastFace.bit) }
        while runCursor > 0 && runs.start(runCursor) > range.lowerBound { runCursor -= 1 }
        while runCursor + 1 < runs.count && runs.end(runCursor) <= range.lowerBound { runCursor += 1 }
        var index = runCursor
        while index < runs.count && runs.start(index) < range.upperBound {
            let faceIndex = Int(runs.packed[index].face)
            index += 1
            let face = runs.faces[faceIndex]
            if face.object.toOpaque() != lastFace.typeface {
                let metrics = PreparedText.lineMetrics(face, size: Double(text.pointSize))
                lastFace = (face.object.toOpaque(), metrics.lineHeight, metrics.ascender,
                            1 << UInt64(min(faceIndex, 63)))
            }
            let last = lastFace
            faceMask |= last.bit
            if last.lineHeight > lineHeight { (lineHeight, ascender) = (last.lineHeight, last.ascender) }
        }
        return (lineHeight, ascender, faceMask)
    }

    /// Appends a line; its width, height and faces come from the prepared text.
    private mutating func appendLine(
        start: Int, startSegment: Int, end: Int, contentEnd: Int, endSegment knownEndSegment: Int? = nil,
        clipped: Bool = false,
        elided: Range<Int>? = nil, ellipsis: TextLayout.EllipsisPosition? = nil, knownWidth: Double? = nil
    ) {
        let visibleEnd = max(contentEnd, start)
        let endSegment = knownEndSegment ?? segments.index(containing: max(start, end - 1), from: startSegment)
        // A line is as tall as the faces of the whole segments it touches.
        var (lineHeight, ascender, faceMask) = lineMetrics(
            covering: segments.start(startSegment)..<segments.end(max(startSegment, endSegment)))
        if ellipsis != nil {
            let drawn = text.ellipsis
            faceMask |= drawn.faceMask
            if drawn.lineHeight > lineHeight { (lineHeight, ascender) = (drawn.lineHeight, drawn.ascender) }
        }
        // A truncated or clipped line comes measured from its cut; trailing whitespace hangs,
        // and negative letter spacing never makes a line narrower than nothing.
        let width = knownWidth ?? max(0, finder.measure(start, visibleEnd))
        if lineHeight == 0 { (lineHeight, ascender) = text.emptyLineMetrics }
        lineCount += 1
        lastBaseline = nextLineTop + ascender
        if lineCount == 1 { firstBaseline = lastBaseline }
        if keepsLines {
            // Every offset of a line is at or after where the previous line ended.
            let lineBase = indexBase
            var position = lineBase
            var elidedRange: Range<String.Index>?
            if let elided {
                let lower = text.stringIndex(elided.lowerBound, from: &position)
                let upper = text.stringIndex(elided.upperBound, from: &position)
                elidedRange = lower..<max(lower, upper)
            }
            position = lineBase
            // A line usually starts where the last one ended.
            let startIndex = start == lineBase.utf16 ? baseIndex : text.stringIndex(start, from: &position)
            let endIndex = text.stringIndex(end, from: &position, segment: endSegment)
            if position.utf16 == end {
                indexBase = position
                baseIndex = endIndex
            }
            lines.append(TextLayout.Line(
                range: startIndex..<max(startIndex, endIndex), utf16Range: start..<max(start, end),
                width: CGFloat(width), minY: CGFloat(nextLineTop), height: CGFloat(lineHeight),
                baseline: CGFloat(nextLineTop + ascender),
                elidedRange: elidedRange, elidedUTF16Range: elided, ellipsis: ellipsis, isClipped: clipped,
                faceMask: faceMask))
        }
        nextLineTop += lineHeight + lineSpacing
        widest = max(widest, width)
    }

    /// The lines' bounding size ceiled to the pixel grid of `scale`.
    func size(scale: CGFloat) -> CGSize {
        let height = lineCount == 0 ? 0 : nextLineTop - lineSpacing
        return CGSize(width: PixelGrid.ceil(widest, scale: Double(scale)), height: PixelGrid.ceil(height, scale: Double(scale)))
    }
}
