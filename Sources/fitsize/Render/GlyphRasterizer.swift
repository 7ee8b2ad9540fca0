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
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            drawColourBitmaps(run, face: face, pixelsPerEm: pixelsPerEm, originX: originX, baselineY: baselineY,
                              scale: scale, into: &canvas)
            return
        }
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

    /// Draws a run of a colour bitmap face (emoji): each glyph's image from the face's first
    /// strike, scaled to the run's size by nearest sampling, in its own colours.
    private func drawColourBitmaps(_ run: GlyphRun, face: FT_Face, pixelsPerEm: Double, originX: Double,
                                   baselineY: Double, scale: Double, into canvas: inout Canvas) {
        guard face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else { return }
        let strike = Double(face.pointee.size.pointee.metrics.y_ppem)
        guard strike > 0 else { return }
        let factor = pixelsPerEm / strike
        for (index, glyph) in run.glyphs.enumerated() {
            guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else { continue }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { continue }
            let position = run.positions[index]
            let left = originX + Double(position.x) * scale + Double(slot.pointee.bitmap_left) * factor
            let top = baselineY - Double(position.y) * scale - Double(slot.pointee.bitmap_top) * factor
            let width = Int((Double(bitmap.width) * factor).rounded()), height = Int((Double(bitmap.rows) * factor).rounded())
            guard width > 0, height > 0, width <= Canvas.maximumSide, height <= Canvas.maximumSide else { continue }
            for y in 0..<height {
                let source = buffer + min(Int(Double(y) / factor), Int(bitmap.rows) - 1) * Int(bitmap.pitch)
                for x in 0..<width {
                    let pixel = source + 4 * min(Int(Double(x) / factor), Int(bitmap.width) - 1)
                    let alpha = Double(pixel[3]) / 255
                    guard alpha > 0 else { continue }
                    // FreeType's BGRA is premultiplied.
                    func unpremultiplied(_ value: UInt8) -> UInt8 { UInt8(min(255, (Double(value) / alpha).rounded())) }
                    let color = Canvas.Color(red: unpremultiplied(pixel[2]), green: unpremultiplied(pixel[1]),
                                             blue: unpremultiplied(pixel[0]), alpha: 1)
                    canvas.blend(x: Canvas.pixel(left.rounded(.down)) + x, y: Canvas.pixel(top.rounded(.down)) + y,
                                 color: color, coverage: alpha)
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
