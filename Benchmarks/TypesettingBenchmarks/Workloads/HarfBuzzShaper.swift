import CHarfBuzzBaseline
import Foundation

/// Shaping with HarfBuzz alone: one font, one reused buffer, the text added as UTF-8,
/// segment properties guessed, advances summed. The floor for measuring uncached text.
public final class HarfBuzzShaper {
    private let font: OpaquePointer
    private let buffer: OpaquePointer

    public init?(fontFile: String) {
        guard let blob = hb_blob_create_from_file_or_fail(fontFile) else { return nil }
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        font = hb_font_create(face)
        hb_face_destroy(face)
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
    }

    /// The total advance of `text` in font units.
    public func advance(_ text: String) -> Int {
        hb_buffer_clear_contents(buffer)
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var total = 0
        for index in 0..<Int(count) { total += Int(positions[index].x_advance) }
        return total
    }
}
