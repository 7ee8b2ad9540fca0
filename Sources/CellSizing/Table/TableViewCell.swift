import AutoLayout
import Foundation
import Typesetting

/// A row of a ``TableView``, UIKit's `UITableViewCell`: a ``contentView`` that holds the
/// row's content, the built-in styles' ``textLabel``, ``detailTextLabel`` and ``imageView``,
/// and an accessory on the trailing side that takes its width from the content view.
///
/// A cell sizes itself like UIKit's self-sizing cell: the content view fills the cell except
/// for the accessory's width, and the cell is as tall as the content view's constraints make
/// it (``TableView`` adds the separator). Apple documents neither the content view's margins
/// nor the accessories' widths; Fitsize uses ``contentViewLayoutMargins`` and
/// ``AccessoryType/reservedWidth``.
open class TableViewCell: View {
    /// UIKit's `UITableViewCell.CellStyle`: the built-in layouts of the labels and image.
    public enum CellStyle: Int, Sendable {
        /// A text label after an optional image; no detail label.
        case `default`
        /// A text label at the leading side and a detail label at the trailing side.
        case value1
        /// A text label in a narrow leading column and a detail label after it.
        case value2
        /// A text label with a detail label below it.
        case subtitle
    }

    /// UIKit's `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Sendable {
        /// No accessory.
        case none
        /// A chevron.
        case disclosureIndicator
        /// An info button and a chevron.
        case detailDisclosureButton
        /// A checkmark.
        case checkmark
        /// An info button.
        case detailButton

        /// The width the accessory takes from the content view, in points. Apple does not
        /// document these widths; Fitsize reserves 34 points for a chevron, 40 for a
        /// checkmark, 48 for an info button and 68 for both.
        public var reservedWidth: CGFloat {
            switch self {
            case .none: 0
            case .disclosureIndicator: 34
            case .checkmark: 40
            case .detailButton: 48
            case .detailDisclosureButton: 68
            }
        }
    }

    /// UIKit's `UITableViewCell.SelectionStyle`; stored only.
    public enum SelectionStyle: Int, Sendable {
        /// No highlight when selected.
        case none
        /// Blue.
        case blue
        /// Grey.
        case gray
        /// The default.
        case `default`
    }

    /// The margins of a cell's ``contentView``: 11 points above and below and 16 at the sides.
    /// Apple does not document them; these are the values Fitsize gives every cell, those of a
    /// phone-width table whose margins are 16 points.
    public static let contentViewLayoutMargins = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)

    /// The space a custom ``accessoryView`` keeps from the cell's trailing edge, beyond its
    /// width: 16 points, the content view's side margin (Fitsize's rule; Apple does not
    /// document it).
    public static let accessoryViewTrailingSpace: CGFloat = 16

    /// The style the cell was made with.
    public let style: CellStyle
    /// The identifier the table view reuses the cell under.
    public let reuseIdentifier: String?
    /// The view that holds the cell's content; add subviews here, as in UIKit.
    public let contentView = View()

    /// The content view's trailing edge, moved in by the accessory's width.
    private var contentTrailing: LayoutConstraint!
    private var styleViews: CellStyleViews?

    /// Makes a cell of `style` reused under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        contentView.translatesAutoresizingMaskIntoConstraints = false
        contentView.layoutMargins = Self.contentViewLayoutMargins
        addSubview(contentView)
        contentTrailing = contentView.trailingAnchor.constraint(equalTo: trailingAnchor)
        LayoutConstraint.activate([
            contentView.topAnchor.constraint(equalTo: topAnchor),
            contentView.leadingAnchor.constraint(equalTo: leadingAnchor),
            contentView.bottomAnchor.constraint(equalTo: bottomAnchor),
            contentTrailing,
        ])
    }

    /// Makes a `.default` cell with no reuse identifier.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// How ``TableView`` makes a cell of a registered class: through the subclass's own
    /// `init(style:reuseIdentifier:)`, which every subclass that overrides UIKit's
    /// initialisers has.
    public required convenience init(registeredStyle style: CellStyle, reuseIdentifier: String?) {
        self.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    /// The built-in style's main label, made on first use (as in UIKit) with the body font.
    public var textLabel: Label? { styleViewsMade().text }

    /// The built-in style's secondary label; `nil` for the `.default` style.
    public var detailTextLabel: Label? { styleViewsMade().detail }

    /// The built-in style's image view, at the leading side.
    public var imageView: ImageView? {
        let views = styleViewsMade()
        // Reading it is how code sets its image; the gap after it follows at the next update.
        setNeedsUpdateConstraints()
        return views.image
    }

    private func styleViewsMade() -> CellStyleViews {
        if let styleViews { return styleViews }
        let views = CellStyleViews(style: style, in: contentView)
        styleViews = views
        return views
    }

    /// Keeps the built-in style's spacing after the image current, then updates as `View`
    /// does.
    open override func updateConstraints() {
        styleViews?.updateImageSpacing()
        super.updateConstraints()
    }

    /// The standard accessory; its ``AccessoryType/reservedWidth`` comes off the content view.
    public var accessoryType: AccessoryType = .none {
        didSet { updateAccessoryWidth() }
    }

    /// A custom accessory, UIKit's `accessoryView`, which replaces ``accessoryType``: its
    /// width (its frame's, or its fitting width when the frame is empty) plus
    /// ``accessoryViewTrailingSpace`` comes off the content view.
    public var accessoryView: View? {
        didSet { updateAccessoryWidth() }
    }

    /// The width the accessory takes from the content view.
    public var accessoryWidth: CGFloat {
        if let accessoryView {
            var width = accessoryView.frame.width
            if width == 0 { width = accessoryView.systemLayoutSizeFitting(View.layoutFittingCompressedSize).width }
            return width + Self.accessoryViewTrailingSpace
        }
        return accessoryType.reservedWidth
    }

    private func updateAccessoryWidth() {
        contentTrailing.constant = -accessoryWidth
    }

    /// UIKit's `separatorInset`: the separator's left and right insets; stored only. Apple
    /// documents that the table view uses only the left and right values and that they take
    /// precedence over the table's (developer.apple.com/documentation/uikit/uitableviewcell/separatorinset);
    /// the line's height is the table's concern. Default 16 points on the left, the content
    /// view's margin (Apple does not document the default).
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

    /// UIKit's `selectionStyle`; stored only.
    public var selectionStyle: SelectionStyle = .default

    /// Whether the cell is selected; stored only.
    public var isSelected = false

    /// Whether the cell is highlighted; stored only.
    public var isHighlighted = false

    /// Called by ``TableView`` before it hands out this cell again from
    /// ``TableView/dequeueReusableCell(withIdentifier:for:)``; the default does nothing,
    /// and overrides reset what the previous row set, as in UIKit.
    open func prepareForReuse() {}
}
