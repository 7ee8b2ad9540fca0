import Foundation
import Testing
import TextOracles

/// `"attributedText"` and `"paragraphStyle"` in cell templates: heights against the shipped
/// files' own metric tables, and bad runs refused at their line and column.
@Suite struct AttributedTemplateTests {
    static func heights(template: String, item: String, arguments: [String] = []) throws -> [Double] {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templatePath = folder.appendingPathComponent("cell.json").path
        let dataPath = folder.appendingPathComponent("items.jsonl").path
        try template.write(toFile: templatePath, atomically: true, encoding: .utf8)
        try (item + "\n").write(toFile: dataPath, atomically: true, encoding: .utf8)
        let output = try FitsizeProcess.run(["cells", "--template", templatePath, "--data", dataPath, "--width", "320"] + arguments)
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        return try CellsTests.heights(output).map(\.height)
    }

    static func error(template: String) throws -> String {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templatePath = folder.appendingPathComponent("cell.json").path
        let dataPath = folder.appendingPathComponent("items.jsonl").path
        try template.write(toFile: templatePath, atomically: true, encoding: .utf8)
        try "{\"id\": 1}\n".write(toFile: dataPath, atomically: true, encoding: .utf8)
        let output = try FitsizeProcess.run(["cells", "--template", templatePath, "--data", dataPath, "--width", "320"])
        #expect(output.status != 0)
        return output.stderr
    }

    static func template(_ label: String) -> String {
        """
        {
          "views": [
            \(label)
          ],
          "constraints": ["H:|[body]|", "V:|[body]|"]
        }
        """
    }

