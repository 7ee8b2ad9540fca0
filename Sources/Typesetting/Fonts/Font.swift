import Foundation

/// A font cascade at a point size: what text is measured with.
///
/// Metrics are the primary face's hhea ascender, descender and line gap (OS/2
/// typo metrics when the face sets USE_TYPO_METRICS), scaled to the point size.
/// `Font` is a small value; the faces it refers to are loaded once and shared.
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The faces, in fallback order.
    public let cascade: FontCascade
    /// The size in points (an em is this many points).
    public let pointSize: CGFloat
    /// The weight the font was asked for: ``Weight/bold`` for ``bold(size:systemFonts:)``,
    /// the style's for ``preferredFont(forTextStyle:compatibleWith:systemFonts:)``, otherwise
    /// ``Weight/regular`` (a font from a file is drawn with that file's face whatever it is).
    public let weight: Weight
    /// How the font follows the content size category, for a font made by
    /// ``preferredFont(forTextStyle:compatibleWith:systemFonts:)`` or ``FontMetrics``;
    /// `nil` for a font of a fixed size.
    public let dynamicType: DynamicTypeScaling?

    /// The largest point size a font may have: far beyond any display, and small enough that
    /// every width and height measured with it (at most ``maximumPointSize`` times a font's
    /// largest metric in ems, times the lines or characters of a text) stays a finite number.
    public static let maximumPointSize: CGFloat = 10_000

    /// The point sizes a font may have: 0 through ``maximumPointSize``.
    public static let pointSizeRange: ClosedRange<CGFloat> = 0...maximumPointSize

    /// A font from one TrueType/OpenType file (or face `faceIndex` of a collection); text it
    /// does not cover falls back to the system's fonts.
    /// - Throws: ``TypesettingError`` naming the path and the reason when the file is
    ///   missing, unreadable or not a font, and ``TypesettingError/invalidFontSize(_:)`` for a
    ///   size outside ``pointSizeRange``.
    public init(path: String, size: CGFloat, faceIndex: Int = 0) throws {
        try self.init(cascade: FontCascade([Typeface.load(path: path, faceIndex: faceIndex)]), size: size)
    }

    /// A font from a cascade of faces.
    /// - Throws: ``TypesettingError/invalidFontSize(_:)`` for a size outside
    ///   ``pointSizeRange`` (negative, NaN, infinite or above ``maximumPointSize``).
    public init(cascade: FontCascade, size: CGFloat) throws {
        guard Self.pointSizeRange.contains(size) else { throw TypesettingError.invalidFontSize(size) }
        self.cascade = cascade
        self.pointSize = size
        self.weight = .regular
        self.dynamicType = nil
    }

    /// A font at `size` brought into ``pointSizeRange``: NaN and negative sizes become 0, sizes
    /// above ``maximumPointSize`` (infinity included) become ``maximumPointSize``.
    init(
        uncheckedCascade cascade: FontCascade, size: CGFloat, weight: Weight = .regular,
        dynamicType: DynamicTypeScaling? = nil
    ) {
        self.cascade = cascade
        self.pointSize = size.isNaN ? 0 : min(max(size, 0), Self.maximumPointSize)
        self.weight = weight
        self.dynamicType = dynamicType
    }

    /// The shipped regular cascade (Noto Sans, Noto Sans Arabic, Hebrew, Devanagari, Droid
    /// Sans Fallback for CJK, Noto Color Emoji) at `size` points; with `systemFonts` (the
    /// default, as on a phone) characters none of them covers are drawn with the machine's
    /// fonts, without it with `.notdef`, so that sizes are the same on every machine (see
    /// ``FontCascade/usesSystemFonts``).
    ///
    /// Never fails: if the shipped fonts cannot be found or loaded (see
    /// ``Font/shippedFontsError``) the system's sans-serif font stands in. Like UIKit's
    /// `systemFont(ofSize:)` it takes any size: one outside ``pointSizeRange`` is brought into
    /// it (NaN and negative sizes become 0, larger ones ``maximumPointSize``); use
    /// ``shipped(bold:size:systemFonts:)`` to have such a size refused instead.
    public static func `default`(size: CGFloat, systemFonts: Bool = true) -> Font {
        Font(uncheckedCascade: ShippedCascades.shared.cascade(bold: false, systemFonts: systemFonts), size: size)
    }

    /// The shipped cascade for `weight` at `size` points: Regular for ultraLight through
    /// medium, Bold for semibold through black (see ``Weight``), the font keeping the weight
    /// asked for. UIKit's `systemFont(ofSize:weight:)`; sizes as in
    /// ``Font/default(size:systemFonts:)``.
    public static func system(size: CGFloat, weight: Weight = .regular, systemFonts: Bool = true) -> Font {
        Font(uncheckedCascade: ShippedCascades.shared.cascade(bold: weight.usesBoldFace, systemFonts: systemFonts),
             size: size, weight: weight)
    }

    /// The shipped bold cascade at `size` points; see ``Font/default(size:systemFonts:)``.
    public static func bold(size: CGFloat, systemFonts: Bool = true) -> Font {
        Font(uncheckedCascade: ShippedCascades.shared.cascade(bold: true, systemFonts: systemFonts), size: size, weight: .bold)
    }

    /// Loads the shipped cascade, throwing instead of falling back, for callers (and
    /// deployment checks) that want to know the shipped fonts are really in use.
    /// - Throws: ``TypesettingError/shippedFontsNotFound(searched:)`` or the load error of
    ///   the first font file that fails.
    public static func shipped(bold: Bool = false, size: CGFloat, systemFonts: Bool = true) throws -> Font {
        let font = try Font(cascade: FontCascade(shippedTypefaces(bold: bold), systemFonts: systemFonts), size: size)
        return font.with(weight: bold ? .bold : .regular, dynamicType: nil)
    }

    /// The shipped faces in cascade order.
    /// - Throws: as ``shipped(bold:size:systemFonts:)``.
    static func shippedTypefaces(bold: Bool) throws -> [Typeface] {
        let folder = try ShippedFonts.directory()
        let files = bold ? ShippedFonts.boldFiles : ShippedFonts.regularFiles
        return try files.map { try Typeface.load(path: folder.appendingPathComponent($0).path) }
    }

    /// Why ``Font/default(size:systemFonts:)`` is not using the shipped fonts, or nil when it is.
    public static var shippedFontsError: TypesettingError? { ShippedCascades.shared.error }

    /// The same cascade and weight at another size, brought into ``pointSizeRange`` as
    /// ``default(size:systemFonts:)`` does. The size is fixed: the result has no
    /// ``dynamicType`` (scale it with ``FontMetrics`` to have it follow the category again).
    public func withSize(_ size: CGFloat) -> Font { Font(uncheckedCascade: cascade, size: size, weight: weight) }

    /// The same cascade and size with another weight and scaling.
    func with(weight: Weight, dynamicType: DynamicTypeScaling?) -> Font {
        Font(uncheckedCascade: cascade, size: pointSize, weight: weight, dynamicType: dynamicType)
    }

    /// The face whose metrics the font reports.
    public var primaryTypeface: Typeface { cascade.primary }

    /// Points per font unit of the primary face.
    var scale: CGFloat { pointSize / CGFloat(cascade.primaryFace.unitsPerEm) }

    /// Distance from the baseline to the top of the line box, positive.
    public var ascender: CGFloat { CGFloat(cascade.primaryFace.ascenderUnits) * scale }
    /// Distance from the baseline to the bottom of the glyphs, negative (as in UIKit).
    public var descender: CGFloat { CGFloat(cascade.primary.descenderUnits) * scale }
    /// Extra space between lines recommended by the font.
    public var leading: CGFloat { CGFloat(cascade.primary.lineGapUnits) * scale }
    /// `ascender - descender + leading`.
    public var lineHeight: CGFloat { ascender - descender + leading }
    /// Height of capital letters above the baseline.
    public var capHeight: CGFloat { CGFloat(cascade.primary.capHeightUnits) * scale }
    /// Height of lowercase letters above the baseline.
    public var xHeight: CGFloat { CGFloat(cascade.primary.xHeightUnits) * scale }

    /// "Noto Sans Regular 17pt".
    public var description: String {
        "\(cascade.primary.familyName) \(cascade.primary.styleName) \(pointSize)pt"
    }
}

