/// A part of a view's or layout guide's geometry that a ``LayoutConstraint`` relates.
///
/// The cases and their meaning follow UIKit. Leading and trailing resolve to left or right by
/// the item's effective layout direction (see ``View/semanticContentAttribute``); the margin
/// attributes are the edges of the view's ``View/layoutMarginsGuide``.
public enum LayoutAttribute: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No attribute: the second attribute of a constraint that gives a constant size.
    case notAnAttribute = 0
    /// The left edge.
    case left = 1
    /// The right edge.
    case right = 2
    /// The top edge.
    case top = 3
    /// The bottom edge.
    case bottom = 4
    /// The leading edge: left in left-to-right layouts, right in right-to-left ones.
    case leading = 5
    /// The trailing edge: right in left-to-right layouts, left in right-to-left ones.
    case trailing = 6
    /// The width.
    case width = 7
    /// The height.
    case height = 8
    /// The horizontal centre.
    case centerX = 9
    /// The vertical centre.
    case centerY = 10
    /// The baseline of the last line of text (the bottom edge of a view without text).
    case lastBaseline = 11
    /// The baseline of the first line of text (the bottom edge of a view without text).
    case firstBaseline = 12
    /// The left edge of the layout margins.
    case leftMargin = 13
    /// The right edge of the layout margins.
    case rightMargin = 14
    /// The top edge of the layout margins.
    case topMargin = 15
    /// The bottom edge of the layout margins.
    case bottomMargin = 16
    /// The leading edge of the layout margins.
    case leadingMargin = 17
    /// The trailing edge of the layout margins.
    case trailingMargin = 18
    /// The horizontal centre of the layout margins.
    case centerXWithinMargins = 19
    /// The vertical centre of the layout margins.
    case centerYWithinMargins = 20

    /// The axis the attribute measures along, or `nil` for ``notAnAttribute``.
    public var axis: LayoutAxis? {
        switch self {
        case .notAnAttribute: nil
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            .horizontal
        case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            .vertical
        }
    }

    /// Whether the attribute is a size (width or height) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute is an edge or centre of the layout margins.
    public var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins, .centerYWithinMargins:
            true
        default:
            false
        }
    }

    /// Whether the attribute follows the layout direction: leading or trailing, of the item
    /// or of its margins.
    public var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: true
        default: false
        }
    }

    /// Whether the attribute is a fixed horizontal edge: left or right, of the item or of its
    /// margins.
    var isAbsoluteHorizontalEdge: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: true
        default: false
        }
    }

    /// Whether the attribute is a text baseline.
    public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// The attribute's name as UIKit prints it in constraint descriptions.
    public var description: String {
        switch self {
        case .notAnAttribute: "notAnAttribute"
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        }
    }

    /// The attribute of the layout margins guide that a margin attribute stands for.
    var marginGuideAttribute: LayoutAttribute {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: self
        }
    }
}
