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

/// The pattern from before content layout guides: a content view pinned to the scroll view's
/// own edges. UIKit relates those edges to the content area and the scroll view's width to its
/// frame, so the content is as wide as the screen and as tall as its height, with no conflict.
@Suite struct ScrollViewEdgeTests {
    /// A 1000-point-tall content view added to `scrollView`, and the seed's constraints: its
    /// four edges to the scroll view's, its width equal to the scroll view's (inactive).
    static func pinnedContent(in scrollView: ScrollView) -> (View, [LayoutConstraint]) {
        let content = View()
        content.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(content)
        return (content, [
            content.topAnchor.constraint(equalTo: scrollView.topAnchor),
            content.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor),
            content.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor),
            content.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1000),
        ])
    }

    @Test func contentPinnedToTheScrollViewsEdgesSetsTheContentSize() {
        let (root, scrollView) = ScrollViewTests.makeScreen()
        let (content, constraints) = Self.pinnedContent(in: scrollView)
        let recorder = DiagnosticsRecorder.record(reportsInvolving: constraints) {
            LayoutConstraint.activate(constraints)
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.isEmpty)
        #expect(scrollView.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(scrollView.contentSize == CGSize(width: 375, height: 1000))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 375, height: 1000))
        // Scrolling moves the bounds, not the content or its size.
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 375, height: 1000))
        #expect(scrollView.contentSize == CGSize(width: 375, height: 1000))
    }

    /// A view outside the scroll view relates to its frame: a label pinned under it sits under
    /// the frame, not under the 1000-point content.
    @Test func viewsOutsideRelateToTheFrame() {
        let root = makeRoot(375, 667)
        let scrollView = ScrollView()
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        let footer = View()
        footer.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scrollView)
        root.addSubview(footer)
        let (_, contentConstraints) = Self.pinnedContent(in: scrollView)
        LayoutConstraint.activate(contentConstraints + [
            scrollView.topAnchor.constraint(equalTo: root.topAnchor),
            scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scrollView.widthAnchor.constraint(equalToConstant: 300),
            scrollView.heightAnchor.constraint(equalToConstant: 400),
            footer.topAnchor.constraint(equalTo: scrollView.bottomAnchor, constant: 10),
            footer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            footer.widthAnchor.constraint(equalToConstant: 50),
            footer.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(footer.frame == CGRect(x: 0, y: 410, width: 50, height: 20))
        #expect(scrollView.contentSize == CGSize(width: 300, height: 1000))
    }
}
