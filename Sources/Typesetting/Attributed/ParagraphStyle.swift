import Foundation

/// A paragraph's line rules: UIKit's `NSParagraphStyle` fields that change a size or a
/// line's place. The rules themselves are in the catalogue's article on attributed text.
///
/// A paragraph follows the style of its first character. Lengths are points. The rules, in
/// the order they apply to a line:
/// 1. Natural height: the tallest ascent plus the deepest descent (with line gap) of the
///    runs on the line, each at its own size and raised by its baseline offset;
///    attachments count by their bounds.
/// 2. Times ``lineHeightMultiple``, then at least ``minimumLineHeight`` and at most
///    ``maximumLineHeight`` (0: no limit); extra height goes above the text.
/// 3. ``lineSpacing`` after each line that another follows; between paragraphs also the
///    upper one's ``paragraphSpacing`` and the lower one's ``paragraphSpacingBefore``.
/// 4. Lines start at ``firstLineHeadIndent`` or ``headIndent`` and end at ``tailIndent``.
/// 5. With ``LineBreakStrategy/pushOut``, a lone word on the last line takes the previous
///    line's last word when both fit.
public struct ParagraphStyle: Hashable, Sendable {
    /// Extra space after each line of the paragraph but the text's last, `>= 0`.
    public var lineSpacing: CGFloat = 0
    /// The factor the natural line height is multiplied by, `> 0` (1 changes nothing;
    /// UIKit's 0 for "no multiple" is rejected so that a forgotten value is not silent).
    public var lineHeightMultiple: CGFloat = 1
    /// The least height of a line, `>= 0` (0: no minimum).
    public var minimumLineHeight: CGFloat = 0
    /// The greatest height of a line, `>= 0` (0: no maximum).
    public var maximumLineHeight: CGFloat = 0
    /// Space after the paragraph when another follows, `>= 0`.
    public var paragraphSpacing: CGFloat = 0
    /// Space before the paragraph when another precedes it, `>= 0`.
    public var paragraphSpacingBefore: CGFloat = 0
    /// Distance from the leading edge to the paragraph's first line, `>= 0`.
    public var firstLineHeadIndent: CGFloat = 0
    /// Distance from the leading edge to the paragraph's other lines, `>= 0`.
    public var headIndent: CGFloat = 0
    /// Where lines end: positive, this far from the leading edge; zero or negative, this
    /// far in from the trailing edge. Finite.
    public var tailIndent: CGFloat = 0
    /// Where lines sit between the indents.
    public var alignment: TextAlignment = .natural
    /// How the paragraph wraps (`.byWordWrapping` or `.byCharWrapping`; the truncating and
    /// clipping modes wrap by words, the layout's own mode deciding the last line).
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Extra breaking rules; empty as for `NSParagraphStyle.default` (UILabel applies
    /// ``LineBreakStrategy/standard``). Ignored, as UIKit ignores it, when ``lineBreakMode``
    /// clips or truncates.
    public var lineBreakStrategy: LineBreakStrategy = []

    /// The default style: no spacing, no indents, natural alignment, word wrapping.
    public init() {}

    /// The default style with the given fields changed.
    public init(
        lineSpacing: CGFloat = 0, lineHeightMultiple: CGFloat = 1, minimumLineHeight: CGFloat = 0,
        maximumLineHeight: CGFloat = 0, paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0,
        firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0, tailIndent: CGFloat = 0,
        alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) {
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.paragraphSpacing = paragraphSpacing
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.firstLineHeadIndent = firstLineHeadIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.lineBreakStrategy = lineBreakStrategy
    }

    /// The first invalid field, named, or nil.
    func validationError(at offset: Int) -> TypesettingError? {
        let nonNegative: [(String, CGFloat)] = [
            ("lineSpacing", lineSpacing), ("minimumLineHeight", minimumLineHeight),
            ("maximumLineHeight", maximumLineHeight), ("paragraphSpacing", paragraphSpacing),
            ("paragraphSpacingBefore", paragraphSpacingBefore),
        ]
        for (name, value) in nonNegative where !value.isFinite || value < 0 {
            return .invalidAttribute(name: name, value: value, utf16Offset: offset)
        }
        if !lineHeightMultiple.isFinite || lineHeightMultiple <= 0 {
            return .invalidAttribute(name: "lineHeightMultiple", value: lineHeightMultiple, utf16Offset: offset)
        }
        for (name, value) in [("firstLineHeadIndent", firstLineHeadIndent), ("headIndent", headIndent)]
        where !value.isFinite || value < 0 {
            return .invalidAttribute(name: name, value: value, utf16Offset: offset)
        }
        if !tailIndent.isFinite {
            return .invalidAttribute(name: "tailIndent", value: tailIndent, utf16Offset: offset)
        }
        return nil
    }

    /// A line's height from its natural height: multiplied, then raised to the minimum,
    /// then lowered to the maximum (so the maximum wins when it is the smaller).
    func lineHeight(natural: Double) -> Double {
        var height = natural * Double(lineHeightMultiple)
        if minimumLineHeight > 0 { height = max(height, Double(minimumLineHeight)) }
        if maximumLineHeight > 0 { height = min(height, Double(maximumLineHeight)) }
        return height
    }

    /// The left end of a line `lineWidth` wide in a layout `width` wide (finite): the box
    /// between the indents, measured from the left edge in a left-to-right paragraph and
    /// from the right edge in a right-to-left one, then the alignment within it
    /// (`natural`, and `justified` as its lines are measured, at the paragraph's leading side).
    func lineMinX(isFirst: Bool, lineWidth: Double, width: Double, rightToLeft: Bool) -> Double {
        lineMinX(in: lineBox(isFirst: isFirst, width: width), lineWidth: lineWidth, width: width,
                 rightToLeft: rightToLeft)
    }

    /// ``lineMinX(isFirst:lineWidth:width:rightToLeft:)`` for a box already found.
    func lineMinX(in box: (head: Double, available: Double), lineWidth: Double, width: Double,
                  rightToLeft: Bool) -> Double {
        let left = rightToLeft ? width - box.head - box.available : box.head
        switch alignment {
        case .left: return left
        case .right: return left + box.available - lineWidth
        case .center: return left + (box.available - lineWidth) / 2
        case .natural, .justified: return rightToLeft ? left + box.available - lineWidth : left
        }
    }

    /// Whether ``lineMinX(isFirst:lineWidth:width:rightToLeft:)`` depends on the layout's
    /// width rather than only on the head indent.
    func placementNeedsWidth(rightToLeft: Bool) -> Bool {
        rightToLeft || alignment == .right || alignment == .center
    }

    /// The leading edge and width available to a line (the first of the paragraph or
    /// another) in a layout `width` wide (possibly infinite).
    func lineBox(isFirst: Bool, width: Double) -> (head: Double, available: Double) {
        let head = Double(isFirst ? firstLineHeadIndent : headIndent)
        let tail = tailIndent > 0 ? Double(tailIndent) : width + Double(tailIndent)
        return (head, max(0, tail - head))
    }
}
