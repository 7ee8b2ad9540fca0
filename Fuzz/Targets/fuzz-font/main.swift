// Font files: a shipped font with the fuzzer's mutations (bytes of its table directory and
// tables overwritten, 32-bit fields set to edge values, the file cut short), loaded, shaped
// and measured through Typesetting. Any file is refused with a TypesettingError, or gives
// a typeface whose layouts have finite sizes.
//
// Each mutant is written to a new path: typefaces are loaded once per path and kept for the
// process, so memory grows by every mutant that loads (run in minutes, not days).
import Foundation
import FuzzSupport
import Typesetting

/// A font file's bytes with where each table lies, read from its table directory.
private struct FontFile {
    let bytes: [UInt8]
    let tables: [(offset: Int, length: Int)]

    init(path: String) {
        let data = Array(FileManager.default.contents(atPath: path)!)
        func u16(_ at: Int) -> Int { Int(data[at]) << 8 | Int(data[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        bytes = data
        tables = (0..<u16(4)).map { index in (offset: u32(12 + 16 * index + 8), length: u32(12 + 16 * index + 12)) }
    }

    /// Where the directory entry of table `index` starts.
    func entry(_ index: Int) -> Int { 12 + 16 * index }
}

private let files = keptForTheProcess { ShippedFontFiles.paths.map(FontFile.init) }
private let directory = keptForTheProcess {
    FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-fuzz-font-\(getpid())")
}
nonisolated(unsafe) private var serial = 0
private let samples = ["Hamburgefonstiv AVA ﬁ 123", "שלום עולם", "مرحبا بالعالم", "नमस्ते दुनिया", "中文字体 かな 한국어", "e\u{301} \u{200D}\u{202E}x"]

private func mutant(_ input: inout FuzzInput) -> [UInt8] {
    // The small faces most of the time: every mutant is written to disk and mapped.
    let file = input.byte() % 32 == 0 ? files[input.int(in: 0...files.count - 1)] : files[input.int(in: 0...min(3, files.count - 1))]
    var bytes = file.bytes
    var operations = 0
    while !input.isEmpty && operations < 24 {
        operations += 1
        switch input.byte() % 6 {
        case 0:
            // A byte of the header or table directory.
            let end = min(bytes.count, file.entry(file.tables.count))
            guard end > 0 else { continue }
            bytes[input.int(in: 0...end - 1)] = input.byte()
        case 1, 2:
            // A byte inside a table, near its start where the headers and counts are.
            let table = file.tables[input.int(in: 0...file.tables.count - 1)]
            let offset = table.offset + input.int(in: 0...max(0, min(table.length, 4096) - 1))
            if offset < bytes.count { bytes[offset] = input.byte() }
        case 3:
            // A 32-bit field of a table's directory entry (checksum, offset or length), or of
            // a table, set to an edge value.
            let index = input.int(in: 0...file.tables.count - 1)
            let table = file.tables[index]
            let at = input.bool() ? file.entry(index) + 4 * input.int(in: 1...3) : table.offset + 2 * input.int(in: 0...min(64, table.length / 2))
            let value = input.pick([0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, UInt32(bytes.count), UInt32(input.unsigned(bytes: 4))])
            for byte in 0..<4 where at + byte < bytes.count { bytes[at + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(byte))) }
        case 4:
            // Anywhere at all.
            bytes[input.int(in: 0...bytes.count - 1)] = input.byte()
        default:
            bytes.removeLast(bytes.count - input.int(in: 0...bytes.count))
            guard !bytes.isEmpty else { return bytes }
        }
    }
    return bytes
}

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var input = FuzzInput(Array(bytes))
    let faceIndex = input.byte() % 8 == 0 ? input.int(in: 0...2) : 0
    let size = input.pick([17, 0.01, 1, 400, Font.maximumPointSize] as [CGFloat])
    let width = input.pick([0, 1, 60, 320, .infinity] as [CGFloat])
    let mode = input.pick(LineBreakMode.allCases)
    let bytes = mutant(&input)
    serial += 1
    let path = directory.appendingPathComponent("mutant-\(serial).ttf").path
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return fuzzCheck(false, "cannot write \(path)") }
    defer { unlink(path) }
    do {
        let typeface = try Typeface.load(path: path, faceIndex: faceIndex)
        fuzzCheck(typeface.unitsPerEm >= 16 && typeface.unitsPerEm <= 16_384, "units per em \(typeface.unitsPerEm) accepted")
        let font = try Font(cascade: FontCascade([typeface]), size: size)
        fuzzCheck(font.lineHeight.isFinite && font.lineHeight >= 0, "line height \(font.lineHeight)")
        for sample in samples {
            let layout = try PreparedText(sample, font: font).layout(width: width, maxLines: 2, lineBreakMode: mode)
            fuzzCheck(layout.size.width.isFinite && layout.size.height.isFinite && layout.size.width >= 0 && layout.size.height >= 0,
                      "\(sample) measures \(layout.size)")
            for index in layout.lines.indices { _ = layout.glyphRuns(onLine: index) }
        }
    } catch let error as TypesettingError {
        fuzzCheck(!"\(error)".isEmpty, "an empty error")
    } catch {
        fuzzCheck(false, "\(error) is not a TypesettingError")
    }
}

try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
atexit { try? FileManager.default.removeItem(at: directory) }
fuzzMain(fuzzOne)
