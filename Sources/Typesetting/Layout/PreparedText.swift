import Concurrency
import CHarfBuzz
import Foundation

/// Text itemised, shaped and segmented once, ready to be laid out at any number of widths.
///
/// Preparing does the expensive work: grapheme clusters and line break opportunities
/// from ICU, bidi levels, the font for each cluster, and HarfBuzz shaping (through the
/// shared ``SegmentCache``, so words seen before are not shaped again). What is kept
/// is a running sum of advances per UTF-16 position, so ``layout(width:maxLines:lineBreakMode:lineSpacing:scale:)``
/// is arithmetic over prepared widths. Only a line that starts or ends where HarfBuzz
/// marks a break unsafe (a ligature, a kerning pair or Arabic joining across it) is
/// shaped again on its own, so such lines are measured exactly.
///
/// A prepared text is immutable and may be laid out from many threads at once.
public final class PreparedText: @unchecked Sendable {
    /// The text as given.
    public let text: String
    /// The font it is measured with (for attributed text, its first run's: each run is
    /// measured with its own).
    public var font: Font {
        Font(uncheckedCascade: cascade, size: pointSize, weight: fontWeight, dynamicType: fontScaling)
    }
    /// The font's size and cascade, kept apart so that preparing and freeing a text with a
    /// shipped cascade, which ``ShippedCascades`` keeps for the process, does not retain
    /// and release it: every thread measuring with the default font would write that one
    /// reference count. `cascadeOwner` holds any other cascade, so the unretained
    /// reference is always backed by an owner that outlives this text.
    let pointSize: CGFloat
    private unowned(unsafe) let cascade: FontCascade
    private let cascadeOwner: FontCascade?
    /// The font's weight and Dynamic Type scaling, which change nothing measured here.
    private let fontWeight: Font.Weight
    private let fontScaling: DynamicTypeScaling?
    /// Extra space after every grapheme cluster, in points (UIKit's `.kern`); 0 for
    /// attributed text, whose runs carry their own `kern`.
    public let letterSpacing: CGFloat
    /// The text's length in UTF-8 bytes when it is longer than ``maximumTextLength`` (then
    /// nothing was prepared, and laying out throws), else 0. A number, not the error, so
    /// that checking it costs a comparison in every layout.
    let rejectedByteCount: Int

