/// How often a ``CellSizer`` checks that a cell's constraints determine its height.
///
/// A cell whose constraints leave its height free (its content is not connected to its
/// bottom edge, say) would get the compressed height, often 0, in silence; the checks turn
/// that into ``CellSizingError/heightNotDetermined(key:width:ambiguousViews:)``.
public enum HeightVerification: Sendable, Hashable {
    /// The first item each template cell measures at each width is fitted a second time,
    /// aiming at the expanded size (`View.layoutFittingExpandedSize`), and must
    /// get the same height. This catches a cell whose constraints never determine its height
    /// and costs nothing after the first item. A cell whose constraints change from item to
    /// item (a constraint switched off, an image view left without an image) can lose its
    /// height for some items only; those are not checked.
    case firstItemPerTemplate

    /// As ``firstItemPerTemplate``, and every other item is checked too, by asking the
    /// layout engine whether the height is ambiguous once the fitting target is gone
    /// (`View.hasAmbiguousLayout`). The query takes the fitting constraints out
    /// of the engine, so the next fitting puts them back in, which makes every measurement
    /// noticeably more work. A height free to grow without bound counts as ambiguous too.
    case everyItem

    /// No check: the height is the cell's fitting height at the compressed target, as UIKit's
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`
    /// gives it with the fitting priority, even where the constraints leave it open (a bottom
    /// tied by an inequality gives the smallest height it allows; content tied to no bottom,
    /// the compressed height, often 0). What a UIKit table view sizes its rows by.
    case unchecked
}
