import Foundation
import Testing

/// Hostile input, end to end: one bad item never changes another's height, every number
/// printed is finite and every size at least 0, and input outside the documented ranges
/// is an error naming the value and where it came from.
@Suite struct HostileInputTests {
    static let template = CellsTests.template

    /// 200 ordinary items: the posts example's items in turn, with keys x0...x199.
    static func ordinaryItems() throws -> [String] {
        let examples = try String(contentsOfFile: CellsTests.items, encoding: .utf8).split(separator: "\n")
        return try (0..<200).map { index in
            var object = try #require(try JSONSerialization.jsonObject(with: Data(examples[index % examples.count].utf8)) as? [String: Any])
            object["id"] = "x\(index)"
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
    }

    /// Runs `fitsize cells` on `lines` at `width` and returns the output lines as objects.
    static func cells(_ lines: [String], width: String = "375", template: String = template) throws
        -> (output: FitsizeProcess.Output, objects: [[String: Any]])
    {
        let output = try FitsizeProcess.run(["cells", "--template", template, "--width", width, "--key", "id"],
                                            stdin: Array(lines.joined(separator: "\n").utf8))
        let objects = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)") }
        return (output, objects)
    }

    /// The `key → height` of each result that has a height.
    static func heights(_ objects: [[String: Any]]) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: objects.compactMap { object in
            (object["height"] as? Double).map { ("\(object["key"]!)", $0) }
        })
    }

    static func expectFailure(_ output: FitsizeProcess.Output, mentioning words: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        ErrorTests.expectFailure(output, mentioning: words, sourceLocation: sourceLocation)
    }

    // MARK: One item corrupts the rest of a batch

    @Test(arguments: ["1e20", "1e7", "-1", "1e308"])
    func anItemWithAnOutOfRangeImageSizeFailsAloneAndTheOthersKeepTheirHeights(height: String) throws {
        let ordinary = try Self.ordinaryItems()
        let bad = #"{"id": "bad", "author": "Grace", "handle": "g", "time": "1m", "body": "Hi", "photo": {"height": \#(height)}, "replies": 1, "reposts": 2, "likes": 3}"#
        let alone = try Self.cells(ordinary)
        try #require(alone.output.status == 0, "\(alone.output.stderr)")
        // The bad item first, and again in the middle.
        let mixed = try Self.cells([bad] + ordinary[..<100] + [bad.replacingOccurrences(of: "\"bad\"", with: "\"bad2\"")] + ordinary[100...])
        #expect(mixed.output.status != 0)
        #expect(mixed.objects.count == 202)
        for (index, key) in [(0, "bad"), (101, "bad2")] {
            let object = mixed.objects[index]
            #expect(object["key"] as? String == key)
            #expect(object["line"] as? Int == index + 1)
            #expect(object["height"] == nil)
            let error = try #require(object["error"] as? String)
            #expect(error.contains("\"photo.height\"") && error.contains("1000000"), "\(error)")
            #expect(mixed.output.stderr.contains("line \(index + 1) (key \"\(key)\"): Field \"photo.height\""))
        }
        #expect(Self.heights(mixed.objects) == Self.heights(alone.objects))
        #expect(Self.heights(alone.objects).count == 200)
        #expect(mixed.output.stderr.contains("202 items, 2 failed"))
    }

    @Test func anItemWhoseCellHeightIsImpossibleFailsAloneAndTheOthersKeepTheirHeights() throws {
        // The cell is 100 points less twice the photo: an item whose photo is taller than
        // 50 points gives the cell a negative height, which only that item can be blamed for.
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("cell.json")
        try Data("""
            {
              "views": [{"name": "photo", "type": "image", "width": 10, "height": "{photo}"}],
              "constraints": ["H:|[photo]", "photo.top == cell.top", "cell.height == 100 - 2 * photo.height"]
            }
            """.utf8).write(to: template)
        let photos = (0..<120).map { $0 * 37 % 61 }
        let items = photos.enumerated().map { #"{"id": "i\#($0.offset)", "photo": \#($0.element)}"# }
        let result = try Self.cells(items, template: template.path)
        #expect(result.output.status != 0)
        try #require(result.objects.count == items.count)
        for (index, photo) in photos.enumerated() {
            let object = result.objects[index]
            #expect(object["key"] as? String == "i\(index)")
            if photo > 50 {
                #expect(object["height"] == nil)
                #expect((object["error"] as? String)?.contains("\(100 - 2 * photo)") == true, "\(object)")
                #expect(result.output.stderr.contains("line \(index + 1) (key \"i\(index)\"): "))
            } else {
                // By arithmetic, whatever came before.
                #expect(object["height"] as? Double == Double(100 - 2 * photo), "\(object)")
            }
        }
        #expect(photos.contains { $0 > 50 } && photos.contains { $0 <= 50 })
    }

    // MARK: Values outside their ranges

    @Test(arguments: [
        (["cells", "--width", "1e12"], ["--width", "1000000", "1000000000000"]),
        (["cells", "--width", "1000000.5"], ["--width", "1000000"]),
        (["cells", "--width", "375", "--scale", "17"], ["--scale", "16"]),
    ])
    func cellOptionsOutsideTheirRangesAreRefused(arguments: [String], words: [String]) throws {
        let output = try FitsizeProcess.run(arguments + ["--template", Self.template, "--data", CellsTests.items])
        Self.expectFailure(output, mentioning: words)
    }

    @Test(arguments: [
        (["--json", "--scale", "1e308", "Hi"], ["--scale", "16", "1e+308"]),
        (["--json", "--line-spacing", "1e308", "--width", "5", "Hi there"], ["--line-spacing", "1000000", "1e+308"]),
        (["--width", "1e12", "Hi"], ["--width", "1000000"]),
        (["--letter-spacing", "-1e300", "Hi"], ["--letter-spacing", "1000000"]),
        (["--size", "1e300", "Hi"], ["--size", "10000"]),
    ])
    func measureOptionsOutsideTheirRangesAreRefused(arguments: [String], words: [String]) throws {
        Self.expectFailure(try FitsizeProcess.run(arguments), mentioning: words)
    }

    @Test func theLargestValuesAllowedPrintValidJSONWithFiniteSizes() throws {
        let output = try FitsizeProcess.run([
            "--json", "--size", "10000", "--scale", "16", "--line-spacing", "1000000", "--letter-spacing", "1000000",
            "--width", "1000000", "--line-break", "char", String(repeating: "Wide text ", count: 30),
        ])
        try #require(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: Any])
        let width = try #require(object["width"] as? Double)
        let height = try #require(object["height"] as? Double)
        #expect(width.isFinite && width > 1_000_000 * 0.5 && height.isFinite && height > 1_000_000)
        let lines = try #require(object["lines"] as? [[String: Any]])
        for line in lines {
            for field in ["width", "top", "height", "baseline"] {
                let value = try #require(line[field] as? Double)
                #expect(value.isFinite)
            }
        }
    }

    @Test func batchLinesOutsideTheRangesFailAloneNamingTheirKeyAndField() throws {
        let input = [
            #"{"text": "fine", "key": "a"}"#,
            #"{"text": "huge", "key": "b", "scale": 1e308}"#,
            #"{"text": "wide", "key": 7, "lineSpacing": 1e308}"#,
            #"{"text": 5, "key": "c"}"#,
            #"{"text": "fine", "key": "d", "colour": "red"}"#,
            #"not json"#,
            #"{"text": "fine too", "key": "e"}"#,
        ]
        let output = try FitsizeProcess.run(["--batch", "--json", "--input-format", "jsonl"], stdin: Array(input.joined(separator: "\n").utf8))
        #expect(output.status != 0)
        let objects = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)") }
        try #require(objects.count == 7)
        #expect(objects[0]["width"] is Double && objects[6]["width"] is Double)
        let expected: [(Int, Any?, String)] = [(1, "b", "\"scale\""), (2, 7.0, "\"lineSpacing\""), (3, "c", "\"text\""),
                                                (4, "d", "\"colour\""), (5, nil, "JSON")]
        for (index, key, field) in expected {
            let object = objects[index]
            #expect(object["line"] as? Int == index + 1)
            #expect(object["width"] == nil)
            #expect((object["error"] as? String)?.contains(field) == true, "\(object)")
            switch key {
            case let key as String:
                #expect(object["key"] as? String == key)
                #expect(output.stderr.contains("line \(index + 1) (key \"\(key)\"): "))
            case let key as Double:
                #expect(object["key"] as? Double == key)
                #expect(output.stderr.contains("line \(index + 1) (key \(Int(key))): "))
            default:
                #expect(object["key"] == nil)
                #expect(output.stderr.contains("line \(index + 1): "))
            }
        }
        // Plain-text output names the key too.
        let plain = try FitsizeProcess.run(["--batch", "--input-format", "jsonl"], stdin: Array(input.joined(separator: "\n").utf8))
        #expect(plain.lines[1].hasPrefix("error: line 2 (key \"b\"): "))
    }

    // MARK: Templates

    @Test(arguments: [
        ("\"a.height == 2 * a.height + 10\", \"a.top == cell.top\", \"cell.bottom == a.bottom\"", ["impossible height", "-10"]),
        ("\"cell.height == 2 * cell.height + 10\"", ["impossible height", "-10"]),
    ])
    func aTemplateThatSizesACellNegativelyIsRefused(constraints: String, words: [String]) throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("cell.json")
        try Data(#"{"views": [{"name": "a", "type": "view"}], "constraints": ["H:|[a]|", \#(constraints)]}"#.utf8).write(to: template)
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", "100"], stdin: Array(#"{"id": 1}"#.utf8))
        Self.expectFailure(output, mentioning: [template.path] + words)
    }

    @Test(arguments: [
        (#""a.top == cell.top + 20000000""#, "1", "1:84", ["constant", "20000000", "1000000"]),
        (#""a.height == 2000 * cell.width""#, "1", "1:84", ["multiplier", "2000", "1000"]),
        (#""V:|-2000000-[a]|""#, "1", "1:84", ["constant", "2000000"]),
        (#""H:|-huge-[a]|""#, "1e9", "1:22", ["\"huge\"", "1000000"]),
    ])
    func templateNumbersOutsideTheirRangesAreRefusedWithTheirPlace(
        constraint: String, metric: String, location: String, words: [String]
    ) throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("cell.json")
        // The metric's value sits at column 22 of the only line, the constraint at column 84.
        try Data(#"{"metrics": {"huge": \#(metric)}, "views": [{"name": "a", "type": "view"}], "constraints": [\#(constraint)]}"#.utf8)
            .write(to: template)
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", "100"], stdin: Array(#"{"id": 1}"#.utf8))
        Self.expectFailure(output, mentioning: ["\(template.path):\(location):"] + words)
    }

    @Test(arguments: [
        ("H:|-[title]-[subtitle]-|", "Unable to find view with name subtitle", "subtitle"),
        ("H:|-[title(>=é)]-|", "non-ASCII", "é"),
        ("title.top = cell.top", "expected '==', '<=' or '>='", "="),
    ])
    func aConstraintErrorInATemplateShowsACaretUnderItsColumn(format: String, words: String, token: String) throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("cell.json")
        try Data("{\"views\": [{\"name\": \"title\", \"type\": \"label\"}],\n \"constraints\": [\"\(format)\"]}".utf8).write(to: template)
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", "100"], stdin: Array(#"{"id": 1}"#.utf8))
        Self.expectFailure(output, mentioning: [words])
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The location: line 2, and the column of the character the caret points at.
        let prefix = "\(template.path):2:"
        let heading = try #require(lines.first { $0.contains(prefix) })
        let column = try #require(Int(heading[heading.range(of: prefix)!.upperBound...].prefix { $0.isNumber }))
        let formatLine = try #require(lines.firstIndex { $0.hasSuffix(format) && !$0.contains("constraint") })
        let caretLine = lines[formatLine + 1]
        #expect(caretLine.trimmingCharacters(in: .whitespaces) == "^")
        let caretColumn = try #require(caretLine.firstIndex(of: "^")).utf16Offset(in: caretLine)
        let formatStart = try #require(lines[formatLine].range(of: format)).lowerBound.utf16Offset(in: lines[formatLine])
        // The format starts at column 19 of the template's second line.
        #expect(caretColumn - formatStart == column - 19)
        // The caret points inside the offending token or just after it (UIKit's place for
        // an unknown view name). Columns count characters, as a terminal shows them.
        let name = try #require(format.range(of: token))
        let pointed = caretColumn - formatStart
        #expect((format.distance(from: format.startIndex, to: name.lowerBound)...format.distance(from: format.startIndex, to: name.upperBound)).contains(pointed))
    }

    // MARK: Fonts

    @Test func aFIFOGivenAsTheFontIsRefusedAtOnce() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("font.ttf").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // `timeout` ends the run if the FIFO is opened (which waits for a writer forever).
        let output = try FitsizeProcess.shell("exec timeout 20 \"$FITSIZE\" --font '\(fifo)' Hi")
        #expect(output.status == 1, "status \(output.status): \(output.stderr)")
        #expect(output.stderr.contains(fifo) && output.stderr.contains("FIFO"))
        let fallback = try FitsizeProcess.shell("exec timeout 20 \"$FITSIZE\" --fallback '\(fifo)' Hi")
        #expect(fallback.status == 1 && fallback.stderr.contains("FIFO"))
    }

    @Test func fontsThatFreeTypeRefusesAreExplainedInFreeTypesWords() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.notoSans)))
        // Rename the 'loca' table: FreeType then reports its error 0x90.
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) == "loca" })
        bytes[record] = UInt8(ascii: "x")
        let broken = folder.appendingPathComponent("noloca.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: broken))
        Self.expectFailure(try FitsizeProcess.run(["--font", broken, "Hi"]),
                           mentioning: [broken, "locations (loca) table missing", "0x90"])
        // A truncated copy of a shipped font is refused, and the font itself still loads.
        let truncated = folder.appendingPathComponent("truncated.ttf").path
        let original = try Data(contentsOf: URL(fileURLWithPath: TestFonts.notoSans))
        try original.prefix(original.count * 3 / 4).write(to: URL(fileURLWithPath: truncated))
        Self.expectFailure(try FitsizeProcess.run(["--font", truncated, "Hi"]), mentioning: [truncated, "truncated"])
        #expect(try FitsizeProcess.run(["--font", TestFonts.notoSans, "Hi"]).status == 0)
    }

    @Test func fontsWithoutAUsableCmapOrWithANegativeLineHeightAreRefused() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.notoSans)))
        func table(_ tag: String) throws -> Int {
            let count = Int(original[4]) << 8 | Int(original[5])
            let record = try #require((0..<count).map { 12 + 16 * $0 }.first { String(decoding: original[$0..<($0 + 4)], as: UTF8.self) == tag })
            return Int(original[record + 8]) << 24 | Int(original[record + 9]) << 16 | Int(original[record + 10]) << 8 | Int(original[record + 11])
        }
        // Every cmap subtable moved to platform 2 (ISO), which no shaper reads.
        var noCmap = original
        let cmap = try table("cmap")
        for index in 0..<(Int(original[cmap + 2]) << 8 | Int(original[cmap + 3])) {
            (noCmap[cmap + 4 + 8 * index], noCmap[cmap + 5 + 8 * index]) = (0, 2)
        }
        let noCmapPath = folder.appendingPathComponent("nocmap.ttf").path
        try Data(noCmap).write(to: URL(fileURLWithPath: noCmapPath))
        Self.expectFailure(try FitsizeProcess.run(["--font", noCmapPath, "Hi"]), mentioning: [noCmapPath, "cmap"])
        // The ascender the text policy reads (OS/2 typo metrics when the font asks for them,
        // else hhea) set below the descender.
        var negative = original
        let os2 = try table("OS/2")
        let usesTypo = original[os2 + 63] & 0x80 != 0
        let at = usesTypo ? os2 + 68 : try table("hhea") + 4
        let value = UInt16(bitPattern: -5000)
        (negative[at], negative[at + 1]) = (UInt8(value >> 8), UInt8(value & 0xFF))
        let negativePath = folder.appendingPathComponent("negative.ttf").path
        try Data(negative).write(to: URL(fileURLWithPath: negativePath))
        Self.expectFailure(try FitsizeProcess.run(["--font", negativePath, "Hi"]),
                           mentioning: [negativePath, "negative height", "-5000"])
    }
}
