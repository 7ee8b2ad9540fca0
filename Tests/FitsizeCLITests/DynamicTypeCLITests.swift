import AutoLayout
import Foundation
import Testing
import TextOracles
import Typesetting

/// Dynamic Type end to end: labels with preferred fonts against the shipped faces' own metric
/// tables, `fitsize --text-style --content-size-category`, and `"textStyle"` in cell templates
/// with `fitsize cells --content-size-category`.
@Suite struct DynamicTypeCLITests {
    static let notoSansBold = TestFonts.shipped.appendingPathComponent("NotoSans-Bold.ttf").path

    /// Apple's sizes (HIG "Typography") at xSmall, Large and AX3, typed here, with the shipped
    /// face each style is drawn with (Bold for headline's semibold).
    static let styles: [(Font.TextStyle, sizes: [CGFloat], bold: Bool)] = [
        (.largeTitle, [31, 34, 52], false), (.title1, [25, 28, 48], false), (.title2, [19, 22, 44], false),
        (.title3, [17, 20, 43], false), (.headline, [14, 17, 40], true), (.subheadline, [12, 15, 36], false),
        (.body, [14, 17, 40], false), (.callout, [13, 16, 38], false), (.footnote, [12, 13, 33], false),
        (.caption1, [11, 12, 32], false), (.caption2, [11, 11, 29], false),
    ]
    static let categories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraLarge]

    @Test func aLabelWithAPreferredFontIsOneLineOfTheFacesMetricsTall() throws {
        let regular = try FontTables(path: TestFonts.notoSans)
        let bold = try FontTables(path: Self.notoSansBold)
        for (style, sizes, isBold) in Self.styles {
            for (category, size) in zip(Self.categories, sizes) {
                let root = View()
                root.contentSizeCategoryOverride = category
                let label = Label(text: "Dynamic")
                root.addSubview(label)
                label.adjustsFontForContentSizeCategory = true
                label.font = Font.preferredFont(forTextStyle: style)
                let tables = isBold ? bold : regular
                #expect(Double(label.intrinsicContentSize.height) == ceilToPixelGrid(tables.lineHeight(size: Double(size))),
                        "\(style) at \(category)")
                #expect(abs(Double(label.firstBaselineOffsetFromTop ?? 0) - tables.ascender(size: Double(size))) < 1e-9,
                        "\(style) at \(category)")
            }
        }
    }

    @Test func aTwoLineLabelIsTwoLinesOfTheFacesMetrics() throws {
        let root = View()
        root.contentSizeCategoryOverride = .accessibilityMedium
        let label = Label(text: "First line\nSecond line")
        label.numberOfLines = 0
        label.font = Font.preferredFont(forTextStyle: .callout, compatibleWith: root.traitCollection)
        root.addSubview(label)
        // Callout at AX1 is 26 points.
        let line = try FontTables(path: TestFonts.notoSans).lineHeight(size: 26)
        #expect(Double(label.intrinsicContentSize.height) == ceilToPixelGrid(2 * line))
    }

    @Test(arguments: [("body", "accessibilityLarge", 33.0, false), ("headline", "extraSmall", 14, true), ("caption2", "large", 11, false)])
    func textStyleAndCategoryMeasureWithTheStylesFaceAndSize(style: String, category: String, size: Double, bold: Bool) throws {
        let font = bold ? Self.notoSansBold : TestFonts.notoSans
        let measured = try MeasureSizeTests.size(try FitsizeProcess.run(
            ["--text-style", style, "--content-size-category", category, "Dynamic Type"]))
        #expect(measured.width == ceilToPixelGrid(try HarfBuzzOracle.width("Dynamic Type", fontPath: font, size: size)))
        #expect(measured.height == ceilToPixelGrid(try FontTables(path: font).lineHeight(size: size)))
    }

    @Test func withoutACategoryATextStyleMeasuresAtLarge() throws {
        let measured = try MeasureSizeTests.size(try FitsizeProcess.run(["--text-style", "title1", "Title"]))
        #expect(measured.height == ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: 28)))
    }

    @Test func aSizeGivenWithATextStyleIsScaledAlongTheStylesCurve() throws {
        // Body is 17 at Large and 19 at xLarge: 10 points become 10 × 19 / 17.
        let measured = try MeasureSizeTests.size(try FitsizeProcess.run(
            ["--text-style", "body", "--size", "10", "--content-size-category", "extraLarge", "Scaled"]))
        let size = 10.0 * 19 / 17
        #expect(measured.width == ceilToPixelGrid(try HarfBuzzOracle.width("Scaled", fontPath: TestFonts.notoSans, size: size)))
        #expect(measured.height == ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: size)))
    }

    @Test(arguments: [
        (["--text-style", "bodyy", "x"], ["'bodyy'", "--text-style", "headline"]),
        (["--text-style", "body", "--content-size-category", "huge", "x"], ["'huge'", "--content-size-category", "accessibilityLarge"]),
        (["--content-size-category", "large", "x"], ["--content-size-category applies only with --text-style"]),
    ])
    func badStylesAndCategoriesAreErrorsNamingTheOptionAndValue(arguments: [String], words: [String]) throws {
        let output = try FitsizeProcess.run(arguments)
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        for word in words { #expect(output.stderr.contains(word), "\(output.stderr)") }
    }

    // MARK: Cells

    static let template = """
        {
          "views": [
            {"name": "title", "type": "label", "text": "{title}", "textStyle": "headline"},
            {"name": "note", "type": "label", "text": "{note}", "font": {"size": 10}, "textStyle": "caption2"},
            {"name": "fixed", "type": "label", "text": "{note}", "font": 12}
          ],
          "constraints": ["H:|[title]|", "H:|[note]|", "H:|[fixed]|", "V:|[title][note][fixed]|"]
        }
        """

    /// Writes the template and one item into a fresh folder.
    static func files(template: String) throws -> (folder: URL, template: String, data: String) {
        let folder = try FitsizeProcess.temporaryFolder()
        let templatePath = folder.appendingPathComponent("cell.json").path
        let dataPath = folder.appendingPathComponent("items.jsonl").path
        try template.write(toFile: templatePath, atomically: true, encoding: .utf8)
        try #"{"id": 1, "title": "Title", "note": "A note"}"#.appending("\n").write(toFile: dataPath, atomically: true, encoding: .utf8)
        return (folder, templatePath, dataPath)
    }

    @Test(arguments: [("extraSmall", 14.0, 11.0), ("large", 17, 11), ("accessibilityExtraExtraExtraLarge", 53, 40)])
    func templateTextStylesFollowTheRunsCategory(category: String, headline: Double, caption2: Double) throws {
        let (folder, template, data) = try Self.files(template: Self.template)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["cells", "--template", template, "--data", data, "--width", "320"]
        if category != "large" { arguments += ["--content-size-category", category] }
        let output = try FitsizeProcess.run(arguments)
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        let heights = try CellsTests.heights(output)
        let bold = try FontTables(path: Self.notoSansBold)
        let regular = try FontTables(path: TestFonts.notoSans)
        // The note's 10-point font follows caption2's curve: 10 × size(caption2) / 11.
        let expected = ceilToPixelGrid(bold.lineHeight(size: headline))
            + ceilToPixelGrid(regular.lineHeight(size: 10 * caption2 / 11))
            + ceilToPixelGrid(regular.lineHeight(size: 12))
        #expect(heights.map(\.height) == [expected])
    }

    @Test func anUnknownTextStyleInATemplateNamesItsLineAndColumn() throws {
        let template = Self.template.replacingOccurrences(of: "\"caption2\"", with: "\"caption3\"")
        let (folder, path, data) = try Self.files(template: template)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try FitsizeProcess.run(["cells", "--template", path, "--data", data, "--width", "320"])
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("cell.json:4:"), "\(output.stderr)")
        #expect(output.stderr.contains("\"caption3\""), "\(output.stderr)")
        #expect(output.stderr.contains("caption1, caption2"), "\(output.stderr)")
    }

    @Test func anUnknownCategoryForCellsNamesTheOptionAndValue() throws {
        let (folder, template, data) = try Self.files(template: Self.template)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try FitsizeProcess.run(
            ["cells", "--template", template, "--data", data, "--width", "320", "--content-size-category", "AX9"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("'AX9'") && output.stderr.contains("--content-size-category"), "\(output.stderr)")
    }
}
