import AutoLayout
import CellSizing
import Foundation
import Typesetting

/// The texts one item of the cell-shape workloads shows.
public struct ShapeItem: Sendable {
    /// The item's number, its key in a sizer's cache.
    public let index: Int
    /// A wrapping title (two-label cell) or a one-line title (stacked cell).
    public var title: String
    /// A one-line subtitle.
    public var subtitle: String
    /// A wrapping body of 6 to 40 words.
    public var body: String
    /// A one-line name, truncated before the timestamp gives way.
    public var name: String
    /// A short one-line timestamp.
    public var timestamp: String

    /// Item `index`: words from a fixed vocabulary, lengths varying with the index, and one
    /// token per text that no other item has (as a feed's names and numbers are).
    public init(index: Int) {
        self.index = index
        func words(_ count: Int, from start: Int) -> String {
            (0..<count).map { Self.vocabulary[(start + $0 * 7) % Self.vocabulary.count] }.joined(separator: " ")
        }
        title = words(4 + index % 9, from: index) + " #\(index)"
        subtitle = "posted in " + words(2, from: index * 3) + " \(index % 97)"
        body = words(6 + (index * 13) % 35, from: index * 5) + " (\(index))"
        name = words(2 + index % 3, from: index * 11).capitalized
        timestamp = "\(1 + index % 59)m"
    }

    /// Items `0..<count`.
    public static func items(count: Int) -> [ShapeItem] { (0..<max(0, count)).map(ShapeItem.init(index:)) }

    private static let vocabulary = [
        "layout", "constraint", "label", "height", "cell", "stack", "button", "image", "width", "text",
        "measure", "shape", "feed", "reader", "priority", "margin", "inset", "baseline", "font", "line",
        "wrap", "truncate", "engine", "solver", "anchor", "view", "list", "scroll", "update", "release",
    ]
}

/// A cell of the shape suite: built with constraints, filled by ``show(_:)``, and laid out
/// again by hand by ``manualHeight(for:width:scale:)`` with the same text measurements, so
/// that the two can be timed against each other.
public protocol ShapeCell: View {
    /// An empty cell with its views and constraints.
    init()
    /// Shows `item`'s texts.
    func show(_ item: ShapeItem)
    /// The cell's height at `width` computed by frame arithmetic over ``PreparedText``
    /// layouts made with the labels' own arguments.
    static func manualHeight(for item: ShapeItem, width: CGFloat, scale: CGFloat) throws -> CGFloat
}

/// The layout of `text` as a label with `numberOfLines` lines measures it at `width`.
private func labelLayout(_ text: String, font: Font, width: CGFloat, lines: Int, scale: CGFloat) throws -> CGSize {
    try PreparedText(text, font: font).layout(
        width: width, maxLines: lines, lineBreakMode: .byTruncatingTail, scale: scale
    ).size
}

/// A one-line label's size: its text unwrapped, cut at the tail if it had to be.
private func singleLine(_ text: String, font: Font, scale: CGFloat) throws -> CGSize {
    try labelLayout(text, font: font, width: .infinity, lines: 1, scale: scale)
}

/// A label for the shape cells.
private func shapeLabel(font: Font, lines: Int) -> Label {
    let label = Label()
    label.font = font
    label.numberOfLines = lines
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
}

/// Two labels: a wrapping title and a one-line subtitle under it, 8-point insets.
public final class TwoLabelCell: View, ShapeCell {
    /// Fitsize reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    static let titleFont = Label.defaultFont
    static let subtitleFont = Label.defaultFont.withSize(13)
    static let inset: CGFloat = 8
    static let gap: CGFloat = 4

    let title = shapeLabel(font: TwoLabelCell.titleFont, lines: 0)
    let subtitle = shapeLabel(font: TwoLabelCell.subtitleFont, lines: 1)

