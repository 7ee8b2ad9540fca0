import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Kerned runs (shaped with ligatures off) share the shaping and the cached segments of the
/// same words without kern, where the face's ligatures only join characters and the words
/// form none; words that do form a ligature are shaped with ligatures off, as `hb-shape`
/// shapes them with `-liga,-clig,-dlig` (widths here are `hb-shape`'s, run by run).
@Suite struct KernedShapingSharingTests {
    /// Debian's Noto Serif (fonts-noto-core), whose ligatures are narrower than their
    /// letters, so that a ligature shaped where none belongs changes the width.
    static let serif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"
    static let bold = AttributedFixtures.path(AttributedFixtures.boldFile)

    /// A run of `text` in the font file at `path` and `size`, with an optional kern.
    static func run(_ text: String, _ path: String, _ size: CGFloat, kern: CGFloat? = nil) throws -> AttributedString {
        var string = AttributedString(text)
        string.font = try Font(path: path, size: size)
        if let kern { string.kern = kern }
        return string
    }

    /// `hb-shape`'s width of `text` in `path` at `size`: with ligatures, or with them off and
    /// `kern` after each character.
    static func width(_ text: String, _ path: String, _ size: Double, kern: Double? = nil) throws -> Double {
        guard let kern else { return try HarfBuzzOracle.width(text, fontPath: path, size: size) }
        return try HarfBuzzOracle.width(text, fontPath: path, size: size, features: "-liga,-clig,-dlig")
            + kern * Double(text.count)
    }

    static func prepared(_ string: AttributedString, _ cache: SegmentWidthCache) throws -> PreparedText {
        try PreparedText(attributed: string, defaultFont: Font(path: Self.serif, size: 12), cache: cache)
    }

    @Test func theFacesUsedHereHaveLigaturesThatOnlyJoin() throws {
        #expect(try Font(path: Self.serif, size: 12).primaryTypeface.ligaturesOnlyJoin)
        #expect(try Font(path: Self.bold, size: 12).primaryTypeface.ligaturesOnlyJoin)
        #expect(try Self.width("office", Self.serif, 17) < Self.width("office", Self.serif, 17, kern: 0))
    }

