import AutoLayout
import CellSizing
import FeedCell
import Foundation
import Testing
import TextOracles
import Typesetting

/// `fitsize cells`: heights from a template and JSON-lines data.
@Suite struct CellsTests {
    static let feed = FitsizeProcess.repository.appendingPathComponent("Examples/feed")
    static let posts = FitsizeProcess.repository.appendingPathComponent("Examples/posts")
    static let template = posts.appendingPathComponent("cell.json").path
    static let items = posts.appendingPathComponent("items.jsonl").path

    /// The lines of a JSON-lines file as objects.
    static func objects(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The output's `key → height` pairs, in order.
    static func heights(_ output: FitsizeProcess.Output) throws -> [(key: String, height: Double)] {
        try output.lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let key = try #require(object["key"].map { "\($0)" }, "no key in \(line)")
            let height = try #require(object["height"] as? Double, "no height in \(line)")
            return (key, height)
        }
    }

    @Test(arguments: [(375.0, 1.0), (320, 2), (768, 3)])
    func feedTemplateGivesTheLibraryFeedCellsHeights(width: Double, scale: Double) throws {
        let output = try FitsizeProcess.run([
            "cells", "--template", Self.feed.appendingPathComponent("cell.json").path,
            "--data", Self.feed.appendingPathComponent("items.jsonl").path, "--width", String(width),
            "--scale", String(scale),
        ])
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        let results = try Self.heights(output)
        let rows = try Self.objects(Self.feed.appendingPathComponent("items.jsonl").path)
        try #require(results.count == rows.count)

        // The same posts in the library's FeedCell (Sources/FeedCell), sized by CellSizer.
        let sizer = try CellSizer(width: CGFloat(width)) { () -> FeedCell in
            let cell = FeedCell()
            cell.displayScale = CGFloat(scale)
            return cell
        }
        for (index, row) in rows.enumerated() {
            var item = try FeedItem(index: index)
            item.actionText = try #require(row["actionText"] as? String)
            item.posterName = try #require(row["posterName"] as? String)
            item.posterHeadline = try #require(row["posterHeadline"] as? String)
            item.posterTimestamp = try #require(row["posterTimestamp"] as? String)
            item.posterComment = try #require(row["posterComment"] as? String)
            item.contentTitle = try #require(row["contentTitle"] as? String)
            item.contentDomain = try #require(row["contentDomain"] as? String)
            item.actorComment = try #require(row["actorComment"] as? String)
            let expected = try sizer.height(for: index) { cell in cell.show(item) }
            #expect(results[index].key == row["id"] as? String)
            // The tool prints heights to a millionth of a point.
            #expect(abs(results[index].height - Double(expected)) < 1e-6, "\(row["id"] ?? index) at width \(width), scale \(scale)")
        }
        #expect(output.stderr.contains("fitsize cells: \(rows.count) items, 0 failed"))
    }

    @Test func postsExampleGivesTheHeightsOfTheSameCellWrittenInSwift() throws {
        let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--data", Self.items, "--width", "375"])
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        let results = try Self.heights(output)
        let posts = try Self.objects(Self.items)
        try #require(results.count == posts.count)
        let sizer = try CellSizer(width: 375) { PostCell() }
        for (index, post) in posts.enumerated() {
            let expected = try sizer.height(for: index) { cell in cell.show(post) }
            #expect(results[index].key == post["id"] as? String)
            #expect(results[index].height == Double(expected), "item \(post["id"] ?? index)")
        }
        #expect(output.stderr.contains("fitsize cells: \(posts.count) items, 0 failed"))
    }

