import AutoLayout
import CellSizing
import Foundation
import Testing
import Typesetting

/// The self-sizing cell of the README's library example, verbatim, so the example keeps
/// compiling and keeps giving the height its text promises.
final class MessageCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    let author = Label()
    let message = Label()

    override init(frame: CGRect) {
        super.init(frame: frame)
        message.numberOfLines = 0
        for label in [author, message] {
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
        }
        LayoutConstraint.activate([
            author.topAnchor.constraint(equalTo: layoutMarginsGuide.topAnchor),
            author.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            author.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor),
            message.topAnchor.constraint(equalToSystemSpacingBelow: author.bottomAnchor, multiplier: 1),
            message.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            message.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            message.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
        ])
    }
}

@Suite struct ReadmeExampleTests {
    static let messageText =
        "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves."

    @Test func readmeMessageCellIsMarginsPlusBothLabelsPlusStandardSpacing() throws {
        let sizer = try CellSizer(width: 375) { MessageCell() }
        let height = try sizer.height(for: "message-1") { cell in
            cell.author.text = "Ada"
            cell.message.text = Self.messageText
        }

        // Independently: 8-point margins, the author on one line, 8 points of standard
        // spacing, and the message wrapped at the width between the margins (375 − 16).
        let font = Font.default(size: 17)
        let author = try PreparedText("Ada", font: font).layout(width: .infinity, maxLines: 1, lineBreakMode: .byTruncatingTail)
        let message = try PreparedText(Self.messageText, font: font).layout(width: 359, maxLines: 0, lineBreakMode: .byWordWrapping)
        #expect(message.lines.count > 1, "the example's message is meant to wrap")
        #expect(height == 8 + author.size.height + 8 + message.size.height + 8)
    }
}
