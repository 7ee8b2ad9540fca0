/// How text that does not fit is wrapped or cut, as UIKit's `NSLineBreakMode`.
///
/// Every mode wraps lines at word boundaries except `byCharWrapping`; the modes differ
/// in what happens on the last line allowed by `maxLines` when text remains:
/// - `byWordWrapping`, `byCharWrapping`: the last line simply ends; the rest is dropped.
/// - `byClipping`: the last line holds the rest of its paragraph, clipped at the width.
/// - `byTruncatingHead`, `byTruncatingTail`, `byTruncatingMiddle`: the last line holds the
///   rest of its paragraph with an ellipsis ("…", measured with the same font cascade)
///   replacing what does not fit, at the start, end or middle. When the paragraph fits
///   but further paragraphs are dropped, the ellipsis goes at the end.
/// With `maxLines == 0` (no limit) nothing is dropped and the truncating and clipping
/// modes wrap like `byWordWrapping`.
public enum LineBreakMode: Int, Sendable, CaseIterable {
    /// Wrap at word boundaries (UAX #14 break opportunities).
    case byWordWrapping = 0
    /// Wrap at grapheme cluster boundaries.
    case byCharWrapping = 1
    /// Do not draw past the edge.
    case byClipping = 2
    /// "…" then the end of the text.
    case byTruncatingHead = 3
    /// The start of the text then "…".
    case byTruncatingTail = 4
    /// The start and the end of the text around "…".
    case byTruncatingMiddle = 5
}
