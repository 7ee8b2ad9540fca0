import Concurrency
import Foundation
import Typesetting

/// Turns font file paths into fonts, loading each cascade once per process so that every
/// line of a batch (on every thread) shares the same faces and width caches.
final class FontResolver: Sendable {
    private struct Key: Hashable {
        var primary: String?
        var fallbacks: [String]
        var systemFonts: Bool
        /// Whether the shipped faces are the bold ones (a text style's weight, without `--font`).
        var bold: Bool
    }

    private let cascades = Locked<[Key: FontCascade]>([:])

    /// The font for `settings`: its `--font` (or the shipped default cascade) followed by
    /// its `--fallback` files, at its size, with the machine's fonts after them only when
    /// the settings ask for them. With a `--text-style` the shipped cascade is the one of the
    /// style's weight (Bold for headline, as `Font.preferredFont(forTextStyle:)` chooses) and
    /// the size is scaled to the `--content-size-category` by the style's `FontMetrics`.
    /// - Throws: ``Typesetting/TypesettingError`` naming the font file that is missing,
    ///   unreadable or corrupt, or why the shipped fonts were not found.
    func font(for settings: MeasureSettings) throws -> Font {
        let font = try unscaledFont(for: settings)
        guard let style = settings.textStyle else { return font }
        let traits = TraitCollection(preferredContentSizeCategory: settings.contentSizeCategory ?? .default)
        return FontMetrics(forTextStyle: style).scaledFont(for: font, compatibleWith: traits)
    }

    /// The font at ``MeasureSettings/baseSize``, before Dynamic Type scaling.
    private func unscaledFont(for settings: MeasureSettings) throws -> Font {
        let bold = settings.fontPath == nil
            && settings.textStyle.map { Font.preferredFont(forTextStyle: $0).weight.usesBoldFace } == true
        let key = Key(
            primary: settings.fontPath, fallbacks: settings.fallbackPaths, systemFonts: settings.systemFonts, bold: bold)
        let size = CGFloat(settings.baseSize)
        if let cascade = cascades.withLock({ $0[key] }) {
            return try Font(cascade: cascade, size: size)
        }
        let primary: [Typeface]
        if let path = settings.fontPath {
            primary = [try Typeface.load(path: path)]
        } else {
            primary = try Font.shipped(bold: bold, size: size).cascade.typefaces
        }
        let fallbacks = try settings.fallbackPaths.map { try Typeface.load(path: $0) }
        let cascade = try FontCascade(primary + fallbacks, systemFonts: settings.systemFonts)
        let shared = cascades.withLock { cache in
            if let winner = cache[key] { return winner }
            cache[key] = cascade
            return cascade
        }
        return try Font(cascade: shared, size: size)
    }
}
