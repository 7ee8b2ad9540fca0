// A news cell written for UIKit: a vertical stack view of labels in the margins, Dynamic
// Type fonts, and attributed text (a kerned kicker, a summary with line spacing, a byline
// with a bold name). Only the import differs from the iOS file.
#if canImport(UIKit)
import UIKit
#else
import FitsizeUIKit
#endif

final class ArticleCell: UITableViewCell {
    static let reuseIdentifier = "ArticleCell"

    let kickerLabel = UILabel()
    let headlineLabel = UILabel()
    let summaryLabel = UILabel()
    let bylineLabel = UILabel()
    private lazy var stackView = UIStackView(arrangedSubviews: [kickerLabel, headlineLabel, summaryLabel, bylineLabel])

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        headlineLabel.font = UIFont.preferredFont(forTextStyle: .title3)
        headlineLabel.numberOfLines = 0
        headlineLabel.adjustsFontForContentSizeCategory = true
        summaryLabel.numberOfLines = 0
        stackView.axis = .vertical
        stackView.alignment = .fill
        stackView.spacing = 6
        stackView.setCustomSpacing(10, after: summaryLabel)
        stackView.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stackView)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stackView.topAnchor.constraint(equalTo: margins.topAnchor),
            stackView.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stackView.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            stackView.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(section: String, headline: String, summary: String, author: String) {
        kickerLabel.attributedText = NSAttributedString(
            string: section.uppercased(),
            attributes: [.font: UIFont.preferredFont(forTextStyle: .caption1), .kern: 1.2, .foregroundColor: UIColor.systemRed])
        headlineLabel.text = headline

        let paragraph = NSMutableParagraphStyle()
        paragraph.lineSpacing = 4
        summaryLabel.attributedText = NSAttributedString(
            string: summary,
            attributes: [.font: UIFont.preferredFont(forTextStyle: .body), .paragraphStyle: paragraph,
                         .foregroundColor: UIColor.secondaryLabel])

        let footnote = UIFont.preferredFont(forTextStyle: .footnote)
        let byline = NSMutableAttributedString(string: "By ", attributes: [.font: footnote])
        byline.append(NSAttributedString(string: author, attributes: [.font: UIFont.boldSystemFont(ofSize: footnote.pointSize)]))
        bylineLabel.attributedText = byline
    }
}
