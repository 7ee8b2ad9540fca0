import Synchronization

/// An ordered list of typefaces: each grapheme cluster is drawn with the first face that
/// covers it, then with a system font found through fontconfig, then with the first
/// face's `.notdef` glyph.
///
/// Cascades are shared between the fonts of every size built from them.
public final class FontCascade: Sendable, Hashable {
    /// The faces in fallback order; never empty.
    public let typefaces: [Typeface]

    /// Builds a cascade.
    /// - Throws: ``TypesettingError/emptyCascade`` when `typefaces` is empty.
    public init(_ typefaces: [Typeface]) throws {
        guard !typefaces.isEmpty else { throw TypesettingError.emptyCascade }
        self.typefaces = typefaces
    }

    /// A cascade of one face (cannot fail).
    init(single face: Typeface) { typefaces = [face] }

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
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .control
    }

    /// Cascades are shared objects: equal only when identical.
    public static func == (lhs: FontCascade, rhs: FontCascade) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
