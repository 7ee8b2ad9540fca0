// The options of LayoutConstraint.constraints(withVisualFormat:options:metrics:views:).

extension LayoutConstraint {
    /// How views laid out by a visual format string are aligned, ordered and spaced.
    ///
    /// The raw values are UIKit's (`NSLayoutFormatOptions`): an alignment option is
    /// `1 << attribute`, the direction lives in bits 16–17 and the spacing in bit 19.
    /// Combine at most one direction and one spacing option with any alignment options
    /// across the layout's axis (vertical edges, centers and baselines for `H:`,
    /// horizontal edges and centers for `V:`).
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        /// The option bits, laid out as in UIKit.
        public let rawValue: UInt

        /// Makes options from UIKit's raw bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Aligns the left edges of neighbouring views (vertical layouts).
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Aligns the right edges of neighbouring views (vertical layouts).
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Aligns the top edges of neighbouring views (horizontal layouts).
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Aligns the bottom edges of neighbouring views (horizontal layouts).
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Aligns the leading edges of neighbouring views (vertical layouts).
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Aligns the trailing edges of neighbouring views (vertical layouts).
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Aligns the horizontal centers of neighbouring views (vertical layouts).
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Aligns the vertical centers of neighbouring views (horizontal layouts).
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Aligns the last baselines of neighbouring views (horizontal layouts).
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Aligns the first baselines of neighbouring views (horizontal layouts).
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// All the alignment bits.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// Orders `H:` views from the leading to the trailing edge (the default; flips in
        /// right-to-left layouts).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// Orders `H:` views from left to right whatever the layout direction.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// Orders `H:` views from right to left whatever the layout direction.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// All the direction bits.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)

        /// Spaces `V:` views from one's bottom to the next one's top (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// Spaces `V:` views from one's last baseline to the next one's first baseline.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// All the spacing bits.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }
}
