import Foundation
import Typesetting

@testable import AutoLayout

/// Expected values for the controls tests, computed from Typesetting's own measurements and
/// the documented rules, never from the controls under test.
enum Expected {
    /// `value` ceiled to the pixel grid of `scale` (the documented intrinsic-size rule).
    static func ceiled(_ value: CGFloat, scale: CGFloat = 1) -> CGFloat {
        (value * scale - 1e-6).rounded(.up) / scale
    }

    /// `value` rounded to the nearest pixel, halves up (the documented frame rounding rule).
    static func rounded(_ value: CGFloat, scale: CGFloat = 1) -> CGFloat {
        (value * scale + 0.5).rounded(.down) / scale
    }

    /// A frame from solved edges, rounded edge by edge as the layout pass does.
    static func frame(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat, scale: CGFloat = 1) -> CGRect {
        let minX = rounded(x, scale: scale)
        let minY = rounded(y, scale: scale)
        return CGRect(
            x: minX, y: minY, width: rounded(x + width, scale: scale) - minX,
            height: rounded(y + height, scale: scale) - minY)
    }

    /// Typesetting's layout of `text`: what a control's measurement must agree with.
    static func layout(
        _ text: String, font: Font = Font.default(size: 17), width: CGFloat = .infinity, maxLines: Int = 1,
        lineBreakMode: LineBreakMode = .byTruncatingTail, lineSpacing: CGFloat = 0, scale: CGFloat = 1
    ) throws -> TextLayout {
        try PreparedText(text, font: font).layout(
            width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing, scale: scale)
    }

    /// The size of one line of `text`, as a one-line label measures it.
    static func lineSize(_ text: String, font: Font = Font.default(size: 17), scale: CGFloat = 1) throws -> CGSize {
        try layout(text, font: font, scale: scale).size
    }
}

/// A root view and a label in it that uses constraints.
func makeLabel(_ text: String, in superview: View, font: Font? = nil, name: String? = nil) -> Label {
    let label = Label(text: text)
    if let font { label.font = font }
    label.translatesAutoresizingMaskIntoConstraints = false
    label.accessibilityIdentifier = name
    superview.addSubview(label)
    return label
}

let longText = """
    Auto Layout computes the size and position of every view from constraints, and a label \
    that wraps its text needs to know its width before it can tell its height, so the engine \
    solves once, measures the text at the width the label received, and solves again.
    """