    public required init() {
        super.init(frame: .zero)
        addSubview(title)
        addSubview(subtitle)
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: topAnchor, constant: Self.inset),
            title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.inset),
            title.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.inset),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: Self.gap),
            subtitle.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.inset),
            subtitle.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.inset),
            bottomAnchor.constraint(equalTo: subtitle.bottomAnchor, constant: Self.inset),
        ])
    }

    public func show(_ item: ShapeItem) {
        title.text = item.title
        subtitle.text = item.subtitle
    }

    public static func manualHeight(for item: ShapeItem, width: CGFloat, scale: CGFloat) throws -> CGFloat {
        let title = try labelLayout(item.title, font: titleFont, width: max(0, width - 2 * inset), lines: 0, scale: scale)
        let subtitle = try singleLine(item.subtitle, font: subtitleFont, scale: scale)
        return inset + title.height + gap + subtitle.height + inset
    }
}

/// An image and three labels: a name that gives way (lower compression resistance) to a
/// timestamp that hugs its text, and a wrapping body under the name; the cell is as tall as
/// the taller of the image and the texts.
public final class MediaRowCell: View, ShapeCell {
    /// Fitsize reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    static let font = Label.defaultFont
    static let smallFont = Label.defaultFont.withSize(13)
    static let inset: CGFloat = 8
    static let imageSide: CGFloat = 60
    static let gap: CGFloat = 4
    private static let picture = try! Image(pixelSize: CGSize(width: imageSide, height: imageSide))

    let image = ImageView()
    let name = shapeLabel(font: MediaRowCell.font, lines: 1)
    let timestamp = shapeLabel(font: MediaRowCell.smallFont, lines: 1)
    let body = shapeLabel(font: MediaRowCell.font, lines: 0)

    public required init() {
        super.init(frame: .zero)
        image.translatesAutoresizingMaskIntoConstraints = false
        image.image = Self.picture
        for view in [image, name, timestamp, body] { addSubview(view) }
        name.setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        name.setContentHuggingPriority(.defaultLow, for: .horizontal)
        timestamp.setContentCompressionResistancePriority(LayoutPriority(751), for: .horizontal)
        timestamp.setContentHuggingPriority(LayoutPriority(751), for: .horizontal)
        LayoutConstraint.activate([
            image.topAnchor.constraint(equalTo: topAnchor, constant: Self.inset),
            image.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.inset),
            image.widthAnchor.constraint(equalToConstant: Self.imageSide),
            image.heightAnchor.constraint(equalToConstant: Self.imageSide),
            name.topAnchor.constraint(equalTo: topAnchor, constant: Self.inset),
            name.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: Self.inset),
            timestamp.leadingAnchor.constraint(greaterThanOrEqualTo: name.trailingAnchor, constant: Self.inset),
            timestamp.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.inset),
            timestamp.firstBaselineAnchor.constraint(equalTo: name.firstBaselineAnchor),
            body.topAnchor.constraint(equalTo: name.bottomAnchor, constant: Self.gap),
            body.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.inset),
            bottomAnchor.constraint(greaterThanOrEqualTo: image.bottomAnchor, constant: Self.inset),
            bottomAnchor.constraint(greaterThanOrEqualTo: body.bottomAnchor, constant: Self.inset),
        ])
        // The texts' bottom sets the height unless the image is taller: an equality the
        // image's inequality may break, so that the height is determined either way.
        let hugTexts = bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: Self.inset)
        hugTexts.priority = LayoutPriority(749)
        hugTexts.isActive = true
    }

    public func show(_ item: ShapeItem) {
        name.text = item.name
        timestamp.text = item.timestamp
        body.text = item.body
    }

    public static func manualHeight(for item: ShapeItem, width: CGFloat, scale: CGFloat) throws -> CGFloat {
        let textWidth = max(0, width - inset - imageSide - inset - inset)
        let name = try singleLine(item.name, font: font, scale: scale)
        let body = try labelLayout(item.body, font: font, width: textWidth, lines: 0, scale: scale)
        return max(inset + imageSide + inset, inset + name.height + gap + body.height + inset)
    }
}

