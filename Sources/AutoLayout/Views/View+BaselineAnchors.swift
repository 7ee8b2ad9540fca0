extension View {
    /// The baseline of the view's first line of text (see ``firstBaselineOffsetFromTop``).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .firstBaseline) }
    /// The baseline of the view's last line of text (see ``lastBaselineOffsetFromBottom``).
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(node, .lastBaseline) }
}
