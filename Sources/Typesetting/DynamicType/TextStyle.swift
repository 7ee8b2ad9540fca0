import Foundation

extension Font {
    /// UIKit's text styles (`UIFont.TextStyle`): semantic roles of text whose point size and
    /// weight follow the reader's ``ContentSizeCategory`` (see
    /// ``Font/preferredFont(forTextStyle:compatibleWith:systemFonts:)``).
    ///
    /// The raw values are UIKit's case names (`"body"`, `"headline"`), which is how the
    /// `fitsize` tool and cell templates spell them.
    public enum TextStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The largest title, 34 points at the default category.
        case largeTitle
        /// A first-level title, 28 points.
        case title1
        /// A second-level title, 22 points.
        case title2
        /// A third-level title, 20 points.
        case title3
        /// A heading, 17 points semibold.
        case headline
        /// A subheading, 15 points.
        case subheadline
        /// Body text, 17 points.
        case body
        /// A callout, 16 points.
        case callout
        /// A footnote, 13 points.
        case footnote
        /// A standard caption, 12 points.
        case caption1
        /// An alternate caption, 11 points.
        case caption2

        /// The style named `name` (a raw value such as `"body"`).
        /// - Throws: ``TypesettingError/unknownTextStyle(_:)`` naming `name` and listing the
        ///   styles there are.
        public init(named name: String) throws {
            guard let style = TextStyle(rawValue: name) else { throw TypesettingError.unknownTextStyle(name) }
            self = style
        }

        /// The raw value.
        public var description: String { rawValue }
    }
}
