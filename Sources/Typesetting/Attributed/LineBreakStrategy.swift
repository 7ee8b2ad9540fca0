/// Extra rules for where lines break, as UIKit's `NSParagraphStyle.LineBreakStrategy`.
public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: Int

    /// A strategy from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Push lines out so that a paragraph's last line does not hold a lone word.
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
    /// What UILabel uses: push-out (the other rules of UIKit's `.standard` concern Hangul
    /// and Japanese breaking, which ICU's line breaking already follows).
    public static let standard: LineBreakStrategy = [.pushOut]
}
