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
        return try Font(cascade: cascade(primary: settings.fontPath, bold: bold, settings: settings),
                        size: CGFloat(settings.baseSize))
    }

    /// A run's font in `--markup` text: the file of a `<font>` tag (or the settings' font),
    /// the shipped bold cascade for `<b>`, at `size` points, with the settings' fallbacks.
    /// - Throws: a ``ToolError`` when bold is asked of a font given as a file (no bold face
    ///   of it is known), or the font's load error.
    func markupFont(file: String?, bold: Bool, size: CGFloat, settings: MeasureSettings) throws -> Font {
        let primary = file ?? settings.fontPath
        if bold && primary != nil {
            throw ToolError(
                "<b> needs the shipped fonts: the font \(primary ?? "") has no known bold face; "
                    + "name a bold font file with <font FILE> instead")
        }
        return try Font(cascade: cascade(primary: primary, bold: bold, settings: settings), size: size)
    }

    /// The cascade of `primary` (or the shipped faces, bold or not) and the settings' fallbacks,
    /// loaded once per process.
    private func cascade(primary path: String?, bold: Bool, settings: MeasureSettings) throws -> FontCascade {
        let key = Key(primary: path, fallbacks: settings.fallbackPaths, systemFonts: settings.systemFonts, bold: bold)
        if let cascade = cascades.withLock({ $0[key] }) { return cascade }
        let primary: [Typeface]
        if let path {
            primary = [try Typeface.load(path: path)]
        } else {
            primary = try Font.shipped(bold: bold, size: CGFloat(MeasureSettings.defaultSize)).cascade.typefaces
        }
        let fallbacks = try settings.fallbackPaths.map { try Typeface.load(path: $0) }
        let cascade = try FontCascade(primary + fallbacks, systemFonts: settings.systemFonts)
        return cascades.withLock { cache in
            if let winner = cache[key] { return winner }
            cache[key] = cascade
            return cascade
        }
    }
}
