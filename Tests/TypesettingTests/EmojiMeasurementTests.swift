import Foundation
import Testing
import TextOracles
@testable import Typesetting

/// Emoji measured with the shipped colour emoji face, the last face of the shipped cascades:
/// widths against `hb-shape` on the same file, line heights against the file's own tables,
/// and the same sizes whether or not the machine has fonts of its own.
@Suite struct EmojiMeasurementTests {
    static let emojiFile = ShippedFonts.emojiFile
    static let textFile = "NotoSans-Regular.ttf"
    /// The shipped cascade without the machine's fonts.
    let font = Font.default(size: 17, systemFonts: false)

    static func path(_ file: String) -> String {
        HarfBuzzOracle.shippedFonts.appendingPathComponent(file).path
    }

    /// Each text as the pieces the cascade should draw it in: emoji (ZWJ sequences, flags,
    /// skin tones, keycaps, presentation selectors) with the emoji face, everything else,
    /// spaces and digits right after an emoji included, with Noto Sans.
    static let cases: [(name: String, pieces: [(text: String, emoji: Bool)])] = [
        ("a face", [("😀", true)]),
        ("a ZWJ family", [("👨‍👩‍👧‍👦", true)]),
        ("two flags", [("🇫🇷🇯🇵", true)]),
        ("a skin tone", [("👍🏽", true)]),
        ("a keycap", [("1️⃣", true)]),
        ("a heart with VS16", [("❤️", true)]),
        ("words around an emoji", [("Hi ", false), ("😀", true), (" there 42", false)]),
        ("digits after emoji", [("🎉🎉", true), ("2026", false)]),
    ]

    @Test(arguments: 0..<cases.count)
    func emojiMeasureAsHarfBuzzShapesThemWithTheShippedEmojiFace(_ index: Int) throws {
        let (name, pieces) = Self.cases[index]
        let text = pieces.map(\.text).joined()
        let expected = try HarfBuzzOracle.width(
            pieces.map { ($0.text, Self.path($0.emoji ? Self.emojiFile : Self.textFile)) }, size: 17)
        let prepared = PreparedText(text, font: font)
        #expect(abs(Double(prepared.unconstrainedWidth) - expected) < 1e-9 * max(expected, 1), "\(name)")
        let layout = try prepared.layout(width: .infinity)
        let faces = layout.typefaces(onLine: 0).map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(Set(faces) == Set(pieces.map { $0.emoji ? Self.emojiFile : Self.textFile }), "\(name)")
    }

    /// A line is as tall as the tallest face on it: an emoji-only line has the emoji face's
    /// line height, a line of words and emoji the taller of the two.
    @Test func lineHeightsComeFromTheFacesOnTheLine() throws {
        let emoji = try FontTables(path: Self.path(Self.emojiFile))
        let text = try FontTables(path: Self.path(Self.textFile))
        func height(_ metrics: FontTables) -> Double { metrics.lineHeight(size: 17) }
        let emojiOnly = try PreparedText("😀🎉", font: font).layout(width: .infinity)
        #expect(abs(Double(emojiOnly.lines[0].height) - height(emoji)) < 1e-9)
        let mixed = try PreparedText("Hi 😀", font: font).layout(width: .infinity)
        #expect(abs(Double(mixed.lines[0].height) - max(height(emoji), height(text))) < 1e-9)
    }

    /// Without the machine's fonts, a character that no shipped face covers is the primary
    /// face's `.notdef`, whatever is installed; with them it may be a system face.
    @Test func aHermeticCascadeNeverAsksTheSystem() throws {
        let cherokee = "Ꮳ"
        let layout = try PreparedText(cherokee, font: font).layout(width: .infinity)
        let faces = layout.typefaces(onLine: 0).map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(faces == [Self.textFile])
        let notdef = try HarfBuzzOracle.shape(cherokee, fontPath: Self.path(Self.textFile))
        #expect(notdef.map(\.g) == [0])
        let expected = Double(notdef[0].ax) * 17 / Double(try FontTables(path: Self.path(Self.textFile)).unitsPerEm)
        #expect(abs(Double(layout.lines[0].width) - expected) < 1e-9)
        #expect(!font.cascade.usesSystemFonts && Font.default(size: 17).cascade.usesSystemFonts)
    }
}
