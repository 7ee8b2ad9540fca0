import Foundation
import Typesetting

/// A tappable control with a one-line title and an optional image before it, sized like
/// UIKit's system button.
///
/// Intrinsic content size (ceiled to the pixel grid of the root's display scale):
/// - width: the image's width plus the title's width plus the left and right
///   ``contentEdgeInsets``;
/// - height: the larger of the title's height plus ``titleVerticalPadding`` (6 points) above
///   and below and the image's height, plus the top and bottom ``contentEdgeInsets``. With
///   the default 15-point font this is UIKit's 30-point system button.
/// A button without a title measures its title as zero wide and one line of its font tall,
/// so it keeps its height; one with only an ``image`` is the image's size plus the insets,
/// as UIKit's image button is (Apple does not document the sizes; these are Fitsize's rule).
///
/// The baselines are the title's, offset by the top padding and inset within the intrinsic
/// height. A button taller (or shorter) than that centres its content vertically, as UIKit's
/// default content alignment does, and its baseline anchors move with the title
/// (``verticallyCenteredContentHeight``).
///
/// With a ``contentLayout`` (UIKit's `UIButton.Configuration`) the button arranges a title, a
/// ``subtitle`` and the image by that layout's rule instead.
open class Button: View {
    /// The space UIKit's system button keeps above and below its title, in points.
    public static let titleVerticalPadding: CGFloat = 6

    /// The font buttons start with: the shipped default font at 15 points, UIKit's button size.
    public static var defaultFont: Font { Font.default(size: 15) }

    var measurement: TextMeasurement
    var subtitleMeasurement: TextMeasurement
    var titleLabelStorage: Label?
    /// Whether ``updateConfiguration()`` is running, so that a configuration set from it does
    /// not start another update.
    private var isUpdatingConfiguration = false

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// Makes a button without a title.
    public override init(frame: CGRect) {
        measurement = TextMeasurement(text: "", font: Button.defaultFont)
        subtitleMeasurement = TextMeasurement(text: "", font: Button.defaultFont)
        super.init(frame: frame)
    }

    /// Makes a button with a title.
    public convenience init(title: String) {
        self.init(frame: .zero)
        self.title = title
    }

    /// The title; `nil` and the empty string both show none.
    public var title: String? {
        get { measurement.isEmpty ? nil : measurement.text }
        set { updateMeasurement { $0.setText(newValue ?? "") } }
    }

    /// The title with its attributes (UIKit's attributed title), related to ``title`` and
    /// ``font`` as ``Label/attributedText`` is to a label's text and font.
    public var attributedTitle: AttributedString? {
        get { measurement.attributedText }
        set {
            let view = layoutDescriptionName, traits = adjustingTraits
            updateMeasurement { $0.setAttributed(newValue, property: "attributedTitle", view: view, adjustingFor: traits) }
        }
    }

    /// The title's font; default ``defaultFont``. With ``adjustsFontForContentSizeCategory``
    /// a font set is sized for the button's category.
    public var font: Font {
        get { measurement.font }
        set {
            let font = adjustedFont(newValue, if: adjustsFontForContentSizeCategory)
            updateMeasurement { $0.setFont(font) }
        }
    }

