import Foundation

/// Finds the repository's `Fonts/` folder, the single source of truth for the default
/// cascade.
///
/// SwiftPM resources must live inside the target folder and SwiftPM copies symbolic links
/// verbatim (they dangle in the build folder), so the fonts are not a resource bundle.
/// Instead, in order:
/// 1. the `FITSIZE_FONTS_DIR` environment variable (deployments, packaging);
/// 2. `Fonts/` beside the running executable, or `../share/fitsize/Fonts` (an install);
/// 3. the repository's `Fonts/`, found relative to this source file (`#filePath`), which
///    covers `swift test`, `swift run` and the benchmarks package.
enum ShippedFonts {
    /// The environment variable that overrides the fonts folder.
    static let environmentVariable = "FITSIZE_FONTS_DIR"

    /// The file whose presence marks a folder as the shipped fonts folder.
    static let markerFile = "NotoSans-Regular.ttf"

    /// The regular cascade, in fallback order: Latin/Greek/Cyrillic first, then the
    /// scripts Noto Sans lacks, then CJK, then colour emoji (last, so that a character the
    /// text faces draw, a digit or a copyright sign, keeps its text glyph, while emoji,
    /// keycaps, flags, skin tones and ZWJ sequences, which no text face covers whole, are
    /// drawn as emoji).
    static let regularFiles = [
        "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "DroidSansFallbackFull.ttf", emojiFile,
    ]

    /// The bold cascade; Droid Sans Fallback and the emoji face have no bold, so CJK and
    /// emoji stay regular.
    static let boldFiles = [
        "NotoSans-Bold.ttf", "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Bold.ttf",
        "NotoSansDevanagari-Bold.ttf", "DroidSansFallbackFull.ttf", emojiFile,
    ]

    /// The colour emoji face, the last of both cascades.
    static let emojiFile = "NotoColorEmoji.ttf"

    /// This file's path at build time, from which the repository is found.
    static let sourceFile = #filePath

    /// The folders searched, in order, for the given environment and executable.
    static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        sourceFile: String = ShippedFonts.sourceFile
    ) -> [URL] {
        var result: [URL] = []
        if let override = environment[environmentVariable], !override.isEmpty {
            result.append(URL(fileURLWithPath: override, isDirectory: true))
        }
        if let folder = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            result.append(folder.appendingPathComponent("Fonts", isDirectory: true))
            result.append(folder.appendingPathComponent("../share/fitsize/Fonts", isDirectory: true).standardized)
        }
        // Sources/Typesetting/Fonts/ShippedFonts.swift -> repository root.
        let repository = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        result.append(repository.appendingPathComponent("Fonts", isDirectory: true))
        return result
    }

    /// The first candidate folder that holds the shipped fonts.
    ///
    /// An explicit `FITSIZE_FONTS_DIR` that lacks the fonts is an error rather than
    /// silently skipped, so a typo in a deployment does not go unnoticed.
    /// - Throws: ``TypesettingError/shippedFontsNotFound(searched:)``.
    static func directory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        sourceFile: String = ShippedFonts.sourceFile
    ) throws -> URL {
        let folders = candidates(environment: environment, executable: executable, sourceFile: sourceFile)
        let hasOverride = !(environment[environmentVariable] ?? "").isEmpty
        for (index, folder) in folders.enumerated() {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(markerFile).path) {
                return folder
            }
            if index == 0 && hasOverride {
                throw TypesettingError.shippedFontsNotFound(searched: [folder.path + " (from \(environmentVariable))"])
            }
        }
        throw TypesettingError.shippedFontsNotFound(searched: folders.map(\.path))
    }
}
