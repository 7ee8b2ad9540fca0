
/// An ordered list of typefaces: each grapheme cluster is drawn with the first face that
/// covers it, then with a system font found through fontconfig, then with the first
/// face's `.notdef` glyph.
///
/// Cascades are shared between the fonts of every size built from them.
public final class FontCascade: Sendable, Hashable {
    /// The faces in fallback order; never empty.
    public let typefaces: [Typeface]

    /// The face that draws the ellipsis "…" of truncated lines.
    let ellipsisTypeface: Typeface

    /// `[primary]`, shared by every prepared text that uses only the primary face.
    let primaryOnly: [Typeface]

    /// Builds a cascade.
    /// - Throws: ``TypesettingError/emptyCascade`` when `typefaces` is empty.
    public convenience init(_ typefaces: [Typeface]) throws {
        guard let first = typefaces.first else { throw TypesettingError.emptyCascade }
        self.init(first: first, rest: typefaces.dropFirst())
    }

    /// A cascade of one face (cannot fail).
    convenience init(single face: Typeface) { self.init(first: face, rest: []) }

    private init(first: Typeface, rest: ArraySlice<Typeface>) {
        typefaces = [first] + rest
        primaryOnly = [first]
        ellipsisTypeface = typefaces.first { $0.covers("\u{2026}") }
            ?? SystemFontFallback.shared.typeface(for: "\u{2026}") ?? first
    }

    /// The face whose metrics the font reports.
    public var primary: Typeface { typefaces[0] }

    /// The face for a grapheme cluster: the first cascade face with a glyph for each of
    /// its visible scalars, else a system face for its first scalar, else the primary
    /// face (which draws `.notdef`).
    func typeface(forCluster scalars: some Collection<Unicode.Scalar>) -> Typeface {
        for face in typefaces where scalars.allSatisfy({ Self.isIgnorable($0) || face.covers($0) }) {
            return face
        }
        if let base = scalars.first(where: { !Self.isIgnorable($0) }) {
            if let system = SystemFontFallback.shared.typeface(for: base) { return system }
        }
        return primary
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
