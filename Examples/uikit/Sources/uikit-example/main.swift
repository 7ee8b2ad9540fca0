// Sizes a mixed list of the two cells with a UITableView and its data source, as an iOS
// screen would, and prints each row's height and offset and the content height.
//
//   swift run --package-path Examples/uikit uikit-example [width]
import FitsizeUIKit

/// A screen's rows: timeline entries, then settings.
final class Screen: NSObject, UITableViewDataSource {
    enum Row {
        case tweet(name: String, handle: String, text: String, likes: Int)
        case setting(title: String, footnote: String, isOn: Bool)
    }

    let rows: [Row] = [
        .tweet(name: "Ada", handle: "ada", text: "Shipped the new build. @grace the crash on launch is gone #release", likes: 12),
        .tweet(name: "Grace Hopper", handle: "grace",
               text: "Found the bug: a moth in relay 70, panel F. Taped it into the logbook so nobody forgets "
                   + "that the first actual case of bug being found was, in fact, a bug. #debugging #history",
               likes: 0),
        .setting(title: "Notifications", footnote: "Banners and sounds for new messages.", isOn: true),
        .setting(title: "Download over cellular data when Wi-Fi is not available",
                 footnote: "Large attachments may use a lot of data on plans with a limit.", isOn: false),
    ]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        switch rows[indexPath.row] {
        case .tweet(let name, let handle, let text, let likes):
            let cell = tableView.dequeueReusableCell(withIdentifier: TweetCell.reuseIdentifier, for: indexPath) as! TweetCell
            cell.configure(name: name, handle: handle, text: text, likes: likes)
            return cell
        case .setting(let title, let footnote, let isOn):
            let cell = tableView.dequeueReusableCell(withIdentifier: SettingCell.reuseIdentifier, for: indexPath) as! SettingCell
            cell.configure(title: title, footnote: footnote, isOn: isOn)
            return cell
        }
    }
}

let width = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 375
let screen = Screen()
let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: width, height: 812), style: .plain)
tableView.register(TweetCell.self, forCellReuseIdentifier: TweetCell.reuseIdentifier)
tableView.register(SettingCell.self, forCellReuseIdentifier: SettingCell.reuseIdentifier)
tableView.rowHeight = UITableView.automaticDimension
tableView.estimatedRowHeight = 88
tableView.dataSource = screen

for row in screen.rows.indices {
    let rect = tableView.rectForRow(at: IndexPath(row: row, section: 0))
    print("row \(row): height \(rect.height) at \(rect.minY)")
}
print("content height \(tableView.contentSize.height)")
