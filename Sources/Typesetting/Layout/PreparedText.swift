import CHarfBuzz
import Foundation
import Synchronization

/// Text itemised, shaped and segmented once, ready to be laid out at any number of widths.
///
/// Preparing does the expensive work: grapheme clusters and line break opportunities
/// from ICU, bidi levels, the font for each cluster, and HarfBuzz shaping (through the
/// shared ``SegmentWidthCache``, so words seen before are not shaped again). What is kept
/// is a running sum of advances per UTF-16 position, so ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)``
/// is arithmetic over prepared widths. Only a line that starts or ends where HarfBuzz
/// marks a break unsafe (a ligature, a kerning pair or Arabic joining across it) is
/// shaped again on its own, so such lines are measured exactly.
///
/// A prepared text is immutable and may be laid out from many threads at once.
public final class PreparedText: Sendable {
    /// The text as given.
    public let text: String
    /// The font it is measured with.
    public let font: Font
    /// Extra space after every grapheme cluster, in points (UIKit's `.kern`).
    public let letterSpacing: CGFloat

    let utf16: [UInt16]
    /// `prefix[i]` is the width in points of `utf16[0..<i]` as shaped in context.
    let prefix: [Double]
    /// Per UTF-16 position (and one past the end), the `Flag` bits.
    let flags: [UInt8]
    let runs: [TextRun]
    let segments: [LineSegment]
    /// `segmentStarts[i]` is the string index where segment `i` starts; the last element
    /// is `text.endIndex`.
    let segmentStarts: [String.Index]
    /// The faces used, in first-use order; segment masks index into this.
    let faces: [Typeface]
    let features: FeatureSet
    let ellipsis: Ellipsis
    /// Line height and ascender of the primary face, for lines with no text.
    let emptyLineHeight: Double
    let emptyLineAscender: Double
    /// Exact widths of ranges with an unsafe edge, shaped on demand.
    private let exactWidths = Mutex<[Int: Double]>([:])

    enum Flag {
        static let graphemeStart: UInt8 = 1
        static let unsafeToBreak: UInt8 = 2
        static let hangs: UInt8 = 4
    }

    /// The ellipsis "…" as the cascade draws it.
    struct Ellipsis {
        var width: Double
        var lineHeight: Double
        var ascender: Double
        var faceMask: UInt64
        var typeface: Typeface
    }

    /// Prepares `text` for layout with `font`.
    public convenience init(_ text: String, font: Font) {
        self.init(validated: text, font: font, letterSpacing: 0)
    }

    /// Prepares `text` with extra space after every grapheme cluster (ligatures are turned
    /// off, since their letters cannot be spread apart).
    /// - Throws: ``TypesettingError/invalidLetterSpacing(_:)`` when it is not finite.
    public convenience init(_ text: String, font: Font, letterSpacing: CGFloat) throws {
        guard letterSpacing.isFinite else { throw TypesettingError.invalidLetterSpacing(letterSpacing) }
        self.init(validated: text, font: font, letterSpacing: letterSpacing)
    }

