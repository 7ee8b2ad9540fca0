import AutoLayout
import Foundation
import Typesetting

extension Button {
    /// UIKit's `UIButton(configuration:primaryAction:)`: a system button showing
    /// `configuration`, running `primaryAction` for `.primaryActionTriggered`.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
        self.configuration = configuration
    }

    /// UIKit's `configuration`: setting one lays the button out by it (see ``Configuration``)
    /// and then asks for `updateConfiguration()`; `nil` (the default)
    /// goes back to the classic layout, keeping the title and image shown. As in UIKit, a
    /// configured button ignores `contentEdgeInsets` and follows the
    /// content size category of its tree. A configuration whose image placement is not one
    /// edge, or with a length that is not finite, is reported to
    /// `LayoutDiagnostics.errorHandler` and leaves the button as it was.
    public var configuration: Configuration? {
        get { storedValue("configuration", nil) }
        set {
            if let newValue {
                guard let layout = newValue.contentLayout else {
                    LayoutDiagnostics.report(.invalidValue(
                        name: "configuration.imagePlacement", value: "\(newValue.imagePlacement.rawValue)",
                        accepted: ".leading, .trailing, .top or .bottom", view: layoutDescriptionName))
                    return
                }
                guard layout.isFinite else {
                    LayoutDiagnostics.report(.invalidGeometry(name: "configuration", view: layoutDescriptionName))
                    return
                }
            }
            storedOnlyValues["configuration"] = newValue
            if let newValue { show(newValue) } else { contentLayout = nil }
            setNeedsUpdateConfiguration()
        }
    }

    /// Shows `configuration`'s text, image and arrangement, with fonts for the button's traits.
    private func show(_ configuration: Configuration) {
        adjustsFontForContentSizeCategory = true
        let traits = traitCollection
        let size = configuration.buttonSize
        font = configuration.baseFont(size.titleTextStyle, by: configuration.titleTextAttributesTransformer, traits: traits)
        attributedTitle = configuration.shownTitle(traits: traits)
        subtitleFont = configuration.baseFont(
            size.subtitleTextStyle, by: configuration.subtitleTextAttributesTransformer, traits: traits)
        attributedSubtitle = configuration.shownSubtitle(traits: traits)
        image = configuration.image
        contentLayout = configuration.contentLayout
    }
}
