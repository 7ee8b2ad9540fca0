import CFreeType

/// What FreeType reads from a face when it is loaded: names and the vertical metrics lines
/// are measured with (hhea, or OS/2 typo metrics when the face sets USE_TYPO_METRICS). FreeType is used only here, during loading, under its own
/// short-lived library object, so no FreeType state is shared between threads.
struct FreeTypeFaceInfo {
    var familyName = ""
    var styleName = ""
    var unitsPerEm = 1000
    var ascender = 0
    var descender = 0
    var lineGap = 0
    var capHeight = 0
    var xHeight = 0
    /// FreeType's `FT_FACE_FLAG_COLOR`: the face has colour glyphs (CBDT, sbix or COLR).
    var hasColourGlyphs = false

    /// The OS/2 fsSelection bit that tells layout engines to use the typo metrics.
    private static let useTypoMetrics: UInt16 = 1 << 7

    /// Reads face `faceIndex` of the file at `path`, checking what FreeType checks lazily or
    /// not at all: that the index can be addressed, that every table lies inside the file
    /// (``FontFileExtent``) and that the vertical metrics give a line a height.
    init(path: String, faceIndex: Int) throws {
        var library: FT_Library?
        let libraryError = FT_Init_FreeType(&library)
        guard libraryError == 0, let library else {
            throw TypesettingError.fontFileUnreadable(
                path: path, reason: "FreeType failed to start: \(FreeTypeErrorMessage.text(for: libraryError))")
        }
        defer { FT_Done_FreeType(library) }

        guard Typeface.faceIndexRange.contains(faceIndex) else {
            throw TypesettingError.faceIndexOutOfRange(path: path, index: faceIndex, faceCount: try Self.faceCount(library, path))
        }
        try FontFileExtent.check(path: path, faceIndex: faceIndex)
        var faceOrNil: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(faceIndex), &faceOrNil)
        guard error == 0, let face = faceOrNil else {
            if error == FT_Error(FT_Err_Invalid_Argument) {  // The index is past the collection's end.
                throw TypesettingError.faceIndexOutOfRange(
                    path: path, index: faceIndex, faceCount: (try? Self.faceCount(library, path)) ?? 0)
            }
            throw TypesettingError.fontFileCorrupt(path: path, reason: Self.reason(for: error))
        }
        defer { FT_Done_Face(face) }
        // Outlines scale to any size; so do the advances and metrics of an OpenType colour
        // bitmap face (CBDT or sbix emoji), which are in font units like an outline face's.
        let flags = face.pointee.face_flags
        let isColourBitmapSFNT = flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 && flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
            && flags & FT_Long(FT_FACE_FLAG_HORIZONTAL) != 0
        hasColourGlyphs = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 || isColourBitmapSFNT else {
            throw TypesettingError.fontFileCorrupt(
                path: path, reason: "not a scalable (outline) font, nor an OpenType colour bitmap font")
        }

        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        // FreeType reports units per em only for outline faces; a colour bitmap face's head
        // table has it too, and HarfBuzz scales its advances by it.
        let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self)
        unitsPerEm = isColourBitmapSFNT && face.pointee.units_per_EM == 0
            ? Int(head?.pointee.Units_Per_EM ?? 0) : Int(face.pointee.units_per_EM)
        guard Self.unitsPerEmRange.contains(unitsPerEm) else {
            throw TypesettingError.fontFileCorrupt(
                path: path, reason: "its head table gives \(unitsPerEm) units per em, outside OpenType's \(Self.unitsPerEmRange)")
        }

        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self)
        if let os2, os2.pointee.version != 0xFFFF, os2.pointee.fsSelection & Self.useTypoMetrics != 0 {
            ascender = Int(os2.pointee.sTypoAscender)
            descender = Int(os2.pointee.sTypoDescender)
            lineGap = Int(os2.pointee.sTypoLineGap)
        } else if let hhea {
            ascender = Int(hhea.pointee.Ascender)
            descender = Int(hhea.pointee.Descender)
            lineGap = Int(hhea.pointee.Line_Gap)
        } else {
            ascender = Int(face.pointee.ascender)
            descender = Int(face.pointee.descender)
            lineGap = max(0, Int(face.pointee.height) - ascender + descender)
        }
        guard ascender - descender + lineGap >= 0 else {
            throw TypesettingError.fontFileCorrupt(
                path: path, reason: "its vertical metrics (ascender \(ascender), descender \(descender), line gap "
                    + "\(lineGap) font units) give a line a negative height")
        }
        if let os2, os2.pointee.version != 0xFFFF, os2.pointee.version >= 2, os2.pointee.sCapHeight > 0 {
            capHeight = Int(os2.pointee.sCapHeight)
            xHeight = Int(os2.pointee.sxHeight)
        } else {
            capHeight = Self.glyphTop(face, "H") ?? ascender
            xHeight = Self.glyphTop(face, "x") ?? (ascender / 2)
        }
    }

    /// The top of a letter's outline in font units, for fonts without OS/2 version 2.
    private static func glyphTop(_ face: FT_Face, _ letter: Unicode.Scalar) -> Int? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(letter.value))
        guard glyph != 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_SCALE)) == 0 else { return nil }
        return Int(face.pointee.glyph.pointee.metrics.horiBearingY)
    }

    private static func faceCount(_ library: FT_Library, _ path: String) throws -> Int {
        var face: FT_Face?
        let error = FT_New_Face(library, path, -1, &face)
        guard error == 0, let face else {
            throw TypesettingError.fontFileCorrupt(path: path, reason: reason(for: error))
        }
        defer { FT_Done_Face(face) }
        return Int(face.pointee.num_faces)
    }

    /// Units per em that OpenType allows (the `head` table's specification); values outside
    /// it are damage, and would scale metrics by absurd factors.
    static let unitsPerEmRange = 16...16384

    /// Why FreeType refused the file, in FreeType's own words.
    static func reason(for error: FT_Error) -> String {
        if error == FT_Error(FT_Err_Unknown_File_Format) {
            return "not a TrueType/OpenType font: \(FreeTypeErrorMessage.text(for: error))"
        }
        return FreeTypeErrorMessage.text(for: error)
    }
}
