import CFreeType
import Foundation
import Typesetting

/// Draws shaped glyphs with FreeType: each face the layout used is opened once, glyph
/// outlines are moved to their sub-pixel pen position and rendered anti-aliased.
///
/// One rasteriser is one FreeType library: it is used from one thread only.
final class GlyphRasterizer {
    private var library: FT_Library?
    private var faces: [ObjectIdentifier: FT_Face] = [:]

    /// - Throws: ``ToolError`` when FreeType cannot start.
    init() throws {
        let error = FT_Init_FreeType(&library)
        guard error == 0, library != nil else { throw ToolError("FreeType failed to start: \(FreeTypeErrorMessage.text(for: error))") }
    }

    deinit {
        for face in faces.values { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Draws `run` with its pen origin at (`originX`, `baselineY`) in pixels, `scale` pixels
    /// per point, into `canvas`.
    /// - Throws: ``ToolError`` when the run's font file cannot be opened again.
    func draw(_ run: GlyphRun, originX: Double, baselineY: Double, scale: Double, color: Canvas.Color,
              into canvas: inout Canvas) throws {
        guard let face = try face(for: run.typeface) else { return }
        let pixelsPerEm = Double(run.pointSize) * scale
        // FreeType takes sizes as 26.6 fixed point in a signed long; glyphs larger than the
        // largest image are not drawn.
        guard pixelsPerEm > 0, pixelsPerEm <= Double(Canvas.maximumSide) else { return }
        // 26.6 fixed point at 72 dpi: one point is one pixel at scale 1.
        FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelsPerEm * 64).rounded()), 72, 72)
        for (index, glyph) in run.glyphs.enumerated() {
            let position = run.positions[index]
            let penX = originX + Double(position.x) * scale
            let penY = baselineY - Double(position.y) * scale
            let wholeX = penX.rounded(.down), wholeY = penY.rounded(.down)
            // The sub-pixel part of the pen position, as a translation FreeType applies
            // while loading; font y grows up, so a pen lower on the canvas shifts down.
            var delta = FT_Vector(x: FT_Pos(((penX - wholeX) * 64).rounded()),
                                  y: FT_Pos((-(penY - wholeY) * 64).rounded()))
            FT_Set_Transform(face, nil, &delta)
            guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
                  let slot = face.pointee.glyph else { continue }
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { continue }
            let left = Canvas.pixel(wholeX) + Int(slot.pointee.bitmap_left)
            let top = Canvas.pixel(wholeY) - Int(slot.pointee.bitmap_top)
            let levels = Double(max(bitmap.num_grays - 1, 1))
            for row in 0..<Int(bitmap.rows) {
                let line = buffer + row * Int(bitmap.pitch)
                for column in 0..<Int(bitmap.width) where line[column] != 0 {
                    canvas.blend(x: left + column, y: top + row, color: color, coverage: Double(line[column]) / levels)
                }
            }
        }
    }

    /// The FreeType face for a typeface, opened on first use; nil for the empty face.
    private func face(for typeface: Typeface) throws -> FT_Face? {
        if let face = faces[ObjectIdentifier(typeface)] { return face }
        guard !typeface.path.isEmpty else { return nil }
        var face: FT_Face?
        let error = FT_New_Face(library, typeface.path, FT_Long(typeface.faceIndex), &face)
        guard error == 0, let face else {
            throw ToolError("Cannot open font \(typeface.path) to draw it: \(FreeTypeErrorMessage.text(for: error))")
        }
        faces[ObjectIdentifier(typeface)] = face
        return face
    }
}