    /// Whether the button resizes its title's font for the content size category of
    /// its tree, UIKit's `adjustsFontForContentSizeCategory`; default false.
    /// <doc:DynamicTypeInAViewTree> has the rule.
    public var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory && !oldValue { adjustFontForContentSizeCategory() } }
    }

    /// Space added around the title, in points; default zero. Insets that are not finite
    /// are refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var contentEdgeInsets: EdgeInsets = .zero {
        didSet {
            guard contentEdgeInsets.isFinite else {
                LayoutDiagnostics.report(.invalidGeometry(name: "contentEdgeInsets", view: layoutDescriptionName))
                contentEdgeInsets = oldValue
                return
            }
            if contentEdgeInsets != oldValue { contentSizeDidChange() }
        }
    }

    /// The image shown before the title, UIKit's `setImage(_:for:)` for the normal state.
    public var image: Image? {
        didSet { if image?.size != oldValue?.size { contentSizeDidChange() } }
    }

    /// The arrangement of a configured button's content, or `nil` (the default) for the
    /// classic one; see ``ButtonContentLayout`` for the rule. A layout with a length that is
    /// not finite is refused and reported to ``LayoutDiagnostics/errorHandler``.
    public var contentLayout: ButtonContentLayout? {
        didSet {
            if let contentLayout, !contentLayout.isFinite {
                LayoutDiagnostics.report(.invalidGeometry(name: "contentLayout", view: layoutDescriptionName))
                self.contentLayout = oldValue
                return
            }
            if contentLayout != oldValue { contentSizeDidChange() }
        }
    }

    /// The line below the title of a button with a ``contentLayout``; a classic button keeps
    /// it without showing it. `nil` and the empty string both show none.
    public var subtitle: String? {
        get { subtitleMeasurement.isEmpty ? nil : subtitleMeasurement.text }
        set { if subtitleMeasurement.setText(newValue ?? ""), contentLayout != nil { contentSizeDidChange() } }
    }

    /// The subtitle with its attributes, related to ``subtitle`` and ``subtitleFont`` as
    /// ``attributedTitle`` is to the title.
    public var attributedSubtitle: AttributedString? {
        get { subtitleMeasurement.attributedText }
        set {
            let changed = subtitleMeasurement.setAttributed(
                newValue, property: "attributedSubtitle", view: layoutDescriptionName, adjustingFor: adjustingTraits)
            if changed, contentLayout != nil { contentSizeDidChange() }
        }
    }

    /// The subtitle's font; default ``defaultFont``, sized for the content size category as
    /// ``font`` is.
    public var subtitleFont: Font {
        get { subtitleMeasurement.font }
        set {
            let font = adjustedFont(newValue, if: adjustsFontForContentSizeCategory)
            if subtitleMeasurement.setFont(font), contentLayout != nil { contentSizeDidChange() }
        }
    }

    /// The handler ``updateConfiguration()`` runs, UIKit's `configurationUpdateHandler`: it
    /// runs at once when set, and on each update after.
    public var configurationUpdateHandler: ((Button) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Asks for ``updateConfiguration()``. UIKit coalesces the request until the next layout;
    /// Fitsize updates at once, which gives the same sizes at that layout. A request made while
    /// an update runs is dropped, as the running update already reflects it.
    public func setNeedsUpdateConfiguration() {
        guard !isUpdatingConfiguration else { return }
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        updateConfiguration()
    }

    /// Brings the button's content up to date with its state, UIKit's override point: by
    /// default it runs ``configurationUpdateHandler``.
    open func updateConfiguration() {
        configurationUpdateHandler?(self)
    }

    /// The label that stands for the title, UIKit's `titleLabel`: setting its `text` or
    /// `font` sets the button's ``title`` or ``font``. Its other properties are stored and
    /// change nothing: the title is always one line.
    public var titleLabel: Label? {
        if let label = titleLabelStorage { return label }
        let label = ButtonTitleLabel(button: self)
        titleLabelStorage = label
        return label
    }

    /// The height of the title with its padding, or zero for an image-only button.
    private var titleBoxHeight: CGFloat {
        if measurement.isEmpty, image != nil { return 0 }
        return titleSize.height + 2 * Button.titleVerticalPadding
    }

    /// The height of the content inside the insets: the title box or the image, whichever
    /// is taller.
    private var contentHeight: CGFloat { max(titleBoxHeight, image?.size.height ?? 0) }

    /// The distance from the top of the content to the top of the title box, which is
    /// centred beside a taller image.
    private var titleBoxTop: CGFloat { (contentHeight - titleBoxHeight) / 2 }

    /// The title on one line, or `nil` without a title.
    var titleLayout: TextLayout? {
        measurement.layout(width: .infinity, maxLines: 1, lineBreakMode: .byTruncatingMiddle, scale: rootDisplayScale)
    }

    /// The title's size, or zero by the font's line height without a title.
    var titleSize: CGSize {
        titleLayout?.size ?? CGSize(width: 0, height: font.lineHeight)
    }

    /// The subtitle on one line, or `nil` without one.
    var subtitleLayout: TextLayout? {
        subtitleMeasurement.layout(
            width: .infinity, maxLines: 1, lineBreakMode: .byTruncatingMiddle, scale: rootDisplayScale)
    }

    /// Where ``contentLayout`` puts the title, subtitle and image, or `nil` for a classic button.
    private var arrangement: ButtonContentLayout.Arrangement? {
        contentLayout?.arrange(title: titleLayout?.size, subtitle: subtitleLayout?.size, image: image?.size)
    }

    /// See the type's documentation for the rule.
    open override var intrinsicContentSize: CGSize {
        if let arrangement {
            let grid = PixelGrid(scale: rootDisplayScale)
            return CGSize(width: grid.ceilSize(arrangement.size.width), height: grid.ceilSize(arrangement.size.height))
        }
        let title = titleSize
        let insets = contentEdgeInsets
        let grid = PixelGrid(scale: rootDisplayScale)
        return CGSize(
            width: grid.ceilSize((image?.size.width ?? 0) + title.width + insets.left + insets.right),
            height: grid.ceilSize(contentHeight + insets.top + insets.bottom))
    }

    /// The title's first baseline below the top edge.
    open override var firstBaselineOffsetFromTop: CGFloat? {
        if let arrangement {
            if let title = titleLayout { return arrangement.textTop + title.firstBaseline }
            return subtitleLayout.map { arrangement.textTop + $0.firstBaseline }
        }
        return contentEdgeInsets.top + titleBoxTop + Button.titleVerticalPadding
            + (titleLayout?.firstBaseline ?? font.ascender)
    }

    /// The distance from the title's last baseline down to the bottom edge.
    open override var lastBaselineOffsetFromBottom: CGFloat {
        let size = intrinsicContentSize
        if let arrangement, let layout = contentLayout {
            let title = titleLayout
            guard let subtitle = subtitleLayout else {
                return title.map { size.height - arrangement.textTop - $0.lastBaseline } ?? layout.contentInsets.bottom
            }
            let subtitleTop = arrangement.textTop + (title.map { $0.size.height + layout.titlePadding } ?? 0)
            return size.height - subtitleTop - subtitle.lastBaseline
        }
        let baseline = contentEdgeInsets.top + titleBoxTop + Button.titleVerticalPadding
            + (titleLayout?.lastBaseline ?? font.ascender)
        return size.height - baseline
    }

    /// The intrinsic height, the box the button centres its title and insets in.
    open override var verticallyCenteredContentHeight: CGFloat? {
        intrinsicContentSize.height
    }

    /// The intrinsic content size: a button's size does not depend on what it is offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
