import AutoLayout
import Foundation
import Typesetting

/// UIKit's `NSTextAttachment`, the value of ``Foundation/NSAttributedString/Key/attachment``:
/// an inline box measured as Typesetting's ``Typesetting/TextAttachment``.
open class NSTextAttachment: NSObject, @unchecked Sendable {
    /// The box relative to the baseline; when it is `.zero`, the image's size at the
    /// baseline, as UIKit draws an attachment without bounds.
    open var bounds: CGRect = .zero
    /// The image shown; its size counts only when ``bounds`` is `.zero`.
    open var image: UIImage?

    /// An attachment with no image and no bounds (an empty box).
    public override init() { super.init() }

    /// An attachment showing `image` at its own size.
    public init(image: UIImage?) {
        self.image = image
        super.init()
    }

    /// The box Fitsize measures: ``bounds``, or the image's size when the bounds are `.zero`.
    public var measuredAttachment: TextAttachment {
        guard bounds == .zero, let image else { return TextAttachment(bounds: bounds) }
        return TextAttachment(bounds: CGRect(origin: .zero, size: image.size))
    }
}

extension NSAttributedString {
    /// UIKit's `NSAttributedString(attachment:)`: the object replacement character U+FFFC
    /// carrying `attachment`.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
    }
}
