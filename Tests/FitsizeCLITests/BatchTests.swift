import Foundation
import Testing
import TextOracles

/// `--batch`: one result per input line, in order, past bad lines.
@Suite struct BatchTests {
    /// Distinct short labels, like a feed's titles.
    static func labels(_ count: Int) -> [String] {
        let words = ["Swift", "layout", "label", "cell", "height", "Auto", "text", "wrap", "font", "size", "news", "feed"]
        return (0..<count).map { index in
            "\(words[index % words.count]) \(words[(index / 12) % words.count]) #\(index)"
        }
    }

    @Test func manyLinesWithOneBadLineGiveOneResultPerLineAndReportTheBadOne() throws {
        var labels = Self.labels(3000).map { Array($0.utf8) }
        let badLine = 1234
        labels[badLine - 1] = Array("broken ".utf8) + [0xC3, 0x28] + Array(" label".utf8)
        let input = labels.map { $0 + [UInt8(ascii: "\n")] }.flatMap { $0 }
        let output = try FitsizeProcess.run(["--batch"], stdin: input)

        #expect(output.status != 0, "a bad line makes the batch fail once it is done")
        #expect(output.lines.count == 3000)
        #expect(output.lines[badLine - 1].hasPrefix("error: line \(badLine): "))
        #expect(output.lines[badLine - 1].contains("UTF-8"))
        #expect(output.stderr.contains("line \(badLine)"))
        #expect(output.stderr.contains("1 of 3000 lines failed"))
        for (index, line) in output.lines.enumerated() where index != badLine - 1 {
            #expect(line.wholeMatch(of: /[0-9.]+ x [0-9.]+/) != nil, "line \(index + 1): \(line)")
        }
        // Independent widths for a sample, and the order is the input's.
        let lineHeight = ceilToPixelGrid(try FontTables(path: TestFonts.notoSans).lineHeight(size: 17))
        for index in [0, 1, 999, 2999] {
            let label = Self.labels(3000)[index]
            let width = ceilToPixelGrid(try HarfBuzzOracle.width(label, fontPath: TestFonts.notoSans, size: 17))
            let expected = "\(Self.show(width)) x \(Self.show(lineHeight))"
            #expect(output.lines[index] == expected, "line \(index + 1)")
        }
    }

    @Test func batchGivesTheSameSizesAsSingleRuns() throws {
        let texts = ["Hello", "", "A longer label with several words", "日本語のテキスト", "مرحبا"]
        let output = try FitsizeProcess.run(["--batch", "--width", "90"], stdin: Array(texts.joined(separator: "\n").utf8))
        #expect(output.status == 0)
        #expect(output.lines.count == texts.count)
        for (index, text) in texts.enumerated() {
            let single = try FitsizeProcess.run(["--width", "90", text])
            #expect(output.lines[index] == single.lines.first, "line \(index + 1): \(text)")
        }
    }

    @Test func jsonBatchPrintsOneObjectPerLineWithItsLineNumber() throws {
        let input = Array("first\nsecond line\r\nthird".utf8)
        let output = try FitsizeProcess.run(["--batch", "--json"], stdin: input)
        #expect(output.status == 0)
        #expect(output.lines.count == 3)
        for (index, line) in output.lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["line"] as? Int == index + 1)
            #expect(object["width"] is Double)
            #expect(object["lines"] is [Any])
        }
        let second = try JSONSerialization.jsonObject(with: Data(output.lines[1].utf8)) as? [String: Any]
        #expect((second?["lines"] as? [[String: Any]])?.first?["text"] as? String == "second line",
                "a CRLF line ending is not part of the text")
    }

    @Test func jsonLinesInputOverridesOptionsPerLineAndEchoesKeys() throws {
        let input = """
            {"text": "alpha beta gamma", "key": "a", "width": 60}
            {"text": "alpha beta gamma", "key": 2}
            {"text": "wide", "size": 34, "key": "big"}
            {"text": "x", "wdth": 3}
            {"text": "x", "width": -3}
            not json at all
            {"text": "x", "lineBreak": "sideways"}

            """
        let output = try FitsizeProcess.run(["--batch", "--input-format", "jsonl", "--json"], stdin: Array(input.utf8))
        #expect(output.status != 0)
        #expect(output.lines.count == 7)
        let objects = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["key"] as? String == "a")
        #expect(objects[1]["key"] as? Int == 2)
        #expect((objects[0]["lines"] as? [Any])?.count ?? 0 > 1, "the line's width wraps it")
        #expect((objects[1]["lines"] as? [Any])?.count == 1, "other lines keep the command line's (no) width")
        let lineHeight34 = try FontTables(path: TestFonts.notoSans).lineHeight(size: 34)
        #expect(objects[2]["height"] as? Double == ceilToPixelGrid(lineHeight34))
        for index in 3...6 {
            #expect(objects[index]["line"] as? Int == index + 1)
            #expect(objects[index]["error"] is String, "line \(index + 1)")
        }
        #expect((objects[3]["error"] as? String)?.contains("wdth") == true)
        #expect((objects[4]["error"] as? String)?.contains("width") == true)
        #expect((objects[6]["error"] as? String)?.contains("sideways") == true)
        #expect(output.stderr.contains("4 of 7 lines failed"))
    }

    @Test func singleThreadedBatchMatchesTheParallelOne() throws {
        let input = Array(Self.labels(500).joined(separator: "\n").utf8)
        let parallel = try FitsizeProcess.run(["--batch", "--jobs", "2"], stdin: input)
        let serial = try FitsizeProcess.run(["--batch", "--jobs", "1"], stdin: input)
        #expect(parallel.status == 0)
        #expect(parallel.stdout == serial.stdout)
    }

    @Test func progressBarGoesToStandardErrorOnlyWhenAsked() throws {
        let input = Array(Self.labels(100).joined(separator: "\n").utf8)
        let quiet = try FitsizeProcess.run(["--batch"], stdin: input)
        #expect(quiet.stderr.isEmpty, "standard error is not a terminal here")
        let forced = try FitsizeProcess.run(["--batch", "--progress"], stdin: input)
        #expect(forced.stderr.contains("100%"))
        #expect(forced.stderr.contains("100 lines"))
        #expect(forced.stdout == quiet.stdout)
    }

    static func show(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
