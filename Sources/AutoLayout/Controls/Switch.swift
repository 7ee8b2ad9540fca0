import Foundation

/// An on/off control with UIKit's fixed size.
///
/// Its intrinsic content size is 51 × 31 points, UIKit's `UISwitch`, on every display scale.
open class Switch: View {
    /// The size of every switch, in points.
    public static let size = CGSize(width: 51, height: 31)

    /// Whether the switch is on; it does not change the size.
    public var isOn = false

    /// 51 × 31 points.
    open override var intrinsicContentSize: CGSize { Switch.size }

    /// 51 × 31 points, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Switch.size }
}
