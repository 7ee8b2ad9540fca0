import CFreeType
import CHarfBuzz
import Concurrency
import Foundation

/// One face of a font file, loaded once and shared: immutable after loading, so any number
/// of threads may shape with it at the same time (HarfBuzz's own OpenType functions on an
/// immutable `hb_font_t` are thread-safe).
///
/// Metrics are kept in font units; a ``Font`` scales them to its point size.
///
/// A typeface lives for the rest of the process once loaded: the registry that loads every
/// one never lets go of it (and the empty face is a static). Hot paths rely on that to refer
/// to faces without retaining them: every thread measuring text with the same face would
/// otherwise increment and decrement the one shared reference count, and the two cores
/// would pass its cache line back and forth.
public final class Typeface: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The face's index inside the file (0 unless the file is a collection).
    public let faceIndex: Int
    /// The family name from the font's naming table, for example "Noto Sans".
    public let familyName: String
    /// The style name from the font's naming table, for example "Bold".
    public let styleName: String
    /// The design grid: font units per em.
    public let unitsPerEm: Int
    /// Ascender in font units (hhea, or OS/2 typo when USE_TYPO_METRICS is set); positive.
    public let ascenderUnits: Int
    /// Descender in font units; negative below the baseline.
    public let descenderUnits: Int
    /// Line gap in font units.
    public let lineGapUnits: Int
    /// Height of capital letters in font units (OS/2, or measured from "H").
    public let capHeightUnits: Int
    /// Height of lowercase letters in font units (OS/2, or measured from "x").
    public let xHeightUnits: Int

    /// Whether the face maps every printable ASCII character (U+0020...U+007E), which
    /// lets ASCII text skip per-character font selection.
    let coversPrintableASCII: Bool

    /// Whether the face draws colour glyphs (an emoji face: CBDT, sbix or COLR), which
    /// font selection treats as a face for emoji only (see ``Itemizer``).
    public let hasColourGlyphs: Bool

    /// Whether the face's optional ligatures only ever join characters, so that kerned text
    /// (shaped without them) shares the shaping of unkerned text that forms no ligature
    /// (see ``UnsafeLigatureJoining``).
    let ligaturesOnlyJoin: Bool

    /// A process-unique small number, used in cache keys instead of the path.
    let id: Int
    /// HarfBuzz's font at a scale of one unit per font unit, immutable.
    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer

    /// The face indices a file can be asked for: FreeType and HarfBuzz read the bits above
    /// the lowest 16 of a face index as a variation instance, so a larger index would
    /// silently name another face.
    public static let faceIndexRange = 0...0xFFFF

    /// Loads face `faceIndex` of the TrueType/OpenType file (or collection) at `path`.
    ///
    /// Files are loaded once per process: asking again for the same path and index
    /// returns the same typeface. Only regular files are read (a FIFO or a device would
    /// block or never end). A file is refused when a table runs past its end (truncated),
    /// when it maps no character to a glyph (no usable `cmap`), or when its vertical metrics
    /// give a line a negative height.
    /// - Throws: ``TypesettingError/fontFileNotFound(path:)``,
    ///   ``TypesettingError/fontFileUnreadable(path:reason:)``,
    ///   ``TypesettingError/fontFileCorrupt(path:reason:)`` or
    ///   ``TypesettingError/faceIndexOutOfRange(path:index:faceCount:)`` (also for an index
    ///   outside ``faceIndexRange``).
    public static func load(path: String, faceIndex: Int = 0) throws -> Typeface {
        try TypefaceRegistry.shared.typeface(path: path, faceIndex: faceIndex)
    }

    /// Reads and checks the file with FreeType, then builds the HarfBuzz face and font.
    /// File-private: only `TypefaceRegistry` makes typefaces, which is what lets hot paths
    /// hold them unretained (see the type's documentation).
    fileprivate init(loading path: String, faceIndex: Int, id: Int) throws {
        try Typeface.checkReadable(path)
        let info = try FreeTypeFaceInfo(path: path, faceIndex: faceIndex)
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TypesettingError.fontFileUnreadable(path: path, reason: "HarfBuzz could not map the file")
        }
        defer { hb_blob_destroy(blob) }
        // FreeTypeFaceInfo checked the index against faceIndexRange.
        let face = hb_face_create(blob, UInt32(faceIndex))!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw TypesettingError.fontFileCorrupt(path: path, reason: "HarfBuzz found no glyphs in face \(faceIndex)")
        }
        guard Self.mapsSomeCharacter(face) else {
            hb_face_destroy(face)
            throw TypesettingError.fontFileCorrupt(
                path: path, reason: "it maps no character to a glyph (no usable cmap table), so it cannot draw any text")
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        // hb_font_create installs HarfBuzz's OpenType functions; no hinting, no FreeType
        // round trip. Unit scale keeps advances in font units, scaled once per text.
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(info.unitsPerEm), Int32(info.unitsPerEm))
        hb_font_make_immutable(font)

        self.path = path
        self.faceIndex = faceIndex
        self.familyName = info.familyName
        self.styleName = info.styleName
        self.unitsPerEm = info.unitsPerEm
        self.ascenderUnits = info.ascender
        self.descenderUnits = info.descender
        self.lineGapUnits = info.lineGap
        self.capHeightUnits = info.capHeight
        self.xHeightUnits = info.xHeight
        self.hasColourGlyphs = info.hasColourGlyphs
        self.id = id
        self.hbFace = face
        self.hbFont = font
        var glyph: hb_codepoint_t = 0
        self.coversPrintableASCII = (0x20...0x7E).allSatisfy { hb_font_get_nominal_glyph(font, $0, &glyph) != 0 }
        self.ligaturesOnlyJoin = UnsafeLigatureJoining.ligaturesOnlyJoin(face)
    }

    /// A face with no glyphs and zero metrics: the last resort when a process has no
    /// usable font at all, so that measuring still works (every width is zero).
    static let empty = Typeface(emptyWithID: 0)

    private init(emptyWithID id: Int) {
        path = ""
        faceIndex = 0
        familyName = "(no font)"
        styleName = ""
        unitsPerEm = 1000
        ascenderUnits = 0
        descenderUnits = 0
        lineGapUnits = 0
        capHeightUnits = 0
        xHeightUnits = 0
        hasColourGlyphs = false
        self.id = id
        hbFace = hb_face_get_empty()
        hbFont = hb_font_get_empty()
        coversPrintableASCII = false
        ligaturesOnlyJoin = false
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// The glyph this face maps `scalar` to, or nil when the face does not cover it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0
    }

    /// "Family Style (path#index)".
    public var description: String { "\(familyName) \(styleName) (\(path)#\(faceIndex))" }

    /// Typefaces are shared objects: two are equal only when they are the same load.
    public static func == (lhs: Typeface, rhs: Typeface) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Whether the face's character map gives a glyph to at least one character (HarfBuzz
    /// reads Unicode, symbol and Mac Roman cmaps alike).
    private static func mapsSomeCharacter(_ face: OpaquePointer) -> Bool {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        return hb_set_get_population(set) > 0
    }

    /// Distinguishes a missing file from one we may not read, before FreeType's vaguer
    /// "cannot open resource". Only a regular file (or a link to one) is opened: opening a
    /// FIFO waits for a writer, and a device may never end.
    private static func checkReadable(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw TypesettingError.fontFileNotFound(path: path) }
            throw TypesettingError.fontFileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw TypesettingError.fontFileUnreadable(path: path, reason: "it is a directory")
        case S_IFIFO: throw TypesettingError.fontFileUnreadable(path: path, reason: "it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw TypesettingError.fontFileUnreadable(path: path, reason: "it is a device, not a regular file")
        case S_IFSOCK: throw TypesettingError.fontFileUnreadable(path: path, reason: "it is a socket, not a regular file")
        default: throw TypesettingError.fontFileUnreadable(path: path, reason: "it is not a regular file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw TypesettingError.fontFileUnreadable(path: path, reason: "permission denied")
        }
    }
}

/// Loads every typeface once per (path, face index), so fonts built from the same file
/// share one immutable face, one HarfBuzz font and one set of cache entries.
///
/// It is the owner of every loaded typeface and never removes one (it is itself a static,
/// never released), which is what makes the unretained references to typefaces in
/// ``TextRun``, ``PreparedText`` and ``FontCascade`` safe. Memory grows with the number of
/// distinct font files used, which is bounded by the files on the system.
final class TypefaceRegistry: Sendable {
    static let shared = TypefaceRegistry()

    private struct Key: Hashable { let path: String; let faceIndex: Int }
    private let state = Locked<(loaded: [Key: Typeface], nextID: Int)>(([:], 1))

    func typeface(path: String, faceIndex: Int) throws -> Typeface {
        let key = Key(path: path, faceIndex: faceIndex)
        if let existing = state.withLock({ $0.loaded[key] }) { return existing }
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        // Loading happens outside the lock; if two threads race, the first stored wins.
        let typeface = try Typeface(loading: path, faceIndex: faceIndex, id: id)
        return state.withLock { state in
            if let winner = state.loaded[key] { return winner }
            state.loaded[key] = typeface
            return typeface
        }
    }
}
