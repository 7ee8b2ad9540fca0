import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// Stack views whose views do not fill their breadth, inside a self-sizing cell: the stack
/// hugs its views firmly enough that the cell's fitting size is determined, as UIKit's
/// self-sizing cells find it.
@Suite struct StackViewFittingTests {
    static let fonts = [Font.default(size: 12), Font.default(size: 17), Font.default(size: 30)]
    static let texts = ["Two short lines here", "Body", "Large"]
    static let wrapWidth: CGFloat = 60

    /// A cell 375 points wide with a horizontal stack of three labels in different fonts
    /// (the first wraps at 60 points) pinned 16 from the sides and 8 from the top and bottom.
    struct Cell {
        let cell: View
        let stack: StackView
        let labels: [Label]

        init(alignment: StackView.Alignment) {
            cell = View(frame: CGRect(x: 0, y: 0, width: 375, height: 44))
            cell.displayScale = 1
            cell.translatesAutoresizingMaskIntoConstraints = false
            labels = zip(StackViewFittingTests.texts, StackViewFittingTests.fonts).map { text, font in
                let label = Label(text: text)
                label.font = font
                return label
            }
            labels[0].numberOfLines = 0
            labels[0].preferredMaxLayoutWidth = StackViewFittingTests.wrapWidth
            stack = StackView(arrangedSubviews: labels)
            stack.alignment = alignment
            stack.spacing = 8
            stack.translatesAutoresizingMaskIntoConstraints = false
            cell.addSubview(stack)
            LayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
                stack.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
                stack.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8),
                stack.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -8),
            ])
        }

        /// UIKit's self-sizing cell query: the width required, the height aiming at `target`
        /// at the fitting-size level.
        func fittedHeight(target: CGFloat) -> CGFloat {
            cell.systemLayoutSizeFitting(
                CGSize(width: 375, height: target), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
    }

    /// The labels' text layouts, from Typesetting.
    static func layouts() throws -> [TextLayout] {
        [
            try Expected.layout(texts[0], font: fonts[0], width: wrapWidth, maxLines: 0),
            try Expected.layout(texts[1], font: fonts[1]),
            try Expected.layout(texts[2], font: fonts[2]),
        ]
    }

    /// Each label's top in the stack and the height the views span, by the alignment's rule;
    /// `stackHeight` places centred and bottom-aligned views (default: the span).
    static func expectedTops(
        _ alignment: StackView.Alignment, stackHeight: CGFloat? = nil
    ) throws -> (tops: [CGFloat], height: CGFloat) {
        let layouts = try layouts()
        let heights = layouts.map(\.size.height)
        switch alignment {
        case .firstBaseline, .lastBaseline:
            let anchors = layouts.map { alignment == .firstBaseline ? $0.firstBaseline : $0.lastBaseline }
            let baseline = anchors.max() ?? 0
            let tops = anchors.map { baseline - $0 }
            let bottom = zip(tops, heights).map { $0 + $1 }.max() ?? 0
            return (tops, bottom)
        case .center:
            let height = heights.max() ?? 0
            return (heights.map { ((stackHeight ?? height) - $0) / 2 }, height)
        case .trailing:
            let height = heights.max() ?? 0
            return (heights.map { (stackHeight ?? height) - $0 }, height)
        default:
            return (heights.map { _ in 0 }, heights.max() ?? 0)
        }
    }

    static let alignments: [StackView.Alignment] = [.firstBaseline, .lastBaseline, .top, .center, .bottom]

    @Test(arguments: alignments)
    func alignedStackGivesTheCellTheHeightOfItsViews(alignment: StackView.Alignment) throws {
        let cell = Cell(alignment: alignment)
        let expected = try Self.expectedTops(alignment)
        #expect(cell.fittedHeight(target: 0) == Expected.ceiled(8 + expected.height + 8))
    }

    @Test(arguments: alignments)
    func alignedStackHeightIsDeterminedWithoutTheFittingTarget(alignment: StackView.Alignment) throws {
        let cell = Cell(alignment: alignment)
        let compressed = cell.fittedHeight(target: 0)
        // Aiming high must not stretch the stack: its hug outweighs the fitting target.
        #expect(cell.fittedHeight(target: View.layoutFittingExpandedSize.height) == compressed)
        #expect(!cell.cell.hasAmbiguousLayout)
        #expect(!cell.stack.hasAmbiguousLayout)
    }

    @Test(arguments: alignments)
    func alignedStackLaysOutItsViewsAtTheFittedHeight(alignment: StackView.Alignment) throws {
        let cell = Cell(alignment: alignment)
        let layouts = try Self.layouts()
        let height = cell.fittedHeight(target: 0)
        // The fitted height is ceiled to the pixel grid; the stack takes the fraction too.
        let expected = try Self.expectedTops(alignment, stackHeight: height - 16)
        cell.cell.heightAnchor.constraint(equalToConstant: height).isActive = true
        cell.cell.widthAnchor.constraint(equalToConstant: 375).isActive = true
        cell.cell.layoutIfNeeded()
        #expect(cell.stack.frame == CGRect(x: 16, y: 8, width: 343, height: height - 16))
        for (index, label) in cell.labels.enumerated() {
            let top = expected.tops[index]
            // Baseline-aligned views keep to the top of a stack taller than they span.
            #expect(label.frame.minY == Expected.rounded(top))
            #expect(label.frame.height == Expected.rounded(top + layouts[index].size.height) - Expected.rounded(top))
            #expect(!label.hasAmbiguousLayout)
        }
    }

    @Test(arguments: [StackView.Alignment.top, .center, .bottom, .firstBaseline])
    func viewWithoutAnIntrinsicHeightCollapsesInsteadOfBeingAmbiguous(alignment: StackView.Alignment) throws {
        let root = makeRoot(400, 600)
        let label = Label(text: "Body")
        let plain = View()
        let stack = StackView(arrangedSubviews: [label, plain])
        stack.alignment = alignment
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        let size = try Expected.lineSize("Body")
        #expect(stack.frame.height == size.height)
        #expect(plain.frame.height == 0)
        #expect(!plain.hasAmbiguousLayout && !label.hasAmbiguousLayout && !stack.hasAmbiguousLayout)
    }

    @Test(arguments: [StackView.Alignment.leading, .center, .trailing])
    func verticalStackWidthIsDeterminedWithoutTheFittingTarget(alignment: StackView.Alignment) throws {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.translatesAutoresizingMaskIntoConstraints = false
        let labels = ["A", "Hello", "Wide world"].map { Label(text: $0) }
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.alignment = alignment
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            stack.topAnchor.constraint(equalTo: root.topAnchor),
            stack.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        let widest = try ["A", "Hello", "Wide world"].map { try Expected.lineSize($0).width }.max() ?? 0
        for target in [View.layoutFittingCompressedSize, View.layoutFittingExpandedSize] {
            let size = root.systemLayoutSizeFitting(
                target, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
            #expect(size.width == Expected.ceiled(widest))
        }
    }
}
