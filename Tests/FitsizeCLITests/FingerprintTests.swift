import Foundation
import Testing

/// `fitsize --version --json`, `fitsize --fingerprint` and `fitsize cells --fingerprint`: the
/// engine version and a hash of the font files measured with, so that stored sizes can be
/// invalidated when either changes.
@Suite struct FingerprintTests {
    static let fonts = FitsizeProcess.repository.appendingPathComponent("Fonts")
    static let regular = ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
                          "NotoSansDevanagari-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoColorEmoji.ttf"]

    /// FNV-1a's 64-bit step over little-endian words (then the bytes of a shorter last
    /// part) of each file's name and a zero byte, its length, and its bytes, as the README
    /// documents it.
    static func expectedFingerprint(_ files: [URL]) throws -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ bytes: [UInt8]) {
            var index = 0
            bytes.withUnsafeBytes { raw in
                while index + 8 <= raw.count {
                    hash = (hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0x100_0000_01B3
                    index += 8
                }
            }
            for byte in bytes[index...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        for file in files {
            let contents = Array(try Data(contentsOf: file))
            let length = UInt64(contents.count)
            mix(Array(file.lastPathComponent.utf8) + [0])
            mix((0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * UInt64($0))) })
            mix(contents)
        }
        let digits = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func object(_ output: FitsizeProcess.Output) throws -> [String: Any] {
        try #require(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout)) as? [String: Any])
    }

    @Test func versionJSONNamesTheVersionAndTheShippedFontsHash() throws {
        let plain = try FitsizeProcess.run(["--version"])
        let json = try Self.object(try FitsizeProcess.run(["--version", "--json"]))
        #expect(json["version"] as? String == plain.text.trimmingCharacters(in: .whitespacesAndNewlines))
        let bold = ["NotoSans-Bold.ttf", "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Bold.ttf", "NotoSansDevanagari-Bold.ttf"]
        let files = Self.regular + bold
        #expect(json["fonts"] as? [String] == files)
        #expect(json["fingerprint"] as? String == (try Self.expectedFingerprint(files.map { Self.fonts.appendingPathComponent($0) })))
        #expect(json["systemFonts"] as? Bool == false)
    }

    @Test func theFingerprintFollowsTheFontsAndSaysWhenSystemFontsTakePart() throws {
        let shipped = try Self.object(try FitsizeProcess.run(["--fingerprint"]))
        #expect(shipped["fingerprint"] as? String == (try Self.expectedFingerprint(Self.regular.map { Self.fonts.appendingPathComponent($0) })))
        let bold = Self.fonts.appendingPathComponent("NotoSans-Bold.ttf")
        let one = try Self.object(try FitsizeProcess.run(["--fingerprint", "--font", bold.path]))
        #expect(one["fingerprint"] as? String == (try Self.expectedFingerprint([bold])))
        let system = try Self.object(try FitsizeProcess.run(["--fingerprint", "--font", bold.path, "--system-fonts"]))
        #expect(system["fingerprint"] as? String == (try Self.expectedFingerprint([bold])) + "+system")
        #expect(system["systemFonts"] as? Bool == true)
    }

    /// The same fonts in another folder give the same fingerprint; one changed byte (an
    /// appended one, which no table reads, so sizes stay) gives another.
    @Test func aChangedFontFileChangesTheFingerprintWhereverTheFontsAre() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Fonts")
        try FileManager.default.copyItem(at: Self.fonts, to: copy)
        let original = try Self.object(try FitsizeProcess.run(["--fingerprint"]))
        let moved = try Self.object(try FitsizeProcess.run(["--fingerprint"], environment: ["FITSIZE_FONTS_DIR": copy.path]))
        #expect(moved["fingerprint"] as? String == original["fingerprint"] as? String)
        let hebrew = try FileHandle(forWritingTo: copy.appendingPathComponent("NotoSansHebrew-Regular.ttf"))
        try hebrew.seekToEnd()
        try hebrew.write(contentsOf: Data([0]))
        try hebrew.close()
        let changed = try Self.object(try FitsizeProcess.run(["--fingerprint"], environment: ["FITSIZE_FONTS_DIR": copy.path]))
        #expect(changed["fingerprint"] as? String != original["fingerprint"] as? String)
        let size = try FitsizeProcess.run(["שלום Hello"], environment: ["FITSIZE_FONTS_DIR": copy.path])
        #expect(size.text == (try FitsizeProcess.run(["שלום Hello"])).text)
    }

    @Test func cellsWriteTheFingerprintInTheSummaryAndWithTheFlagOnEveryLine() throws {
        let template = FitsizeProcess.repository.appendingPathComponent("Examples/posts/cell.json").path
        let items = FitsizeProcess.repository.appendingPathComponent("Examples/posts/items.jsonl").path
        let plain = try FitsizeProcess.run(["cells", "--template", template, "--data", items, "--width", "375"])
        let marked = try FitsizeProcess.run(["cells", "--template", template, "--data", items, "--width", "375", "--fingerprint"])
        try #require(plain.status == 0 && marked.status == 0, "\(plain.stderr) \(marked.stderr)")
        let summary = try #require(plain.stderr.split(separator: "\n").last)
        let fingerprint = try #require(summary.components(separatedBy: "fonts ").last)
        #expect(fingerprint.hasPrefix("fnv1a64:") && fingerprint.count == 24)
        let plainLines = plain.text.split(separator: "\n"), markedLines = marked.text.split(separator: "\n")
        #expect(plainLines.count == markedLines.count && !plainLines.isEmpty)
        for (line, withFingerprint) in zip(plainLines, markedLines) {
            #expect(line.dropLast() + ",\"fingerprint\":\"\(fingerprint)\"}" == withFingerprint)
        }
    }

    @Test func fingerprintIsNotCombinedWithMeasuring() throws {
        let output = try FitsizeProcess.run(["--fingerprint", "Hello"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--fingerprint"))
    }
}
