import Foundation

/// An inline box in attributed text, measured as one unbreakable character (UIKit's
/// `NSTextAttachment` as far as sizes go).
///
/// It stands for the object replacement character U+FFFC carrying it:
/// `TextAttachment(bounds:).attributedString` makes that one-character string.
public struct TextAttachment: Hashable, Sendable {
    /// The box relative to the line's baseline, as `NSTextAttachment.bounds`: its width is
    /// its advance, and `origin.y` is how far its bottom is above the baseline (negative:
    /// below it).
    public var bounds: CGRect

    /// An attachment with the given box.
    public init(bounds: CGRect) { self.bounds = bounds }

    /// The one-character string (U+FFFC) that shows this attachment.
    public var attributedString: AttributedString {
        var string = AttributedString("\u{FFFC}")
        string.attachment = self
        return string
    }

    /// The height above the baseline the box reaches (0 when it is wholly below).
    var ascent: Double { max(0, Double(bounds.origin.y + bounds.size.height)) }
    /// The depth below the baseline the box reaches (0 when it is wholly above).
    var descent: Double { max(0, -Double(bounds.origin.y)) }

    /// The bounds' problem, or nil: every number finite, width and height not negative.
    func validationError(at offset: Int) -> TypesettingError? {
        let values = [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height]
        if values.contains(where: { !$0.isFinite }) || bounds.size.width < 0 || bounds.size.height < 0 {
            return .invalidAttachmentBounds(bounds, utf16Offset: offset)
        }
        return nil
    }

    /// Hashes the four numbers of the bounds (CGRect is not Hashable on every platform).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bounds.origin.x)
        hasher.combine(bounds.origin.y)
        hasher.combine(bounds.size.width)
        hasher.combine(bounds.size.height)
    }
}
