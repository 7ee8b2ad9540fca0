import Foundation
import Testing

/// A template's size, view count and constraint count are bounded, checked before the
/// template is read or built, and each bound's error names the file, the number and the bound.
/// The bounds are written here as the README documents them, not read from the tool.
@Suite struct TemplateLimitTests {
    static let maximumFileBytes = 4 << 20
    static let maximumViews = 1_000
    static let maximumConstraintEntries = 4_000

    static func write(_ text: String, named name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A template of `count` labels stacked by a chain of equations, one constraint entry
    /// each plus two for the chain's ends.
    static func labelChain(_ count: Int, extraConstraints: Int = 0) -> String {
        let views = (0..<count).map { #"{"name": "l\#($0)", "type": "label", "text": "{t}"}"# }
        var constraints = ["\"l0.top == cell.top\"", "\"cell.bottom == l\(count - 1).bottom\""]
        constraints += (1..<count).map { "\"l\($0).top == l\($0 - 1).bottom + 4\"" }
        constraints += (0..<extraConstraints).map { _ in "\"l0.leading == cell.leading\"" }
        return #"{"views": [\#(views.joined(separator: ",\n"))], "constraints": [\#(constraints.joined(separator: ",\n"))]}"#
    }

    @Test func aTemplateWithTheMostViewsAllowedIsSizedAndOneMoreIsRefused() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every label is one line of the default 17-point font: 24 points tall, 4 apart.
        let most = try Self.write(Self.labelChain(Self.maximumViews), named: "most.json", in: folder)
        let sized = try FitsizeProcess.run(["cells", "--template", most, "--width", "375"], stdin: Array(#"{"id": 1, "t": "Hi"}"#.utf8))
        #expect(sized.status == 0, "\(sized.stderr)")
        #expect(sized.lines == [#"{"key":1,"height":\#(Self.maximumViews * 24 + (Self.maximumViews - 1) * 4)}"#])

        let tooMany = try Self.write(Self.labelChain(Self.maximumViews + 1), named: "many.json", in: folder)
        let refused = try FitsizeProcess.run(["cells", "--template", tooMany, "--width", "375"], stdin: Array(#"{"id": 1}"#.utf8))
        ErrorTests.expectFailure(refused, mentioning: [tooMany, "l\(Self.maximumViews)", "\(Self.maximumViews) views"])
    }

    @Test func aTemplateWithTooManyConstraintEntriesIsRefused() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Self.labelChain(2, extraConstraints: Self.maximumConstraintEntries), named: "c.json", in: folder)
        let refused = try FitsizeProcess.run(["cells", "--template", path, "--width", "375"], stdin: Array(#"{"id": 1}"#.utf8))
        ErrorTests.expectFailure(refused, mentioning: [path, "\(Self.maximumConstraintEntries + 3) entries", "\(Self.maximumConstraintEntries)"])
    }

    @Test func aTemplateFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Valid JSON padded with spaces just past the bound.
        let padded = Self.labelChain(2) + String(repeating: " ", count: Self.maximumFileBytes)
        let path = try Self.write(padded, named: "big.json", in: folder)
        let refused = try FitsizeProcess.run(["cells", "--template", path, "--width", "375"], stdin: Array(#"{"id": 1}"#.utf8))
        ErrorTests.expectFailure(refused, mentioning: [path, "\(padded.utf8.count) bytes", "\(Self.maximumFileBytes)"])
    }

    @Test func aFIFOGivenAsTheTemplateIsRefusedAtOnce() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("cell.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // `timeout` ends the run if the FIFO is opened (which waits for a writer forever).
        let output = try FitsizeProcess.shell("exec timeout 20 \"$FITSIZE\" cells --template '\(fifo)' --width 375 < /dev/null")
        #expect(output.status == 1, "status \(output.status): \(output.stderr)")
        #expect(output.stderr.contains(fifo) && output.stderr.contains("not a regular file"), "\(output.stderr)")
    }
}
