import Foundation
import Typesetting

/// An inline box that rich-text input asks for: `<attachment W H Y>` in markup, and
/// `"attachment": {"width": W, "height": H, "y": Y}` in a JSON line's runs and a template's
/// runs. The numbers are UIKit's `NSTextAttachment.bounds` at x 0: `y` is how far the box's
/// bottom sits above the baseline (negative: below it).
struct AttachmentBox: Equatable, Sendable {
    var width: Double
    var height: Double
    var y: Double

    /// The range of a side: a size, not negative.
    static let sides = InputLimits.sizes
    /// The range of `y`: a length, either sign.
    static let offsets = InputLimits.lengths

    /// What is wrong with the box's numbers (the first one out of its range), or nil.
    var problem: String? {
        for (name, value, range) in [("width", width, Self.sides), ("height", height, Self.sides), ("y", y, Self.offsets)]
        where !range.contains(value) {
            let shown = value.isFinite ? NumberText.format(value) : "\(value)"
            return "the attachment's \(name) must be from \(InputLimits.show(range.lowerBound)) to \(InputLimits.show(range.upperBound)), got \(shown)"
        }
        return nil
    }

    /// The attachment character (U+FFFC) carrying this box.
    var attributedString: AttributedString {
        TextAttachment(bounds: CGRect(x: 0, y: y, width: width, height: height)).attributedString
    }
}
