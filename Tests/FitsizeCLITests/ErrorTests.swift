import Foundation
import Testing

/// Bad input: one clear message on standard error, nothing on standard output, and a
/// non-zero exit status.
@Suite struct ErrorTests {
    static func expectFailure(_ output: FitsizeProcess.Output, mentioning words: [String],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(output.status != 0, sourceLocation: sourceLocation)
        #expect(output.stdout.isEmpty, "stdout: \(output.text)", sourceLocation: sourceLocation)
        #expect(output.stderr.hasPrefix("Error: "), "stderr: \(output.stderr)", sourceLocation: sourceLocation)
        for word in words {
            #expect(output.stderr.contains(word), "stderr lacks \(word): \(output.stderr)", sourceLocation: sourceLocation)
        }
        #expect(!output.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }

    @Test func missingFontFileIsNamed() throws {
        Self.expectFailure(try FitsizeProcess.run(["--font", "/no/such/font.ttf", "Hi"]),
                           mentioning: ["not found", "/no/such/font.ttf"])
    }

    @Test func unreadableFontFileIsNamed() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A directory cannot be read as a font even by root, unlike a file without permissions.
        Self.expectFailure(try FitsizeProcess.run(["--font", folder.path, "Hi"]),
                           mentioning: ["cannot be read", folder.path])
    }

    @Test func corruptFontFileIsNamed() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("garbage.ttf")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }).write(to: garbage)
        Self.expectFailure(try FitsizeProcess.run(["--font", garbage.path, "Hi"]),
                           mentioning: ["not a usable font", garbage.path])
        // A real font cut short.
        let truncated = folder.appendingPathComponent("truncated.ttf")
        try Data(try Data(contentsOf: URL(fileURLWithPath: TestFonts.notoSans)).prefix(300)).write(to: truncated)
        Self.expectFailure(try FitsizeProcess.run(["--font", truncated.path, "Hi"]), mentioning: [truncated.path])
    }

    @Test func badFallbackFontIsNamed() throws {
        Self.expectFailure(try FitsizeProcess.run(["--fallback", "/no/fallback.ttf", "Hi"]),
                           mentioning: ["/no/fallback.ttf"])
    }

    @Test func invalidUTF8ArgumentIsRefusedWithItsPosition() throws {
        let output = try FitsizeProcess.shell(#""$FITSIZE" "$(printf 'ab\377c')""#)
        Self.expectFailure(output, mentioning: ["Argument 1", "UTF-8", "byte offset 2"])
    }

    @Test func invalidUTF8OnStandardInputIsRefusedWithItsOffset() throws {
        Self.expectFailure(try FitsizeProcess.run([], stdin: [0x61, 0x62, 0x63, 0xE2, 0x28, 0xA1]),
                           mentioning: ["Standard input", "UTF-8", "byte offset 3"])
    }

    @Test(arguments: [
        (["--width", "-5", "x"], ["--width", "-5"]),
        (["--width", "abc", "x"], ["--width", "abc"]),
        (["--width", "nan", "x"], ["--width", "nan"]),
        (["--size", "-3", "x"], ["--size", "-3"]),
        (["--size", "big", "x"], ["--size", "big"]),
        (["--size", "0", "x"], ["--size"]),
        (["--lines", "-1", "x"], ["--lines", "-1"]),
        (["--lines", "two", "x"], ["--lines", "two"]),
        (["--line-spacing", "-2", "x"], ["--line-spacing"]),
        (["--letter-spacing", "inf", "x"], ["--letter-spacing"]),
        (["--scale", "0", "x"], ["--scale"]),
        (["--line-break", "sideways", "x"], ["--line-break", "sideways"]),
        (["--jobs", "0", "--batch"], ["--jobs"]),
    ])
    func badNumbersAndValuesNameTheOption(arguments: [String], words: [String]) throws {
        Self.expectFailure(try FitsizeProcess.run(arguments), mentioning: words)
    }

    @Test func unknownOptionIsNamed() throws {
        Self.expectFailure(try FitsizeProcess.run(["--colour", "red", "x"]), mentioning: ["Unknown option", "--colour"])
    }

    @Test func noTextAtAllIsExplained() throws {
        // Empty standard input is an empty text (0 x 0), not an error; a batch without
        // --batch's input is fine too. What is refused is a text argument with --batch.
        Self.expectFailure(try FitsizeProcess.run(["--batch", "text"]), mentioning: ["--batch"])
        let empty = try FitsizeProcess.run([], stdin: [])
        #expect(empty.status == 0)
        #expect(empty.text == "0 x 0\n")
    }

    @Test func unwritableRenderPathIsNamed() throws {
        Self.expectFailure(try FitsizeProcess.run(["--render", "/no/such/folder/out.png", "Hi"]),
                           mentioning: ["/no/such/folder/out.png"])
    }

    @Test func renderTooLargeToDrawIsRefusedBeforeAllocating() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.png").path
        Self.expectFailure(try FitsizeProcess.run(["--size", "10000", "--render", path, "Enormous text"]),
                           mentioning: ["pixels", "the most is"])
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func extremeButValidNumbersDoNotCrash() throws {
        for arguments in [["--letter-spacing", "1000000", "ab"], ["--scale", "16", "ab"], ["--width", "0", "abc def"],
                          ["--size", "10000", "--width", "1", "--line-break", "char", "abc"],
                          ["--letter-spacing", "-100", "abc"]] {
            let output = try FitsizeProcess.run(arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(output.lines.count == 1, "\(arguments)")
        }
    }
}
