import Foundation
import Testing
@testable import Typesetting

/// Bad input is a clear error, never a crash.
@Suite struct InputValidationTests {
    let prepared = PreparedText("Some text", font: Measure.font)

    @Test func negativeWidthIsAnError() {
        #expect(throws: TypesettingError.invalidWidth(-1)) { try prepared.layout(width: -1) }
    }

    @Test func nanWidthIsAnError() {
        #expect(throws: TypesettingError.self) { try prepared.layout(width: .nan) }
        do {
            _ = try prepared.layout(width: .nan)
        } catch {
            #expect(String(describing: error).contains("width"))
        }
    }

    @Test func zeroAndInfiniteWidthsAreValid() throws {
        #expect(try prepared.layout(width: 0).lines.count > 1)
        #expect(try prepared.layout(width: .infinity).lines.count == 1)
    }

    @Test func negativeMaxLinesLineSpacingAndBadScalesAreErrors() {
        #expect(throws: TypesettingError.invalidMaxLines(-2)) { try prepared.layout(width: 10, maxLines: -2) }
        #expect(throws: TypesettingError.invalidLineSpacing(-1)) { try prepared.layout(width: 10, lineSpacing: -1) }
        #expect(throws: TypesettingError.invalidScale(0)) { try prepared.layout(width: 10, scale: 0) }
        #expect(throws: TypesettingError.self) { try prepared.layout(width: 10, scale: .infinity) }
    }

    @Test func invalidUTF8IsAnErrorAtTheOffendingByte() {
        #expect(throws: TypesettingError.invalidUTF8(byteOffset: 1)) {
            try PreparedText(utf8: [0x61, 0xFF, 0x62], font: Measure.font)
        }
        #expect(throws: TypesettingError.invalidUTF8(byteOffset: 3)) {
            try PreparedText(utf8: Array("abc".utf8) + [0xE2, 0x82], font: Measure.font)  // truncated sequence
        }
        #expect(throws: TypesettingError.invalidUTF8(byteOffset: 0)) {
            try PreparedText(utf8: [0xED, 0xA0, 0x80], font: Measure.font)  // an encoded surrogate
        }
    }

    @Test func validUTF8BytesPrepareLikeTheString() throws {
        let text = "Grüße, 世界 مرحبا"
        let fromBytes = try PreparedText(utf8: Array(text.utf8), font: Measure.font)
        #expect(fromBytes.text == text)
        #expect(try fromBytes.layout(width: 80).lines == (try PreparedText(text, font: Measure.font).layout(width: 80)).lines)
    }

    @Test func nonFiniteLetterSpacingIsAnError() {
        #expect(throws: TypesettingError.invalidLetterSpacing(.infinity)) {
            try PreparedText("x", font: Measure.font, letterSpacing: .infinity)
        }
    }

    @Test func badFontSizesAreErrorsOrClampedForTheInfallibleDefaults() throws {
        let path = Measure.font.primaryTypeface.path
        #expect(throws: TypesettingError.invalidFontSize(-3)) { try Font(path: path, size: -3) }
        #expect(throws: TypesettingError.self) { try Font(path: path, size: .nan) }
        #expect(Font.default(size: .nan).pointSize == 0)
        #expect(try PreparedText("zero", font: Font.default(size: -1)).layout(width: 10).size == .zero)
    }

    @Test(arguments: [Font.maximumPointSize.nextUp, 1e300, .infinity, -.infinity, -1e-300])
    func fontSizesOutsideTheDocumentedRangeAreRefused(size: CGFloat) {
        #expect(throws: TypesettingError.invalidFontSize(size)) { try Font(cascade: Measure.font.cascade, size: size) }
        #expect(throws: TypesettingError.invalidFontSize(size)) { try Font.shipped(size: size) }
    }

    @Test func theInfallibleDefaultsBringAnySizeIntoTheRange() throws {
        #expect(Font.default(size: 1e300).pointSize == Font.maximumPointSize)
        #expect(Font.bold(size: .infinity).pointSize == Font.maximumPointSize)
        #expect(Measure.font.withSize(1e300).pointSize == Font.maximumPointSize)
        #expect(try Font(cascade: Measure.font.cascade, size: Font.maximumPointSize).pointSize == 10_000)
        // The largest font measures a long text to finite sizes.
        let layout = try PreparedText(String(repeating: "W", count: 10_000), font: Font.default(size: 1e300))
            .layout(width: .infinity, lineSpacing: 1_000_000)
        #expect(layout.size.width.isFinite && layout.size.width > 0 && layout.size.height.isFinite)
    }

    @Test func unpairedSurrogatesInStringsDoNotCrash() throws {
        // Swift strings are always valid Unicode; lone surrogates arrive as U+FFFD.
        let text = String(decoding: [0xD800, 0x61] as [UInt16], as: UTF16.self)
        #expect(try PreparedText(text, font: Measure.font).layout(width: 50).lines.count == 1)
    }

    @Test func controlCharactersAndEmojiMeasureWithoutCrashing() throws {
        let text = "tab\there \u{0} null 👨‍👩‍👧 family 🇫🇷 flag \u{FEFF}"
        let layout = try PreparedText(text, font: Measure.font).layout(width: 60, lineBreakMode: .byCharWrapping)
        #expect(Measure.lineTexts(layout).joined() == text)
    }
}
