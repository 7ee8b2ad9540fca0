import Concurrency
import Foundation
import Testing
@testable import Typesetting

/// Prepared texts refer to their faces without retaining them (the registry keeps every
/// typeface for the process) and keep the caller's cascade only when it is not a shipped
/// one: these check that a prepared text stays whole however its font's other owners go.
@Suite struct PreparedTextLifetimeTests {
    /// Latin then Arabic, long enough to wrap and to be truncated with an ellipsis.
    static let text = "Hello مرحبا بالعالم world, with some more words after it"

    /// Prepares into `prepared` with a cascade of two files loaded by path, held by nobody
    /// but the prepared text; the weak references say whether the cascade and its faces are
    /// still alive.
    private static func prepareWithAFontNobodyElseKeeps(size: CGFloat, into prepared: inout PreparedText?) throws
        -> (cascade: Weak<FontCascade>, faces: [Weak<Typeface>]) {
        let folder = try ShippedFonts.directory()
        let latin = try Typeface.load(path: folder.appendingPathComponent("NotoSans-Regular.ttf").path)
        let arabic = try Typeface.load(path: folder.appendingPathComponent("NotoSansArabic-Regular.ttf").path)
        let font = try Font(cascade: FontCascade([latin, arabic]), size: size)
        prepared = PreparedText(text, font: font)
        return (Weak(font.cascade), [Weak(latin), Weak(arabic)])
    }

    @Test func aPreparedTextOutlivesTheFontItWasMadeWith() throws {
        var prepared: PreparedText?
        let (cascade, faces) = try Self.prepareWithAFontNobodyElseKeeps(size: 17, into: &prepared)
        // The caller's Font and cascade are gone; the prepared text keeps what it needs.
        #expect(cascade.object != nil)
        try Self.checkLaidOut(try #require(prepared))
        // Releasing the prepared text releases the cascade, but never a face: prepared
        // texts' unretained references to faces rely on that.
        prepared = nil
        #expect(cascade.object == nil)
        #expect(faces.allSatisfy { $0.object != nil })
    }

    /// Lays out, reads the fonts and glyphs used, and compares with a font that is kept.
    private static func checkLaidOut(_ prepared: PreparedText) throws {
        let layout = try prepared.layout(width: 120, maxLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(prepared.font.pointSize == 17)
        #expect(prepared.font.primaryTypeface.familyName == "Noto Sans")
        let used = Set((0..<layout.lines.count).flatMap { layout.typefaces(onLine: $0) }.map(\.familyName))
        #expect(used == ["Noto Sans", "Noto Sans Arabic"])
        let runs = (0..<layout.lines.count).flatMap { layout.glyphRuns(onLine: $0) }
        #expect(Set(runs.map(\.typeface.familyName)) == ["Noto Sans", "Noto Sans Arabic"])
        #expect(runs.allSatisfy { !$0.glyphs.isEmpty && $0.glyphs.allSatisfy { $0 != 0 } })

        let folder = try ShippedFonts.directory()
        let kept = try Font(cascade: FontCascade([
            Typeface.load(path: folder.appendingPathComponent("NotoSans-Regular.ttf").path),
            Typeface.load(path: folder.appendingPathComponent("NotoSansArabic-Regular.ttf").path),
        ]), size: 17)
        let reference = try PreparedText(text, font: kept)
            .layout(width: 120, maxLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.map(\.width) == reference.lines.map(\.width))
        #expect(layout.size == reference.size)
    }

    @Test func aPreparedTextWithTheShippedFontKeepsItsFont() throws {
        let prepared = PreparedText(Self.text, font: .bold(size: 13))
        #expect(prepared.font == .bold(size: 13))
        let layout = try prepared.layout(width: 90, maxLines: 1, lineBreakMode: .byTruncatingMiddle)
        #expect(layout.isTruncated)
        #expect(layout.typefaces(onLine: 0).first?.styleName == "Bold")
        #expect(!layout.glyphRuns(onLine: 0).isEmpty)
    }

    @Test func typefacesAreNeverReleased() throws {
        weak var face: Typeface?
        try {
            let folder = try ShippedFonts.directory()
            let font = try Font(path: folder.appendingPathComponent("NotoSansHebrew-Regular.ttf").path, size: 12)
            face = font.primaryTypeface
        }()
        #expect(face != nil)
    }

    /// The running widths and segment ends of `text`, prepared with a private cache.
    static func measured(_ text: String) -> [Double] {
        let prepared = PreparedText(validated: text, font: Measure.font, letterSpacing: 0,
                                    cache: SegmentWidthCache(capacityInBytes: 1 << 20))
        return withExtendedLifetime(prepared) { 
            Array(prepared.prefix) + (0..<prepared.segments.count).map { Double(prepared.segments.ends[$0]) }
        }
    }

    /// The thread's buffers for the general path (decoded text, runs, segments) are reused
    /// from text to text and let go of after a long text: neither may change a measurement.
    @Test func textsPreparedAfterALongOneMeasureAsOnAFreshThread() throws {
        let words = ["alpha,", "beta.", "gamma;", "delta!", "epsilon?", "zeta:", "eta-theta"]
        let long = (0..<6_000).map { words[$0 % words.count] }.joined(separator: " ")
        let short = ["Hello, world.", "Name: 42 (ok)", "مرحبا بالعالم", "漢字と かな。", ""]
        let fresh = Locked<[[Double]]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            fresh.withLock { $0 = short.map(Self.measured) }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(Self.measured(long).count > long.utf16.count)
        #expect(short.map(Self.measured) == fresh.withLock { $0 })
    }
}

/// A weak reference, to watch an object's lifetime.
private struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
