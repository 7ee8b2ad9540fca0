import CHarfBuzz

/// Whether a face's optional ligatures (the OpenType features `liga`, `clig` and `dlig`,
/// which letter-spaced text turns off) can change a text only by joining two or more
/// characters into one glyph, read from the face's GSUB table.
///
/// When that holds, shaping a text with those features on and off gives the same glyphs
/// and advances whenever shaping it with them on joins no characters into one cluster (a
/// ligature merges its characters' clusters). Kerned text then shares the shaping, and the
/// segment cache's entries, of the same text without kern. It holds when every lookup the
/// three features use is a ligature substitution (type 4, directly or through an extension)
/// whose ligatures all have two or more components. Anything else (a contextual lookup, a
/// one-component ligature, feature variations, an AAT `morx` or Graphite table, which
/// HarfBuzz would use instead of GSUB, or a table that does not parse) answers false, which
/// only costs the sharing.
///
/// The table is read through raw pointers into HarfBuzz's copy of it, every offset checked
/// against its length.
enum UnsafeLigatureJoining {
    /// Whether `face`'s optional ligatures only ever join characters (see the type).
    static func ligaturesOnlyJoin(_ face: OpaquePointer) -> Bool {
        if hasTable(face, "morx") || hasTable(face, "Silf") { return false }
        let blob = hb_face_reference_table(face, tag("GSUB"))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            // No GSUB: no ligature at all, so nothing for the features to change.
            return true
        }
        let table = Table(base: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: Int(length))
        return table.ligaturesOnlyJoin() ?? false
    }

    /// The four-byte OpenType tag of `name`.
    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    private static func hasTable(_ face: OpaquePointer, _ name: String) -> Bool {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// A GSUB table's bytes; every read returns nil past the end.
    struct Table {
        let base: UnsafePointer<UInt8>
        let count: Int

        func uint16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= count else { return nil }
            return Int(base[offset]) << 8 | Int(base[offset + 1])
        }

        func uint32(_ offset: Int) -> Int? {
            guard let high = uint16(offset), let low = uint16(offset + 2) else { return nil }
            return high << 16 | low
        }

        /// The answer for this table (see ``UnsafeLigatureJoining``), or nil when it does not
        /// parse.
        func ligaturesOnlyJoin() -> Bool? {
            guard let major = uint16(0), major == 1, let minor = uint16(2),
                  let featureList = uint16(6), let lookupList = uint16(8) else { return nil }
            // Feature variations can swap in other lookups for the same features.
            if minor >= 1 {
                guard let variations = uint32(10) else { return nil }
                if variations != 0 { return false }
            }
            guard let featureCount = uint16(featureList), let lookupCount = uint16(lookupList) else { return nil }
            let optional: Set<Int> = [0x6C69_6761, 0x636C_6967, 0x646C_6967]  // liga, clig, dlig
            for index in 0..<featureCount {
                let record = featureList + 2 + 6 * index
                guard let tag = uint32(record), let offset = uint16(record + 4) else { return nil }
                guard optional.contains(tag) else { continue }
                let feature = featureList + offset
                guard let lookupIndexCount = uint16(feature + 2) else { return nil }
                for position in 0..<lookupIndexCount {
                    guard let lookupIndex = uint16(feature + 4 + 2 * position), lookupIndex < lookupCount,
                          let lookupOffset = uint16(lookupList + 2 + 2 * lookupIndex) else { return nil }
                    guard let joins = lookupOnlyJoins(at: lookupList + lookupOffset) else { return nil }
                    if !joins { return false }
                }
            }
            return true
        }

        /// Whether the lookup at `lookup` is a ligature substitution of two or more
        /// components in every subtable.
        private func lookupOnlyJoins(at lookup: Int) -> Bool? {
            guard let type = uint16(lookup), let subtableCount = uint16(lookup + 4) else { return nil }
            for index in 0..<subtableCount {
                guard let offset = uint16(lookup + 6 + 2 * index) else { return nil }
                var subtable = lookup + offset
                var subtableType = type
                if type == 7 {
                    // An extension: the real type and a 32-bit offset to the real subtable.
                    guard let format = uint16(subtable), format == 1, let extended = uint16(subtable + 2),
                          let extensionOffset = uint32(subtable + 4) else { return nil }
                    subtableType = extended
                    subtable += extensionOffset
                }
                guard subtableType == 4 else { return false }
                guard let joins = ligaturesHaveTwoComponents(at: subtable) else { return nil }
                if !joins { return false }
            }
            return true
        }

        /// Whether every ligature of the ligature substitution subtable at `subtable` has two
        /// or more components (a one-component ligature replaces a glyph without joining).
        private func ligaturesHaveTwoComponents(at subtable: Int) -> Bool? {
            guard let format = uint16(subtable), format == 1, let setCount = uint16(subtable + 4) else { return nil }
            for index in 0..<setCount {
                guard let setOffset = uint16(subtable + 6 + 2 * index) else { return nil }
                let set = subtable + setOffset
                guard let ligatureCount = uint16(set) else { return nil }
                for position in 0..<ligatureCount {
                    guard let ligatureOffset = uint16(set + 2 + 2 * position),
                          let components = uint16(set + ligatureOffset + 2) else { return nil }
                    if components < 2 { return false }
                }
            }
            return true
        }
    }
}
