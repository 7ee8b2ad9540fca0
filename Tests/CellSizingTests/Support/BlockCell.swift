import AutoLayout
import Foundation
import SeededRandom

/// The content of a ``BlockCell``: fixed-height blocks, then a block that wraps like text.
struct BlockItem: Sendable, Hashable {
    /// Heights of the fixed blocks, top to bottom.
    var blockHeights: [CGFloat]
    /// The wrapping block's area in square points: at width w it is ⌈area / w⌉ tall.
    var wrappingArea: CGFloat

    /// The height a ``BlockCell`` showing this item must have at `width`, by arithmetic.
    func expectedHeight(atWidth width: CGFloat) -> CGFloat {
        let innerWidth = width - 2 * BlockCell.inset
        let blocks = blockHeights + [(wrappingArea / innerWidth).rounded(.up)]
        return 2 * BlockCell.inset + blocks.reduce(0, +) + BlockCell.spacing * CGFloat(blocks.count - 1)
    }
}

/// A cell made of plain views with intrinsic sizes: a vertical chain of blocks, `inset` from
/// the cell's edges and `spacing` apart, the last one's height depending on its width. The
/// number of fixed blocks is set at creation; ``show(_:)`` gives them their heights.
final class BlockCell: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    static let inset: CGFloat = 8
    static let spacing: CGFloat = 4

    let blocks: [FixedBlock]
    let wrapping = WrappingBlock()

    init(blockCount: Int = 3) {
        blocks = (0..<blockCount).map { _ in FixedBlock() }
        super.init(frame: .zero)
        let chain: [View] = blocks + [wrapping]
        var constraints: [LayoutConstraint] = []
        var above: LayoutYAxisAnchor = topAnchor
        for (index, block) in chain.enumerated() {
            addSubview(block)
            constraints += [
                block.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Self.inset),
                block.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -Self.inset),
                block.topAnchor.constraint(equalTo: above, constant: index == 0 ? Self.inset : Self.spacing),
            ]
            above = block.bottomAnchor
        }
        constraints.append(bottomAnchor.constraint(equalTo: above, constant: Self.inset))
        LayoutConstraint.activate(constraints)
    }

    /// Fills the cell with an item that has as many block heights as the cell has blocks.
    func show(_ item: BlockItem) {
        for (block, height) in zip(blocks, item.blockHeights) { block.height = height }
        wrapping.area = item.wrappingArea
    }
}

/// A block with an intrinsic height and no intrinsic width.
final class FixedBlock: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    var height: CGFloat = 0 {
        didSet { if height != oldValue { invalidateIntrinsicContentSize() } }
    }

    init() {
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: height) }
}

/// A block whose intrinsic height depends on its width, like a multi-line label.
final class WrappingBlock: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    var area: CGFloat = 0 {
        didSet { if area != oldValue { invalidateIntrinsicContentSize() } }
    }
    private var layoutWidth: CGFloat?

    init() {
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize {
        guard let layoutWidth, layoutWidth > 0 else {
            return CGSize(width: View.noIntrinsicMetric, height: 0)
        }
        return CGSize(width: View.noIntrinsicMetric, height: (area / layoutWidth).rounded(.up))
    }

    override var hasWidthDependentIntrinsicContentSize: Bool { true }

    override func prepareIntrinsicContentSize(forLayoutWidth width: CGFloat) {
        guard width != layoutWidth else { return }
        layoutWidth = width
        invalidateIntrinsicContentSize()
    }
}


extension BlockItem {
    /// A random item for a cell of `blockCount` blocks, with whole-point heights.
    static func random(blockCount: Int = 3, using generator: inout SeededGenerator) -> BlockItem {
        BlockItem(
            blockHeights: (0..<blockCount).map { _ in CGFloat(Int.random(in: 0...60, using: &generator)) },
            wrappingArea: CGFloat(Int.random(in: 0...40_000, using: &generator)))
    }
}
