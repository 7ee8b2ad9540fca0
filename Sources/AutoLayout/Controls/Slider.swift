import Foundation

/// A control that picks a value from a continuous range by dragging a thumb along a track.
///
/// It stretches to the width it is given: its intrinsic content size has no width
/// (``View/noIntrinsicMetric``) and a height of 31 points, Fitsize's fixed number for the
/// thumb and track (UIKit does not document the height of its slider; 31 matches a switch, so
/// the two line up in a row).
open class Slider: View {
    /// The height of a slider, in points.
    public static let height: CGFloat = 31

    /// The lowest value; default 0.
    public var minimumValue: Float = 0
    /// The highest value; default 1.
    public var maximumValue: Float = 1
    /// The current value; default 0. None of the values changes the size.
    public var value: Float = 0

    /// No intrinsic width, and a height of 31 points.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: View.noIntrinsicMetric, height: Slider.height)
    }

    /// The width offered and the slider's height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Slider.height)
    }
}
