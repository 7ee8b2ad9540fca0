/// A typeface as an unretained reference: what measuring reads of it (its HarfBuzz font,
/// design grid and vertical metrics) is read through it, and copying or freeing a handle
/// touches no reference count.
///
/// Retaining the shared ``Typeface`` objects for every text would make threads measuring
/// with the same font write the same reference counts, passing their cache line between
/// cores; hot structs (``TextRun``, ``FaceList``, the prepared text's ellipsis) hold
/// handles instead. A handle
/// is one pointer, because a long text of many scripts has a run every few characters and
/// each run holds one.
///
/// The unretained reference is safe because `TypefaceRegistry` keeps every typeface it
/// loads for the process (and the empty face is a static); see ``Typeface``. Sendable for
/// the same reasons as ``Typeface``: the HarfBuzz font is immutable, and HarfBuzz allows
/// any number of threads to shape with an immutable font at once.
struct FaceHandle: Equatable, @unchecked Sendable {
    /// The typeface, unretained.
    let object: Unmanaged<Typeface>

    init(_ typeface: Typeface) {
        object = Unmanaged.passUnretained(typeface)
    }

    /// ``Typeface/id``, the key of the segment cache.
    var id: Int { object._withUnsafeGuaranteedRef { $0.id } }
    /// ``Typeface/hbFont``: immutable, shared by every thread.
    var hbFont: OpaquePointer { object._withUnsafeGuaranteedRef { $0.hbFont } }
    var unitsPerEm: Int { object._withUnsafeGuaranteedRef { $0.unitsPerEm } }
    var ascenderUnits: Int { object._withUnsafeGuaranteedRef { $0.ascenderUnits } }
    /// Ascender - descender + line gap, in font units.
    var lineHeightUnits: Int {
        object._withUnsafeGuaranteedRef { $0.ascenderUnits - $0.descenderUnits + $0.lineGapUnits }
    }
    var coversPrintableASCII: Bool { object._withUnsafeGuaranteedRef { $0.coversPrintableASCII } }
    var ligaturesOnlyJoin: Bool { object._withUnsafeGuaranteedRef { $0.ligaturesOnlyJoin } }

    /// The typeface, for callers outside the hot path (a strong reference from here on).
    var typeface: Typeface { object.takeUnretainedValue() }

    /// Whether this is a handle of `typeface`.
    func refers(to typeface: Typeface) -> Bool {
        object.toOpaque() == Unmanaged.passUnretained(typeface).toOpaque()
    }

    /// Handles are equal when they refer to the same typeface.
    static func == (lhs: FaceHandle, rhs: FaceHandle) -> Bool { lhs.object.toOpaque() == rhs.object.toOpaque() }
}
