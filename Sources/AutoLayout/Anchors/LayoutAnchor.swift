import Foundation

/// One attribute of one layout item, for making constraints in a type-checked way.
///
/// `AnchorType` is the concrete anchor class (``LayoutXAxisAnchor``, ``LayoutYAxisAnchor``
/// or ``LayoutDimension``), so an anchor only accepts anchors of its own kind: relating a
/// horizontal anchor to a vertical one, or a position to a size, does not compile.
/// The constraints it makes are inactive; activate them with ``LayoutConstraint/isActive``
/// or ``LayoutConstraint/activate(_:)``.
public class LayoutAnchor<AnchorType: AnyObject>: CustomStringConvertible {
    let node: LayoutNode
    let attribute: LayoutAttribute

    init(_ node: LayoutNode, _ attribute: LayoutAttribute) {
        self.node = node
        self.attribute = attribute
    }

    /// The item the anchor belongs to (a ``View`` or a ``LayoutGuide``).
    public var item: (any LayoutItem)? { node.item }

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: CGFloat = 0) -> LayoutConstraint {
        make(.equal, anchor, multiplier: 1, constant: constant)
    }

    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: CGFloat = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: CGFloat = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
    }

    /// The anchor as `Item:0x….attribute`.
    public var description: String {
        LayoutConstraint.describe(node) + "." + attribute.description
    }

    func make(
        _ relation: LayoutRelation, _ anchor: LayoutAnchor<AnchorType>?, multiplier: CGFloat,
        constant: CGFloat
    ) -> LayoutConstraint {
        // The anchor types guarantee a valid pairing of attributes; non-finite numbers are
        // caught when the constraint is activated, which reports them by name.
        LayoutConstraint(
            unchecked: node, attribute, relation, anchor?.node,
            anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }
}
