import Foundation
import Testing

/// `fitsize cells` keeps heights across items only by an explicit `--cache-key` field, in a
/// cache of at most `--cache-size` heights that forgets the least recently used, so that its
/// memory does not grow with the stream.
@Suite(.serialized) struct CellsCacheTests {
    static let template = FitsizeProcess.repository.appendingPathComponent("Examples/posts/cell.json").path

    /// A post whose body is `words` words long (longer bodies wrap onto more lines).
    static func item(_ id: Int, group: String, words: Int) -> String {
        let body = Array(repeating: "word", count: words).joined(separator: " ")
        return #"{"id": \#(id), "group": "\#(group)", "author": "A", "handle": "h", "time": "1m", "body": "\#(body)", "replies": 1, "reposts": 2, "likes": 3}"#
    }

    static func heights(_ lines: [String], _ extra: [String] = []) throws -> [Double] {
        let output = try FitsizeProcess.run(["cells", "--template", template, "--width", "320"] + extra,
                                            stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
        try #require(output.status == 0, "\(output.stderr)")
        return try CellsTests.heights(output).map(\.height)
    }

    /// With the body as the key (equal keys, equal heights), a cache far smaller than the
    /// number of distinct bodies changes no height.
    @Test func aKeyThatIdentifiesTheContentChangesNoHeight() throws {
        var random = SystemRandomNumberGenerator()
        let lines = (0..<300).map { id in
            let words = [3, 20, 45, 80, 120, 200][Int.random(in: 0..<6, using: &random)] + id % 7
            return Self.item(id, group: "\(words)", words: words)
        }
        let plain = try Self.heights(lines)
        #expect(Set(plain).count > 5)
        #expect(try Self.heights(lines, ["--cache-key", "group", "--cache-size", "5"]) == plain)
        #expect(try Self.heights(lines, ["--cache-key", "group"]) == plain)
    }

    /// Items of one key take the first one's height: the cache is used (the key is the
    /// user's statement that their heights are equal).
    @Test func itemsOfOneKeyShareTheFirstHeight() throws {
        let lines = [Self.item(1, group: "a", words: 3), Self.item(2, group: "a", words: 200)]
        let uncached = try Self.heights(lines)
        #expect(uncached[0] < uncached[1])
        #expect(try Self.heights(lines, ["--cache-key", "group"]) == [uncached[0], uncached[0]])
    }

    /// Two heights fit: after a, b, a (a used again), c evicts b, the least recently used,
    /// not a, the oldest; so the last a takes a's height and the last b is measured anew.
    @Test func theLeastRecentlyUsedHeightIsForgottenFirst() throws {
        let lines = [
            Self.item(1, group: "a", words: 3), Self.item(2, group: "b", words: 40), Self.item(3, group: "a", words: 200),
            Self.item(4, group: "c", words: 80), Self.item(5, group: "a", words: 120), Self.item(6, group: "b", words: 200),
        ]
        let uncached = try Self.heights(lines)
        #expect(Set(uncached).count == 5)
        let cached = try Self.heights(lines, ["--cache-key", "group", "--cache-size", "2"])
        #expect(cached == [uncached[0], uncached[1], uncached[0], uncached[3], uncached[0], uncached[5]])
    }

    /// The peak memory of a stream ten times as long is the same but for noise: nothing is
    /// kept per item (the height cache of a line-keyed sizer used to grow by every line).
    @Test func memoryDoesNotGrowWithTheStream() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func peak(items: Int) throws -> Int {
            let data = folder.appendingPathComponent("items-\(items).jsonl")
            let lines = (0..<items).map { #"{"id": \#($0), "title": "T\#($0 % 10)"}"# }
            try (lines.joined(separator: "\n") + "\n").write(to: data, atomically: true, encoding: .utf8)
            let template = folder.appendingPathComponent("label.json")
            try #"{"views": [{"name": "title", "type": "label", "text": "{title}"}], "constraints": ["H:|-[title]-|", "V:|-[title]-|"]}"#
                .write(to: template, atomically: true, encoding: .utf8)
            let script = """
                import resource, subprocess, sys
                done = subprocess.run([sys.argv[1], 'cells', '--template', sys.argv[2], '--data', sys.argv[3], '--width', '320'],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
                """
            let output = try FitsizeProcess.shell(
                "python3 -c \"$SCRIPT\" \"$FITSIZE\" '\(template.path)' '\(data.path)'", environment: ["SCRIPT": script])
            let fields = output.text.split(separator: " ")
            #expect(fields.first == "0", "\(output.stderr)")
            return try #require(fields.last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) * 1024
        }
        let short = try peak(items: 20_000)
        let long = try peak(items: 200_000)
        #expect(long - short < 3 << 20, "peak \(short) bytes at 20,000 items, \(long) at 200,000")
    }

    /// At several widths, a cached height, a measured one and a conflict each reach every item
    /// of their key: an item of a key whose first item conflicted in the same block fails with
    /// that conflict, and an item of a key measured earlier takes its heights at every width.
    @Test func cachedMeasuredAndFailedItemsKeepTheirResultsAtEveryWidth() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = try CellsTests.cappedTemplate(in: folder)
        let items = [("a", 50), ("b", 150), ("b", 60), ("a", 200), ("c", 70)]
        let input = items.enumerated().map { #"{"id": \#($0.offset), "group": "\#($0.element.0)", "h": \#($0.element.1)}"# }
        let output = try FitsizeProcess.run(
            ["cells", "--template", template.path, "--width", "100,120", "--cache-key", "group"],
            stdin: Array((input.joined(separator: "\n") + "\n").utf8))
        #expect(output.status != 0)
        let objects = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let results = objects.map { object in
            ("\(object["key"]!)", object["width"] as? Double, object["height"] as? Double, object["error"] as? String)
        }
        try #require(results.count == 8, "\(output.text)")
        for (index, (key, width, height)) in [("0", 100.0, 50.0), ("0", 120, 50), ("3", 100, 50), ("3", 120, 50),
                                              ("4", 100, 70), ("4", 120, 70)].enumerated() {
            let result = results[index < 2 ? index : index + 2]
            #expect(result.0 == key && result.1 == width && result.2 == height, "\(result)")
        }
        for result in results[2...3] {
            #expect(result.2 == nil && result.3?.contains("capped.json:4:49") == true, "\(result)")
        }
        #expect([results[2].0, results[3].0] == ["1", "2"])
        #expect(output.stderr.contains("5 items, 2 failed"))
    }

    @Test func aCacheSizeNeedsAKeyAndARange() throws {
        for (arguments, message) in [
            (["--cache-size", "10"], "--cache-size applies only with --cache-key"),
            (["--cache-key", "id", "--cache-size", "0"], "--cache-size must be a number of heights from 1"),
        ] {
            let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--width", "320"] + arguments, stdin: [])
            #expect(output.status != 0)
            #expect(output.stderr.contains(message), "\(output.stderr)")
        }
    }
}

/// `fitsize cells --width 320,375,414`: a line per item and width, each the height a run at
/// that width alone prints.
@Suite struct SeveralWidthsCLITests {
    @Test(arguments: ["Examples/posts", "Examples/feed"])
    func eachWidthsLineIsTheHeightOfARunAtThatWidth(_ example: String) throws {
        let folder = FitsizeProcess.repository.appendingPathComponent(example)
        let arguments = ["cells", "--template", folder.appendingPathComponent("cell.json").path,
                         "--data", folder.appendingPathComponent("items.jsonl").path]
        let widths = [414.0, 320, 375]
        let together = try FitsizeProcess.run(arguments + ["--width", "414,320,375"])
        try #require(together.status == 0, "\(together.stderr)")
        let lines = try together.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let alone = try widths.map { width in
            let output = try FitsizeProcess.run(arguments + ["--width", String(width)])
            try #require(output.status == 0, "\(output.stderr)")
            return try CellsTests.heights(output)
        }
        #expect(lines.count == widths.count * alone[0].count)
        for (index, line) in lines.enumerated() {
            let (item, column) = (index / widths.count, index % widths.count)
            #expect(line["width"] as? Double == widths[column])
            #expect("\(line["key"]!)" == alone[column][item].key)
            #expect(line["height"] as? Double == alone[column][item].height)
        }
    }

    @Test(arguments: [
        ("320,320", "--width lists a width twice"), ("320,-1", "--width must be a number of points"),
        ("320,,375", "is invalid for '--width"), ("", "is invalid for '--width"),
    ])
    func badWidthListsAreRefused(_ list: String, _ message: String) throws {
        let template = FitsizeProcess.repository.appendingPathComponent("Examples/posts/cell.json").path
        let output = try FitsizeProcess.run(["cells", "--template", template, "--width", list], stdin: [])
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
