import Foundation
import Testing

/// The vertical metrics of a TrueType/OpenType file, read straight from its `head`, `hhea`
/// and `OS/2` tables: an oracle independent of FreeType and of the tool.
///
/// DESIGN.md's text policy: hhea ascender, descender and line gap, or the OS/2 typo
/// metrics when fsSelection bit 7 (USE_TYPO_METRICS) is set.
struct FontTables {
    var unitsPerEm: Int
    var ascender: Int
    var descender: Int
    var lineGap: Int

    /// The line height in points at `size`: (ascender - descender + line gap) scaled.
    func lineHeight(size: Double) -> Double {
        Double(ascender - descender + lineGap) * size / Double(unitsPerEm)
    }

    /// The ascender in points at `size`.
    func ascender(size: Double) -> Double { Double(ascender) * size / Double(unitsPerEm) }

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ offset: Int) throws -> Int {
            try #require(offset + 2 <= data.count, "\(path) is too short")
            return Int(data[offset]) << 8 | Int(data[offset + 1])
        }
        func i16(_ offset: Int) throws -> Int { Int(Int16(bitPattern: UInt16(try u16(offset)))) }
        func u32(_ offset: Int) throws -> Int { try u16(offset) << 16 | u16(offset + 2) }

        // The table directory: numTables at 4, then 16-byte records (tag, checksum, offset, length).
        var tables: [String: Int] = [:]
        for index in 0..<(try u16(4)) {
            let record = 12 + 16 * index
            let tag = String(decoding: data[record..<(record + 4)], as: UTF8.self)
            tables[tag] = try u32(record + 8)
        }
        let head = try #require(tables["head"], "no head table in \(path)")
        let hhea = try #require(tables["hhea"], "no hhea table in \(path)")
        unitsPerEm = try u16(head + 18)
        ascender = try i16(hhea + 4)
        descender = try i16(hhea + 6)
        lineGap = try i16(hhea + 8)
        if let os2 = tables["OS/2"], try u16(os2 + 62) & (1 << 7) != 0 {
            ascender = try i16(os2 + 68)
            descender = try i16(os2 + 70)
            lineGap = try i16(os2 + 72)
        }
    }
}
