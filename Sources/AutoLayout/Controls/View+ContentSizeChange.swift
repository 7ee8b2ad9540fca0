extension View {
    /// What a control does when a property that affects its size changes: the layout engine
    /// reads the intrinsic size again, and the next layout pass places the content anew.
    /// Controls call it only when the value really changed, so that setting the same value
    /// again costs nothing.
    func contentSizeDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}
