import Foundation
import Typesetting

/// The engine version and a hash of the font files a run measures with, so that stored
/// sizes can be invalidated when either changes.
///
/// The hash is FNV-1a's 64-bit step taken a little-endian 64-bit word at a time (a byte at
/// a time for a last part shorter than a word; eight times fewer steps than bytewise FNV over
/// the 16 MB of shipped fonts), over each distinct file, in cascade order: its file name
/// (not its folder, so that the same fonts deployed anywhere give the same fingerprint), a
/// zero byte, its length as a word and its bytes. It detects changed fonts; it is not a
/// cryptographic digest. When
/// the cascades may ask the machine for fonts (`--system-fonts`), the fingerprint ends in
/// `+system`: those fonts are not known in advance, so the sizes may differ between machines
/// that share the fingerprint.
struct FontFingerprint {
    /// The version of the engine (the tool and its libraries).
    static let engineVersion = "0.1.0"

    /// The font files, in first-use order.
    let files: [String]
    let usesSystemFonts: Bool
    /// `fnv1a64:` and sixteen hex digits, then `+system` when system fonts take part.
    let value: String

    /// The fingerprint of the files of `cascades`.
    /// - Throws: ``ToolError`` when a font file cannot be read again.
    init(cascades: [FontCascade]) throws {
        var files: [String] = []
        for cascade in cascades {
            for face in cascade.typefaces where !face.path.isEmpty && !files.contains(face.path) { files.append(face.path) }
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ bytes: UnsafeRawBufferPointer) {
            let words = bytes.count / 8
            for index in 0..<words {
                hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self))) &* 0x100_0000_01B3
            }
            for byte in bytes[(8 * words)...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        for path in files {
            // Mapped rather than read: the pages are hashed where they lie, without a copy.
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                throw ToolError.unreadableFile(path, what: "font file", reason: "it could not be read again to fingerprint it")
            }
            (Array(URL(fileURLWithPath: path).lastPathComponent.utf8) + [0]).withUnsafeBytes { mix($0) }
            withUnsafeBytes(of: UInt64(data.count).littleEndian) { mix($0) }
            data.withUnsafeBytes { mix($0) }
        }
        self.files = files
        usesSystemFonts = cascades.contains { $0.usesSystemFonts }
        let digits = String(hash, radix: 16)
        value = "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits + (usesSystemFonts ? "+system" : "")
    }

    /// `{"version": …, "fingerprint": …, "fonts": [file names], "systemFonts": …}`.
    func json() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("version", Self.engineVersion)
        writer.member("fingerprint", value)
        writer.key("fonts")
        writer.beginArray()
        for file in files { writer.string(URL(fileURLWithPath: file).lastPathComponent) }
        writer.endArray()
        writer.member("systemFonts", usesSystemFonts)
        writer.endObject()
        return writer.bytes
    }
}
