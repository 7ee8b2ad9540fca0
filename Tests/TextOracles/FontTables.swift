import Foundation

/// The vertical metrics of a TrueType/OpenType file, read straight from its `head`, `hhea`
/// and `OS/2` tables: an oracle independent of FreeType and of Fitsize.
///
/// The text policy: hhea ascender, descender and line gap, or the OS/2 typo metrics when
/// fsSelection bit 7 (USE_TYPO_METRICS) is set.
public struct FontTables: Sendable {
    /// Font units per em, from `head`.
    public var unitsPerEm: Int
    /// The ascender in font units, from the table the policy picks.
    public var ascender: Int
    /// The descender in font units (negative below the baseline).
    public var descender: Int
    /// The line gap in font units.
    public var lineGap: Int
    /// Whether the font asks for its OS/2 typo metrics.
    public var usesTypoMetrics: Bool

    /// What is missing from the file.
    public struct Malformed: Error, CustomStringConvertible {
        /// The message naming the file and the missing piece.
        public var description: String
    }

    /// The line height in points at `size`: (ascender - descender + line gap) scaled.
    public func lineHeight(size: Double) -> Double {
        Double(ascender - descender + lineGap) * size / Double(unitsPerEm)
    }

    /// The ascender in points at `size`.
    public func ascender(size: Double) -> Double { Double(ascender) * size / Double(unitsPerEm) }

    /// Reads the tables of the font file at `path`.
    public init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ offset: Int) throws -> Int {
            guard offset >= 0, offset + 2 <= data.count else { throw Malformed(description: "\(path) is too short") }
            return Int(data[offset]) << 8 | Int(data[offset + 1])
        }
        func i16(_ offset: Int) throws -> Int { Int(Int16(bitPattern: UInt16(try u16(offset)))) }
        func u32(_ offset: Int) throws -> Int { try u16(offset) << 16 | u16(offset + 2) }

        // The table directory: numTables at 4, then 16-byte records (tag, checksum, offset, length).
        var tables: [String: Int] = [:]
        for index in 0..<(try u16(4)) {
            let record = 12 + 16 * index
            let offset = try u32(record + 8)
            tables[String(decoding: data[record..<(record + 4)], as: UTF8.self)] = offset
        }
        guard let head = tables["head"] else { throw Malformed(description: "no head table in \(path)") }
        guard let hhea = tables["hhea"] else { throw Malformed(description: "no hhea table in \(path)") }
        unitsPerEm = try u16(head + 18)
        usesTypoMetrics = false
        if let os2 = tables["OS/2"], try u16(os2 + 62) & (1 << 7) != 0 {
            usesTypoMetrics = true
            ascender = try i16(os2 + 68)
            descender = try i16(os2 + 70)
            lineGap = try i16(os2 + 72)
        } else {
            ascender = try i16(hhea + 4)
            descender = try i16(hhea + 6)
            lineGap = try i16(hhea + 8)
        }
    }
}
