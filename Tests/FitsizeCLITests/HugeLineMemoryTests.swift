import Foundation
import Testing

/// The memory a single long line costs the tool: at most 16 bytes per input byte above what
/// a short line of the same kind costs (whose peak holds the fixed costs: the fonts its
/// scripts load, ICU's data), for the kinds of line that cost the most (a break opportunity
/// every two bytes, a hard break every two bytes, scripts and directions changing every few
/// characters, faces alternating at every character, one unbreakable word, one kerning chain).
@Suite(.serialized) struct HugeLineMemoryTests {
    static let bytesPerInputByte = 16.0
    static let length = 2 << 20

    /// The peak resident memory in bytes of `fitsize --width 300` reading `input`, from the
    /// kernel's account of the finished child (Python's `resource` reads it with `wait4`).
    static func peakMemory(input: URL) throws -> Int {
        let script = """
            import resource, subprocess, sys
            with open(sys.argv[2], 'rb') as stdin:
                done = subprocess.run([sys.argv[1], '--width', '300'], stdin=stdin, stdout=subprocess.DEVNULL)
            print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let output = try FitsizeProcess.shell(
            "python3 -c \"$SCRIPT\" \"$FITSIZE\" '\(input.path)'", environment: ["SCRIPT": script])
        let fields = String(decoding: output.stdout, as: UTF8.self).split(separator: " ")
        #expect(output.status == 0 && fields.first == "0", "\(output.stderr)")
        let kilobytes = try #require(fields.last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        return kilobytes * 1024
    }

    /// `piece` repeated to `length` bytes (whole pieces), against the same to a 16th of it
    /// (longer than a shaping window, so that both hold the costs that do not grow).
    static func expectBounded(repeating piece: String) throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Array(piece.utf8)
        let text = Array(repeating: bytes, count: length / bytes.count).flatMap { $0 }
        let input = folder.appendingPathComponent("line")
        try Data(text).write(to: input)
        let small = folder.appendingPathComponent("small")
        try Data(Array(repeating: bytes, count: max(1, length / 16 / bytes.count)).flatMap { $0 }).write(to: small)
        let baseline = try peakMemory(input: small)
        let peak = try peakMemory(input: input)
        let perByte = Double(peak - baseline) / Double(text.count - text.count / 16)
        #expect(perByte <= bytesPerInputByte, "\(piece.debugDescription): \(perByte) bytes per input byte")
    }

    @Test func aBreakOpportunityEveryTwoBytes() throws { try Self.expectBounded(repeating: "a ") }

    @Test func aHardBreakEveryTwoBytes() throws { try Self.expectBounded(repeating: "a\n") }

    @Test func scriptsAndDirectionsChangingEveryFewCharacters() throws {
        try Self.expectBounded(repeating: "Hello שלום مرحبا 你好 🎉 ")
    }

    @Test func oneUnbreakableWord() throws { try Self.expectBounded(repeating: "qzjxkvbw") }

    /// Two faces alternating at every character: a run per character.
    @Test func facesAlternatingEveryCharacter() throws { try Self.expectBounded(repeating: "a😀") }

    /// A kerning chain: no position is safe to break, so every line's width is shaped anew.
    @Test func oneUnbreakableKerningChain() throws { try Self.expectBounded(repeating: "AV") }
}
