import Foundation
import Typesetting

/// UIKit's `NSParagraphStyle`, the value of ``Foundation/NSAttributedString/Key/paragraphStyle``:
/// UIKit's fields and defaults over Typesetting's ``Typesetting/ParagraphStyle``, which holds
/// the ones that change a size (``measuredStyle``). The writing direction, hyphenation and
/// tightening fields are stored only.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// UIKit's fields with UIKit's defaults (a `lineHeightMultiple` of 0 means none).
    struct Fields: Hashable {
        var style = ParagraphStyle()
        var lineHeightMultiple: CGFloat = 0
        var baseWritingDirection: NSWritingDirection = .natural
        var hyphenationFactor: Float = 0
        var usesDefaultHyphenation = false
        var defaultTabInterval: CGFloat = 0
        var allowsDefaultTighteningForTruncation = false
    }

    var fields: Fields

    /// The default style: no spacing, no indents, natural alignment, word wrapping.
    public override init() {
        fields = Fields()
        super.init()
    }

    init(fields: Fields) {
        self.fields = fields
        super.init()
    }

    /// A style with the size-changing fields of `style` (as ``measuredStyle`` gives them back).
    public convenience init(_ style: ParagraphStyle) {
        var fields = Fields()
        fields.style = style
        fields.lineHeightMultiple = style.lineHeightMultiple == 1 ? 0 : style.lineHeightMultiple
        fields.style.lineHeightMultiple = 1
        self.init(fields: fields)
    }

    /// UIKit's `NSParagraphStyle.default`.
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// The fields Fitsize measures, as Typesetting takes them: UIKit's `lineHeightMultiple`
    /// of 0 ("none") becomes 1.
    public var measuredStyle: ParagraphStyle {
        var style = fields.style
        style.lineHeightMultiple = fields.lineHeightMultiple == 0 ? 1 : fields.lineHeightMultiple
        return style
    }

    /// Extra space after each line but the last.
    open var lineSpacing: CGFloat { fields.style.lineSpacing }
    /// Space after the paragraph.
    open var paragraphSpacing: CGFloat { fields.style.paragraphSpacing }
    /// Space before the paragraph.
    open var paragraphSpacingBefore: CGFloat { fields.style.paragraphSpacingBefore }
    /// Where lines sit between the indents.
    open var alignment: NSTextAlignment { fields.style.alignment }
    /// Distance from the leading edge to the paragraph's lines but the first.
    open var headIndent: CGFloat { fields.style.headIndent }
    /// Distance from the leading edge to the paragraph's first line.
    open var firstLineHeadIndent: CGFloat { fields.style.firstLineHeadIndent }
    /// Where lines end: positive from the leading edge, otherwise in from the trailing edge.
    open var tailIndent: CGFloat { fields.style.tailIndent }
    /// The least height of a line (0: none).
    open var minimumLineHeight: CGFloat { fields.style.minimumLineHeight }
    /// The greatest height of a line (0: none).
    open var maximumLineHeight: CGFloat { fields.style.maximumLineHeight }
    /// The factor on the natural line height (0: none, UIKit's default).
    open var lineHeightMultiple: CGFloat { fields.lineHeightMultiple }
    /// How the paragraph wraps or truncates.
    open var lineBreakMode: NSLineBreakMode { fields.style.lineBreakMode }
    /// Extra line breaking rules.
    open var lineBreakStrategy: LineBreakStrategy { fields.style.lineBreakStrategy }
    /// The paragraph's base writing direction; stored only (the text's own direction rules).
    open var baseWritingDirection: NSWritingDirection { fields.baseWritingDirection }
    /// How eagerly words are hyphenated, 0 to 1; stored only (Fitsize does not hyphenate).
    open var hyphenationFactor: Float { fields.hyphenationFactor }
    /// Whether the system's hyphenation applies; stored only.
    open var usesDefaultHyphenation: Bool { fields.usesDefaultHyphenation }
    /// The interval of default tab stops; stored only.
    open var defaultTabInterval: CGFloat { fields.defaultTabInterval }
    /// Whether text may be tightened before truncating; stored only.
    open var allowsDefaultTighteningForTruncation: Bool { fields.allowsDefaultTighteningForTruncation }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(fields: fields) }

    /// A mutable copy (an ``NSMutableParagraphStyle``).
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(fields: fields) }

    /// Styles are equal when their fields are, mutable or not.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.fields == fields
    }

    /// Hashes the fields.
    open override var hash: Int { fields.hashValue }
}

