import CICU

/// A boundary found by a break iterator: its UTF-16 offset, and for line breaks whether
/// the break is mandatory (after `\n`, U+2028, U+2029 and the other UAX #14 hard breaks).
struct Boundary: Equatable {
    var offset: Int
    var isHard: Bool
}

/// ICU's break iterator over UTF-16 text: UAX #14 line break opportunities or UAX #29
/// grapheme cluster boundaries, for the root locale.
///
/// Opening an ICU iterator costs microseconds, so each thread keeps one of each kind in
/// its ``BreakingScratch`` and re-points it at new text.
final class BreakIterator {
    private let iterator: OpaquePointer
    let kind: fitsize_break_kind

    /// Nil when ICU cannot open the iterator (its data is missing).
    init?(_ kind: fitsize_break_kind) {
        guard let iterator = fitsize_break_open(kind, nil) else { return nil }
        self.iterator = iterator
        self.kind = kind
    }

    deinit { fitsize_break_close(iterator) }

    /// Calls `body` with each boundary after the start of `text`, in order, ending with
    /// `text.count`. Returns false (having reported nothing) if ICU rejects the text.
    @discardableResult
    func forEachBoundary(in text: UnsafeBufferPointer<UInt16>, _ body: (Boundary) -> Void) -> Bool {
        let raw = iterator
        guard let base = text.baseAddress, text.count > 0 else { return true }
        guard fitsize_break_set_text(raw, base, Int32(text.count)) == 0 else { return false }
        let isLine = kind == FITSIZE_BREAK_LINE
        while true {
            let offset = fitsize_break_next(raw)
            if offset < 0 { break }
            body(Boundary(offset: Int(offset), isHard: isLine && fitsize_break_is_hard(raw) != 0))
        }
        // Leave no pointer to the caller's buffer behind.
        var empty: UInt16 = 0
        _ = fitsize_break_set_text(raw, &empty, 0)
        return true
    }
}