    /// Words met without kern (cached first, or in the same text), then kerned between
    /// unkerned runs, measure as `hb-shape` says run by run: the kerned "office" without its
    /// ligature, the unkerned ones with it, at every sighting.
    @Test(arguments: [false, true])
    func kernedWordsMeasureWithLigaturesOffNextToUnkernedLigatures(_ cachedFirst: Bool) throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let words = "office fit of flowers, waffle fill"
        if cachedFirst {
            for _ in 0..<2 { _ = try Self.prepared(Self.run(words, Self.serif, 17), cache) }
        }
        var string = try Self.run(words + " ", Self.serif, 17)
        string += try Self.run(words + " ", Self.serif, 13, kern: 1)
        string += try Self.run("Affluent office", Self.serif, 22)
        let expected = try Self.width(words + " ", Self.serif, 17) + Self.width(words + " ", Self.serif, 13, kern: 1)
            + Self.width("Affluent office", Self.serif, 22)
        for _ in 0..<3 {
            let width = Double(try Self.prepared(string, cache).unconstrainedWidth)
            #expect(abs(width - expected) < 1e-9 * expected)
        }
        // The words without kern still form their ligatures.
        let plain = Double(try Self.prepared(Self.run(words, Self.serif, 17), cache).unconstrainedWidth)
        let withLigatures = try Self.width(words, Self.serif, 17)
        #expect(abs(plain - withLigatures) < 1e-9 * withLigatures)
    }

    /// Kerned words without a ligature, met kerned first, serve unkerned text, and each line
    /// of a wrapped kerned paragraph is as wide as `hb-shape` says.
    @Test func sharedSegmentsServeBothWaysAndLineEdges() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        let kerned = try Self.run("Tower wave office AVATAR", Self.bold, 15, kern: 2)
        for _ in 0..<2 { _ = try Self.prepared(kerned, cache) }
        let whole = try Self.width("Tower wave office AVATAR", Self.bold, 15, kern: 2)
        #expect(abs(Double(try Self.prepared(kerned, cache).unconstrainedWidth) - whole) < 1e-9 * whole)
        let plainWidth = try Self.width("Tower wave", Self.bold, 15)
        let plain = Double(try Self.prepared(Self.run("Tower wave", Self.bold, 15), cache).unconstrainedWidth)
        #expect(abs(plain - plainWidth) < 1e-9 * plainWidth)

        let first = try Self.width("Tower wave", Self.bold, 15, kern: 2)
        let layout = try Self.prepared(kerned, cache).layout(width: CGFloat(first) + 1)
        let lines = Measure.lineTexts(layout).map(Measure.trimmingTrailingWhitespace)
        #expect(lines == ["Tower wave", "office", "AVATAR"])
        for (line, text) in zip(layout.lines, lines) {
            let expected = try Self.width(text, Self.bold, 15, kern: 2)
            #expect(abs(Double(line.width) - expected) < 1e-9 * expected, "\(text)")
        }
    }

    /// The rule read from GSUB: only ligature substitutions of two or more components, used
    /// by `liga`, `clig` or `dlig` (directly or through an extension), let kerned text share.
    @Test func theRuleIsReadFromTheLigatureFeaturesLookups() {
        #expect(Self.answer(feature: "liga", lookupType: 4, components: 2) == true)
        #expect(Self.answer(feature: "dlig", lookupType: 4, components: 3, extension: true) == true)
        #expect(Self.answer(feature: "clig", lookupType: 4, components: 1) == false)
        #expect(Self.answer(feature: "liga", lookupType: 6, components: 2) == false)
        #expect(Self.answer(feature: "liga", lookupType: 1, components: 2, extension: true) == false)
        // Other features' lookups do not matter.
        #expect(Self.answer(feature: "calt", lookupType: 6, components: 2) == true)
        // Feature variations could swap the lookups: no sharing.
        #expect(Self.answer(feature: "liga", lookupType: 4, components: 2, variations: true) == false)
        // A table cut short does not parse.
        #expect(Self.answer(feature: "liga", lookupType: 4, components: 2, truncatedBy: 3) == nil)
    }

    /// The answer for a GSUB table with one feature using one lookup of one subtable.
    static func answer(
        feature: String, lookupType: Int, components: Int, extension: Bool = false, variations: Bool = false,
        truncatedBy cut: Int = 0
    ) -> Bool? {
        var bytes: [UInt8] = []
        func u16(_ value: Int) { bytes += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) { u16(value >> 16); u16(value & 0xFFFF) }
        let header = variations ? 14 : 10
        let featureList = header
        let lookupList = featureList + 8 + 6
        // Header: version, script list (unread), feature list, lookup list, variations.
        u16(1); u16(variations ? 1 : 0); u16(0); u16(featureList); u16(lookupList)
        if variations { u32(100) }
        // Feature list: one record, its feature right after.
        u16(1); bytes += Array(feature.utf8); u16(8)
        u16(0); u16(1); u16(0)
        // Lookup list: one lookup, right after.
        u16(1); u16(4)
        u16(`extension` ? 7 : lookupType); u16(0); u16(1); u16(8)
        if `extension` { u16(1); u16(lookupType); u32(8) }
        // Ligature substitution: one set of one ligature of `components` components.
        u16(1); u16(0); u16(1); u16(8)
        u16(1); u16(4)
        u16(5); u16(components)
        for _ in 1..<max(components, 1) { u16(3) }
        bytes.removeLast(cut)
        return bytes.withUnsafeBufferPointer { buffer in
            UnsafeLigatureJoining.Table(base: buffer.baseAddress!, count: buffer.count).ligaturesOnlyJoin()
        }
    }
}
