import AutoLayout
import Foundation
import Testing
import Typesetting

@testable import CellSizing

/// A cell with a title and a larger price on one baseline, in a horizontal stack pinned to
/// all four edges.
final class BaselineRowCell: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let stack: StackView

    init(alignment: StackView.Alignment) {
        let title = Label(text: "Title")
        let price = Label(text: "€12")
        price.font = Font.default(size: 28)
        stack = StackView(arrangedSubviews: [title, price])
        stack.alignment = alignment
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        super.init(frame: .zero)
        addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: topAnchor, constant: 10),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -10),
        ])
    }
}

@Suite struct BaselineStackCellTests {
    @Test(arguments: [StackView.Alignment.firstBaseline, .lastBaseline, .fill])
    func baselineAlignedStackCellHasADeterminedHeight(alignment: StackView.Alignment) throws {
        let sizer = try CellSizer(width: 375) { BaselineRowCell(alignment: alignment) }
        let height = try sizer.height(for: "row") { _ in }
        let title = try PreparedText("Title", font: Font.default(size: 17)).layout(width: .infinity, maxLines: 1)
        let price = try PreparedText("€12", font: Font.default(size: 28)).layout(width: .infinity, maxLines: 1)
        let span: CGFloat
        if alignment == .fill {
            span = max(title.size.height, price.size.height)
        } else {
            // One line each: the first and last baselines coincide.
            let baseline = max(title.firstBaseline, price.firstBaseline)
            span = max(baseline - title.firstBaseline + title.size.height, baseline - price.firstBaseline + price.size.height)
        }
        #expect(height == (10 + span + 10).rounded(.up))
    }
}
