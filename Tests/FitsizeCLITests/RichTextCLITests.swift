import Foundation
import Testing
import TextOracles

/// Rich text in the tool: `--markup`, and a JSON line's `"runs"` and `"paragraph"`. Each run
/// is measured against hb-shape on the shipped file it uses and the files' own metric tables;
/// malformed markup is refused with its column, bad runs with their field.
@Suite struct RichTextCLITests {
    static let notoSansBold = TestFonts.shipped.appendingPathComponent("NotoSans-Bold.ttf").path
    static let notoSansHebrew = TestFonts.shipped.appendingPathComponent("NotoSansHebrew-Regular.ttf").path

    static func measure(_ arguments: [String]) throws -> (width: Double, height: Double) {
        try MeasureSizeTests.size(try FitsizeProcess.run(["--markup"] + arguments))
    }

    @Test func aBoldRunIsShapedWithTheBoldFace() throws {
        let size = try Self.measure(["<b>Hello</b> world"])
        let width = try HarfBuzzOracle.width([("Hello", Self.notoSansBold), (" world", TestFonts.notoSans)], size: 17)
        #expect(size.width == ceilToPixelGrid(width))
        let line = max(try FontTables(path: Self.notoSansBold).lineHeight(size: 17),
                       try FontTables(path: TestFonts.notoSans).lineHeight(size: 17))
        #expect(size.height == ceilToPixelGrid(line))
    }

    @Test func aLargerRunMakesTheLineAsTallAsItsFont() throws {
        let size = try Self.measure(["<size 34>Hello</size> world"])
        let width = try HarfBuzzOracle.width("Hello", fontPath: TestFonts.notoSans, size: 34)
            + HarfBuzzOracle.width(" world", fontPath: TestFonts.notoSans, size: 17)
        #expect(size.width == ceilToPixelGrid(width))
        #expect(size.height == ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: 34)))
    }

    @Test func kernAddsAfterEveryCharacterOfItsRun() throws {
        let size = try Self.measure(["Hello <kern 2>world</kern>"])
        let width = try HarfBuzzOracle.width([("Hello ", TestFonts.notoSans), ("world", TestFonts.notoSans)], size: 17)
        #expect(size.width == ceilToPixelGrid(width + 5 * 2))
    }

    @Test func aFontTagShapesItsRunWithThatFile() throws {
        let size = try Self.measure(["Hi <font \(Self.notoSansHebrew)>שלום</font>"])
        let width = try HarfBuzzOracle.width([("Hi ", TestFonts.notoSans), ("שלום", Self.notoSansHebrew)], size: 17)
        #expect(size.width == ceilToPixelGrid(width))
    }

    @Test func linksItalicsAndEntitiesMeasureAsTheirPlainText() throws {
        let plain = try MeasureSizeTests.size(try FitsizeProcess.run(["Read <this> & \"that\""]))
        let marked = try Self.measure(["<a https://example.com>Read</a> <i>&lt;this&gt;</i> &amp; &quot;that&quot;"])
        #expect(marked.width == plain.width)
        #expect(marked.height == plain.height)
    }

    @Test func eachBatchLineIsMarkup() throws {
        let output = try FitsizeProcess.run(["--markup", "--batch"], stdin: Array("<b>Hello</b> world\nplain\n".utf8))
        try #require(output.status == 0, "\(output.stderr)")
        let width = try HarfBuzzOracle.width([("Hello", Self.notoSansBold), (" world", TestFonts.notoSans)], size: 17)
        #expect(output.lines.first?.hasPrefix("\(Int(ceilToPixelGrid(width))) x") == true, "\(output.lines)")
        #expect(output.lines.count == 2)
    }

    @Test(arguments: [
        ("a <b>b", "column 3: <b> is never closed"),
        ("a </b>", "column 3: </b> closes no open tag"),
        ("<b><i>x</b></i>", "column 8: </b> where </i> (opened at column 4) must close first"),
        ("a <x>y</x>", "column 3: unknown tag <x>"),
        ("a & b", "column 3: a & that starts no entity"),
        ("a &foo; b", "column 3: unknown entity &foo;"),
        ("<size 0>x</size>", "column 1: <size 0>: a size in points must be more than 0 and at most 10000"),
        ("<kern x>y</kern>", "column 1: <kern x>: a kern in points must be a number"),
        ("<size>x</size>", "column 1: <size> needs an argument"),
        ("a > b", "column 3: a lone >"),
    ])
    func malformedMarkupIsRefusedWithItsColumn(markup: String, message: String) throws {
        let output = try FitsizeProcess.run(["--markup", markup])
        #expect(output.status != 0)
        #expect(output.stderr.contains("markup, " + message), "\(output.stderr)")
    }

