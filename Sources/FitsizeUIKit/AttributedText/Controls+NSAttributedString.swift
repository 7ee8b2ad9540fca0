import AutoLayout
import Foundation
import Typesetting

// UIKit's `NSAttributedString` properties of the text controls. Each has the name of the
// control's own `AttributedString` property, which it shadows in files that import
// FitsizeUIKit (Swift prefers a member of the importing module); Fitsize-spelled code that
// imports AutoLayout alone still sees the `AttributedString` one, and the
// `AutoLayout::attributedText` module selector reaches it from here. ``AttributeBridge``
// converts both ways.

extension Label {
    /// UIKit's `attributedText`: the text with UIKit's attributes, measured as
    /// ``AutoLayout/Label``'s `AttributedString` text (see there for how it relates to `text`
    /// and `font`). A value of the wrong type under a measured key (anything but a `UIFont`
    /// under `.font`, say) or one Typesetting refuses (a NaN kern) is reported to
    /// ``AutoLayout/LayoutDiagnostics/errorHandler`` and changes nothing.
    public var attributedText: NSAttributedString? {
        get { AttributeBridge.uikit(self.AutoLayout::attributedText) }
        set { AttributeBridge.set(newValue, as: "attributedText", of: self) { self.AutoLayout::attributedText = $0 } }
    }
}

extension TextView {
    /// UIKit's `attributedText`, converted as ``AutoLayout/Label/attributedText`` is.
    public var attributedText: NSAttributedString? {
        get { AttributeBridge.uikit(self.AutoLayout::attributedText) }
        set { AttributeBridge.set(newValue, as: "attributedText", of: self) { self.AutoLayout::attributedText = $0 } }
    }
}

extension TextField {
    /// UIKit's `attributedText`, converted as ``AutoLayout/Label/attributedText`` is.
    public var attributedText: NSAttributedString? {
        get { AttributeBridge.uikit(self.AutoLayout::attributedText) }
        set { AttributeBridge.set(newValue, as: "attributedText", of: self) { self.AutoLayout::attributedText = $0 } }
    }

    /// UIKit's `attributedPlaceholder`, converted as ``AutoLayout/Label/attributedText`` is.
    public var attributedPlaceholder: NSAttributedString? {
        get { AttributeBridge.uikit(self.AutoLayout::attributedPlaceholder) }
        set { AttributeBridge.set(newValue, as: "attributedPlaceholder", of: self) { self.AutoLayout::attributedPlaceholder = $0 } }
    }
}

extension Button {
    /// UIKit's `setAttributedTitle(_:for:)`: the normal state's title is the one measured (as
    /// ``AutoLayout/Button/attributedTitle``); the others are stored for
    /// ``attributedTitle(for:)``. Refused values are reported as for a label's `attributedText`.
    public func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        AttributeBridge.set(title, as: "attributedTitle", of: self) { converted in
            var titles: [UInt: NSAttributedString] = storedValue("attributedTitles", [:])
            titles[state.rawValue] = title.map { NSAttributedString(attributedString: $0) }
            storedOnlyValues["attributedTitles"] = titles
            if state == .normal { self.AutoLayout::attributedTitle = converted }
        }
    }

    /// The attributed title for `state`: the normal one is the measured title as UIKit
    /// attributes; another state's is the one set for it, or the normal one.
    public func attributedTitle(for state: State) -> NSAttributedString? {
        let titles: [UInt: NSAttributedString] = storedValue("attributedTitles", [:])
        if state != .normal, let title = titles[state.rawValue] { return title }
        return titles[State.normal.rawValue] == nil ? nil : AttributeBridge.uikit(self.AutoLayout::attributedTitle)
    }
}
