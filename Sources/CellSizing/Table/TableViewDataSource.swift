import AutoLayout
import Foundation

/// UIKit's `UITableViewDataSource`, with the methods that decide what a table shows and so
/// its size. The ones UIKit makes optional have defaults here: one section.
public protocol TableViewDataSource: AnyObject {
    /// The number of rows in `section`.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for the row at `indexPath`, usually from
    /// ``TableView/dequeueReusableCell(withIdentifier:for:)``, filled with the row's content.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The number of sections; default 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// The title of the header of `section`, or `nil` (the default) for none.
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The title of the footer of `section`, or `nil` (the default) for none.
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
    /// One section, as in UIKit.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    /// No header title.
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title.
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// UIKit's `UITableViewDelegate`, with the methods that change sizes. Each has UIKit's
/// default: the table view's ``TableView/rowHeight`` (and section header and footer heights),
/// no header or footer view.
public protocol TableViewDelegate: AnyObject {
    /// The height of the row at `indexPath`, or ``TableView/automaticDimension`` for the
    /// cell's own height.
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// An estimate of the row's height (unused: Fitsize measures the rows it is asked about).
    func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of the header of `section`, or ``TableView/automaticDimension`` for the
    /// header view's own height.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of the footer of `section`, or ``TableView/automaticDimension``.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat
    /// The header view of `section`, or `nil` for none.
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
    /// The footer view of `section`, or `nil` for none.
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
}

extension TableViewDelegate {
    /// The table view's ``TableView/rowHeight``.
    public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.rowHeight
    }
    /// The table view's ``TableView/estimatedRowHeight``.
    public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.estimatedRowHeight
    }
    /// The table view's ``TableView/sectionHeaderHeight``.
    public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.sectionHeaderHeight
    }
    /// The table view's ``TableView/sectionFooterHeight``.
    public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.sectionFooterHeight
    }
    /// No header view.
    public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
    /// No footer view.
    public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
}