    @Test func runsOfTwoSizesMakeTheLineAsTallAsTheLargerFont() throws {
        let heights = try Self.heights(template: Self.template("""
            {"name": "body", "type": "label", "lines": 0, "attributedText": [
              {"text": "{author}", "font": {"size": 28, "weight": "bold"}}, {"text": " {body}"}]}
            """), item: #"{"id": 1, "author": "Ann", "body": "says hi"}"#)
        let bold = try FontTables(path: DynamicTypeCLITests.notoSansBold)
        #expect(heights == [ceilToPixelGrid(bold.lineHeight(size: 28))])
    }

    @Test func aParagraphStyleAppliesToPlainTextAndToRuns() throws {
        let line = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        let plain = try Self.heights(template: Self.template("""
            {"name": "body", "type": "label", "lines": 0, "text": "{body}",
             "paragraphStyle": {"lineHeightMultiple": 2, "paragraphSpacing": 5}}
            """), item: #"{"id": 1, "body": "one\ntwo"}"#)
        #expect(plain == [ceilToPixelGrid(2 * line + 5 + 2 * line)])
        let runs = try Self.heights(template: Self.template("""
            {"name": "body", "type": "label", "lines": 0, "attributedText": [{"text": "{first}\\n"}, {"text": "{second}"}],
             "paragraphStyle": {"minimumLineHeight": 40}}
            """), item: #"{"id": 1, "first": "one", "second": "two"}"#)
        #expect(runs == [ceilToPixelGrid(2 * max(40, line))])
    }

    @Test func aKernedRunWidensTheLabelByItsCharacters() throws {
        // Beside a fixed 100-point view, a one-line label's width decides nothing of the
        // height; a wrapping one at a width too narrow for the kerned text needs two lines.
        let word = try HarfBuzzOracle.width("abcdefghij", fontPath: TestFonts.notoSans, size: 17)
        let width = Int(word.rounded(.up)) + 5
        let template = """
            {
              "views": [
                {"name": "body", "type": "label", "lines": 0, "attributedText": [{"text": "{word}", "kern": 3}]}
              ],
              "constraints": ["H:|[body(\(width))]", "V:|[body]|"]
            }
            """
        let heights = try Self.heights(template: template, item: #"{"id": 1, "word": "abcdefghij klm"}"#)
        let line = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        // Unkerned, "abcdefghij" fits in `width`; with 3 points after each of its 10 characters
        // it does not fit beside anything, so "klm" goes to a second line.
        #expect(heights == [ceilToPixelGrid(2 * line)])
    }

    /// A box 40 tall from 10 below the baseline: taller above (30) than the font's ascent and
    /// deeper below (10) than its descent, so it alone sets the line.
    @Test func anAttachmentRunIsABoxInTheLine() throws {
        let heights = try Self.heights(template: Self.template("""
            {"name": "body", "type": "label", "attributedText": [
              {"text": "{name} "}, {"attachment": {"width": 30, "height": 40, "y": -10}}]}
            """), item: #"{"id": 1, "name": "Ann"}"#)
        let tables = try FontTables(path: TestFonts.notoSans)
        #expect(tables.ascender(size: 17) < 30 && tables.lineHeight(size: 17) - tables.ascender(size: 17) < 10)
        #expect(heights == [40])
    }

    /// Each run follows Dynamic Type on its own, as UIKit's adjusting label sizes each run: a
    /// run with a text style and a run taking the label's text style grow with the category
    /// (headline and body are 17 points at large and 33 at accessibilityLarge, Apple's table),
    /// and a run of a fixed 12-point font stays.
    @Test(arguments: [("large", 17.0), ("accessibilityLarge", 33.0)])
    func runsFollowTheCategoryEachByItsOwnFont(category: String, size: Double) throws {
        let own = try Self.heights(template: Self.template("""
            {"name": "body", "type": "label", "attributedText": [
              {"text": "{title}", "textStyle": "headline"}, {"text": " {rest}", "font": {"size": 12}}]}
            """), item: #"{"id": 1, "title": "Title", "rest": "small"}"#, arguments: ["--content-size-category", category])
        let bold = try FontTables(path: DynamicTypeCLITests.notoSansBold)
        #expect(own == [ceilToPixelGrid(bold.lineHeight(size: size))])
        let inherited = try Self.heights(template: Self.template("""
            {"name": "body", "type": "label", "textStyle": "body", "attributedText": [
              {"text": "{title}"}, {"text": " {rest}", "font": {"size": 12}}]}
            """), item: #"{"id": 1, "title": "Title", "rest": "small"}"#, arguments: ["--content-size-category", category])
        let regular = try FontTables(path: TestFonts.notoSans)
        #expect(inherited == [ceilToPixelGrid(regular.lineHeight(size: size))])
    }

    /// A fixed font never grows: a label whose runs are all fixed sizes keeps its height.
    @Test func fixedRunsStayAtEveryCategory() throws {
        let template = Self.template("""
            {"name": "body", "type": "label", "textStyle": "body", "attributedText": [
              {"text": "{title}", "font": {"size": 20}}, {"text": " {rest}", "font": {"size": 12}}]}
            """)
        let item = #"{"id": 1, "title": "Title", "rest": "small"}"#
        let large = try Self.heights(template: template, item: item)
        let huge = try Self.heights(template: template, item: item, arguments: ["--content-size-category", "accessibilityExtraExtraExtraLarge"])
        #expect(large == [ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: 20))])
        #expect(huge == large)
    }

    @Test(arguments: [
        (#"{"name": "body", "type": "label", "attributedText": [{"attachment": {"width": 1}}]}"#,
         "an attachment needs a \"width\" and a \"height\""),
        (#"{"name": "body", "type": "label", "attributedText": [{"attachment": {"width": 1, "height": -2}}]}"#, "\"height\" must be between"),
        (#"{"name": "body", "type": "label", "attributedText": [{"attachment": {"width": 1, "height": 2}, "kern": 1}]}"#, "\"kern\""),
        (#"{"name": "body", "type": "label", "attributedText": [{"text": "y", "textStyle": "giant"}]}"#, "\"textStyle\""),
    ])
    func badAttachmentsAndRunStylesAreRefusedAtTheirPlace(label: String, message: String) throws {
        let stderr = try Self.error(template: Self.template(label))
        #expect(stderr.contains("cell.json:3:"), "\(stderr)")
        #expect(stderr.contains(message), "\(stderr)")
    }

    @Test(arguments: [
        (#"{"name": "body", "type": "label", "text": "x", "attributedText": [{"text": "y"}]}"#,
         "a label takes \"text\" or \"attributedText\", not both"),
        (#"{"name": "body", "type": "label", "attributedText": []}"#, "\"attributedText\" must be an array of runs"),
        (#"{"name": "body", "type": "label", "attributedText": [{"text": "y", "colour": "red"}]}"#, "\"colour\""),
        (#"{"name": "body", "type": "label", "attributedText": [{"kern": 1}]}"#, "a run needs a \"text\" or an \"attachment\""),
        (#"{"name": "body", "type": "label", "attributedText": [{"text": "y", "kern": 1e9}]}"#, "\"kern\" must be between"),
        (#"{"name": "body", "type": "label", "text": "y", "paragraphStyle": {"lineHeightMultiple": 0}}"#,
         "\"lineHeightMultiple\" must be more than 0"),
        (#"{"name": "body", "type": "label", "text": "y", "paragraphStyle": {"lineSpacing": -1}}"#, "\"lineSpacing\" must be between"),
        (#"{"name": "body", "type": "label", "attributedText": [{"text": "{unclosed"}]}"#, "unclosed placeholder"),
    ])
    func badRunsAndStylesAreRefusedAtTheirPlace(label: String, message: String) throws {
        let stderr = try Self.error(template: Self.template(label))
        #expect(stderr.contains("cell.json:3:"), "\(stderr)")
        #expect(stderr.contains(message), "\(stderr)")
    }
}
