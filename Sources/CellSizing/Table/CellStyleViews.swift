import AutoLayout
import Foundation
import Typesetting

/// The labels and image view of a built-in ``TableViewCell/CellStyle``, with their
/// constraints in the content view's margins.
///
/// Apple documents the styles only by picture, so the layout is Fitsize's:
/// - `.default`: the image at the leading margin, then 16 points, then the text label to the
///   trailing margin; both centred vertically, within the top and bottom margins.
/// - `.subtitle`: as `.default`, with the detail label (subheadline font) below the text
///   label, the two centred together.
/// - `.value1`: the text label at the leading side and the detail label, at least 8 points
///   after it, against the trailing margin; both body font, centred vertically.
/// - `.value2`: the text label (subheadline font) in a column a quarter of the width inside
///   the margins, the detail label (subheadline font) 6 points after it to the trailing
///   margin.
/// Labels use the body font unless said otherwise, at the table's content size category, and
/// show one line until their `numberOfLines` is changed.
final class CellStyleViews {
    let text = Label()
    let detail: Label?
    let image = ImageView()
    private let afterImage: LayoutConstraint

    /// The gap between the image and the text when there is an image.
    static let imageSpacing: CGFloat = 16

    init(style: TableViewCell.CellStyle, in contentView: View) {
        detail = style == .default ? nil : Label()
        let margins = contentView.layoutMarginsGuide
        let body = Font.preferredFont(forTextStyle: .body)
        let subheadline = Font.preferredFont(forTextStyle: .subheadline)
        text.font = style == .value2 ? subheadline : body
        detail?.font = style == .value1 ? body : subheadline
        for label in [text] + (detail.map { [$0] } ?? []) {
            label.adjustsFontForContentSizeCategory = true
        }
        for view in [image, text] + (detail.map { [$0] } ?? []) {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        afterImage = text.leadingAnchor.constraint(equalTo: image.trailingAnchor)
        // Without an image the image view has no size of its own; these keep it empty.
        let emptyWidth = image.widthAnchor.constraint(equalToConstant: 0)
        emptyWidth.priority = LayoutPriority(rawValue: 1)
        let emptyHeight = image.heightAnchor.constraint(equalToConstant: 0)
        emptyHeight.priority = LayoutPriority(rawValue: 1)
        var constraints = [
            emptyWidth, emptyHeight,
            image.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            image.centerYAnchor.constraint(equalTo: margins.centerYAnchor),
            image.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
            image.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            afterImage,
        ]
        switch (style, detail) {
        case (.default, _), (_, nil):
            constraints += [
                text.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                text.centerYAnchor.constraint(equalTo: margins.centerYAnchor),
                text.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
                text.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            ]
            constraints += Self.hugging(text, margins)
        case (.subtitle, let detail?):
            constraints += [
                text.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                detail.leadingAnchor.constraint(equalTo: text.leadingAnchor),
                detail.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                detail.topAnchor.constraint(equalTo: text.bottomAnchor),
                text.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
                detail.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
                // The pair is centred: the space above the text equals the space below the detail.
                text.topAnchor.constraint(equalTo: margins.topAnchor).withPriority(.defaultHigh),
                detail.bottomAnchor.constraint(equalTo: margins.bottomAnchor).withPriority(.defaultHigh),
            ]
        case (.value1, let detail?), (.value2, let detail?):
            let column: [LayoutConstraint] =
                style == .value2
                ? [
                    text.widthAnchor.constraint(equalTo: margins.widthAnchor, multiplier: 0.25),
                    detail.leadingAnchor.constraint(equalTo: text.trailingAnchor, constant: 6),
                    detail.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                ]
                : [
                    detail.leadingAnchor.constraint(greaterThanOrEqualTo: text.trailingAnchor, constant: 8),
                    detail.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                ]
            constraints += column + [
                text.centerYAnchor.constraint(equalTo: margins.centerYAnchor),
                detail.centerYAnchor.constraint(equalTo: margins.centerYAnchor),
                text.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
                text.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
                detail.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor),
                detail.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
            ]
            constraints += Self.hugging(text, margins) + Self.hugging(detail, margins)
        }
        LayoutConstraint.activate(constraints)
        updateImageSpacing()
    }

    /// Pulls a centred label's top to the margin, so that the cell is no taller than its
    /// tallest view needs.
    private static func hugging(_ view: View, _ margins: LayoutGuide) -> [LayoutConstraint] {
        [view.topAnchor.constraint(equalTo: margins.topAnchor).withPriority(.defaultLow)]
    }

    /// 16 points after an image, none without one.
    func updateImageSpacing() {
        let spacing = image.image == nil ? 0 : Self.imageSpacing
        if afterImage.constant != spacing { afterImage.constant = spacing }
    }
}

extension LayoutConstraint {
    /// The constraint with `priority`, for building lists of constraints.
    fileprivate func withPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        self.priority = priority
        return self
    }
}
