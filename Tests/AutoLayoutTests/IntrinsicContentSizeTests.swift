import Foundation
import Testing

@testable import AutoLayout

@Suite struct IntrinsicContentSizeTests {
    @Test func viewWithLowerHuggingPriorityStretchesInATooWideRow() {
        let (root, first, second) = makeIntrinsicRow(width: 375)
        first.setContentHuggingPriority(.defaultLow, for: .horizontal)
        second.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame == CGRect(x: 0, y: 0, width: 275, height: 20))
        #expect(second.frame == CGRect(x: 275, y: 0, width: 100, height: 20))

        first.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100)
        #expect(second.frame == CGRect(x: 100, y: 0, width: 275, height: 20))
    }

    @Test func viewWithLowerCompressionResistanceShrinksInATooNarrowRow() {
        let (root, first, second) = makeIntrinsicRow(width: 150)
        first.setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        second.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 100)
        #expect(second.frame == CGRect(x: 100, y: 0, width: 50, height: 20))
    }

    @Test func heightWithoutConstraintsComesFromTheIntrinsicSize() {
        let (root, first, _) = makeIntrinsicRow(width: 375)
        root.layoutIfNeeded()
        #expect(first.frame.height == 20)
        first.contentSize = CGSize(width: 100, height: 44)
        root.layoutIfNeeded()
        #expect(first.frame.height == 44)
    }

    @Test func noIntrinsicMetricLeavesTheAxisToConstraints() {
        let root = makeRoot()
        let view = IntrinsicSizeView(View.noIntrinsicMetric, 30)
        root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.height == 30)
        #expect(view.hasAmbiguousLayout)
    }

    @Test func defaultPrioritiesAreLowHuggingAndHighCompressionResistance() {
        let view = View()
        #expect(view.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(view.contentHuggingPriority(for: .vertical) == 250)
        #expect(view.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        #expect(view.contentCompressionResistancePriority(for: .vertical) == 750)
    }

    @Test func intrinsicSizeChangeIsAConstantChangeOfTheSameSolverRows() throws {
        let (root, first, _) = makeIntrinsicRow(width: 375)
        root.layoutIfNeeded()
        let hugging = try #require(first.contentSizeConstraints.horizontalHugging)
        let before = try #require(hugging.solverConstraint)
        first.contentSize = CGSize(width: 120, height: 20)
        root.layoutIfNeeded()
        #expect(hugging.solverConstraint === before)
        #expect(hugging.constant == 120)
    }

    /// A text-like view 100×40 at y = 10 in a root, and a plain 10×10 view beside it whose
    /// baseline (its bottom edge) is aligned to the text view's `baseline` anchor.
    private func alignPlainView(
        to text: View, _ baseline: (View) -> LayoutYAxisAnchor
    ) -> (root: View, plain: View) {
        let root = makeRoot()
        text.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(text)
        let plain = makeSubview(of: root)
        LayoutConstraint.activate([
            text.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            text.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            text.widthAnchor.constraint(equalToConstant: 100),
            text.heightAnchor.constraint(equalToConstant: 40),
            baseline(plain).constraint(equalTo: baseline(text)),
            plain.leadingAnchor.constraint(equalTo: text.trailingAnchor),
            plain.widthAnchor.constraint(equalToConstant: 10),
            plain.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        return (root, plain)
    }

    @Test func firstBaselineAnchorUsesTheViewsBaselineOffset() {
        final class TextLikeView: View {
            var baseline: CGFloat = 14 { didSet { invalidateIntrinsicContentSize() } }
            override var firstBaselineOffsetFromTop: CGFloat? { baseline }
        }
        let text = TextLikeView()
        let (root, plain) = alignPlainView(to: text) { $0.firstBaselineAnchor }
        // A plain view's baseline is its bottom edge: 10 + 14 - 10.
        #expect(plain.frame.origin.y == 14)
        text.baseline = 20
        root.layoutIfNeeded()
        #expect(plain.frame.origin.y == 20)
    }

    @Test func baselineConstraintActivatedAgainFollowsANewBaselineOffset() throws {
        final class TextLikeView: View {
            var baseline: CGFloat = 14 { didSet { invalidateIntrinsicContentSize() } }
            override var firstBaselineOffsetFromTop: CGFloat? { baseline }
        }
        let text = TextLikeView()
        let (root, plain) = alignPlainView(to: text) { $0.firstBaselineAnchor }
        let aligned = try #require(
            root.constraints.first { $0.firstAttribute == .firstBaseline && $0.secondAttribute == .firstBaseline })
        aligned.isActive = false
        text.baseline = 30
        let again = plain.firstBaselineAnchor.constraint(equalTo: text.firstBaselineAnchor)
        again.isActive = true
        root.layoutIfNeeded()
        #expect(plain.frame.origin.y == 30)
        text.baseline = 22
        root.layoutIfNeeded()
        #expect(plain.frame.origin.y == 22)
    }

    @Test func lastBaselineAnchorIsMeasuredFromTheBottom() {
        final class TextLikeView: View {
            override var lastBaselineOffsetFromBottom: CGFloat { 6 }
        }
        let (_, plain) = alignPlainView(to: TextLikeView()) { $0.lastBaselineAnchor }
        // The text's last baseline is 6 above its bottom edge at 50.
        #expect(plain.frame.maxY == 44)
    }
}

