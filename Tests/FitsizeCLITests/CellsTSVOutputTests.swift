import Foundation
import Testing

/// `fitsize cells --output tsv`: the same results as the JSON lines, as tab-separated fields a
/// batch engine splits without a JSON parser (key, width, height, fingerprint; key, line, error
/// for an item that failed), with `%`, `+`, tab, CR and LF percent-encoded.
@Suite struct CellsTSVOutputTests {
    static let template = FitsizeProcess.repository.appendingPathComponent("Examples/posts/cell.json").path
    static let items = FitsizeProcess.repository.appendingPathComponent("Examples/posts/items.jsonl").path

    /// A field as a URL decoder reads it (`+` is always written encoded, so none is a space).
    static func decoded(_ field: Substring) throws -> String {
        try #require(String(field).removingPercentEncoding, "not a percent-encoded field: \(field)")
    }

    static func fields(_ line: String) -> [Substring] {
        line.split(separator: "\t", omittingEmptySubsequences: false)
    }

    @Test func everyResultHasTheJSONLinesKeyWidthHeightAndFingerprint() throws {
        let arguments = ["cells", "--template", Self.template, "--data", Self.items, "--width", "320,375,414", "--fingerprint"]
        let json = try FitsizeProcess.run(arguments)
        let tsv = try FitsizeProcess.run(arguments + ["--output", "tsv"])
        try #require(json.status == 0 && tsv.status == 0, "\(json.stderr) \(tsv.stderr)")
        #expect(json.lines.count == 3 * 8 && tsv.lines.count == json.lines.count)
        for (jsonLine, tsvLine) in zip(json.lines, tsv.lines) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any])
            let fields = Self.fields(tsvLine)
            try #require(fields.count == 4, "\(tsvLine)")
            #expect(try Self.decoded(fields[0]) == object["key"] as? String)
            #expect(Double(fields[1]) == object["width"] as? Double)
            #expect(Double(fields[2]) == object["height"] as? Double)
            #expect(try Self.decoded(fields[3]) == object["fingerprint"] as? String)
        }
        // The summary on standard error is the same whatever the format.
        #expect(json.stderr.split(separator: "\n").last?.split(separator: ",").prefix(3)
                == tsv.stderr.split(separator: "\n").last?.split(separator: ",").prefix(3))
    }

    @Test func oneWidthStillHasItsWidthAndAnEmptyFingerprintWithoutTheFlag() throws {
        let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--data", Self.items, "--width", "375",
                                             "--output", "tsv"])
        try #require(output.status == 0, "\(output.stderr)")
        let json = try FitsizeProcess.run(["cells", "--template", Self.template, "--data", Self.items, "--width", "375"])
        for (tsvLine, jsonLine) in zip(output.lines, json.lines) {
            let fields = Self.fields(tsvLine)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any])
            #expect(fields.count == 4 && fields[1] == "375" && fields[3].isEmpty)
            #expect(Double(fields[2]) == object["height"] as? Double)
        }
    }

    /// Keys and messages with the five encoded bytes come back whole; a failed item is a line
    /// of three fields whose line number and message are the JSON error line's.
    @Test func failedItemsAreThreeFieldLinesAndAwkwardKeysSurviveTheTrip() throws {
        let first = try #require(try String(contentsOfFile: Self.items, encoding: .utf8).split(separator: "\n").first)
        var item = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let awkward = "a\tb\nc\rd%20e+f é"
        item["id"] = awkward
        var noBody = item
        noBody["id"] = "no body"
        noBody.removeValue(forKey: "body")
        let lines = [String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self),
                     #"{"id": "broken"#,
                     String(decoding: try JSONSerialization.data(withJSONObject: noBody), as: UTF8.self),
                     String(first)]
        let input = Array((lines.joined(separator: "\n") + "\n").utf8)
        let arguments = ["cells", "--template", Self.template, "--width", "375"]
        let json = try FitsizeProcess.run(arguments, stdin: input)
        let tsv = try FitsizeProcess.run(arguments + ["--output", "tsv"], stdin: input)
        #expect(json.status == 1 && tsv.status == 1)
        try #require(tsv.lines.count == 4 && json.lines.count == 4, "\(tsv.text)")
        let sized = Self.fields(tsv.lines[0])
        try #require(sized.count == 4)
        #expect(try Self.decoded(sized[0]) == awkward)
        #expect(!sized[0].contains("\t") && !sized[0].contains("+"))
        for index in 1...2 {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.lines[index].utf8)) as? [String: Any])
            let fields = Self.fields(tsv.lines[index])
            try #require(fields.count == 3, "\(tsv.lines[index])")
            #expect(fields[0].isEmpty == (object["key"] == nil))
            if let key = object["key"] as? String { #expect(try Self.decoded(fields[0]) == key) }
            #expect(Int(fields[1]) == object["line"] as? Int && Int(fields[1]) == index + 1)
            #expect(try Self.decoded(fields[2]) == object["error"] as? String)
        }
        #expect(Self.fields(tsv.lines[3]).count == 4)
        #expect(tsv.stderr.contains("line 3 (key \"no body\")"))
    }

    @Test func numberKeysAreWrittenAsJSONWritesThem() throws {
        let first = try #require(try String(contentsOfFile: Self.items, encoding: .utf8).split(separator: "\n").first)
        var item = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        item["id"] = 1234.5
        let input = Array(String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self).utf8)
        let json = try FitsizeProcess.run(["cells", "--template", Self.template, "--width", "375"], stdin: input)
        let tsv = try FitsizeProcess.run(["cells", "--template", Self.template, "--width", "375", "--output", "tsv"], stdin: input)
        try #require(json.status == 0 && tsv.status == 0, "\(tsv.stderr)")
        #expect(json.text.hasPrefix(#"{"key":1234.5,"#))
        #expect(tsv.text.hasPrefix("1234.5\t375\t"))
    }

    @Test func theDefaultIsTheJSONLines() throws {
        let arguments = ["cells", "--template", Self.template, "--data", Self.items, "--width", "320,375"]
        let plain = try FitsizeProcess.run(arguments)
        let json = try FitsizeProcess.run(arguments + ["--output", "json"])
        #expect(plain.status == 0 && plain.stdout == json.stdout && !plain.stdout.isEmpty)
        #expect(plain.lines.allSatisfy { $0.hasPrefix(#"{"key":"#) })
    }

    @Test func anUnknownFormatIsRefusedWithTheChoices() throws {
        let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--data", Self.items, "--width", "375",
                                             "--output", "csv"])
        #expect(output.status != 0 && output.stdout.isEmpty)
        #expect(output.stderr.contains("csv") && output.stderr.contains("json") && output.stderr.contains("tsv"))
    }

    @Test func helpDescribesTheFormat() throws {
        let help = try FitsizeProcess.run(["cells", "--help"])
        #expect(help.text.contains("--output <format>"))
        #expect(help.text.contains("tab-separated"))
    }
}
