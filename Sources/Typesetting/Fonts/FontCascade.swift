import CHarfBuzz
import Synchronization

/// Numbers cascades for per-thread caches (an object's address can be reused).
private let cascadeCounter = Atomic<Int>(0)

/// An ordered list of typefaces: each grapheme cluster is drawn with the first face that
/// covers it, then (when ``usesSystemFonts``) with a system font found through fontconfig,
/// then with the first face's `.notdef` glyph.
///
/// Whether system fonts take part is the cascade's explicit choice: with them, text the
/// faces lack measures with a real glyph, as on a phone, but the result depends on the
/// fonts installed on the machine; without them, the same text gives the same size on
/// every machine.
///
/// Cascades are shared between the fonts of every size built from them.
public final class FontCascade: Sendable, Hashable {
    /// The faces in fallback order; never empty.
    public let typefaces: [Typeface]

    /// The face whose metrics the font reports.
    public let primary: Typeface

    /// The primary face as plain values, which is what measuring reads: reading
    /// `typefaces[0]` retained the face every thread shares.
    let primaryFace: FaceHandle

    /// The face that draws the ellipsis "…" of truncated lines.
    let ellipsisFace: FaceHandle

    /// Whether the cascade is one of the shipped cascades, which ``ShippedCascades`` keeps
    /// for the process: prepared texts then need not retain it.
    let livesForProcess: Bool

    /// Whether characters that no face covers are drawn with a system font found through
    /// fontconfig (true), or with the primary face's `.notdef` glyph (false).
    public let usesSystemFonts: Bool

    /// A process-unique number for this cascade.
    let id: Int

    /// The ellipsis's advance in font units of ``ellipsisFace``, with each feature set
    /// (shaped once here rather than looked up for every prepared text).
    let ellipsisAdvances: (standard: Float, noLigatures: Float)

    /// Builds a cascade; `systemFonts` says whether characters that no face covers are
    /// drawn with the machine's fonts (see ``usesSystemFonts``).
    /// - Throws: ``TypesettingError/emptyCascade`` when `typefaces` is empty.
    public convenience init(_ typefaces: [Typeface], systemFonts: Bool = true) throws {
        try self.init(typefaces, systemFonts: systemFonts, livesForProcess: false)
    }

    /// Builds a cascade; `livesForProcess` when the caller keeps it for the process (the
    /// shipped cascades).
    /// - Throws: ``TypesettingError/emptyCascade`` when `typefaces` is empty.
    convenience init(_ typefaces: [Typeface], systemFonts: Bool, livesForProcess: Bool) throws {
        guard let first = typefaces.first else { throw TypesettingError.emptyCascade }
        self.init(first: first, rest: typefaces.dropFirst(), systemFonts: systemFonts, livesForProcess: livesForProcess)
    }

    /// A cascade of one face (cannot fail).
    convenience init(single face: Typeface, systemFonts: Bool, livesForProcess: Bool) {
        self.init(first: face, rest: [], systemFonts: systemFonts, livesForProcess: livesForProcess)
    }

    private init(first: Typeface, rest: ArraySlice<Typeface>, systemFonts: Bool, livesForProcess: Bool) {
        typefaces = [first] + rest
        primary = first
        primaryFace = FaceHandle(first)
        usesSystemFonts = systemFonts
        self.livesForProcess = livesForProcess
        id = cascadeCounter.add(1, ordering: .relaxed).newValue
        let ellipsisTypeface = typefaces.first { $0.covers("\u{2026}") }
            ?? (systemFonts ? SystemFontFallback.shared.typeface(for: "\u{2026}") : nil) ?? first
        let ellipsisFace = FaceHandle(ellipsisTypeface)
        self.ellipsisFace = ellipsisFace
        let scratch = ThreadScratch.current.shaping
        let ellipsis: [UInt16] = [0x2026]
        func advance(_ features: FeatureSet) -> Float {
            ellipsis.withUnsafeBufferPointer { buffer in
                Shaper.shapeIntoScratch(buffer, range: 0..<1, font: ellipsisFace.hbFont, rightToLeft: false,
                                        script: HB_SCRIPT_COMMON, features: features, scratch: scratch)
                return scratch.unitAdvances.prefix(ellipsis.count).reduce(0, +)
            }
        }
        ellipsisAdvances = (advance(.standard), advance(.noLigatures))
    }

    /// The face for a grapheme cluster: the first cascade face with a glyph for each of
    /// its visible scalars, else (with ``usesSystemFonts``) a system face for its first
    /// scalar, else the primary face (which draws `.notdef`).
    func typeface(forCluster scalars: some Collection<Unicode.Scalar>) -> Typeface {
        for face in typefaces where scalars.allSatisfy({ Self.isIgnorable($0) || face.covers($0) }) {
            return face
        }
        if usesSystemFonts, let base = scalars.first(where: { !Self.isIgnorable($0) }) {
            if let system = SystemFontFallback.shared.typeface(for: base) { return system }
        }
        return primary
    }

    /// The face for a cluster of one scalar, remembered per thread (font selection asks
    /// every face in turn, which for CJK text means five lookups per character).
    /// Inlined into the itemizer's loop, where it runs once per character.
    @inline(__always)
    func typeface(forScalar scalar: Unicode.Scalar, scratch: FaceChoiceMemory) -> Typeface {
        // Fibonacci hashing: the product's top bits depend on every bit of the key.
        let key = UInt64(scalar.value) ^ (UInt64(truncatingIfNeeded: id) << 32)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) & (FaceChoiceMemory.size - 1)
        let shortID = Int32(truncatingIfNeeded: id)
        let entry = scratch.entries[slot]
        if entry.cascade == shortID && entry.scalar == scalar.value, let face = entry.face { return face }
        return rememberTypeface(forScalar: scalar, slot: slot, scratch: scratch)
    }

    /// Selects the face of a scalar the thread's memory did not have, and remembers it.
    @inline(never)
    private func rememberTypeface(forScalar scalar: Unicode.Scalar, slot: Int, scratch: FaceChoiceMemory) -> Typeface {
        let face = typeface(forCluster: CollectionOfOne(scalar))
        scratch.entries[slot] = (Int32(truncatingIfNeeded: id), scalar.value, face)
        return face
    }

    /// Scalars that a face need not map for the cluster to count as covered: joiners,
    /// variation selectors and other default-ignorable code points that shaping hides.
    /// Written out from DerivedCoreProperties.txt (Default_Ignorable_Code_Point) and the
    /// C0/C1 controls, because Swift's property lookups are too slow for per-cluster use.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xAD { return value < 0x20 || (value >= 0x7F && value <= 0x9F) }
        switch value {
        case 0xAD, 0x034F, 0x061C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F,
             0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF,
             0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    /// Cascades are shared objects: equal only when identical.
    public static func == (lhs: FontCascade, rhs: FontCascade) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
