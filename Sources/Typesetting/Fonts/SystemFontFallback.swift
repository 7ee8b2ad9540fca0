import CFontconfig
import Concurrency

/// Finds a system font for characters that no face in a cascade covers, through
/// fontconfig, the standard Linux mechanism, so emoji and rare scripts measure with a real
/// glyph when the system has one.
///
/// Fontconfig's configuration is process-global and not documented as thread-safe, so
/// every query runs under one lock; answers are remembered per code point.
final class SystemFontFallback: Sendable {
    static let shared = SystemFontFallback()

    private let answers = Locked<[UInt32: Typeface?]>([:])

    /// A system typeface that has a glyph for `scalar`, or nil when there is none.
    func typeface(for scalar: Unicode.Scalar) -> Typeface? {
        answers.withLock { answers in
            if let known = answers[scalar.value] { return known }
            let found = Self.query(scalar)
            answers[scalar.value] = .some(found)
            return found
        }
    }

    /// The system's default sans-serif typeface, used when the shipped fonts are missing.
    func defaultSansSerif() -> Typeface? {
        answers.withLock { _ in Self.match(family: "sans-serif", scalar: nil) }
    }

    /// Asks fontconfig for the best fonts for the code point and returns the first one
    /// that really has a glyph for it.
    private static func query(_ scalar: Unicode.Scalar) -> Typeface? {
        match(family: nil, scalar: scalar)
    }

    private static func match(family: String?, scalar: Unicode.Scalar?) -> Typeface? {
        guard let config = FcConfigGetCurrent() ?? nil, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if let family { _ = FcPatternAddString(pattern, FC_FAMILY, family) }
        var charset: OpaquePointer?
        if let scalar {
            charset = FcCharSetCreate()
            if let charset {
                _ = FcCharSetAddChar(charset, scalar.value)
                _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            }
        }
        defer { if let charset { FcCharSetDestroy(charset) } }
        _ = FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let fonts = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(fonts) }
        for index in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var faceIndex: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
            let path = String(cString: file)
            guard let typeface = try? Typeface.load(path: path, faceIndex: Int(faceIndex)) else { continue }
            if let scalar, !typeface.covers(scalar) { continue }
            return typeface
        }
        return nil
    }
}
