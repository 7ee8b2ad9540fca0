import Foundation
import Testing

/// `fitsize cells` reads each data line as strict JSON (RFC 8259): escapes decode to the text
/// they stand for, and a line that is not a JSON object is one error line naming what is
/// wrong and the column where it is, while the other lines are sized.
@Suite struct CellDataLineTests {
    static let template = FitsizeProcess.repository.appendingPathComponent("Examples/posts/cell.json").path

    /// A post whose body is the JSON string literal `body` (written as it stands, quotes included).
    static func post(_ id: Int, body: String, extra: String = "") -> String {
        #"{"id": \#(id), "author": "A", "handle": "h", "time": "1m", "body": \#(body), "replies": 1, "reposts": 2, "likes": 3\#(extra)}"#
    }

    static func run(_ lines: [[UInt8]]) throws -> FitsizeProcess.Output {
        let input = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
        return try FitsizeProcess.run(["cells", "--template", template, "--width", "320"], stdin: input)
    }

    static func objects(_ output: FitsizeProcess.Output) throws -> [[String: Any]] {
        try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// Every escape RFC 8259 has, and a surrogate pair, measure as the characters they stand
    /// for; `\n` is a line break, so the escaped body is taller than the same words on one line.
    @Test func escapesDecodeToTheTextTheyStandFor() throws {
        let lines = [
            Self.post(1, body: #""café naïve 😀 \"quoted\" a/b \\ tab\tend""#),
            Self.post(2, body: #""caf\u00e9 na\u00efve \ud83d\ude00 \"quoted\" a\/b \\ tab\u0009end""#),
            Self.post(3, body: #""first\nsecond""#),
            Self.post(4, body: #""first second""#),
        ].map { Array($0.utf8) }
        let output = try Self.run(lines)
        try #require(output.status == 0, "\(output.stderr)")
        let heights = try CellsTests.heights(output).map(\.height)
        try #require(heights.count == 4)
        #expect(heights[0] == heights[1])
        #expect(heights[2] > heights[3])
    }

    /// An object of many fields (kept in a hashed table rather than searched in order) is read
    /// as one of few: the extra fields change nothing.
    @Test func manyFieldsReadAsFew() throws {
        let extra = (0..<200).map { #", "extra\#($0)": \#($0)"# }.joined()
        let lines = [Self.post(1, body: #""a body of some words""#), Self.post(2, body: #""a body of some words""#, extra: extra)]
        let output = try Self.run(lines.map { Array($0.utf8) })
        try #require(output.status == 0, "\(output.stderr)")
        let heights = try CellsTests.heights(output).map(\.height)
        #expect(heights.count == 2 && heights[0] == heights[1])
    }

    /// Each malformed line gets an error naming the problem and its column; the good lines
    /// around them are sized and the exit status says some failed.
    @Test func malformedLinesNameTheProblemAndTheColumn() throws {
        let deep = "{\"a\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        let bad: [(line: [UInt8], message: String)] = [
            (Array(#"{"id": 1, "body": "x""#.utf8), "expected ',' or '}', found end of file at column 22"),
            (Array(#"{"id": 1} x"#.utf8), "unexpected 'x' after the end of the JSON document at column 11"),
            (Array(#"{"id": 1, "id": 2}"#.utf8), "duplicate key \"id\" at column 11"),
            (Array(#"[1, 2]"#.utf8), "Line is not a JSON object"),
            (Array(#"{"body": "\ud800 alone"}"#.utf8), "unpaired surrogate \\ud800 in a string at column 11"),
            (Array("{\"body\": \"a\tb\"}".utf8), "control character U+9 in a string; write it escaped at column 12"),
            (Array(#"{"n": 1e999}"#.utf8), "the number 1e999 is out of range at column 7"),
            (Array(#"{"n": 01}"#.utf8), "expected ',' or '}', found '1' at column 8"),
            (Array(#"{"n": tru}"#.utf8), "expected a value, found '}' at column 7"),
            (Array(deep.utf8), "nesting deeper than 256 levels"),
            (Array(#"{"body": "caf"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), "not valid UTF-8: bad byte sequence at byte offset 13"),
            (Array(#"{"body": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 100) + [0xFF] + Array(#""}"#.utf8),
             "not valid UTF-8: bad byte sequence at byte offset 110"),
        ]
        var lines: [[UInt8]] = []
        for (index, entry) in bad.enumerated() {
            lines.append(Array(Self.post(100 + index, body: #""good""#).utf8))
            lines.append(entry.line)
        }
        let output = try Self.run(lines)
        #expect(output.status != 0)
        let objects = try Self.objects(output)
        try #require(objects.count == 2 * bad.count)
        for (index, entry) in bad.enumerated() {
            #expect(objects[2 * index]["height"] is Double, "the good line before bad line \(index)")
            let error = objects[2 * index + 1]["error"] as? String
            #expect(error?.contains(entry.message) == true, "line \(2 * index + 2): \(error ?? "no error")")
            #expect(objects[2 * index + 1]["line"] as? Int == 2 * index + 2)
        }
    }

    /// A line is read the same however it is written: spaced or compact, keys in any order,
    /// with fields the template does not read of every kind (nested, escaped, non-ASCII keys,
    /// more than a handful), and with escapes in the fields it reads.
    @Test func aPostReadsTheSameHoweverItIsWritten() throws {
        let fields = #""id": 1, "author": "A", "handle": "h", "time": "1m", "body": "a body of some words", "replies": 1, "reposts": 2, "likes": 3"#
        let many = (0..<20).map { #", "extra\#($0)": "\#($0)""# }.joined()
        let lines = [
            "{\(fields)}",
            "{\(fields.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ","))}",
            " \t{ \(fields.replacingOccurrences(of: ", ", with: " ,\t ")) } \r",
            #"{"likes": 3, "reposts": 2, "replies": 1, "body": "a body of some words", "time": "1m", "handle": "h", "author": "A", "id": 1}"#,
            "{\(fields), \"nested\": {\"a\": [1, {\"b\": null}]}, \"list\": [true, false], \"n\": -1.5e3}",
            "{\(fields), \"esc\\u0061ped\": \"x\", \"clé\": \"y\", \"t\": true, \"f\": false, \"z\": null}",
            "{\(fields)\(many)}",
            "{\(fields.replacingOccurrences(of: "a body", with: #"\u0061 body"#))}",
        ]
        let output = try Self.run(lines.map { Array($0.utf8) })
        try #require(output.status == 0, "\(output.stderr)")
        let heights = try CellsTests.heights(output).map(\.height)
        try #require(heights.count == lines.count)
        for (index, height) in heights.enumerated() { #expect(height == heights[0], "line \(index + 1)") }
    }

    /// A field the template does not read must still be valid JSON: each such mistake is the
    /// same error, at the same column, as in a field it reads.
    @Test func fieldsNothingReadsAreStillCheckedAsJSON() throws {
        let start = #"{"id": 1, "author": "A", "handle": "h", "time": "1m", "body": "b", "replies": 1, "reposts": 2, "likes": 3, "#
        let column = start.count + 1
        let bad: [(line: [UInt8], message: String)] = [
            (Array((start + #""x": 1, "x": 2}"#).utf8), "duplicate key \"x\" at column \(column + 8)"),
            (Array((start + #""x": 1e999}"#).utf8), "the number 1e999 is out of range at column \(column + 5)"),
            (Array((start + #""x": 1.}"#).utf8), "expected a digit after the decimal point, found '}' at column \(column + 7)"),
            (Array((start + "\"x\": \"a\u{1}b\"}").utf8), "control character U+1 in a string; write it escaped at column \(column + 7)"),
            (Array((start + #""x": nul}"#).utf8), "expected a value, found '}' at column \(column + 5)"),
            (Array((start + #""x": 1,}"#).utf8), "expected a quoted key, found '}' at column \(column + 7)"),
            (Array((start + #""x": "\q"}"#).utf8), "unknown escape '\\q' in a string at column \(column + 6)"),
            (Array((start + "\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}").utf8), "duplicate key \"cafe\u{301}\""),
            (Array(start.utf8) + Array(#""x": "a"#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8),
             "not valid UTF-8: bad byte sequence at byte offset \(start.utf8.count + 7)"),
        ]
        let output = try Self.run(bad.map(\.line))
        #expect(output.status != 0)
        let objects = try Self.objects(output)
        try #require(objects.count == bad.count)
        for (index, entry) in bad.enumerated() {
            let error = objects[index]["error"] as? String
            #expect(error?.contains(entry.message) == true, "line \(index + 1): \(error ?? "no error")")
        }
    }

    /// Field names compare as Unicode text, not bytes: a key field written with a combining
    /// accent is the same field as one written precomposed.
    @Test func aKeyFieldMatchesItsCanonicalEquivalent() throws {
        let line = #"{"id": 1, "author": "A", "handle": "h", "time": "1m", "body": "b", "replies": 1, "reposts": 2, "likes": 3, "cle\#u{301}": "k7"}"#
        let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--width", "320", "--key", "cl\u{E9}"],
                                            stdin: Array((line + "\n").utf8))
        try #require(output.status == 0, "\(output.stderr)")
        #expect(try CellsTests.heights(output).map(\.key) == ["k7"])
    }
}
