import CICU

/// A maximal stretch of text at one bidi embedding level.
struct LevelRun: Equatable {
    // Offsets as 32-bit numbers (a text is at most `PreparedText.maximumTextLength` bytes):
    // a long line whose direction keeps changing has a run every few characters.
    private let start32: Int32
    private let end32: Int32
    let level: UInt8

    init(start: Int, end: Int, level: UInt8) {
        start32 = Int32(truncatingIfNeeded: start)
        end32 = Int32(truncatingIfNeeded: end)
        self.level = level
    }

    var start: Int { Int(start32) }
    var end: Int { Int(end32) }
    var isRightToLeft: Bool { level & 1 == 1 }
}

/// ICU's implementation of the Unicode Bidirectional Algorithm (ubidi), one per thread.
final class BidiResolver {
    private let bidi: OpaquePointer

    init?() {
        guard let bidi = fitsize_bidi_open() else { return nil }
        self.bidi = bidi
    }

    deinit { fitsize_bidi_close(bidi) }

    /// The level runs of `text` in logical order. Each paragraph takes its base direction
    /// from its first strong character. Returns one left-to-right run if ICU fails.
    func levelRuns(of text: UnsafeBufferPointer<UInt16>) -> [LevelRun] {
        guard let base = text.baseAddress, !text.isEmpty else { return [] }
        let raw = bidi
        guard fitsize_bidi_set_paragraph(raw, base, Int32(text.count)) >= 0 else {
            return [LevelRun(start: 0, end: text.count, level: 0)]
        }
        guard let levels = fitsize_bidi_levels(raw) else {
            return [LevelRun(start: 0, end: text.count, level: 0)]
        }
        // The runs are the stretches of equal levels, found in one pass.
        var runs: [LevelRun] = []
        var start = 0
        for index in 1...text.count where index == text.count || levels[index] != levels[start] {
            runs.append(LevelRun(start: start, end: index, level: levels[start]))
            start = index
        }
        var empty: UInt16 = 0
        _ = fitsize_bidi_set_paragraph(raw, &empty, 0)
        return runs
    }

    /// Whether any code unit could be right-to-left or a bidi control, so the (costly)
    /// bidi algorithm can be skipped for purely left-to-right text. Surrogates are
    /// treated as possibly right-to-left (Supplementary-plane RTL scripts exist).
    static func mayContainRightToLeft(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text where unit >= 0x0590 {
            switch unit {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0xD800...0xDFFF: return true
            case 0x200F, 0x202B, 0x202E, 0x2067, 0x061C: return true
            default: continue
            }
        }
        return false
    }
}
