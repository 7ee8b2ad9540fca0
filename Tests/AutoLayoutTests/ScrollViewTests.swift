import Foundation
import DiagnosticsRecording
import Testing
import Typesetting

@testable import AutoLayout

@Suite struct ScrollViewTests {
    /// A 375 × 667 screen filled by a scroll view.
    static func makeScreen() -> (root: View, scrollView: ScrollView) {
        let root = makeRoot(375, 667)
        let scrollView = ScrollView()
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scrollView)
        LayoutConstraint.activate([
            scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            scrollView.topAnchor.constraint(equalTo: root.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        return (root, scrollView)
    }

    static func rowText(_ index: Int) -> String {
        index.isMultiple(of: 3) ? "Row \(index): a somewhat longer line of text" : "Row \(index)"
    }

    @Test func verticalStackOfFiftyLabelsMakesTheContentSizeTheStacksHeight() throws {
        let (root, scrollView) = Self.makeScreen()
        let labels = (0..<50).map { Label(text: Self.rowText($0)) }
        let stack = StackView(arrangedSubviews: labels)
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(stack)
        let content = scrollView.contentLayoutGuide
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            stack.topAnchor.constraint(equalTo: content.topAnchor),
            stack.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            stack.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
        ])
        root.layoutIfNeeded()

        let heights = try (0..<50).map { try Expected.lineSize(Self.rowText($0)).height }
        let stackHeight = heights.reduce(0, +) + 49 * 4
        #expect(stackHeight > 667)
        #expect(stack.frame == CGRect(x: 0, y: 0, width: 375, height: stackHeight))
        #expect(scrollView.contentSize == CGSize(width: 375, height: stackHeight))
        #expect(scrollView.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(labels[49].frame.maxY == stackHeight)
        #expect(!stack.hasAmbiguousLayout)
    }

    @Test func contentSizeFollowsTheContent() throws {
        let (root, scrollView) = Self.makeScreen()
        let label = Label(text: "Only line")
        label.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(label)
        let content = scrollView.contentLayoutGuide
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -10),
        ])
        root.layoutIfNeeded()
        let size = try Expected.lineSize("Only line")
        #expect(scrollView.contentSize == CGSize(width: size.width + 20, height: size.height + 20))
        label.text = "A second, much wider line of text that scrolls sideways off the screen"
        root.layoutIfNeeded()
        let wider = try Expected.lineSize(label.text ?? "")
        #expect(wider.width > 375)
        #expect(scrollView.contentSize == CGSize(width: wider.width + 20, height: wider.height + 20))
    }

    @Test func contentSizeWithoutContentConstraintsIsTheSizeGiven() {
        let (root, scrollView) = Self.makeScreen()
        root.layoutIfNeeded()
        #expect(scrollView.contentSize == .zero)
        scrollView.contentSize = CGSize(width: 500, height: 1200)
        root.layoutIfNeeded()
        #expect(scrollView.contentSize == CGSize(width: 500, height: 1200))
        #expect(!scrollView.contentLayoutGuide.node.width.value.isNaN)
    }

    @Test func frameLayoutGuideStaysOnScreenWhileTheContentScrolls() {
        let (root, scrollView) = Self.makeScreen()
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(badge)
        let frameGuide = scrollView.frameLayoutGuide
        LayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: frameGuide.trailingAnchor, constant: -16),
            badge.bottomAnchor.constraint(equalTo: frameGuide.bottomAnchor, constant: -16),
            badge.widthAnchor.constraint(equalToConstant: 44),
            badge.heightAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 375 - 60, y: 667 - 60, width: 44, height: 44))
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 375 - 60, y: 300 + 667 - 60, width: 44, height: 44))
        #expect(scrollView.frameLayoutGuide.layoutFrame == CGRect(x: 0, y: 300, width: 375, height: 667))
    }

    @Test func invalidContentSizeIsRefused() {
        let scrollView = ScrollView()
        scrollView.accessibilityIdentifier = "refusing-scroll"
        let recorder = DiagnosticsRecorder.record(errorsContaining: "refusing-scroll") {
            scrollView.contentSize = CGSize(width: -1, height: 10)
            scrollView.contentOffset = CGPoint(x: CGFloat.nan, y: 0)
        }
        #expect(recorder.errors.count == 2)
        #expect(scrollView.contentOffset == .zero)
    }

    @Test func changingTheScrollViewsMarginsMovesWhatIsPinnedToThem() {
        let (root, scrollView) = Self.makeScreen()
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(box)
        let margins = scrollView.layoutMarginsGuide
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            box.topAnchor.constraint(equalTo: margins.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 8, y: 8, width: 10, height: 10))
        scrollView.layoutMargins = EdgeInsets(top: 30, left: 24, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 24, y: 30, width: 10, height: 10))
        #expect(scrollView.contentLayoutGuide.layoutFrame.origin == .zero)
    }
}