/// UIKit's `NSMutableParagraphStyle`: every field of ``NSParagraphStyle`` settable.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// Sets every field to `style`'s.
    open func setParagraphStyle(_ style: NSParagraphStyle) { fields = style.fields }

    /// Extra space after each line but the last.
    open override var lineSpacing: CGFloat {
        get { fields.style.lineSpacing }
        set { fields.style.lineSpacing = newValue }
    }
    /// Space after the paragraph.
    open override var paragraphSpacing: CGFloat {
        get { fields.style.paragraphSpacing }
        set { fields.style.paragraphSpacing = newValue }
    }
    /// Space before the paragraph.
    open override var paragraphSpacingBefore: CGFloat {
        get { fields.style.paragraphSpacingBefore }
        set { fields.style.paragraphSpacingBefore = newValue }
    }
    /// Where lines sit between the indents.
    open override var alignment: NSTextAlignment {
        get { fields.style.alignment }
        set { fields.style.alignment = newValue }
    }
    /// Distance from the leading edge to the paragraph's lines but the first.
    open override var headIndent: CGFloat {
        get { fields.style.headIndent }
        set { fields.style.headIndent = newValue }
    }
    /// Distance from the leading edge to the paragraph's first line.
    open override var firstLineHeadIndent: CGFloat {
        get { fields.style.firstLineHeadIndent }
        set { fields.style.firstLineHeadIndent = newValue }
    }
    /// Where lines end: positive from the leading edge, otherwise in from the trailing edge.
    open override var tailIndent: CGFloat {
        get { fields.style.tailIndent }
        set { fields.style.tailIndent = newValue }
    }
    /// The least height of a line (0: none).
    open override var minimumLineHeight: CGFloat {
        get { fields.style.minimumLineHeight }
        set { fields.style.minimumLineHeight = newValue }
    }
    /// The greatest height of a line (0: none).
    open override var maximumLineHeight: CGFloat {
        get { fields.style.maximumLineHeight }
        set { fields.style.maximumLineHeight = newValue }
    }
    /// The factor on the natural line height (0: none).
    open override var lineHeightMultiple: CGFloat {
        get { fields.lineHeightMultiple }
        set { fields.lineHeightMultiple = newValue }
    }
    /// How the paragraph wraps or truncates.
    open override var lineBreakMode: NSLineBreakMode {
        get { fields.style.lineBreakMode }
        set { fields.style.lineBreakMode = newValue }
    }
    /// Extra line breaking rules.
    open override var lineBreakStrategy: LineBreakStrategy {
        get { fields.style.lineBreakStrategy }
        set { fields.style.lineBreakStrategy = newValue }
    }
    /// The paragraph's base writing direction; stored only.
    open override var baseWritingDirection: NSWritingDirection {
        get { fields.baseWritingDirection }
        set { fields.baseWritingDirection = newValue }
    }
    /// How eagerly words are hyphenated; stored only.
    open override var hyphenationFactor: Float {
        get { fields.hyphenationFactor }
        set { fields.hyphenationFactor = newValue }
    }
    /// Whether the system's hyphenation applies; stored only.
    open override var usesDefaultHyphenation: Bool {
        get { fields.usesDefaultHyphenation }
        set { fields.usesDefaultHyphenation = newValue }
    }
    /// The interval of default tab stops; stored only.
    open override var defaultTabInterval: CGFloat {
        get { fields.defaultTabInterval }
        set { fields.defaultTabInterval = newValue }
    }
    /// Whether text may be tightened before truncating; stored only.
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { fields.allowsDefaultTighteningForTruncation }
        set { fields.allowsDefaultTighteningForTruncation = newValue }
    }
}

extension NSParagraphStyle {
    /// UIKit's `NSParagraphStyle.LineBreakStrategy`: ``Typesetting/LineBreakStrategy``.
    public typealias LineBreakStrategy = Typesetting.LineBreakStrategy
}
