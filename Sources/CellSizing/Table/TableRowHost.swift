import AutoLayout
import Foundation

/// The template a ``TableView``'s sizer measures: a view that holds whichever cell the data
/// source returned for the row, pinned to its edges, so that one sizer serves every cell
/// class of the table.
final class TableRowHost: View {
    private(set) var cell: View?

    /// Puts `cell` in the host in place of the one before.
    func show(_ cell: View) {
        guard cell !== self.cell || cell.superview !== self else { return }
        self.cell?.removeFromSuperview()
        self.cell = cell
        addSubviewPinnedToEdges(cell)
    }
}
