import Foundation
import Testing

/// Input larger than the largest text accepted (`PreparedText.maximumTextLength`, 128 MiB
/// of UTF-8): reading stops at the limit with an error naming it, and in a batch only the
/// long line fails.
@Suite struct HugeInputTests {
    /// The limit the tool documents, written out here rather than read from the library.
    static let limit = 134_217_728

    @Test func anEndlessStandardInputStopsAtTheLimitWithAnErrorNamingIt() throws {
        // `yes` never ends: the tool must stop reading by itself.
        let output = try FitsizeProcess.shell("yes abcdefgh | tr -d '\\n' | \"$FITSIZE\"")
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("\(Self.limit) bytes"), "\(output.stderr)")
        #expect(output.stderr.contains("Standard input is longer than the largest text accepted"))
    }

    @Test func standardInputOneByteOverTheLimitIsRejected() throws {
        let output = try FitsizeProcess.shell("head -c \(Self.limit + 1) /dev/zero | tr '\\0' a | \"$FITSIZE\"")
        #expect(output.status != 0)
        #expect(output.stderr.contains("\(Self.limit) bytes"), "\(output.stderr)")
    }

    @Test func anOverlongBatchLineFailsAloneAndTheLinesAfterItAreMeasured() throws {
        let script = "(echo Hello; head -c \(Self.limit + 10) /dev/zero | tr '\\0' a; printf '\\nHello\\n') "
            + "| \"$FITSIZE\" --batch"
        let output = try FitsizeProcess.shell(script)
        #expect(output.status != 0, "a failed line makes the batch fail once it is done")
        #expect(output.lines.count == 3)
        #expect(output.lines[0] == output.lines[2])
        #expect(output.lines[0].wholeMatch(of: /[0-9.]+ x [0-9.]+/) != nil, "\(output.lines[0])")
        #expect(output.lines[1].hasPrefix("error: line 2: "))
        #expect(output.lines[1].contains("\(Self.limit) bytes"))
        #expect(output.stderr.contains("1 of 3 lines failed"))
    }

    /// Read from a file 256 KiB at a time, the read that takes this line past the limit also
    /// brings its newline: the line is refused as it is when it is still arriving.
    @Test func aBatchLineEndingInTheReadThatPassesTheLimitIsRefusedAsTooLong() throws {
        let script = "file=$(mktemp) && (head -c \(Self.limit + 2) /dev/zero | tr '\\0' a; printf '\\nHello') > \"$file\" "
            + "&& \"$FITSIZE\" --batch < \"$file\"; status=$?; rm -f \"$file\"; exit $status"
        let output = try FitsizeProcess.shell(script)
        #expect(output.lines.count == 2)
        #expect(output.lines.first?.hasPrefix("error: line 1: Line is longer than the largest line accepted") == true,
                "\(output.lines.first ?? "")")
        #expect(output.lines.last?.wholeMatch(of: /[0-9.]+ x [0-9.]+/) != nil, "\(output.lines.last ?? "")")
    }

    @Test func anEndlessBatchLineEndsWithAnErrorLineAtTheEndOfInput() throws {
        // A last line with no newline, longer than the limit: skipped as it streams.
        let script = "(echo Hello; head -c \(Self.limit + 10) /dev/zero | tr '\\0' a) | \"$FITSIZE\" --batch"
        let output = try FitsizeProcess.shell(script)
        #expect(output.lines.count == 2)
        #expect(output.lines[1].hasPrefix("error: line 2: "))
        #expect(output.lines[1].contains("\(Self.limit) bytes"))
    }
}
