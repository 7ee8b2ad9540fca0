import Foundation

/// An on/off control with UIKit's fixed size.
///
/// Its intrinsic content size is 51 × 31 points, UIKit's `UISwitch`, on every display scale.
open class Switch: View {
    /// The size of every switch, in points.
    public static let size = CGSize(width: 51, height: 31)

    /// Whether the switch is on; it does not change the size.
    public var isOn = false

    /// A switch at `frame`'s origin with the switch's own size, whatever size is asked for:
    /// Apple documents that UISwitch "enforces a size appropriate for the control", so a
    /// switch made with `Switch()` is already 51 × 31 (as an accessory view, say).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Switch.size))
    }

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// 51 × 31 points.
    open override var intrinsicContentSize: CGSize { Switch.size }

    /// 51 × 31 points, whatever is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Switch.size }
}
