/// A typeface as plain values: what measuring reads of it (its HarfBuzz font, design grid
/// and vertical metrics), copied once, and an unretained reference for the public API.
///
/// Measuring on several threads with the same font used to retain and release the shared
/// ``Typeface`` objects (and the arrays holding them) for every text: each one an atomic
/// write to a reference count the other core also writes, so the cache line travelled
/// between the cores and parallel sizing spent most of its extra time there. Hot structs
/// (``TextRun``, ``FaceList``, the prepared text's ellipsis) hold handles instead, whose
/// copies touch no reference count.
///
/// The unretained reference is safe because `TypefaceRegistry` keeps every typeface it
/// loads for the process (and the empty face is a static); see ``Typeface``. Sendable for
/// the same reasons as ``Typeface``: the HarfBuzz font is immutable, and HarfBuzz allows
/// any number of threads to shape with an immutable font at once.
struct FaceHandle: Equatable, @unchecked Sendable {
    /// The typeface, unretained.
    let object: Unmanaged<Typeface>
    /// ``Typeface/id``, the key of the segment cache.
    let id: Int
    /// ``Typeface/hbFont``: immutable, shared by every thread.
    let hbFont: OpaquePointer
    let unitsPerEm: Int
    let ascenderUnits: Int
    /// Ascender - descender + line gap, in font units.
    let lineHeightUnits: Int
    let coversPrintableASCII: Bool

    init(_ typeface: Typeface) {
        object = Unmanaged.passUnretained(typeface)
        id = typeface.id
        hbFont = typeface.hbFont
        unitsPerEm = typeface.unitsPerEm
        ascenderUnits = typeface.ascenderUnits
        lineHeightUnits = typeface.ascenderUnits - typeface.descenderUnits + typeface.lineGapUnits
        coversPrintableASCII = typeface.coversPrintableASCII
    }

    /// The typeface, for callers outside the hot path (a strong reference from here on).
    var typeface: Typeface { object.takeUnretainedValue() }

    /// Whether this is a handle of `typeface`.
    func refers(to typeface: Typeface) -> Bool {
        object.toOpaque() == Unmanaged.passUnretained(typeface).toOpaque()
    }

    /// Handles are equal when they refer to the same typeface.
    static func == (lhs: FaceHandle, rhs: FaceHandle) -> Bool { lhs.object.toOpaque() == rhs.object.toOpaque() }
}
