import CHarfBuzz
import Foundation

extension PreparedText {
    /// Shapes a laid-out line's visible text (and its ellipsis) for drawing: runs in
    /// visual order (UAX #9 rule L2 over the runs' bidi levels), glyph positions from the
    /// line's left end.
    func glyphRuns(for line: TextLayout.Line) -> [GlyphRun] {
        struct Piece {
            var range: Range<Int>
            var face: FaceHandle
            var level: UInt8
            var script: hb_script_t
            var isEllipsis: Bool
        }
        let start = line.utf16Range.lowerBound
        var visibleEnd = line.utf16Range.upperBound
        while visibleEnd > start && flags[visibleEnd - 1] & Flag.hangs != 0 { visibleEnd -= 1 }
        var visible: [Range<Int>] = []
        if let elided = line.elidedUTF16Range, line.ellipsis != nil {
            if elided.lowerBound > start { visible.append(start..<min(elided.lowerBound, visibleEnd)) }
            if elided.upperBound < visibleEnd { visible.append(max(elided.upperBound, start)..<visibleEnd) }
        } else {
            visible.append(start..<visibleEnd)
        }
        var runCursor = 0
        // One run is its paragraph's level; else the paragraph's lowest level.
        let baseLevel = runs.count == 1 ? runs.packed[0].level
            : paragraphLevel(over: paragraphRange(containing: start), cursor: &runCursor)
        // The truncated line's first character picks an attributed text's ellipsis font.
        let drawnEllipsis = ellipsis(spanAt: min(start, line.elidedUTF16Range?.lowerBound ?? start))
        var pieces: [Piece] = []
        func appendEllipsis(level: UInt8) {
            pieces.append(Piece(range: 0..<1, face: drawnEllipsis.face, level: level & 1 == 1 ? level : baseLevel,
                                script: HB_SCRIPT_COMMON, isEllipsis: true))
        }
        if line.ellipsis == .head { appendEllipsis(level: baseLevel) }
        for (index, range) in visible.enumerated() where !range.isEmpty {
            if index == 1 && line.ellipsis == .middle { appendEllipsis(level: pieces.last?.level ?? baseLevel) }
            for run in runs where run.end > range.lowerBound && run.start < range.upperBound {
                pieces.append(Piece(range: max(run.start, range.lowerBound)..<min(run.end, range.upperBound),
                                    face: run.face, level: run.level, script: run.script, isEllipsis: false))
            }
        }
        if line.ellipsis == .middle && visible.count < 2 || line.ellipsis == .tail {
            appendEllipsis(level: pieces.last?.level ?? baseLevel)
        }

        // Rule L2: from the highest level down to the lowest odd level, reverse every
        // maximal sequence of pieces at that level or higher.
        var order = Array(pieces.indices)
        if let highest = pieces.map(\.level).max(), let lowestOdd = pieces.map(\.level).filter({ $0 & 1 == 1 }).min() {
            var level = highest
            while level >= lowestOdd {
                var index = 0
                while index < order.count {
                    guard pieces[order[index]].level >= level else { index += 1; continue }
                    var end = index
                    while end < order.count && pieces[order[end]].level >= level { end += 1 }
                    order[index..<end].reverse()
                    index = end
                }
                if level == 0 { break }
                level -= 1
            }
        }

        let scratch = ThreadScratch.current.shaping
        let size = Double(pointSize)
        let ellipsisText: [UInt16] = [0x2026]
        var pen = 0.0
        var result: [GlyphRun] = []
        for index in order {
            let piece = pieces[index]
            // An attributed text's piece is drawn with its span's size, features, kern and
            // baseline offset; an attachment is a box, which only moves the pen.
            let span = piece.isEllipsis ? nil : styleSpans.map { $0.spans[$0.spanIndex(containing: piece.range.lowerBound)] }
            let runStart = pen
            if let attachment = span?.attachment {
                pen += prefix[piece.range.upperBound] - prefix[piece.range.lowerBound]
                result.append(GlyphRun(typeface: piece.face.typeface, pointSize: CGFloat(span?.size ?? size), glyphs: [],
                                       positions: [], advances: [], utf16Range: piece.range,
                                       isRightToLeft: piece.level & 1 == 1, originX: CGFloat(runStart),
                                       width: CGFloat(pen - runStart), baselineOffset: CGFloat(span?.baselineOffset ?? 0),
                                       attachment: attachment))
                continue
            }
            let pieceSize = piece.isEllipsis ? drawnEllipsis.size : span?.size ?? size
            let pieceFeatures = piece.isEllipsis ? drawnEllipsis.features : span?.features ?? features
            let spacing = piece.isEllipsis ? CGFloat(drawnEllipsis.spacing) : span.map { CGFloat($0.kern) } ?? letterSpacing
            let rise = span?.baselineOffset ?? 0
            let scale = pieceSize / Double(piece.face.unitsPerEm)
            var glyphs: [UInt32] = []
            var positions: [CGPoint] = []
            var advances: [CGFloat] = []
            let collect: (ShapedGlyph) -> Void = { glyph in
                glyphs.append(glyph.glyph)
                positions.append(CGPoint(x: pen + Double(glyph.xOffset) * scale, y: Double(glyph.yOffset) * scale + rise))
                var advance = Double(glyph.advance) * scale
                if spacing != 0, piece.isEllipsis || self.flags[glyph.cluster] & Flag.graphemeStart != 0 {
                    advance += Double(spacing)
                }
                advances.append(CGFloat(advance))
                pen += advance
            }
            if piece.isEllipsis {
                ellipsisText.withUnsafeBufferPointer { buffer in
                    Shaper.shape(buffer, range: 0..<1, font: piece.face.hbFont, rightToLeft: false,
                                 script: piece.script, features: pieceFeatures, scratch: scratch, collect)
                }
            } else {
                Shaper.shape(utf16, range: piece.range, font: piece.face.hbFont, rightToLeft: piece.level & 1 == 1,
                             script: piece.script, features: pieceFeatures, scratch: scratch, collect)
            }
            let range: Range<Int> = piece.isEllipsis
                ? (line.elidedUTF16Range?.lowerBound ?? start)..<(line.elidedUTF16Range?.lowerBound ?? start)
                : piece.range
            result.append(GlyphRun(typeface: piece.face.typeface, pointSize: CGFloat(pieceSize), glyphs: glyphs,
                                   positions: positions, advances: advances, utf16Range: range,
                                   isRightToLeft: piece.level & 1 == 1, originX: CGFloat(runStart),
                                   width: CGFloat(pen - runStart), baselineOffset: CGFloat(rise), attachment: nil))
        }
        return result
    }
}
