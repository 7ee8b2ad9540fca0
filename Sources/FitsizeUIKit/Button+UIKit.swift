import AutoLayout
import Foundation

/// UIKit's `UIControl`: Fitsize's controls derive from ``AutoLayout/View`` directly, so the
/// name stands for it and carries the control types (`UIControl.State`).
public typealias UIControl = View

extension View {
    /// UIKit's `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        /// The option bits.
        public let rawValue: UInt
        /// Makes a state from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal state.
        public static let normal = State([])
        /// Highlighted (touched).
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
        /// Focused.
        public static let focused = State(rawValue: 1 << 3)
    }
}

extension Button {
    /// UIKit's `UIButton.ButtonType`; all types size alike in Fitsize.
    public enum ButtonType: Int, Sendable {
        /// No system styling.
        case custom
        /// The system style.
        case system
        /// A detail disclosure button.
        case detailDisclosure
        /// A light info button.
        case infoLight
        /// A dark info button.
        case infoDark
        /// A contact-add button.
        case contactAdd
        /// A close button.
        case close
    }

    /// UIKit's `UIButton(type:)`: a button without a title, sized like ``AutoLayout/Button``'s.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        storedOnlyValues["buttonType"] = buttonType
    }

    /// The type the button was made with; `.system` unless made with ``init(type:)``.
    public var buttonType: ButtonType { storedValue("buttonType", .system) }

    private func titles() -> [UInt: String] { storedValue("titles", [:]) }

    /// UIKit's `setTitle(_:for:)`. The title shown, and measured, is the one for the button's
    /// current ``state``, or the normal one when none was set for it, as UIKit's
    /// `currentTitle`; so a cell that sets a selected title and `isSelected` is sized by it.
    /// On a configured button the normal title becomes the ``configuration``'s title.
    public func setTitle(_ title: String?, for state: State) {
        var titles = titles()
        titles[state.rawValue] = title
        storedOnlyValues["titles"] = titles
        if configuration != nil {
            if state == .normal { configuration?.title = title }
        } else {
            showTitleForCurrentState()
        }
    }

    /// The title for `state`, or the normal one when none was set for it. The normal title
    /// is the one shown while the current state has no title of its own, so a title written
    /// through ``titleLabel`` or `title` counts.
    public func title(for state: State) -> String? {
        let titles = titles()
        if state != .normal, let own = titles[state.rawValue] { return own }
        let current = self.state
        return current == .normal || titles[current.rawValue] == nil ? title : titles[State.normal.rawValue]
    }

    /// UIKit's `currentTitle`: the title shown in the current ``state``.
    public var currentTitle: String? { configuration != nil ? title : title(for: state) }

    /// Shows the title set for the current state, or else the normal one, re-measuring if it
    /// changed; a button given no title through ``setTitle(_:for:)`` keeps what it shows.
    private func showTitleForCurrentState() {
        let titles = titles()
        guard !titles.isEmpty else { return }
        let shown = titles[state.rawValue] ?? titles[State.normal.rawValue]
        if shown != title { title = shown }
    }

    /// UIKit's `setImage(_:for:)`: the normal state's image sits before the title and counts
    /// in the size (see ``AutoLayout/Button``; on a configured button it becomes the
    /// ``configuration``'s image); the others are stored for ``image(for:)``.
    public func setImage(_ image: Image?, for state: State) {
        var images: [UInt: Image] = storedValue("images", [:])
        images[state.rawValue] = image
        storedOnlyValues["images"] = images
        guard state == .normal else { return }
        if configuration != nil { configuration?.image = image } else { self.image = image }
    }

    /// The image for `state`, or the normal one when none was set for it.
    public func image(for state: State) -> Image? {
        let images: [UInt: Image] = storedValue("images", [:])
        return state == .normal ? image : images[state.rawValue] ?? image
    }

    /// UIKit's `setTitleColor(_:for:)`; stored only.
    public func setTitleColor(_ color: UIColor?, for state: State) {
        var colors: [UInt: UIColor] = storedValue("titleColors", [:])
        colors[state.rawValue] = color
        storedOnlyValues["titleColors"] = colors
    }

    /// The title colour for `state`; stored only.
    public func titleColor(for state: State) -> UIColor? {
        let colors: [UInt: UIColor] = storedValue("titleColors", [:])
        return colors[state.rawValue] ?? colors[State.normal.rawValue]
    }

    /// The insets of the title within the content; stored only, as in UIKit they move the
    /// title without changing the button's intrinsic size.
    public var titleEdgeInsets: EdgeInsets {
        get { storedValue("titleEdgeInsets", .zero) }
        set { storedOnlyValues["titleEdgeInsets"] = newValue }
    }

    /// The insets of the image within the content; stored only, like ``titleEdgeInsets``.
    public var imageEdgeInsets: EdgeInsets {
        get { storedValue("imageEdgeInsets", .zero) }
        set { storedOnlyValues["imageEdgeInsets"] = newValue }
    }

    /// Whether the button is enabled; stored only, and a change asks for a configuration
    /// update, as in UIKit.
    public var isEnabled: Bool {
        get { storedValue("isEnabled", true) }
        set { setState("isEnabled", newValue, default: true) }
    }

    /// Whether the button is selected; stored only, and a change asks for a configuration
    /// update, as in UIKit.
    public var isSelected: Bool {
        get { storedValue("isSelected", false) }
        set { setState("isSelected", newValue, default: false) }
    }

    /// Whether the button is highlighted (touched); stored only, and a change asks for a
    /// configuration update, as in UIKit.
    public var isHighlighted: Bool {
        get { storedValue("isHighlighted", false) }
        set { setState("isHighlighted", newValue, default: false) }
    }

    /// UIKit's `state`: the control state the flags make.
    public var state: State {
        var state = State.normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Stores a state flag, asking for a configuration update when it changes.
    private func setState(_ key: String, _ value: Bool, default initial: Bool) {
        let old = storedValue(key, initial)
        storedOnlyValues[key] = value
        guard old != value else { return }
        if configuration == nil { showTitleForCurrentState() }
        setNeedsUpdateConfiguration()
    }
}
