import Foundation

/// Checks that the tables a font file's directory lists lie inside the file.
///
/// FreeType reads a table only when it first needs it, and quietly drops (or trims) a
/// table that runs past the end of the file, so a truncated font loads and then draws
/// nothing or measures wrongly. The directory is a few hundred bytes at the start of the
/// file (OpenType's "Organization of an OpenType Font"), read here without loading a table.
enum FontFileExtent {
    /// Fails naming the first table of face `faceIndex` that does not fit in the file at
    /// `path`, or a WOFF file shorter than its header says. Files in other formats pass:
    /// FreeType checks them as it reads them.
    static func check(path: String, faceIndex: Int) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { return }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd() else { return }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard offset + UInt64(count) <= size else { return nil }
            try? file.seek(toOffset: offset)
            guard let data = try? file.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
        func u32(_ bytes: [UInt8], _ at: Int) -> UInt64 {
            UInt64(bytes[at]) << 24 | UInt64(bytes[at + 1]) << 16 | UInt64(bytes[at + 2]) << 8 | UInt64(bytes[at + 3])
        }
        func truncated(_ what: String) -> TypesettingError {
            .fontFileCorrupt(path: path, reason: "the file is truncated or damaged: \(what), but the file has \(size) bytes")
        }
        guard let header = read(0, 12) else { return }
        let tag = String(decoding: header[0..<4], as: UTF8.self)
        var directory: UInt64 = 0
        switch tag {
        case "wOFF", "wOF2":
            let declared = u32(header, 8)
            if declared > size { throw truncated("its WOFF header gives a length of \(declared) bytes") }
            return
        case "ttcf":
            let count = u32(header, 8)
            guard UInt64(faceIndex) < count else { return }  // FreeType reports the index.
            guard let entry = read(12 + 4 * UInt64(faceIndex), 4) else {
                throw truncated("its collection header lists \(count) faces")
            }
            directory = u32(entry, 0)
        case "\0\u{1}\0\0", "OTTO", "true", "typ1":
            break
        default:
            return
        }
        guard let offsetTable = read(directory, 12) else { throw truncated("its table directory starts at byte \(directory)") }
        let tables = Int(offsetTable[4]) << 8 | Int(offsetTable[5])
        guard let records = read(directory + 12, 16 * tables) else {
            throw truncated("its table directory lists \(tables) tables")
        }
        for index in 0..<tables {
            let record = 16 * index
            let name = String(decoding: records[record..<(record + 4)], as: UTF8.self)
            let end = u32(records, record + 8) + u32(records, record + 12)
            if end > size { throw truncated("its '\(name)' table ends at byte \(end)") }
        }
    }
}
