import AutoLayout
import Concurrency
import Foundation
import Typesetting

/// The fonts `UIFont(name:size:)` can find by name: the shipped faces, under their
/// PostScript-style names (`"NotoSans-Regular"`, `"NotoSans-Bold"`) and full names
/// (`"Noto Sans Regular"`), and every font file registered with
/// ``Typesetting/Font/registerFont(atPath:)``, as an app registers the fonts it bundles.
final class FontNameRegistry: Sendable {
    static let shared = FontNameRegistry()

    /// The cascade for each name: the named face first, then the shipped cascade as fallback.
    private let cascades: Locked<[String: FontCascade]>

    private init() {
        var shipped: [String: FontCascade] = [:]
        for font in [Font.system(size: 17, weight: .regular), Font.system(size: 17, weight: .bold)] {
            for name in Self.names(of: font.primaryTypeface) { shipped[name] = font.cascade }
        }
        cascades = Locked(shipped)
    }

    /// The names a face answers to: `Family-Style` without spaces, and `Family Style`; the
    /// family name alone too for a Regular face.
    static func names(of face: Typeface) -> [String] {
        let family = face.familyName
        let style = face.styleName
        var names = [
            family.replacingOccurrences(of: " ", with: "") + "-" + style.replacingOccurrences(of: " ", with: ""),
            family + " " + style,
        ]
        if style == "Regular" { names.append(family) }
        return names
    }

    func cascade(named name: String) -> FontCascade? {
        cascades.withLock { $0[name] }
    }

    /// Registers the face at `path` under its names, with the shipped cascade behind it.
    func register(path: String) throws -> [String] {
        let face = try Typeface.load(path: path)
        let fallback = Font.system(size: 17).cascade.typefaces.filter { $0 != face }
        let cascade = try FontCascade([face] + fallback)
        let names = Self.names(of: face)
        cascades.withLock { for name in names { $0[name] = cascade } }
        return names
    }

    var allNames: [String] {
        cascades.withLock { $0.keys.sorted() }
    }
}

extension Font {
    /// UIKit's `UIFont(name:size:)`: the font registered under `fontName`
    /// (see ``registerFont(atPath:)``; the shipped faces are `"NotoSans-Regular"` and
    /// `"NotoSans-Bold"`) at `fontSize` points, or `nil` for a name nobody registered, as
    /// UIKit returns `nil` for a font it does not have. Characters the face lacks fall back
    /// to the shipped cascade. A size outside ``Font/pointSizeRange`` also gives `nil`.
    public init?(name fontName: String, size fontSize: CGFloat) {
        guard let cascade = FontNameRegistry.shared.cascade(named: fontName),
            let font = try? Font(cascade: cascade, size: fontSize)
        else { return nil }
        self = font
    }

    /// Registers the font file at `path` (TrueType, OpenType) so that
    /// ``init(name:size:)`` finds it by its family and style names, as an app's bundled fonts
    /// are found in UIKit; returns the names it answers to.
    /// - Throws: what ``Typesetting/Typeface/load(path:faceIndex:)`` throws for a missing or
    ///   unreadable file; nothing is registered then.
    @discardableResult
    public static func registerFont(atPath path: String) throws -> [String] {
        try FontNameRegistry.shared.register(path: path)
    }

    /// UIKit's `UIFont.familyNames`: the families of the registered fonts.
    public static var familyNames: [String] {
        Array(Set(FontNameRegistry.shared.allNames.compactMap { name in
            FontNameRegistry.shared.cascade(named: name)?.primary.familyName
        })).sorted()
    }

    /// UIKit's `fontName`: the face's `Family-Style` name.
    public var fontName: String { FontNameRegistry.names(of: primaryTypeface)[0] }

    /// UIKit's `familyName`: the family of the face.
    public var familyName: String { primaryTypeface.familyName }
}