    @Test func singleLabelCellIsItsLineHeightPlusMargins() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("label.json")
        try """
            {
              "layoutMargins": [10, 12, 10, 12],
              "views": [{"name": "title", "type": "label", "text": "{title}", "lines": 0, "lineBreak": "word"}],
              "constraints": ["H:|-[title]-|", "V:|-[title]-|"]
            }
            """.write(to: template, atomically: true, encoding: .utf8)
        let lineHeight = try FontTables(path: TestFonts.notoSans).lineHeight(size: 17)
        // A word per line at a width that fits only one of these words.
        let word = try HarfBuzzOracle.width("Wrapping", fontPath: TestFonts.notoSans, size: 17)
        let width = (word + 24 + 10).rounded()
        let input = #"{"id": 1, "title": "Short"}"# + "\n" + #"{"id": 2, "title": "Wrapping Wrapping Wrapping"}"# + "\n"
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", String(width)],
                                            stdin: Array(input.utf8))
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        let results = try Self.heights(output)
        #expect(results.map(\.key) == ["1", "2"])
        #expect(results[0].height == ceilToPixelGrid(lineHeight) + 20)
        #expect(results[1].height == ceilToPixelGrid(3 * lineHeight) + 20)
    }

    @Test func badDataLinesAreReportedByNumberAndTheRestAreSized() throws {
        let lines = [
            #"{"id": "a", "author": "A", "handle": "a", "time": "1m", "body": "Hi", "replies": 1, "reposts": 2, "likes": 3}"#,
            #"{"id": "b", "handle": "b", "time": "1m", "body": "No author", "replies": 1, "reposts": 2, "likes": 3}"#,
            "not json",
            #"{"id": "d", "author": "D", "handle": "d", "time": "1m", "body": "Bad photo", "photo": {"height": -5}, "replies": 1, "reposts": 2, "likes": 3}"#,
            #"{"id": "e", "author": "E", "handle": "e", "time": "1m", "body": "Fine", "replies": 1, "reposts": 2, "likes": 3}"#,
        ]
        let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--width", "375"],
                                            stdin: Array(lines.joined(separator: "\n").utf8))
        #expect(output.status != 0)
        #expect(output.lines.count == 5)
        let objects = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects[0]["height"] is Double)
        #expect(objects[4]["height"] is Double)
        for (index, key) in [(1, "b"), (2, nil), (3, "d")] {
            #expect(objects[index]["line"] as? Int == index + 1)
            #expect(objects[index]["error"] is String)
            #expect(objects[index]["key"] as? String == key)
            #expect(output.stderr.contains("line \(index + 1)\(key.map { " (key \"\($0)\")" } ?? ""):"))
        }
        #expect((objects[1]["error"] as? String)?.contains("\"author\"") == true)
        #expect((objects[3]["error"] as? String)?.contains("photo.height") == true)
        #expect(output.stderr.contains("5 items, 3 failed"))
    }

    /// Writes `capped.json` into `folder`: a picture `{h}` points tall that may not be
    /// compressed, in a cell at most 100 points tall (its cap at line 4, column 49), so that an
    /// item taller than 100 has conflicting constraints.
    static func cappedTemplate(in folder: URL) throws -> URL {
        let template = folder.appendingPathComponent("capped.json")
        try """
            {
              "views": [{"name": "photo", "type": "image", "width": 10, "height": "{h}",
                         "compressionResistance": {"vertical": 1000}}],
              "constraints": ["H:|[photo]|", "V:|[photo]|", "photo.height <= 100"]
            }
            """.write(to: template, atomically: true, encoding: .utf8)
        return template
    }

    @Test func itemWhoseConstraintsConflictFailsAloneAndLaterItemsKeepEveryConstraint() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = try Self.cappedTemplate(in: folder)
        let heights = [50, 150, 120, 90, 100, 101]
        let input = heights.enumerated().map { #"{"id": \#($0.offset), "h": \#($0.element)}"# }.joined(separator: "\n")
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", "100"], stdin: Array(input.utf8))
        #expect(output.status != 0)
        let objects = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(objects.count == heights.count)
        for (index, height) in heights.enumerated() {
            if height > 100 {
                // The item after a conflict is measured with the cap still in place.
                #expect(objects[index]["height"] == nil, "item \(index)")
                #expect((objects[index]["error"] as? String)?.contains("capped.json:4:49") == true, "item \(index)")
            } else {
                #expect(objects[index]["height"] as? Double == Double(height), "item \(index)")
            }
        }
        #expect(output.stderr.contains("6 items, 3 failed"))
    }

    /// Lines are read, parsed, sized and written in blocks whose bounds depend on how the input
    /// arrives (a file's large reads, a pipe's trickle joined while the sizer is busy): the
    /// output and the error lines must not.
    @Test func outputIsTheSameWhateverPiecesTheInputArrivesIn() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let posts = try String(contentsOfFile: Self.items, encoding: .utf8).split(separator: "\n")
        var lines: [String] = []
        for index in 0..<300 {
            switch index % 97 {
            case 13: lines.append("not json \(index)")
            case 41: lines.append(#"{"id": "no-author-\#(index)", "handle": "x", "time": "1m", "body": "B", "replies": 1, "reposts": 2, "likes": 3}"#)
            default: lines.append(posts[index % posts.count].replacingOccurrences(of: #""id": ""#, with: #""id": "\#(index)-"#))
            }
        }
        let data = folder.appendingPathComponent("items.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: data, atomically: true, encoding: .utf8)
        let arguments = "cells --template '\(Self.template)' --width 375,320 --key id"
        let whole = try FitsizeProcess.shell("\"$FITSIZE\" \(arguments) --data '\(data.path)'")
        // A few hundred bytes at a time, with pauses: most reads bring a line or two.
        let trickle = """
            import sys, time
            data = open(sys.argv[1], 'rb').read()
            for start in range(0, len(data), 301):
                sys.stdout.buffer.write(data[start:start + 301])
                sys.stdout.buffer.flush()
                if start % 3010 == 0: time.sleep(0.002)
            """
        let trickled = try FitsizeProcess.shell(
            "python3 -c \"$SCRIPT\" '\(data.path)' | \"$FITSIZE\" \(arguments)", environment: ["SCRIPT": trickle])
        #expect(whole.status == 1)
        #expect(trickled.status == 1)
        #expect(whole.lines.count == 2 * lines.count - lines.indices.filter { [13, 41].contains($0 % 97) }.count)
        #expect(whole.stdout == trickled.stdout)
        let errorLines = { (output: FitsizeProcess.Output) in
            output.stderr.split(separator: "\n").filter { $0.hasPrefix("fitsize: line ") }
        }
        #expect(errorLines(whole).count == 2 * 3)
        #expect(errorLines(whole) == errorLines(trickled))
    }

    @Test func renderedCellDecodesAtTheCellsSizePlusMargins() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cell.png").path
        let output = try FitsizeProcess.run(["cells", "--template", Self.template, "--data", Self.items, "--width", "375",
                                             "--render", path, "--render-scale", "2"])
        try #require(output.status == 0, "fitsize cells failed: \(output.stderr)")
        let first = try #require(try Self.heights(output).first)
        let png = try DecodedPNG(path: path)
        #expect(png.width == Int((375 + 16) * 2))
        #expect(png.height == Int(((first.height + 16) * 2).rounded()))
    }
}

/// The posts example's cell written with the library, as Examples/posts/cell.json describes it.
private final class PostCell: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let avatar = ImageView(image: try? Image(pixelSize: CGSize(width: 44, height: 44)))
    let author = Label()
    let meta = Label()
    let body = Label()
    let photo = ImageView(image: nil)
    let reply = Button()
    let repost = Button()
    let like = Button()
    let content: StackView
    let actions: StackView

    init() {
        actions = StackView(arrangedSubviews: [reply, repost, like])
        content = StackView(arrangedSubviews: [body, photo, actions])
        super.init(frame: .zero)
        layoutMargins = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        author.font = .bold(size: 15)
        author.setContentHuggingPriority(251, for: .horizontal)
        author.setContentCompressionResistancePriority(751, for: .horizontal)
        meta.font = .default(size: 13)
        body.font = .default(size: 15)
        body.numberOfLines = 0
        body.lineBreakMode = .byWordWrapping
        actions.axis = .horizontal
        actions.distribution = .equalSpacing
        content.axis = .vertical
        content.spacing = 8
        for view in [avatar, author, meta, content] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        let views: [String: View] = ["avatar": avatar, "author": author, "meta": meta, "content": content]
        var constraints: [LayoutConstraint] = []
        constraints += (try? LayoutConstraint.checkedConstraints(withVisualFormat: "H:|-[avatar]-12-[author]", views: views)) ?? []
        constraints += (try? LayoutConstraint.checkedConstraints(
            withVisualFormat: "H:[author]-6-[meta]-|", options: .alignAllFirstBaseline, views: views)) ?? []
        constraints += (try? LayoutConstraint.checkedConstraints(withVisualFormat: "H:[avatar]-12-[content]-|", views: views)) ?? []
        constraints += (try? LayoutConstraint.checkedConstraints(withVisualFormat: "V:|-[avatar]", views: views)) ?? []
        constraints += [
            author.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            content.topAnchor.constraint(equalTo: author.bottomAnchor, constant: 4),
            avatar.bottomAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.bottomAnchor),
            content.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
        ]
        LayoutConstraint.activate(constraints)
    }

    func show(_ post: [String: Any]) {
        func text(_ key: String) -> String {
            switch post[key] {
            case let string as String: string
            case let number as NSNumber: number.stringValue
            default: ""
            }
        }
        author.text = text("author")
        meta.text = "@\(text("handle")) · \(text("time"))"
        body.text = text("body")
        let photoHeight = ((post["photo"] as? [String: Any])?["height"] as? NSNumber)?.doubleValue
        photo.image = try? Image(pixelSize: CGSize(width: 1, height: photoHeight ?? 0))
        photo.isHidden = photoHeight == nil
        reply.title = "Reply \(text("replies"))"
        repost.title = "Repost \(text("reposts"))"
        like.title = "Like \(text("likes"))"
    }
}
