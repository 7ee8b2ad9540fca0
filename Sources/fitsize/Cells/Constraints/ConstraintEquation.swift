import AutoLayout

/// An anchor equation of a template, as written: `title.top == image.bottom + 8 @750`,
/// `image.width == 0.5 * cell.width`, `button.height >= 44`.
///
/// `first.attribute  relation  multiplier × second.attribute + constant  @priority`, UIKit's
/// `NSLayoutConstraint` with its items still named.
struct ConstraintEquation: Sendable {
    /// A named item's attribute, with the offset (in scalars) where its name starts.
    struct Operand: Sendable {
        var item: String
        var attribute: LayoutAttribute
        var offset: Int
    }

    var first: Operand
    var relation: LayoutRelation
    var second: Operand?
    var multiplier: Double = 1
    var constant: Double = 0
    var priority: Float = 1000

    /// The attribute names an equation may use: UIKit's `NSLayoutAttribute` names.
    static let attributes: [String: LayoutAttribute] = [
        "left": .left, "right": .right, "top": .top, "bottom": .bottom, "leading": .leading,
        "trailing": .trailing, "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY,
        "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline, "leftMargin": .leftMargin,
        "rightMargin": .rightMargin, "topMargin": .topMargin, "bottomMargin": .bottomMargin,
        "leadingMargin": .leadingMargin, "trailingMargin": .trailingMargin,
        "centerXWithinMargins": .centerXWithinMargins, "centerYWithinMargins": .centerYWithinMargins,
    ]

    /// Named priorities, as `LayoutPriority` spells them.
    static let priorities: [String: Float] = [
        "required": 1000, "defaultHigh": 750, "high": 750, "defaultLow": 250, "low": 250,
        "fittingSizeLevel": 50,
    ]
}
