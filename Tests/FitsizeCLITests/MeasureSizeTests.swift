import Foundation
import Testing
import TextOracles

/// `fitsize TEXT` prints `W x H`: widths from HarfBuzz advances, heights from the font's
/// own metric tables, both ceiled to the pixel grid.
@Suite struct MeasureSizeTests {
    /// Parses `W x H`.
    static func size(_ output: FitsizeProcess.Output) throws -> (width: Double, height: Double) {
        try #require(output.status == 0, "fitsize failed: \(output.stderr)")
        let parts = output.text.trimmingCharacters(in: .newlines).components(separatedBy: " x ")
        try #require(parts.count == 2, "not `W x H`: \(output.text)")
        return (try #require(Double(parts[0])), try #require(Double(parts[1])))
    }

    @Test func defaultFontSizeIsHarfBuzzWidthAndHheaLineHeightCeiled() throws {
        let size = try Self.size(try FitsizeProcess.run(["Hello, world"]))
        let metrics = try FontTables(path: TestFonts.notoSans)
        #expect(size.width == ceilToPixelGrid(try HarfBuzzOracle.width("Hello, world", fontPath: TestFonts.notoSans, size: 17)))
        #expect(size.height == ceilToPixelGrid(metrics.lineHeight(size: 17)))
    }

    @Test func outputIsOneLineOfWidthTimesHeight() throws {
        let output = try FitsizeProcess.run(["Hello"])
        #expect(output.status == 0)
        #expect(output.lines.count == 1)
        #expect(output.text.wholeMatch(of: /[0-9.]+ x [0-9.]+\n/) != nil)
        #expect(output.stderr.isEmpty)
    }

    @Test func explicitFontAndSizeUseThatFontsAdvancesAndMetrics() throws {
        let font = TestFonts.notoSerif
        try #require(FileManager.default.fileExists(atPath: font), "fonts-noto-core is not installed")
        let size = try Self.size(try FitsizeProcess.run(["--font", font, "--size", "20", "Typography AVA"]))
        #expect(size.width == ceilToPixelGrid(try HarfBuzzOracle.width("Typography AVA", fontPath: font, size: 20)))
        #expect(size.height == ceilToPixelGrid(try FontTables(path: font).lineHeight(size: 20)))
    }

    @Test func scaleCeilsToItsPixelGrid() throws {
        let text = "Scaled text"
        let width = try HarfBuzzOracle.width(text, fontPath: TestFonts.notoSans, size: 17)
        let height = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        for scale in [1.0, 2.0, 3.0] {
            let size = try Self.size(try FitsizeProcess.run(["--scale", String(scale), text]))
            #expect(abs(size.width - ceilToPixelGrid(width, scale: scale)) < 1e-6, "scale \(scale)")
            #expect(abs(size.height - ceilToPixelGrid(height, scale: scale)) < 1e-6, "scale \(scale)")
        }
    }

    @Test func widthWrapsAtWordsAndStacksLineHeights() throws {
        let first = try HarfBuzzOracle.width("alpha beta", fontPath: TestFonts.notoSans, size: 17)
        let second = try HarfBuzzOracle.width("gamma", fontPath: TestFonts.notoSans, size: 17)
        let both = try HarfBuzzOracle.width("alpha beta gamma", fontPath: TestFonts.notoSans, size: 17)
        let lineHeight = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        // Wide enough for "alpha beta" but not for all three words.
        let width = (first + both) / 2
        let size = try Self.size(try FitsizeProcess.run(["--width", String(width), "alpha beta gamma"]))
        #expect(size.width == ceilToPixelGrid(max(first, second)))
        #expect(size.height == ceilToPixelGrid(2 * lineHeight))
    }

    @Test func linesLimitsTheLineCountAndLineSpacingSeparatesLines() throws {
        let lineHeight = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        let text = "one two three four five six seven eight nine ten"
        let limited = try Self.size(try FitsizeProcess.run(["--width", "60", "--lines", "2", text]))
        #expect(limited.height == ceilToPixelGrid(2 * lineHeight))
        let spaced = try Self.size(try FitsizeProcess.run(["--width", "60", "--lines", "2", "--line-spacing", "5", text]))
        #expect(spaced.height == ceilToPixelGrid(2 * lineHeight + 5))
    }

    @Test func letterSpacingAddsToEveryCharacter() throws {
        let text = "mmmm"
        let plain = try HarfBuzzOracle.width(text, fontPath: TestFonts.notoSans, size: 17)
        let size = try Self.size(try FitsizeProcess.run(["--letter-spacing", "1.5", text]))
        #expect(size.width == ceilToPixelGrid(plain + 4 * 1.5))
    }

    @Test func fallbackFontDrawsWhatThePrimaryFontLacks() throws {
        let thai = TestFonts.notoSansThai
        try #require(FileManager.default.fileExists(atPath: thai), "fonts-noto-core is not installed")
        let text = "สวัสดี"
        let size = try Self.size(try FitsizeProcess.run(["--font", TestFonts.notoSans, "--fallback", thai, text]))
        #expect(size.width == ceilToPixelGrid(try HarfBuzzOracle.width(text, fontPath: thai, size: 17)))
        // The line is as tall as the tallest face used on it: the Thai face's.
        #expect(size.height == ceilToPixelGrid(try FontTables(path: thai).lineHeight(size: 17)))
    }

    @Test func textFromStandardInputMeasuresLikeTheArgument() throws {
        let fromArgument = try FitsizeProcess.run(["Piped text"])
        let fromInput = try FitsizeProcess.run([], stdin: Array("Piped text\n".utf8))
        #expect(fromInput.status == 0)
        #expect(fromInput.text == fromArgument.text)
    }

    @Test func lineBreakModesKeepTheLastLineWithinTheWidth() throws {
        let text = "A rather long sentence that cannot possibly fit on a single short line"
        for mode in ["head", "tail", "middle", "clip"] {
            let size = try Self.size(try FitsizeProcess.run(["--width", "120", "--lines", "1", "--line-break", mode, text]))
            #expect(size.width <= 120, "mode \(mode)")
            #expect(size.height == ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)))
        }
        let charWrapped = try Self.size(try FitsizeProcess.run(["--width", "120", "--line-break", "char", text]))
        let wordWrapped = try Self.size(try FitsizeProcess.run(["--width", "120", "--line-break", "word", text]))
        #expect(charWrapped.height <= wordWrapped.height)
    }

    @Test func measureSubcommandNameIsTheSameCommand() throws {
        let implicit = try FitsizeProcess.run(["Same"])
        let explicit = try FitsizeProcess.run(["measure", "Same"])
        #expect(explicit.status == 0)
        #expect(explicit.text == implicit.text)
    }
}
