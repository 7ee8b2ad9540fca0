/// The two directions of layout: along x (horizontal) and along y (vertical).
public enum LayoutAxis: Int, Sendable, Hashable, CaseIterable {
    /// Along x: left, right, leading, trailing, centre x, width.
    case horizontal = 0
    /// Along y: top, bottom, centre y, baselines, height.
    case vertical = 1
}