    @Test func boldOfAGivenFontFileIsRefused() throws {
        let output = try FitsizeProcess.run(["--markup", "--font", TestFonts.notoSans, "<b>x</b>"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("<b> needs the shipped fonts"), "\(output.stderr)")
    }

    /// An attachment adds its width to the line and stretches the line to its box: here
    /// 20 wide, reaching 16 above the baseline (less than the font's ascent) and 6 below it
    /// (more than the font's descent).
    @Test func anAttachmentTagIsABoxInTheLine() throws {
        let size = try Self.measure(["ab<attachment 20 22 -6>cd"])
        let tables = try FontTables(path: TestFonts.notoSans)
        let text = try HarfBuzzOracle.width("abcd", fontPath: TestFonts.notoSans, size: 17)
        #expect(size.width == ceilToPixelGrid(text + 20))
        #expect(size.height == ceilToPixelGrid(tables.ascender(size: 17) + 6))
    }

    @Test func aJSONRunMayBeAnAttachment() throws {
        let output = try Self.jsonLines([#"{"runs": [{"text": "ab"}, {"attachment": {"width": 12.5, "height": 40, "y": -4}}]}"#])
        try #require(output.status == 0, "\(output.stderr)")
        let width = try HarfBuzzOracle.width("ab", fontPath: TestFonts.notoSans, size: 17) + 12.5
        let tables = try FontTables(path: TestFonts.notoSans)
        let height = 36 + max(4, tables.lineHeight(size: 17) - tables.ascender(size: 17))
        let size = try MeasureSizeTests.size(output)
        #expect(size.width == ceilToPixelGrid(width))
        #expect(size.height == ceilToPixelGrid(height))
    }

    @Test(arguments: [
        ("x<attachment 20>", "column 2: <attachment 20>: give a width, a height and optionally a y"),
        ("x<attachment 20 -1>", "column 2: <attachment 20 -1>: the attachment's height must be from 0 to 1000000, got -1"),
        ("x<attachment 1 1 nan>", "column 2: <attachment 1 1 nan>: the attachment's y must be from -1000000 to 1000000"),
        ("x</attachment>", "column 2: <attachment> has no closing tag"),
    ])
    func badAttachmentTagsAreRefusedWithTheirColumn(markup: String, message: String) throws {
        let output = try FitsizeProcess.run(["--markup", markup])
        #expect(output.status != 0)
        #expect(output.stderr.contains("markup, " + message), "\(output.stderr)")
    }

    static func jsonLines(_ lines: [String]) throws -> FitsizeProcess.Output {
        try FitsizeProcess.run(["--batch", "--input-format", "jsonl"], stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
    }

    @Test func jsonRunsAreShapedRunByRun() throws {
        let output = try Self.jsonLines([#"{"runs": [{"text": "Hello", "weight": "bold"}, {"text": " world", "size": 34}]}"#])
        try #require(output.status == 0, "\(output.stderr)")
        let width = try HarfBuzzOracle.width("Hello", fontPath: Self.notoSansBold, size: 17)
            + HarfBuzzOracle.width(" world", fontPath: TestFonts.notoSans, size: 34)
        let height = ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: 34))
        #expect(output.lines == ["\(Int(ceilToPixelGrid(width))) x \(Int(height))"])
    }

    @Test func aParagraphsLineHeightMultipleAndSpacingApplyToEachLine() throws {
        let output = try Self.jsonLines([#"{"text": "one\ntwo", "paragraph": {"lineHeightMultiple": 1.5, "paragraphSpacing": 6}}"#])
        try #require(output.status == 0, "\(output.stderr)")
        let line = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        let height = ceilToPixelGrid(1.5 * line + 6 + 1.5 * line)
        #expect(output.lines.first?.hasSuffix(" x \(Int(height))") == true, "\(output.lines)")
    }

    @Test(arguments: [
        (#"{"runs": [{"text": "x", "weight": "fat"}]}"#, #""weight" must be one of"#),
        (#"{"runs": [{"text": "x", "colour": "red"}]}"#, #"Unknown field "colour" in a run"#),
        (#"{"text": "a", "runs": [{"text": "b"}]}"#, #""text" and "runs" cannot both be given"#),
        (#"{"runs": []}"#, #""runs" must hold at least one run"#),
        (#"{"text": "x", "paragraph": {"alignment": "middle"}}"#, #""paragraph.alignment" must be one of"#),
        (#"{"text": "x", "paragraph": {"lineHeightMultiple": 0}}"#, "lineHeightMultiple"),
        (#"{"text": "<b>x", "markup": true}"#, "markup, column 1: <b> is never closed"),
        (#"{"runs": [{"text": "x", "attachment": {"width": 1, "height": 1}}]}"#, #"a run has a "text" or an "attachment", not both"#),
        (#"{"runs": [{"attachment": {"width": 1}}]}"#, #"height"#),
        (#"{"runs": [{"attachment": {"width": 1, "height": 1, "x": 2}}]}"#, #"Unknown field "x" in "attachment""#),
        (#"{"runs": [{"attachment": {"width": -1, "height": 1}}]}"#, "the attachment's width must be from 0 to 1000000, got -1"),
    ])
    func badRichTextLinesFailAloneNamingTheField(line: String, message: String) throws {
        let output = try Self.jsonLines([line, #"{"text": "fine"}"#])
        #expect(output.status == 1)
        #expect(output.lines.first?.contains(message) == true, "\(output.lines)")
        #expect(output.lines.count == 2 && output.lines[1].contains(" x "), "\(output.lines)")
    }
}