    /// The text's UTF-16 code units.
    let utf16: UnsafeBufferPointer<UInt16>
    /// Whether the text is ASCII, where UTF-16 and UTF-8 offsets are the same.
    let isASCII: Bool
    /// For a text that is not ASCII, where each segment ends in the string's UTF-8 (a
    /// line ends at a segment's end, and its string index is then read here); else empty.
    let utf8Ends: UnsafeBufferPointer<UInt32>
    /// `prefix[i]` is the width in points of `utf16[0..<i]` as shaped in context.
    let prefix: UnsafeBufferPointer<Double>
    /// Per UTF-16 position (and one past the end), the `Flag` bits.
    let flags: UnsafeBufferPointer<UInt8>
    /// One allocation holds `prefix`, the runs with their faces and scripts, the segments'
    /// ends, `utf16` and `flags` (see
    /// ``StorageLayout``): five Swift arrays would cost five allocations and five frees with
    /// generic array teardown, a large part of measuring a short label. Segments
    /// and runs are plain values (the run's face is an unretained handle, the segment's
    /// string index a number), so freeing the memory is all their teardown. It is written
    /// only while initialising and freed in deinit: that, with every other stored property
    /// being immutable and Sendable, is why the class's Sendable conformance is sound though
    /// unchecked.
    private let storage: UnsafeMutableRawPointer
    let runs: TextRuns
    let segments: LineSegments
    /// The faces used, in first-use order; line face masks index into this.
    let faces: FaceList
    let features: FeatureSet
    /// Exact widths of ranges with an unsafe edge, shaped on demand. Created on first use:
    /// most texts are never laid out with an unsafe line edge.
    private let exactWidthMemo = AtomicLazyReference<Locked<[Int: Double]>>()
    /// An attributed text's spans and paragraph styles; nil for plain text.
    let styleSpans: StyleSpans?

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
        var face: FaceHandle
        /// What it is drawn with: size in points, features and the spacing after it.
        var size: Double
        var features: FeatureSet
        var spacing: Double
    }

    /// The longest text prepared, in UTF-8 bytes (128 MiB). A prepared text holds 11 bytes per
    /// UTF-16 code unit (its running width, the unit, its flags), 4 per line break opportunity
    /// (8 in a text that is not ASCII) and 8 per run, so a long text costs under 16 bytes per byte sized with ``size(width:maxLines:lineBreakMode:lineSpacing:scale:)``;
    /// ICU takes lengths as 32-bit numbers. The limit is checked before anything the size of
    /// the text is allocated.
    public static let maximumTextLength = 1 << 27

    /// The error for a text longer than ``maximumTextLength``, or nil.
    static func lengthError(byteCount: Int) -> TypesettingError? {
        byteCount > maximumTextLength ? .textTooLong(byteCount: byteCount, limit: maximumTextLength) : nil
    }

    /// Prepares `text` for layout with `font`.
    ///
    /// A text longer than ``maximumTextLength`` is not prepared: laying it out throws
    /// ``TypesettingError/textTooLong(byteCount:limit:)`` (the throwing initialisers throw it
    /// at once).
    ///
    /// The font is borrowed (`borrowing`), not passed owned as initialiser arguments are by
    /// default: an owned argument made every caller retain the font's cascade, shared by
    /// every thread measuring with it, and the initialiser release it.
    public convenience init(_ text: String, font: borrowing Font) {
        self.init(validated: text, font: font, letterSpacing: 0)
    }

    /// Prepares `text` with extra space after every grapheme cluster (ligatures are turned
    /// off, since their letters cannot be spread apart).
    /// - Throws: ``TypesettingError/invalidLetterSpacing(_:)`` when it is not finite, or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)``.
    public convenience init(_ text: String, font: borrowing Font, letterSpacing: CGFloat) throws {
        guard letterSpacing.isFinite else { throw TypesettingError.invalidLetterSpacing(letterSpacing) }
        if let error = Self.lengthError(byteCount: text.utf8.count) { throw error }
        self.init(validated: text, font: font, letterSpacing: letterSpacing)
    }

    /// Prepares UTF-8 bytes, rejecting invalid UTF-8 instead of repairing it.
    /// - Throws: ``TypesettingError/invalidUTF8(byteOffset:)`` at the first bad byte,
    ///   ``TypesettingError/invalidLetterSpacing(_:)`` or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)`` (before decoding anything).
    public convenience init(utf8 bytes: some Collection<UInt8>, font: borrowing Font, letterSpacing: CGFloat = 0) throws {
        guard letterSpacing.isFinite else { throw TypesettingError.invalidLetterSpacing(letterSpacing) }
        if let error = Self.lengthError(byteCount: bytes.count) { throw error }
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

    /// Prepares with a given segment cache (tests use private caches), or with
    /// ``SegmentWidthCache/shared`` when `cache` is nil. Tests turn `simpleWordsShortcut`
    /// off to compare ``SimpleWordsText`` with the general path.
    ///
    /// The steps: the text is written into one allocation, by the shortcut for plain words
    /// or by decoding, itemising and segmenting it; its runs are shaped (from the segment
    /// cache where it can); the advances are summed into running widths.
    init(validated given: String, font: borrowing Font, letterSpacing: CGFloat, cache: SegmentWidthCache? = nil,
         simpleWordsShortcut: Bool = true, spans: StyleSpans? = nil) {
        styleSpans = spans
        self.text = given
        // A text over the limit is kept as given, for the error, and an empty one prepared.
        let byteCount = given.utf8.count
        let accepted = byteCount <= Self.maximumTextLength
        rejectedByteCount = accepted ? 0 : byteCount
        let text = accepted ? given : ""
        // The cascade is read through `font` (borrowed from the caller) and what is needed
        // of it copied out as plain values: a local reference to it was retained and
        // released by every text.
        let primary = font.cascade.primaryFace
        let ellipsisFace = font.cascade.ellipsisFace
        self.pointSize = font.pointSize
        self.cascade = font.cascade
        cascadeOwner = font.cascade.livesForProcess ? nil : font.cascade
        fontWeight = font.weight
        fontScaling = font.dynamicType
        self.letterSpacing = letterSpacing
        let features = FeatureSet(letterSpacing: Double(letterSpacing))
        self.features = features
        let scratch = ThreadScratch.current

        let written: WrittenText
        if spans == nil, simpleWordsShortcut, primary.coversPrintableASCII,
           let segmentCount = SimpleWordsText.segmentCount(text) {
            written = Self.writeSimpleWords(text, segmentCount: segmentCount, primary: primary, ellipsisFace: ellipsisFace)
        } else if let spans, simpleWordsShortcut,
                  spans.spans.allSatisfy({ $0.end == $0.start || $0.font.cascade.primaryFace.coversPrintableASCII }),
                  let segmentCount = SimpleWordsText.segmentCount(text) {
            written = Self.writeSimpleWords(text, segmentCount: segmentCount, spans: spans, ellipsisFace: ellipsisFace)
        } else {
            written = Self.writeItemised(text, cascade: font.cascade, spans: spans, ellipsisFace: ellipsisFace,
                                         scratch: scratch)
        }
        self.storage = written.storage
        utf16 = written.utf16
        isASCII = written.utf16.count == text.utf8.count
        utf8Ends = written.utf8Ends
        let faces = written.faces
        let runs = written.runs
        let segments = written.segments
        let prefix = written.prefix
        let flags = written.flags

        if let spans {
            Self.shapeSpans(written, spans: spans, cache: cache ?? SegmentWidthCache.shared, scratch: scratch)
        } else if let cache {
            Self.shape(written.utf16, runs: runs, segments: segments, features: features, size: Double(font.pointSize),
                       prefix: prefix, flags: flags, cache: cache, lookup: scratch.lookup, shaping: scratch.shaping)
        } else {
            SegmentWidthCache.withShared { cache in
                Self.shape(written.utf16, runs: runs, segments: segments, features: features, size: Double(font.pointSize),
                           prefix: prefix, flags: flags, cache: cache, lookup: scratch.lookup, shaping: scratch.shaping)
            }
        }
        if segments.count > ThreadScratch.keptSegments { scratch.trimTextBuffers() }

        Self.sumAdvances(prefix, flags: UnsafeBufferPointer(flags), letterSpacing: Double(letterSpacing))
        self.prefix = UnsafeBufferPointer(prefix)
        self.flags = UnsafeBufferPointer(flags)
        self.runs = runs
        self.faces = faces
        self.segments = segments
    }


    /// The ellipsis at this text's size and spacing. Worked out when a line is truncated or
    /// drawn with one rather than stored by every text: most texts never need it.
    var ellipsis: Ellipsis {
        ellipsis(cascade: cascade, size: Double(pointSize), features: features, spacing: Double(letterSpacing))
    }

    /// The ellipsis of an attributed text's line: drawn with the font and kern of the span
    /// `offset` is in (see the catalogue's "Attributed text" article for which offset).
    func ellipsis(spanAt offset: Int) -> Ellipsis {
        guard let styleSpans else { return ellipsis }
        let span = styleSpans.spans[styleSpans.spanIndex(containing: offset)]
        return ellipsis(cascade: span.font.cascade, size: span.size, features: span.features, spacing: span.kern)
    }

    /// "…" in `cascade`'s ellipsis face at `size`, with `spacing` after it.
    private func ellipsis(cascade: FontCascade, size: Double, features: FeatureSet, spacing: Double) -> Ellipsis {
        let face = cascade.ellipsisFace
        // A stored property, read without calling a method on the cascade (which retained it).
        let advances = cascade.ellipsisAdvances
        let advance = Double(features == .standard ? advances.standard : advances.noLigatures)
        let metrics = Self.lineMetrics(face, size: size)
        return Ellipsis(
            width: advance * size / Double(face.unitsPerEm) + spacing,
            lineHeight: metrics.lineHeight, ascender: metrics.ascender,
            faceMask: 1 << UInt64(min(faces.index(of: face) ?? 0, 63)), face: face, size: size, features: features,
            spacing: spacing)
    }

    /// Line height and ascender of the primary face, for lines with no text.
    var emptyLineMetrics: (lineHeight: Double, ascender: Double) {
        Self.lineMetrics(cascade.primaryFace, size: Double(pointSize))
    }

    /// The width a single line would need: the widest paragraph, trailing whitespace
    /// hanging.
    public var unconstrainedWidth: CGFloat {
        (try? layout(width: .infinity))?.lines.map(\.width).max() ?? 0
    }

    /// Line height and ascender of a face at a size, in points.
    static func lineMetrics(_ face: FaceHandle, size: Double) -> (lineHeight: Double, ascender: Double) {
        let scale = size / Double(face.unitsPerEm)
        return (Double(face.lineHeightUnits) * scale, Double(face.ascenderUnits) * scale)
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
        let memo = exactWidths
        if let known = memo.withLock({ $0[key] }) { return known }
        let measured = reshapedWidth(from: start, to: end)
        memo.withLock { widths in
            // A long text with no safe position shapes every line's edges: the memo holds the
            // widths of a few relayouts' lines, not a width per line of the text.
            if widths.count >= Self.rememberedExactWidths { widths.removeAll(keepingCapacity: true) }
            widths[key] = measured
        }
        return measured
    }

    /// The most exact widths remembered before the memo starts again.
    static let rememberedExactWidths = 4096

    /// How many exact widths the memo holds now.
    var rememberedExactWidthCount: Int { exactWidths.withLock { $0.count } }

    /// The memo of exact widths, created by whichever thread first needs it.
    private var exactWidths: Locked<[Int: Double]> { exactWidthMemo.value(orMake: { Locked([:]) }) }

    deinit {
        storage.deallocate()
    }

    /// Shapes each run's part of the range on its own and adds up the advances.
    private func reshapedWidth(from start: Int, to end: Int) -> Double {
        if let styleSpans { return reshapedWidth(from: start, to: end, spans: styleSpans) }
        let scratch = ThreadScratch.current.shaping
        let size = Double(pointSize)
        var total = 0.0
        for run in runs where run.end > start && run.start < end {
            let piece = max(run.start, start)..<min(run.end, end)
            Shaper.shape(utf16, range: piece, font: run.face.hbFont, rightToLeft: run.isRightToLeft,
                         script: run.script, features: features, scratch: scratch) { glyph in
                total += Double(glyph.advance) * size / Double(run.face.unitsPerEm)
            }
        }
        if letterSpacing != 0 {
            for offset in start..<end where flags[offset] & Flag.graphemeStart != 0 { total += Double(letterSpacing) }
        }
        return total
    }

    /// The faces selected by a mask, in first-use order.
    func typefaces(inMask mask: UInt64) -> [Typeface] { faces.selected(by: mask) }
}
