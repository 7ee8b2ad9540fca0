import CICU

/// A thread's ICU objects: the line and grapheme break iterators and the bidi resolver,
/// opened once (opening one takes microseconds) and pointed at each new text.
final class BreakingScratch {
    let lineBreaks: BreakIterator?
    let graphemes: BreakIterator?
    let bidi: BidiResolver?

    init() {
        lineBreaks = BreakIterator(FITSIZE_BREAK_LINE)
        graphemes = BreakIterator(FITSIZE_BREAK_CHARACTER)
        bidi = BidiResolver()
    }
}