/// A vertical stack view of a one-line title, a wrapping body and a horizontal stack of three
/// buttons of equal widths, 16-point insets.
public final class StackedButtonsCell: View, ShapeCell {
    /// Fitsize reads no archives.
    public required init?(coder: NSCoder) {
        return nil
    }

    static let titleFont = Label.defaultFont
    static let bodyFont = Label.defaultFont.withSize(15)
    static let inset: CGFloat = 16
    static let spacing: CGFloat = 8
    static let buttonTitles = ["Reply", "Share", "Save"]

    let title = shapeLabel(font: StackedButtonsCell.titleFont, lines: 1)
    let body = shapeLabel(font: StackedButtonsCell.bodyFont, lines: 0)
    let buttons: StackView

    public required init() {
        let buttons = StackView(arrangedSubviews: Self.buttonTitles.map { text in
            let button = Button()
            button.title = text
            return button
        })
        buttons.axis = .horizontal
        buttons.distribution = .fillEqually
        buttons.spacing = Self.spacing
        self.buttons = buttons
        super.init(frame: .zero)
        let stack = StackView(arrangedSubviews: [title, body, buttons])
        stack.axis = .vertical
        stack.spacing = Self.spacing
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        LayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor, constant: Self.inset),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.inset),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.inset),
            bottomAnchor.constraint(equalTo: stack.bottomAnchor, constant: Self.inset),
        ])
    }

    public func show(_ item: ShapeItem) {
        title.text = item.title
        body.text = item.body
    }

    public static func manualHeight(for item: ShapeItem, width: CGFloat, scale: CGFloat) throws -> CGFloat {
        let title = try singleLine(item.title, font: titleFont, scale: scale)
        let body = try labelLayout(item.body, font: bodyFont, width: max(0, width - 2 * inset), lines: 0, scale: scale)
        // A button is its title's line plus UIKit's padding above and below, on the pixel grid.
        let buttonTitle = try singleLine(buttonTitles[0], font: Button.defaultFont, scale: scale)
        let button = (buttonTitle.height + 2 * Button.titleVerticalPadding) * scale
        let buttonHeight = button.rounded(.up) / scale
        return inset + title.height + spacing + body.height + spacing + buttonHeight + inset
    }
}

/// One cell shape's workload: its items, a sizer of its cells, and the two ways of sizing
/// every item that are timed against each other.
public struct ShapeWorkload<Cell: ShapeCell> {
    /// The items, with their numbers as keys.
    public let items: [ShapeItem]

    /// `count` items.
    public init(count: Int) { items = ShapeItem.items(count: count) }

    /// A sizer of the shape's cells at `width`.
    public static func makeSizer(width: CGFloat = FeedWorkload.phoneWidth) throws -> CellSizer<Cell> {
        try CellSizer(width: width) { Cell() }
    }

    /// Sizes every item with the constraint cell, one after the other; returns the heights' sum.
    @discardableResult
    public func sizeSerially(with sizer: CellSizer<Cell>) throws -> CGFloat {
        var total: CGFloat = 0
        for item in items { total += try sizer.height(for: item.index) { $0.show(item) } }
        return total
    }

    /// Lays every item out by hand at `width`; returns the heights' sum.
    @discardableResult
    public func layOutManually(width: CGFloat = FeedWorkload.phoneWidth) throws -> CGFloat {
        var total: CGFloat = 0
        for item in items { total += try Cell.manualHeight(for: item, width: width, scale: 1) }
        return total
    }

    /// The first item whose two heights differ at `width`, with both heights: the benchmark
    /// refuses to time two layouts that disagree.
    public func firstDisagreement(width: CGFloat) throws -> (item: Int, constraint: CGFloat, manual: CGFloat)? {
        let sizer = try Self.makeSizer(width: width)
        for item in items {
            let height = try sizer.height(for: item.index) { $0.show(item) }
            let manual = try Cell.manualHeight(for: item, width: width, scale: 1)
            if height != manual { return (item.index, height, manual) }
        }
        return nil
    }
}
