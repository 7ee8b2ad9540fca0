import CHarfBuzz

/// One shaped glyph, in the visual order HarfBuzz returns.
struct ShapedGlyph {
    var glyph: UInt32
    /// UTF-16 offset (into the shaped text) of the cluster the glyph belongs to.
    var cluster: Int
    /// Advance and offsets in font units.
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
    var unsafeToBreak: Bool
}

/// Shapes UTF-16 text with HarfBuzz's OpenType shaper, using the thread's scratch buffer.
///
/// Pieces are shaped on their own, without surrounding context: the results are then
/// exactly what shaping that text alone gives, which is what the width cache stores and
/// what a line starting or ending there will show.
enum Shaper {
    /// Shapes `text[range]` into the thread's HarfBuzz buffer and returns its glyph infos
    /// and positions (nil for an empty range), valid until the buffer is next used.
    private static func shapeIntoBuffer(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer,
        rightToLeft: Bool, script: hb_script_t, features: FeatureSet, scratch: ShapingScratch
    ) -> (infos: UnsafeMutablePointer<hb_glyph_info_t>, positions: UnsafeMutablePointer<hb_glyph_position_t>, count: Int)? {
        guard let base = text.baseAddress, !range.isEmpty else { return nil }
        let buffer = scratch.buffer
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, base + range.lowerBound, Int32(range.count), 0, Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        features.withFeatures { features, count in
            hb_shape(font, buffer, features, count)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return nil }
        return (infos, positions, Int(count))
    }

    /// Shapes `text[range]` and calls `body` with each glyph.
    static func shape(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer,
        rightToLeft: Bool, script: hb_script_t, features: FeatureSet,
        scratch: ShapingScratch, _ body: (ShapedGlyph) -> Void
    ) {
        guard let (infos, positions, count) = shapeIntoBuffer(
            text, range: range, font: font, rightToLeft: rightToLeft, script: script,
            features: features, scratch: scratch) else { return }
        for index in 0..<count {
            let info = infos[index]
            let position = positions[index]
            body(ShapedGlyph(
                glyph: info.codepoint,
                cluster: range.lowerBound + Int(info.cluster),
                advance: position.x_advance,
                xOffset: position.x_offset,
                yOffset: position.y_offset,
                // hb_glyph_info_get_glyph_flags reads these bits of the mask; reading them
                // here saves a call into HarfBuzz per glyph.
                unsafeToBreak: info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
    }

    /// Shapes `text[range]` into the thread's scratch arrays: for each UTF-16 position of
    /// the range, `scratch.unitAdvances` gets the advance in font units (a cluster's glyph
    /// advances sit at its first code unit) and `scratch.unsafe` whether a line break at
    /// that position would change the shaping (HarfBuzz's unsafe-to-break flag, or a
    /// position inside a cluster such as a ligature).
    static func shapeIntoScratch(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: OpaquePointer,
        rightToLeft: Bool, script: hb_script_t, features: FeatureSet, scratch: ShapingScratch
    ) {
        let count = range.count
        scratch.prepareArrays(count: count)
        guard let (infos, positions, glyphs) = shapeIntoBuffer(
            text, range: range, font: font, rightToLeft: rightToLeft, script: script,
            features: features, scratch: scratch) else { return }
        let unsafeFlag = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        scratch.unitAdvances.withUnsafeMutableBufferPointer { advances in
            scratch.unsafe.withUnsafeMutableBufferPointer { unsafe in
                // With HarfBuzz's default cluster level the glyphs of a cluster are adjacent,
                // so a cluster starts where the cluster value changes. Positions that start
                // no cluster keep `unsafe` true.
                var previous = -1
                for index in 0..<glyphs {
                    let offset = Int(infos[index].cluster)
                    guard offset >= 0 && offset < count else { continue }
                    advances[offset] += Float(positions[index].x_advance)
                    let glyphUnsafe = infos[index].mask & unsafeFlag != 0
                    if offset != previous {
                        previous = offset
                        unsafe[offset] = glyphUnsafe
                    } else if glyphUnsafe {
                        unsafe[offset] = true
                    }
                }
            }
        }
    }
}
