import CFreeType

/// Turns the glyphs of a ``GlyphRun`` into pixels with FreeType, for a renderer that draws
/// laid-out text: outline glyphs anti-aliased at their sub-pixel pen positions, and the
/// glyphs of a colour bitmap face (emoji) from its first strike, scaled to the run's size.
///
/// The rasterizer opens each ``Typeface`` it draws once, with its own FreeType library, and
/// keeps it until it goes away: use one rasterizer from one thread at a time.
public final class GlyphRasterizer {
    /// What ``draw(_:originX:baselineY:scale:plot:)`` asks a pixel to take.
    public enum Paint: Equatable, Sendable {
        /// The drawing colour, over this fraction of the pixel (0 to 1): an outline glyph.
        case coverage(Double)
        /// A colour of the glyph's own, at this opacity (0 to 1): a colour bitmap glyph.
        case colour(red: UInt8, green: UInt8, blue: UInt8, alpha: Double)
    }

    private let maximumSide: Int
    private var library: FT_Library?
    private let libraryError: FT_Error
    private var faces: [ObjectIdentifier: FT_Face] = [:]
    /// The typefaces of `faces`, held so that no identifier is reused while its face is open.
    private var typefaces: [Typeface] = []

    /// A rasterizer for images of at most `maximumSide` pixels a side: a run drawn at more
    /// pixels per em, or a colour glyph scaled wider or taller, is not drawn.
    public init(maximumSide: Int) {
        self.maximumSide = maximumSide
        libraryError = FT_Init_FreeType(&library)
    }

    deinit {
        for face in faces.values { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// A pixel coordinate for a position in pixels, clamped far outside any image so that a
    /// position from an extreme layout cannot overflow `Int`.
    public static func pixel(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? 1 << 30 : -(1 << 30) }
        return Int(min(max(value.rounded(), -Double(1 << 30)), Double(1 << 30)))
    }

    /// Draws `run` with its pen origin at (`originX`, `baselineY`) in pixels and `scale`
    /// pixels per point, passing each pixel it paints to `plot` (x grows right, y down; a
    /// pixel may lie outside the image, and may come more than once).
    /// - Throws: ``TypesettingError/fontFileUnreadable(path:reason:)`` when the run's font
    ///   file cannot be opened again (or FreeType cannot start).
    public func draw(
        _ run: GlyphRun, originX: Double, baselineY: Double, scale: Double,
        plot: (_ x: Int, _ y: Int, _ paint: Paint) -> Void
    ) throws(TypesettingError) {
        guard let face = try face(for: run.typeface) else { return }
        let pixelsPerEm = Double(run.pointSize) * scale
        // FreeType takes sizes as 26.6 fixed point in a signed long; glyphs larger than the
        // largest image are not drawn.
        guard pixelsPerEm > 0, pixelsPerEm <= Double(maximumSide) else { return }
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            drawColourBitmaps(run, face: face, pixelsPerEm: pixelsPerEm, originX: originX, baselineY: baselineY,
                              scale: scale, plot: plot)
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
            let left = Self.pixel(wholeX) + Int(slot.pointee.bitmap_left)
            let top = Self.pixel(wholeY) - Int(slot.pointee.bitmap_top)
            let levels = Double(max(bitmap.num_grays - 1, 1))
            for row in 0..<Int(bitmap.rows) {
                let line = buffer + row * Int(bitmap.pitch)
                for column in 0..<Int(bitmap.width) where line[column] != 0 {
                    plot(left + column, top + row, .coverage(Double(line[column]) / levels))
                }
            }
        }
    }

    /// Draws a run of a colour bitmap face (emoji): each glyph's image from the face's first
    /// strike, scaled to the run's size by nearest sampling, in its own colours.
    private func drawColourBitmaps(
        _ run: GlyphRun, face: FT_Face, pixelsPerEm: Double, originX: Double, baselineY: Double, scale: Double,
        plot: (_ x: Int, _ y: Int, _ paint: Paint) -> Void
    ) {
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
            guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else { continue }
            for y in 0..<height {
                let source = buffer + min(Int(Double(y) / factor), Int(bitmap.rows) - 1) * Int(bitmap.pitch)
                for x in 0..<width {
                    let pixel = source + 4 * min(Int(Double(x) / factor), Int(bitmap.width) - 1)
                    let alpha = Double(pixel[3]) / 255
                    guard alpha > 0 else { continue }
                    // FreeType's BGRA is premultiplied.
                    func unpremultiplied(_ value: UInt8) -> UInt8 { UInt8(min(255, (Double(value) / alpha).rounded())) }
                    plot(Self.pixel(left.rounded(.down)) + x, Self.pixel(top.rounded(.down)) + y,
                         .colour(red: unpremultiplied(pixel[2]), green: unpremultiplied(pixel[1]),
                                 blue: unpremultiplied(pixel[0]), alpha: alpha))
                }
            }
        }
    }

    /// The FreeType face for a typeface, opened on first use; nil for the empty face.
    private func face(for typeface: Typeface) throws(TypesettingError) -> FT_Face? {
        if let face = faces[ObjectIdentifier(typeface)] { return face }
        guard !typeface.path.isEmpty else { return nil }
        guard let library else {
            throw .fontFileUnreadable(
                path: typeface.path, reason: "FreeType failed to start: \(FreeTypeErrorMessage.text(for: libraryError))")
        }
        var face: FT_Face?
        let error = FT_New_Face(library, typeface.path, FT_Long(typeface.faceIndex), &face)
        guard error == 0, let face else {
            throw .fontFileUnreadable(
                path: typeface.path, reason: "cannot open it to draw it: \(FreeTypeErrorMessage.text(for: error))")
        }
        faces[ObjectIdentifier(typeface)] = face
        typefaces.append(typeface)
        return face
    }
}
