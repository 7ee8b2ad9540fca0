import Foundation
import Testing
import TextOracles

/// `--json`: the size, every line with its text, range, width and baseline, the
/// baselines, the fonts used and truncation.
@Suite struct MeasureJSONTests {
    static func object(_ arguments: [String]) throws -> [String: Any] {
        let output = try FitsizeProcess.run(arguments)
        try #require(output.status == 0, "fitsize failed: \(output.stderr)")
        #expect(output.lines.count == 1, "JSON is printed on one line")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: Any])
    }

    @Test func jsonHasSizeLinesBaselinesFontsAndTruncation() throws {
        let metrics = try FontTables(path: TestFonts.notoSans)
        // Room for "Hello wide" but not for the whole text.
        let width = try HarfBuzzOracle.width("Hello wide", fontPath: TestFonts.notoSans, size: 17) + 5
        let json = try Self.object(["--json", "--width", String(width), "Hello wide world"])
        #expect(Set(json.keys) == ["width", "height", "firstBaseline", "lastBaseline", "truncated", "lines", "fonts"])
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 2)
        for line in lines {
            #expect(Set(line.keys).isSuperset(of: ["text", "range", "width", "top", "height", "baseline"]))
        }
        #expect(lines.compactMap { $0["text"] as? String }.joined() == "Hello wide world")
        #expect(lines[0]["range"] as? [Int] == [0, 11])
        #expect(lines[1]["range"] as? [Int] == [11, 16])
        let lineHeight = metrics.lineHeight(size: 17)
        let first = try #require(json["firstBaseline"] as? Double)
        let last = try #require(json["lastBaseline"] as? Double)
        #expect(abs(first - metrics.ascender(size: 17)) < 1e-5)
        #expect(abs(last - (lineHeight + metrics.ascender(size: 17))) < 1e-5)
        #expect(abs((lines[1]["baseline"] as? Double ?? 0) - last) < 1e-9)
        let secondWidth = try #require(lines[1]["width"] as? Double)
        #expect(abs(secondWidth - (try HarfBuzzOracle.width("world", fontPath: TestFonts.notoSans, size: 17))) < 1e-4)
        #expect(json["truncated"] as? Bool == false)
        #expect(json["height"] as? Double == ceilToPixelGrid(2 * lineHeight))
        let fonts = try #require(json["fonts"] as? [[String: Any]])
        #expect(fonts.count == 1)
        #expect(fonts.first?["family"] as? String == "Noto Sans")
        #expect((fonts.first?["path"] as? String)?.hasSuffix("NotoSans-Regular.ttf") == true)
    }

    @Test func truncatedLineReportsEllipsisElidedRangeAndDisplayText() throws {
        let text = "This sentence is far too long for the width it gets"
        let json = try Self.object(["--json", "--width", "100", "--lines", "1", "--line-break", "tail", text])
        #expect(json["truncated"] as? Bool == true)
        let line = try #require((json["lines"] as? [[String: Any]])?.first)
        #expect(line["ellipsis"] as? String == "tail")
        let display = try #require(line["displayText"] as? String)
        #expect(display.hasSuffix("…"))
        #expect(text.hasPrefix(String(display.dropLast()).trimmingCharacters(in: .whitespaces)))
        let elided = try #require(line["elidedRange"] as? [Int])
        #expect(elided.count == 2 && elided[1] == text.utf16.count)
        #expect((line["width"] as? Double ?? .infinity) <= 100)
    }

    @Test func fontsListEveryFaceUsedIncludingFallbacks() throws {
        let json = try Self.object(["--json", "Hello مرحبا"])
        let families = (json["fonts"] as? [[String: Any]] ?? []).compactMap { $0["family"] as? String }
        #expect(families.contains("Noto Sans"))
        #expect(families.contains("Noto Sans Arabic"))
    }

    @Test func rangesCountUTF16CodeUnits() throws {
        let text = "😀 émoji wrap"
        let json = try Self.object(["--json", "--width", "40", "--line-break", "word", text])
        let lines = try #require(json["lines"] as? [[String: Any]])
        let ranges = lines.compactMap { $0["range"] as? [Int] }
        #expect(ranges.first?.first == 0)
        #expect(ranges.last?.last == text.utf16.count)
        for (previous, next) in zip(ranges, ranges.dropFirst()) { #expect(previous[1] == next[0]) }
    }
}
