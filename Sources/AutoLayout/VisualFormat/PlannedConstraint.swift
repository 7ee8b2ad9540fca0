// A constraint the visual format generator has fully resolved but not yet made.

import Foundation

/// One constraint of a visual format, with every name resolved: making it cannot fail on
/// the format's account.
struct PlannedConstraint {
    /// A layout item as the plan knows it: a view or guide the format names, or a
    /// superview's margins guide, which is only fetched (and, the first time, created) when
    /// the constraint is made.
    enum Item {
        case view(any LayoutItem)
        case margins(of: View)

        var layoutItem: any LayoutItem {
            switch self {
            case .view(let view): view
            case .margins(let view): view.layoutMarginsGuide
            }
        }
    }

    /// An item and one of its attributes.
    struct Anchor {
        var item: Item
        var attribute: LayoutAttribute
    }

    /// How the constraint describes itself, following the shapes UIKit prints in visual
    /// format (see ``VisualFormatDescription``).
    enum Form {
        /// The general equation (alignments, baseline spacing).
        case equation
        /// `H:[second]-(8)-[first]`.
        case spacing(LayoutAxis)
        /// `H:[first(>=50)]` or `H:[first(==second)]`.
        case size(LayoutAxis)
        /// `H:|-(20)-[first]`, the bar standing for the second item.
        case fromSuperview(LayoutAxis)
        /// `H:[second]-(20)-|`, the bar standing for the first item.
        case toSuperview(LayoutAxis)
    }

    var first: Anchor
    var relation: LayoutRelation
    var second: Anchor?
    var constant: CGFloat
    var priority: LayoutPriority
    var form: Form

    /// Makes the (inactive) constraint and gives it its visual format description.
    func make() throws -> LayoutConstraint {
        let constraint = try LayoutConstraint.checked(
            item: first.item.layoutItem, attribute: first.attribute, relatedBy: relation,
            toItem: second?.item.layoutItem, attribute: second?.attribute ?? .notAnAttribute,
            multiplier: 1, constant: constant)
        constraint.priority = priority
        VisualFormatDescription(form: form).apply(to: constraint)
        return constraint
    }
}