/// A view whose intrinsic height depends on its width, like a multi-line label: its content
/// is `area` square points, so at width w it is area / w tall.
final class WidthDependentView: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let area: CGFloat
    let naturalWidth: CGFloat
    private(set) var measuredWidth: CGFloat?
    private(set) var preparations = 0

    init(area: CGFloat, naturalWidth: CGFloat) {
        self.area = area
        self.naturalWidth = naturalWidth
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize {
        let width = measuredWidth ?? naturalWidth
        return CGSize(width: naturalWidth, height: (area / width).rounded(.up))
    }

    override var hasWidthDependentIntrinsicContentSize: Bool { true }

    override func prepareIntrinsicContentSize(forLayoutWidth width: CGFloat) {
        preparations += 1
        guard width > 0, width != measuredWidth else { return }
        measuredWidth = width
        invalidateIntrinsicContentSize()
    }
}

@Suite struct WidthDependentLayoutTests {
    @Test func multiLineViewIsMeasuredAgainAtTheWidthItReceived() {
        let root = makeRoot(300, 600)
        let text = WidthDependentView(area: 20_000, naturalWidth: 1000)
        root.addSubview(text)
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            text.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            text.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        root.layoutIfNeeded()
        #expect(text.frame == CGRect(x: 20, y: 20, width: 260, height: 77))
        let preparations = text.preparations
        root.layoutIfNeeded()
        #expect(text.preparations == preparations)
    }

    @Test func fittingHeightOfMultiLineCellAtRequiredWidthUsesTheSecondPass() {
        let cell = View()
        cell.translatesAutoresizingMaskIntoConstraints = false
        let text = WidthDependentView(area: 20_000, naturalWidth: 1000)
        cell.addSubview(text)
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            text.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -10),
            text.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
            text.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
        ])
        let size = cell.systemLayoutSizeFitting(
            CGSize(width: 220, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 220, height: 120))
    }
}

@Suite struct DisplayScaleTests {
    /// Reports an intrinsic width of one point plus one pixel of its tree's grid.
    final class PixelAwareView: View {
        private(set) var reads = 0
        override var intrinsicContentSize: CGSize {
            reads += 1
            return CGSize(width: 1 + 1 / rootDisplayScale, height: 10)
        }
    }

    @Test func changingTheRootsScaleReadsIntrinsicSizesAgain() {
        let root = makeRoot(scale: 1)
        let view = PixelAwareView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.width == 2)
        root.displayScale = 2
        root.layoutIfNeeded()
        #expect(view.frame.width == 1.5)
    }

    @Test func movingToATreeWithAnotherScaleReadsIntrinsicSizesAgain() {
        let first = makeRoot(scale: 1)
        let second = makeRoot(scale: 2)
        let view = PixelAwareView()
        view.translatesAutoresizingMaskIntoConstraints = false
        first.addSubview(view)
        first.layoutIfNeeded()
        let reads = view.reads
        second.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: second.leadingAnchor),
            view.topAnchor.constraint(equalTo: second.topAnchor),
        ])
        second.layoutIfNeeded()
        #expect(view.reads > reads)
        #expect(view.frame.width == 1.5)
    }
}