    /// Prepares UTF-8 bytes, rejecting invalid UTF-8 instead of repairing it.
    /// - Throws: ``TypesettingError/invalidUTF8(byteOffset:)`` at the first bad byte, or
    ///   ``TypesettingError/invalidLetterSpacing(_:)``.
    public convenience init(utf8 bytes: some Collection<UInt8>, font: Font, letterSpacing: CGFloat = 0) throws {
        guard letterSpacing.isFinite else { throw TypesettingError.invalidLetterSpacing(letterSpacing) }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var scalars = String.UnicodeScalarView()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                break decoding
            case .error:
                throw TypesettingError.invalidUTF8(byteOffset: offset)
            }
        }
        self.init(validated: String(scalars), font: font, letterSpacing: letterSpacing)
    }

    /// Prepares with a given segment cache (tests use private caches).
    init(validated text: String, font: Font, letterSpacing: CGFloat, cache: SegmentWidthCache = .shared) {
        self.text = text
        self.font = font
        self.letterSpacing = letterSpacing
        let features = FeatureSet(letterSpacing: Double(letterSpacing))
        self.features = features
        let utf16 = Array(text.utf16)
        self.utf16 = utf16
        let scratch = ThreadScratch.current
        let size = Double(font.pointSize)

        var flags = [UInt8](repeating: 0, count: utf16.count + 1)
        var advances = [Double](repeating: 0, count: utf16.count)
        var runs: [TextRun] = []
        var boundaries: [Boundary] = []
        utf16.withUnsafeBufferPointer { buffer in
            let starts = Itemizer.graphemeStarts(buffer, scratch: scratch)
            for index in starts.indices where starts[index] { flags[index] |= Flag.graphemeStart }
            for index in buffer.indices where LineSegmenter.hangs(buffer[index]) { flags[index] |= Flag.hangs }
            runs = Itemizer.runs(buffer, graphemeStarts: starts, cascade: font.cascade, scratch: scratch)
            boundaries = LineSegmenter.boundaries(buffer, scratch: scratch)
            Self.shape(buffer, runs: runs, boundaries: boundaries, features: features, size: size,
                       advances: &advances, flags: &flags, cache: cache, scratch: scratch)
        }

        var prefix = [Double](repeating: 0, count: utf16.count + 1)
        let spacing = Double(letterSpacing)
        for index in 0..<utf16.count {
            let spaced = spacing != 0 && flags[index] & Flag.graphemeStart != 0
            prefix[index + 1] = prefix[index] + advances[index] + (spaced ? spacing : 0)
        }
        self.prefix = prefix
        self.flags = flags
        self.runs = runs

        // Faces in first-use order, with their line metrics at this size.
        var faces: [Typeface] = []
        var faceOfRun: [Int] = []
        for run in runs {
            if let known = faces.firstIndex(where: { $0 === run.typeface }) {
                faceOfRun.append(known)
            } else {
                faceOfRun.append(faces.count)
                faces.append(run.typeface)
            }
        }
        let primary = font.cascade.primary
        let ellipsisFace = font.cascade.typeface(forCluster: CollectionOfOne(Unicode.Scalar(0x2026)!))
        if !faces.contains(where: { $0 === ellipsisFace }) { faces.append(ellipsisFace) }
        self.faces = faces
        let metrics = faces.map { Self.lineMetrics($0, size: size) }
        (emptyLineHeight, emptyLineAscender) = Self.lineMetrics(primary, size: size)

        // Segments, with the tallest face each one uses.
        var segments: [LineSegment] = []
        segments.reserveCapacity(boundaries.count)
        var start = 0
        var runIndex = 0
        for boundary in boundaries where boundary.offset > start {
            var contentEnd = boundary.offset
            while contentEnd > start && flags[contentEnd - 1] & Flag.hangs != 0 { contentEnd -= 1 }
            var segment = LineSegment(
                start: start, contentEnd: contentEnd, end: boundary.offset, isHard: boundary.isHard,
                lineHeight: 0, ascender: 0, faceMask: 0)
            while runIndex < runs.count && runs[runIndex].end <= start { runIndex += 1 }
            var scan = runIndex
            while scan < runs.count && runs[scan].start < boundary.offset {
                let face = faceOfRun[scan]
                segment.faceMask |= 1 << UInt64(min(face, 63))
                if metrics[face].lineHeight > segment.lineHeight {
                    (segment.lineHeight, segment.ascender) = metrics[face]
                }
                scan += 1
            }
            segments.append(segment)
            start = boundary.offset
        }
        self.segments = segments

        var segmentStarts: [String.Index] = []
        segmentStarts.reserveCapacity(segments.count + 1)
        var cursor = text.utf16.startIndex
        var cursorOffset = 0
        for segment in segments {
            cursor = text.utf16.index(cursor, offsetBy: segment.start - cursorOffset)
            cursorOffset = segment.start
            segmentStarts.append(cursor)
        }
        segmentStarts.append(text.endIndex)
        self.segmentStarts = segmentStarts

        let ellipsisIndex = faces.firstIndex(where: { $0 === ellipsisFace }) ?? 0
        ellipsis = Ellipsis(
            width: Self.ellipsisWidth(ellipsisFace, features: features, size: size, cache: cache, scratch: scratch)
                + spacing,
            lineHeight: metrics[ellipsisIndex].lineHeight, ascender: metrics[ellipsisIndex].ascender,
            faceMask: 1 << UInt64(min(ellipsisIndex, 63)), typeface: ellipsisFace)
    }

    /// The width a single line would need: the widest paragraph, trailing whitespace
    /// hanging.
    public var unconstrainedWidth: CGFloat {
        (try? layout(width: .infinity))?.lines.map(\.width).max() ?? 0
    }

    /// Line height and ascender of a face at a size, in points.
    static func lineMetrics(_ face: Typeface, size: Double) -> (lineHeight: Double, ascender: Double) {
        let scale = size / Double(face.unitsPerEm)
        let height = Double(face.ascenderUnits - face.descenderUnits + face.lineGapUnits) * scale
        return (height, Double(face.ascenderUnits) * scale)
    }

    /// Fills per-position advances (points) and unsafe flags for every run, from the
    /// segment cache where every piece of a run is cached, else by shaping the run once
    /// and caching the pieces whose edges HarfBuzz marks safe to break.
    private static func shape(
        _ text: UnsafeBufferPointer<UInt16>, runs: [TextRun], boundaries: [Boundary],
        features: FeatureSet, size: Double, advances: inout [Double], flags: inout [UInt8],
        cache: SegmentWidthCache, scratch: ThreadScratch
    ) {
        var boundaryIndex = 0
        var pieces: [Range<Int>] = []
        var cached: [ShapedPiece?] = []
        for run in runs {
            let scale = size / Double(run.typeface.unitsPerEm)
            // The run's pieces: split at the line break opportunities inside it.
            pieces.removeAll(keepingCapacity: true)
            cached.removeAll(keepingCapacity: true)
            var pieceStart = run.start
            while boundaryIndex < boundaries.count && boundaries[boundaryIndex].offset <= run.start { boundaryIndex += 1 }
            var scan = boundaryIndex
            while scan < boundaries.count && boundaries[scan].offset < run.end {
                pieces.append(pieceStart..<boundaries[scan].offset)
                pieceStart = boundaries[scan].offset
                scan += 1
            }
            pieces.append(pieceStart..<run.end)

            var complete = true
            for piece in pieces {
                let found = cache.piece(
                    UnsafeBufferPointer(rebasing: text[piece]), typeface: run.typeface, features: features,
                    rightToLeft: run.isRightToLeft, script: run.script.rawValue)
                cached.append(found)
                if found == nil {
                    complete = false
                    break
                }
            }
            if complete {
                for (piece, shaped) in zip(pieces, cached) {
                    guard let shaped else { continue }
                    for offset in 0..<piece.count {
                        advances[piece.lowerBound + offset] = Double(shaped.advances[offset]) * scale
                        if offset > 0 && shaped.unsafe[offset] { flags[piece.lowerBound + offset] |= Flag.unsafeToBreak }
                    }
                }
                continue
            }

            let shaped = Shaper.advances(
                text, range: run.range, typeface: run.typeface, rightToLeft: run.isRightToLeft,
                script: run.script, features: features, scratch: scratch)
            for offset in 0..<run.range.count {
                advances[run.start + offset] = Double(shaped.advances[offset]) * scale
                if offset > 0 && shaped.unsafe[offset] { flags[run.start + offset] |= Flag.unsafeToBreak }
            }
            for (index, piece) in pieces.enumerated() where index >= cached.count || cached[index] == nil {
                let startSafe = piece.lowerBound == run.start || !shaped.unsafe[piece.lowerBound - run.start]
                let endSafe = piece.upperBound == run.end || !shaped.unsafe[piece.upperBound - run.start]
                guard startSafe && endSafe else { continue }
                let local = (piece.lowerBound - run.start)..<(piece.upperBound - run.start)
                var unsafe = Array(shaped.unsafe[local])
                unsafe[0] = false
                cache.insert(
                    UnsafeBufferPointer(rebasing: text[piece]), typeface: run.typeface, features: features,
                    rightToLeft: run.isRightToLeft, script: run.script.rawValue,
                    piece: ShapedPiece(advances: Array(shaped.advances[local]), unsafe: unsafe))
            }
        }
    }

    /// The width of "…" drawn with `face`.
    private static func ellipsisWidth(
        _ face: Typeface, features: FeatureSet, size: Double, cache: SegmentWidthCache, scratch: ThreadScratch
    ) -> Double {
        let text: [UInt16] = [0x2026]
        return text.withUnsafeBufferPointer { buffer in
            let cached = cache.piece(
                buffer, typeface: face, features: features, rightToLeft: false, script: HB_SCRIPT_COMMON.rawValue)
            let units: Float
            if let cached {
                units = cached.advances.reduce(0, +)
            } else {
                let shaped = Shaper.advances(buffer, range: 0..<1, typeface: face, rightToLeft: false,
                                             script: HB_SCRIPT_COMMON, features: features, scratch: scratch)
                cache.insert(
                    buffer, typeface: face, features: features, rightToLeft: false,
                    script: HB_SCRIPT_COMMON.rawValue, piece: ShapedPiece(advances: shaped.advances, unsafe: shaped.unsafe))
                units = shaped.advances.reduce(0, +)
            }
            return Double(units) * size / Double(face.unitsPerEm)
        }
    }

    // MARK: Measuring ranges

    /// Whether a line may start or end at `offset` without reshaping.
    @inline(__always)
    func isSafe(_ offset: Int) -> Bool { flags[offset] & Flag.unsafeToBreak == 0 }

    /// The width of `utf16[start..<end]` drawn as a line on its own: arithmetic when both
    /// edges are safe to break, else shaped again (and remembered).
    func width(from start: Int, to end: Int) -> Double {
        guard end > start else { return 0 }
        if isSafe(start) && isSafe(end) { return prefix[end] - prefix[start] }
        let key = start * (utf16.count + 1) + end
        if let known = exactWidths.withLock({ $0[key] }) { return known }
        let measured = reshapedWidth(from: start, to: end)
        exactWidths.withLock { $0[key] = measured }
        return measured
    }

    /// Shapes each run's part of the range on its own and adds up the advances.
    private func reshapedWidth(from start: Int, to end: Int) -> Double {
        let scratch = ThreadScratch.current
        let size = Double(font.pointSize)
        var total = 0.0
        utf16.withUnsafeBufferPointer { buffer in
            for run in runs where run.end > start && run.start < end {
                let piece = max(run.start, start)..<min(run.end, end)
                Shaper.shape(buffer, range: piece, typeface: run.typeface, rightToLeft: run.isRightToLeft,
                             script: run.script, features: features, scratch: scratch) { glyph in
                    total += Double(glyph.advance) * size / Double(run.typeface.unitsPerEm)
                }
            }
        }
        if letterSpacing != 0 {
            for offset in start..<end where flags[offset] & Flag.graphemeStart != 0 { total += Double(letterSpacing) }
        }
        return total
    }

    /// The string index of a UTF-16 offset inside segment `segment` (or at its start).
    func stringIndex(_ offset: Int, inSegment segment: Int) -> String.Index {
        guard segment < segments.count else { return text.endIndex }
        let start = segments[segment].start
        if offset == start { return segmentStarts[segment] }
        return text.utf16.index(segmentStarts[segment], offsetBy: offset - start)
    }

    /// The faces selected by a mask, in first-use order.
    func typefaces(inMask mask: UInt64) -> [Typeface] {
        faces.enumerated().filter { mask & (1 << UInt64(min($0.offset, 63))) != 0 }.map(\.element)
    }
}
