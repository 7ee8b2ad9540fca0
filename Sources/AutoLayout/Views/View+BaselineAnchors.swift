extension View {
    /// The view's left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(node, .left) }
    /// The view's right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(node, .right) }
    /// The view's leading edge: left in left-to-right layouts, right in right-to-left ones.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(node, .leading) }
    /// The view's trailing edge: right in left-to-right layouts, left in right-to-left ones.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(node, .trailing) }
    /// The view's horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(node, .centerX) }
    /// The view's top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .top) }
    /// The view's bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .bottom) }
    /// The view's vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .centerY) }
    /// The baseline of the view's first line of text (see ``firstBaselineOffsetFromTop``).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .firstBaseline) }
    /// The baseline of the view's last line of text (see ``lastBaselineOffsetFromBottom``).
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .lastBaseline) }
    /// The view's width.
    public var widthAnchor: LayoutDimension { LayoutDimension(node, .width) }
    /// The view's height.
    public var heightAnchor: LayoutDimension { LayoutDimension(node, .height) }
}
