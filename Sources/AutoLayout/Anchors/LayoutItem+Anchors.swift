extension LayoutItem {
    /// The item's left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchorNode, .left) }
    /// The item's right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchorNode, .right) }
    /// The item's leading edge: left in left-to-right layouts, right in right-to-left ones.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchorNode, .leading) }
    /// The item's trailing edge: right in left-to-right layouts, left in right-to-left ones.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchorNode, .trailing) }
    /// The item's horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchorNode, .centerX) }
    /// The item's top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(anchorNode, .top) }
    /// The item's bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(anchorNode, .bottom) }
    /// The item's vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(anchorNode, .centerY) }
    /// The item's width.
    public var widthAnchor: LayoutDimension { LayoutDimension(anchorNode, .width) }
    /// The item's height.
    public var heightAnchor: LayoutDimension { LayoutDimension(anchorNode, .height) }

    /// The node the anchors name. Another conforming type has no node: its anchors name a
    /// node of no item, which activation refuses like an item that has gone away.
    /// (Cast as an object: a class cast, where casting the generic `Self` goes through the
    /// runtime's general one.)
    var anchorNode: LayoutNode {
        let object: AnyObject = self
        if let view = object as? View { return view.node }
        if let guide = object as? LayoutGuide { return guide.node }
        return LayoutNode()
    }
}
