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
    }

    private let cascades = Locked<[Key: FontCascade]>([:])

    /// The font for `settings`: its `--font` (or the shipped default cascade) followed by
    /// its `--fallback` files, at its size, with the machine's fonts after them only when
    /// the settings ask for them.
    /// - Throws: ``Typesetting/TypesettingError`` naming the font file that is missing,
    ///   unreadable or corrupt, or why the shipped fonts were not found.
    func font(for settings: MeasureSettings) throws -> Font {
        let key = Key(primary: settings.fontPath, fallbacks: settings.fallbackPaths, systemFonts: settings.systemFonts)
        if let cascade = cascades.withLock({ $0[key] }) {
            return try Font(cascade: cascade, size: CGFloat(settings.size))
        }
        let primary: [Typeface]
        if let path = settings.fontPath {
            primary = [try Typeface.load(path: path)]
        } else {
            primary = try Font.shipped(size: CGFloat(settings.size)).cascade.typefaces
        }
        let fallbacks = try settings.fallbackPaths.map { try Typeface.load(path: $0) }
        let cascade = try FontCascade(primary + fallbacks, systemFonts: settings.systemFonts)
        let shared = cascades.withLock { cache in
            if let winner = cache[key] { return winner }
            cache[key] = cascade
            return cascade
        }
        return try Font(cascade: shared, size: CGFloat(settings.size))
    }
}
