import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Single-line widths against HarfBuzz run independently through `hb-shape`.
@Suite struct ShapingAccuracyTests {
    static let size = 17.0
    static let tolerance = 0.01

    static func path(_ file: String) -> String {
        HarfBuzzOracle.shippedFonts.appendingPathComponent(file).path
    }

    /// A single-script case: the text, the shipped file that must draw all of it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var file: String
        var testDescription: String { name }
    }

    static let singleFaceCases: [Case] = [
        Case(name: "Latin with kerning", text: "AVATAR Typography: To Ve Wa Yo, LT.", file: "NotoSans-Regular.ttf"),
        Case(name: "Latin ligatures", text: "office affluent fjord", file: "NotoSans-Regular.ttf"),
        Case(name: "Greek and Cyrillic", text: "Καλημέρα κόσμε Здравствуй мир", file: "NotoSans-Regular.ttf"),
        Case(name: "CJK", text: "日本語のテキストと中文字符，カタカナ。", file: "DroidSansFallbackFull.ttf"),
        Case(name: "Arabic", text: "مرحبا بالعالم العربي الجميل", file: "NotoSansArabic-Regular.ttf"),
        Case(name: "Hebrew", text: "שלום עולם מה שלומך", file: "NotoSansHebrew-Regular.ttf"),
        Case(name: "Devanagari", text: "नमस्ते दुनिया, हिन्दी क्षत्रिय", file: "NotoSansDevanagari-Regular.ttf"),
    ]

    @Test(arguments: singleFaceCases)
    func singleLineWidthEqualsHarfBuzzAdvances(_ testCase: Case) throws {
        let expected = try HarfBuzzOracle.width(testCase.text, fontPath: Self.path(testCase.file), size: Self.size)
        let prepared = PreparedText(validated: testCase.text, font: .default(size: Self.size), letterSpacing: 0,
                                    cache: SegmentWidthCache(capacityInBytes: 1 << 20))
        let layout = try prepared.layout(width: .infinity)
        try #require(layout.lines.count == 1)
        #expect(abs(Double(layout.lines[0].width) - expected) < Self.tolerance,
                "\(testCase.name): \(layout.lines[0].width) vs hb-shape \(expected)")
        #expect(layout.typefaces(onLine: 0).contains { $0.path.hasSuffix(testCase.file) })
    }

    @Test func boldLatinWidthEqualsHarfBuzzAdvances() throws {
        let text = "Bold AVATAR Wave"
        let expected = try HarfBuzzOracle.width(text, fontPath: Self.path("NotoSans-Bold.ttf"), size: Self.size)
        let width = try PreparedText(text, font: .bold(size: Self.size)).layout(width: .infinity).lines[0].width
        #expect(abs(Double(width) - expected) < Self.tolerance)
    }

    @Test func mixedScriptWidthIsTheSumOfEachFontsRun() throws {
        // Common characters keep the face before them (the space after 世界 is Droid's).
        let text = "Hello 世界 and مرحبا!"
        let pieces: [(String, String)] = [
            ("Hello ", Self.path("NotoSans-Regular.ttf")),
            ("世界 ", Self.path("DroidSansFallbackFull.ttf")),
            ("and ", Self.path("NotoSans-Regular.ttf")),
            ("مرحبا", Self.path("NotoSansArabic-Regular.ttf")),
            ("!", Self.path("NotoSansArabic-Regular.ttf")),
        ]
        let expected = try HarfBuzzOracle.width(pieces, size: Self.size)
        let layout = try PreparedText(text, font: .default(size: Self.size)).layout(width: .infinity)
        #expect(abs(Double(layout.lines[0].width) - expected) < Self.tolerance)
        #expect(layout.typefaces(onLine: 0).count == 3)
    }

    @Test func hebrewPunctuationFallsBackToNotoSansWithinTheRightToLeftRun() throws {
        // Noto Sans Hebrew has no comma: ", " is drawn by Noto Sans, the first face
        // covering it, inside the right-to-left run.
        let text = "שלום עולם, מה שלומך"
        let hebrew = Self.path("NotoSansHebrew-Regular.ttf")
        let latin = Self.path("NotoSans-Regular.ttf")
        let expected = try HarfBuzzOracle.width([
            ("שלום עולם", hebrew), (", ", latin), ("מה שלומך", hebrew),
        ], size: Self.size)
        let prepared = PreparedText(text, font: .default(size: Self.size))
        #expect(abs(Double(try prepared.layout(width: .infinity).lines[0].width) - expected) < Self.tolerance)
        let allRightToLeft = prepared.runs.allSatisfy { $0.isRightToLeft }
        #expect(allRightToLeft)
    }

    @Test func cachedWidthsEqualFreshlyShapedWidths() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        for testCase in Self.singleFaceCases {
            let cold = try PreparedText(validated: testCase.text, font: .default(size: Self.size), letterSpacing: 0, cache: cache)
                .layout(width: .infinity).lines[0].width
            // The second preparation admits the segments (admissionFilter); the third reads them.
            _ = PreparedText(validated: testCase.text, font: .default(size: Self.size), letterSpacing: 0, cache: cache)
            let warm = try PreparedText(validated: testCase.text, font: .default(size: Self.size), letterSpacing: 0, cache: cache)
                .layout(width: .infinity).lines[0].width
            #expect(abs(cold - warm) < 1e-9, "\(testCase.name)")
        }
        #expect(cache.statistics.hits > 0)
    }

    @Test func letterSpacingAddsAfterEveryClusterAndTurnsLigaturesOff() throws {
        let text = "office"
        let spacing = 1.5
        let expected = try HarfBuzzOracle.width(
            text, fontPath: Self.path("NotoSans-Regular.ttf"), size: Self.size, features: "-liga,-clig,-dlig") + spacing * 6
        let prepared = try PreparedText(text, font: .default(size: Self.size), letterSpacing: spacing)
        #expect(abs(Double(try prepared.layout(width: .infinity).lines[0].width) - expected) < Self.tolerance)
    }

    @Test func differentSizesShareCacheEntriesAndScaleLinearly() throws {
        let cache = SegmentWidthCache(capacityInBytes: 1 << 20)
        _ = PreparedText(validated: "Scaling words", font: .default(size: 10), letterSpacing: 0, cache: cache)
        let small = try PreparedText(validated: "Scaling words", font: .default(size: 10), letterSpacing: 0, cache: cache)
            .layout(width: .infinity).lines[0].width
        let hitsBefore = cache.statistics.hits
        let large = try PreparedText(validated: "Scaling words", font: .default(size: 20), letterSpacing: 0, cache: cache)
            .layout(width: .infinity).lines[0].width
        #expect(abs(large - 2 * small) < 1e-9)
        #expect(cache.statistics.hits > hitsBefore)
    }
}
