import AutoLayout
import Foundation
import Typesetting

/// UIKit's `UITableViewHeaderFooterView`: a section header or footer with a ``contentView``
/// that sizes it, as a cell's does, and a ``textLabel`` made on first use.
open class TableViewHeaderFooterView: View {
    /// The identifier the table view reuses the view under.
    public let reuseIdentifier: String?
    /// The view that holds the content.
    public let contentView = View()
    private var label: Label?

    /// Makes a header or footer view reused under `reuseIdentifier`. Its content view's
    /// margins are ``TableViewCell/contentViewLayoutMargins`` (Fitsize's rule; Apple does not
    /// document them).
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        contentView.layoutMargins = TableViewCell.contentViewLayoutMargins
        addSubviewPinnedToEdges(contentView)
    }

    /// Makes a view with no reuse identifier.
    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    /// UIKit's archive initialiser: reports and returns `nil` (see `View.init(coder:)`).
    public required init?(coder: NSCoder) {
        View.refuseArchive(Self.self)
        return nil
    }

    /// How ``TableView`` makes a view of a registered class, through the subclass's own
    /// `init(reuseIdentifier:)`.
    public required convenience init(registeredReuseIdentifier reuseIdentifier: String?) {
        self.init(reuseIdentifier: reuseIdentifier)
    }

    /// The title label, made on first use with the footnote font within the content view's
    /// margins.
    public var textLabel: Label? {
        if let label { return label }
        let label = Label()
        label.font = Font.preferredFont(forTextStyle: .footnote)
        label.adjustsFontForContentSizeCategory = true
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        let margins = contentView.layoutMarginsGuide
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: margins.topAnchor),
            label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            label.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        self.label = label
        return label
    }

    /// Called before the table view hands the view out again; the default does nothing.
    open func prepareForReuse() {}
}