/// The default cascades, loaded on first use and kept for the process (which lets prepared
/// texts refer to them without retaining them).
final class ShippedCascades: Sendable {
    static let shared = ShippedCascades {
        try FontCascade(Font.shippedTypefaces(bold: $0), systemFonts: $1, livesForProcess: true)
    }

    let regular: FontCascade
    let bold: FontCascade
    /// The same faces without system fonts.
    let hermeticRegular: FontCascade
    let hermeticBold: FontCascade
    let error: TypesettingError?

    /// Loads the cascades with `load` (bold or regular, with or without system fonts),
    /// falling back to the system's sans-serif font when it throws.
    init(load: (_ bold: Bool, _ systemFonts: Bool) throws -> FontCascade) {
        do {
            let loaded = (try load(false, true), try load(true, true), try load(false, false), try load(true, false))
            (regular, bold, hermeticRegular, hermeticBold) = loaded
            error = nil
        } catch {
            // With no font at all, the empty face keeps measuring possible (zero widths);
            // `error` says why.
            let face = SystemFontFallback.shared.defaultSansSerif() ?? Typeface.empty
            let fallback = FontCascade(single: face, systemFonts: true, livesForProcess: true)
            let hermetic = FontCascade(single: face, systemFonts: false, livesForProcess: true)
            (regular, bold, hermeticRegular, hermeticBold) = (fallback, fallback, hermetic, hermetic)
            self.error = error as? TypesettingError
        }
    }

    /// One of the four cascades.
    func cascade(bold: Bool, systemFonts: Bool) -> FontCascade {
        switch (bold, systemFonts) {
        case (false, true): regular
        case (true, true): self.bold
        case (false, false): hermeticRegular
        case (true, false): hermeticBold
        }
    }
}
