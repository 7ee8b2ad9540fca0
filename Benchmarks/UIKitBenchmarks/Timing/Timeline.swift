import FitsizeUIKit

/// A timeline of `count` tweets with deterministic names and texts of 4 to 40 words (a
/// mention or a hashtag among them), the rows of both sides of the benchmark.
final class Timeline: UITableViewDataSource {
    struct Tweet {
        let name: String
        let handle: String
        let text: String
        let likes: Int
    }

    let tweets: [Tweet]

    init(count: Int) {
        let words = ["layout", "engine", "text", "shaping", "cell", "height", "table", "screen", "font", "line",
                     "break", "width", "the", "a", "of", "and", "to", "in", "with", "measured", "wrapping",
                     "constraint", "solver", "baseline", "margin", "stack", "view", "label", "button", "image"]
        let names = ["Ada", "Grace Hopper", "Alan", "Katherine Johnson", "Edsger", "Barbara Liskov", "Ken", "Frances"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        tweets = (0..<count).map { index in
            let name = names[next(names.count)]
            var text = (0..<(4 + next(37))).map { _ in words[next(words.count)] }
            text[next(text.count)] = next(2) == 0 ? "@" + name.split(separator: " ")[0].lowercased() : "#fitsize"
            return Tweet(name: name, handle: name.lowercased().replacingOccurrences(of: " ", with: ""),
                         text: text.joined(separator: " "), likes: index % 7 == 0 ? 0 : index % 97)
        }
    }

    func configure(_ cell: TweetCell, row: Int) {
        let tweet = tweets[row]
        cell.configure(name: tweet.name, handle: tweet.handle, text: tweet.text, likes: tweet.likes)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { tweets.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: TweetCell.reuseIdentifier, for: indexPath) as! TweetCell
        configure(cell, row: indexPath.row)
        return cell
    }
}
