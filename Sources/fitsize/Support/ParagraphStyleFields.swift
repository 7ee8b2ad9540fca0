import Foundation
import Typesetting

/// The fields of `NSParagraphStyle` that change a size, by the names a JSON line's
/// `"paragraph"` and a template's `"paragraphStyle"` both use.
enum ParagraphStyleFields {
    /// The lengths that must be at least 0 (computed: key paths are not `Sendable`).
    static var lengths: [(name: String, field: WritableKeyPath<ParagraphStyle, CGFloat>)] {
        [
            ("lineSpacing", \.lineSpacing), ("minimumLineHeight", \.minimumLineHeight),
            ("maximumLineHeight", \.maximumLineHeight), ("paragraphSpacing", \.paragraphSpacing),
            ("paragraphSpacingBefore", \.paragraphSpacingBefore), ("firstLineHeadIndent", \.firstLineHeadIndent),
            ("headIndent", \.headIndent),
        ]
    }
    /// The signed length: from the leading edge when positive, from the trailing edge otherwise.
    static let tailIndent = "tailIndent"
    /// The factor of the natural line height, more than 0.
    static let lineHeightMultiple = "lineHeightMultiple"
    static let alignment = "alignment"
    static let lineBreakStrategy = "lineBreakStrategy"

    /// Every field name, for the lists of known fields.
    static var names: [String] { lengths.map(\.name) + [tailIndent, lineHeightMultiple, alignment, lineBreakStrategy] }

    /// The alignments by name.
    static let alignments: KeyValuePairs<String, TextAlignment> = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]

    /// The line break strategies by name.
    static let strategies: KeyValuePairs<String, LineBreakStrategy> = [
        "none": [], "standard": .standard, "pushOut": .pushOut,
    ]

    /// The value named `name` in `choices`, or nil.
    static func value<T>(_ name: String, in choices: KeyValuePairs<String, T>) -> T? {
        choices.first { $0.key == name }?.value
    }
}
