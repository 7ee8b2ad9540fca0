import CHarfBuzz

/// A stretch of text shaped as one piece: one typeface, one script, one bidi level, as
/// ``TextRuns`` reads it from a prepared text's packed runs.
struct TextRun {
    /// UTF-16 offsets into the prepared text.
    var start: Int
    var end: Int
    /// The run's typeface as an unretained handle: copying a run touches no reference count
    /// that other threads share.
    var face: FaceHandle
    /// The face's position in the text's faces (``FaceList``), which line face masks use.
    var faceIndex: Int
    var level: UInt8
    var script: hb_script_t

    var isRightToLeft: Bool { level & 1 == 1 }
    var range: Range<Int> { start..<end }
}

/// The OpenType features a text is shaped with: HarfBuzz's defaults (kerning, standard
/// and contextual ligatures on), or those with ligatures off, used when letter spacing
/// is set (spreading a ligature's letters apart is impossible, so CSS does the same).
enum FeatureSet: UInt8 {
    case standard = 0
    case noLigatures = 1

    init(letterSpacing: Double) { self = letterSpacing == 0 ? .standard : .noLigatures }

    /// Calls `body` with the features to pass to hb_shape.
    func withFeatures<R>(_ body: (UnsafePointer<hb_feature_t>?, UInt32) -> R) -> R {
        switch self {
        case .standard:
            return body(nil, 0)
        case .noLigatures:
            return Self.ligaturesOff.withUnsafeBufferPointer { body($0.baseAddress, UInt32($0.count)) }
        }
    }

    private static let ligaturesOff: [hb_feature_t] = ["liga", "clig", "dlig"].map { name in
        let tag = name.utf8.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
        return hb_feature_t(tag: tag, value: 0, start: 0, end: UInt32.max)
    }
}
