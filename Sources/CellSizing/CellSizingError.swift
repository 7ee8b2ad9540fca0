import AutoLayout
import Foundation

/// A problem met while sizing cells or editing a ``ListLayout``, with a message for the person
/// who wrote the cell or made the call.
///
/// Every throwing operation of the module leaves its receiver as it was before the call: a
/// batch that fails caches none of its heights, and a rejected edit changes no row.
public enum CellSizingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A cell width outside `0...CellSizer.maximumWidth` (negative, NaN, infinite or too wide).
    case invalidWidth(CGFloat)
    /// An estimated row height that is not a finite number of at least 0 points.
    case invalidEstimatedHeight(CGFloat)
    /// An offset that is not a number.
    case invalidOffset(CGFloat)
    /// The cell's constraints do not determine its height at `width`: with the width pinned,
    /// other heights satisfy them equally well, so the fitted height (the most compact one)
    /// says nothing about the content. `ambiguousViews` lists the cell and the views whose
    /// frames follow its free height, as paths from the cell (see ``CellSizer``).
    /// `key` is the item's key as text (keys need not be `Sendable`, errors must).
    case heightNotDetermined(key: String, width: CGFloat, ambiguousViews: [String])
    /// The cell's constraints gave it a height that no cell can have: negative, NaN or
    /// infinite (a constraint that sizes a view from itself, `h == 2 * h + 10`, gives -10).
    /// `key` is the item's key as text. The template cell that measured it is discarded.
    case impossibleHeight(key: String, width: CGFloat, height: CGFloat)
    /// The item's layout holds constraints with a constant or multiplier beyond the layout
    /// engine's range (`Solver.maximumValue`, `Solver.coefficientMagnitudes`), which the engine
    /// leaves out; a height measured without them would not be the item's. `key` is the
    /// item's key as text, `constraints` the refused constraints' descriptions.
    case constraintOutOfRange(key: String, width: CGFloat, constraints: [String])
    /// A row index outside `0..<rowCount` (or `0...rowCount` where one past the end is allowed).
    case rowOutOfRange(Int, rowCount: Int)
    /// A row range that is not within `0..<rowCount`.
    case rowRangeOutOfRange(Range<Int>, rowCount: Int)
    /// A key given to a ``ListLayout`` that already has a row with that key, or twice in one
    /// call; the key as text.
    case duplicateKey(String)

    /// A message naming the problem.
    public var description: String {
        switch self {
        case .invalidWidth(let width):
            "The cell width \(width) is not a number of points from 0 to \(CellSizer<View>.maximumWidth)."
        case .invalidEstimatedHeight(let height):
            "The estimated row height \(height) is not a finite number of at least 0 points."
        case .invalidOffset(let offset):
            "The offset \(offset) is not a number."
        case .heightNotDetermined(let key, let width, let views):
            "The constraints of the cell for \(key) do not determine its height at width \(width): "
                + "with the width pinned, other heights satisfy them equally well. Connect the "
                + "content to the cell's top and bottom edges with a chain of equalities and "
                + "intrinsic sizes. Views that follow the free height: "
                + views.joined(separator: ", ") + "."
        case .impossibleHeight(let key, let width, let height):
            "The constraints of the cell for \(key) give it the height \(height) at width \(width), which no "
                + "cell can have (a height is a finite number of at least 0 points). Look for a constraint "
                + "that sizes a view from itself, such as h == 2 * h + 10."
        case .constraintOutOfRange(let key, let width, let constraints):
            "The cell for \(key) at width \(width) has constraints whose numbers are beyond the "
                + "layout engine's range, so they were left out and its height cannot be measured: "
                + constraints.joined(separator: "; ") + "."
        case .rowOutOfRange(let row, let count):
            "Row \(row) is out of range for a list of \(count) rows."
        case .rowRangeOutOfRange(let range, let count):
            "Rows \(range.lowerBound)..<\(range.upperBound) are out of range for a list of \(count) rows."
        case .duplicateKey(let key):
            "The key \(key) is already used by another row; each row needs its own key."
        }
    }
}
