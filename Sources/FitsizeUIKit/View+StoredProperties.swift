import AutoLayout
import Foundation

// The properties a UIKit view sets that change no size: stored, so that code reading them back
// sees what it set, and otherwise ignored.

extension View {
    /// A stored-only value, or `initial` before one is set.
    func storedValue<Value>(_ key: String, _ initial: @autoclosure () -> Value) -> Value {
        storedOnlyValues[key] as? Value ?? initial()
    }

    /// The background colour; stored only.
    public var backgroundColor: UIColor? {
        get { storedValue("backgroundColor", nil) }
        set { storedOnlyValues["backgroundColor"] = newValue }
    }

    /// The tint colour; stored only. Unset, it is the superview's, or the system blue.
    public var tintColor: UIColor! {
        get { storedValue("tintColor", superview?.tintColor ?? UIColor.systemBlue) }
        set { storedOnlyValues["tintColor"] = newValue }
    }

    /// The view's layer, made on first use; its properties are stored only.
    public var layer: CALayer {
        if let layer = storedOnlyValues["layer"] as? CALayer { return layer }
        let layer = CALayer()
        storedOnlyValues["layer"] = layer
        return layer
    }

    /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`. Stored only.
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// The opacity, 0 to 1; stored only (a transparent view keeps its place in layout, as in
    /// UIKit).
    public var alpha: CGFloat {
        get { storedValue("alpha", 1) }
        set { storedOnlyValues["alpha"] = newValue }
    }

    /// Whether the view is opaque; stored only.
    public var isOpaque: Bool {
        get { storedValue("isOpaque", true) }
        set { storedOnlyValues["isOpaque"] = newValue }
    }

    /// Whether touches reach the view; stored only.
    public var isUserInteractionEnabled: Bool {
        get { storedValue("isUserInteractionEnabled", !(self is Label || self is ImageView)) }
        set { storedOnlyValues["isUserInteractionEnabled"] = newValue }
    }

    /// Whether the view takes several touches at once; stored only.
    public var isMultipleTouchEnabled: Bool {
        get { storedValue("isMultipleTouchEnabled", false) }
        set { storedOnlyValues["isMultipleTouchEnabled"] = newValue }
    }

    /// The label VoiceOver reads; stored only.
    public var accessibilityLabel: String? {
        get { storedValue("accessibilityLabel", nil) }
        set { storedOnlyValues["accessibilityLabel"] = newValue }
    }

    /// The hint VoiceOver reads; stored only.
    public var accessibilityHint: String? {
        get { storedValue("accessibilityHint", nil) }
        set { storedOnlyValues["accessibilityHint"] = newValue }
    }

    /// The value VoiceOver reads; stored only.
    public var accessibilityValue: String? {
        get { storedValue("accessibilityValue", nil) }
        set { storedOnlyValues["accessibilityValue"] = newValue }
    }

    /// Whether VoiceOver treats the view as one element; stored only.
    public var isAccessibilityElement: Bool {
        get { storedValue("isAccessibilityElement", false) }
        set { storedOnlyValues["isAccessibilityElement"] = newValue }
    }

    /// A number that identifies the view; stored only.
    public var tag: Int {
        get { storedValue("tag", 0) }
        set { storedOnlyValues["tag"] = newValue }
    }

    /// The view, or the first descendant (depth first), whose ``tag`` is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// How the content is drawn in the bounds; stored only.
    public var contentMode: ContentMode {
        get { storedValue("contentMode", .scaleToFill) }
        set { storedOnlyValues["contentMode"] = newValue }
    }

    /// UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        /// Scaled to fill, ignoring the aspect ratio.
        case scaleToFill
        /// Scaled to fit, keeping the aspect ratio.
        case scaleAspectFit
        /// Scaled to fill, keeping the aspect ratio.
        case scaleAspectFill
        /// Redrawn when the bounds change.
        case redraw
        /// Centred.
        case center
        /// At the top.
        case top
        /// At the bottom.
        case bottom
        /// At the left.
        case left
        /// At the right.
        case right
        /// At the top left.
        case topLeft
        /// At the top right.
        case topRight
        /// At the bottom left.
        case bottomLeft
        /// At the bottom right.
        case bottomRight
    }
}

extension Label {
    /// The text colour; stored only.
    public var textColor: UIColor! {
        get { storedValue("textColor", UIColor.label) }
        set { storedOnlyValues["textColor"] = newValue }
    }

    /// The text colour when highlighted; stored only.
    public var highlightedTextColor: UIColor? {
        get { storedValue("highlightedTextColor", nil) }
        set { storedOnlyValues["highlightedTextColor"] = newValue }
    }

    /// Whether the label is highlighted; stored only.
    public var isHighlighted: Bool {
        get { storedValue("isHighlighted", false) }
        set { storedOnlyValues["isHighlighted"] = newValue }
    }

    /// Whether the label draws as enabled; stored only.
    public var isEnabled: Bool {
        get { storedValue("isEnabled", true) }
        set { storedOnlyValues["isEnabled"] = newValue }
    }
}

extension TextField {
    /// The text colour; stored only.
    public var textColor: UIColor? {
        get { storedValue("textColor", UIColor.label) }
        set { storedOnlyValues["textColor"] = newValue }
    }

    /// Whether the text is hidden as it is typed; stored only (the field's size is its
    /// font's, not its characters').
    public var isSecureTextEntry: Bool {
        get { storedValue("isSecureTextEntry", false) }
        set { storedOnlyValues["isSecureTextEntry"] = newValue }
    }
}

extension TextView {
    /// The text colour; stored only.
    public var textColor: UIColor? {
        get { storedValue("textColor", UIColor.label) }
        set { storedOnlyValues["textColor"] = newValue }
    }

    /// Whether the text can be edited; stored only.
    public var isEditable: Bool {
        get { storedValue("isEditable", true) }
        set { storedOnlyValues["isEditable"] = newValue }
    }
}
