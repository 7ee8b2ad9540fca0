import Foundation

extension AttributeScopes {
    /// The attributes Fitsize measures, reachable on an `AttributedString` by dynamic member
    /// lookup (`string.font`, `string.kern`, ...), as UIKit's attributes are on iOS.
    ///
    /// Only these change a size; any other attribute (a colour, a link, an underline) is
    /// carried along and costs nothing when the text is prepared.
    public struct FitsizeAttributes: AttributeScope {
        /// The run's font (size, cascade, fallback).
        public let font: FontAttribute
        /// Points added after each grapheme cluster of the run, as UIKit's `.kern`.
        public let kern: KernAttribute
        /// Points the run is raised above the baseline (negative lowers it).
        public let baselineOffset: BaselineOffsetAttribute
        /// The paragraph's line rules; a paragraph follows its first character's.
        public let paragraphStyle: ParagraphStyleAttribute
        /// An inline box drawn in place of the run's object replacement characters (U+FFFC).
        public let attachment: AttachmentAttribute

        /// The key of ``font``.
        public enum FontAttribute: AttributedStringKey {
            /// A Typesetting font.
            public typealias Value = Font
            /// The attribute's name.
            public static let name = "Fitsize.font"
        }

        /// The key of ``kern``.
        public enum KernAttribute: AttributedStringKey {
            /// Points, finite.
            public typealias Value = CGFloat
            /// The attribute's name.
            public static let name = "Fitsize.kern"
        }

        /// The key of ``baselineOffset``.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// Points, finite.
            public typealias Value = CGFloat
            /// The attribute's name.
            public static let name = "Fitsize.baselineOffset"
        }

        /// The key of ``paragraphStyle``.
        public enum ParagraphStyleAttribute: AttributedStringKey {
            /// The paragraph's style.
            public typealias Value = ParagraphStyle
            /// The attribute's name.
            public static let name = "Fitsize.paragraphStyle"
        }

        /// The key of ``attachment``.
        public enum AttachmentAttribute: AttributedStringKey {
            /// The inline box.
            public typealias Value = TextAttachment
            /// The attribute's name.
            public static let name = "Fitsize.attachment"
        }
    }

    /// Fitsize's attributes, for `AttributedString`'s scoped APIs.
    public var fitsize: FitsizeAttributes.Type { FitsizeAttributes.self }
}

extension AttributeDynamicLookup {
    /// Fitsize's attributes by name: `string.font`, `string[run].kern`, ...
    public subscript<Key: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.FitsizeAttributes, Key>
    ) -> Key {
        self[Key.self]
    }
}
