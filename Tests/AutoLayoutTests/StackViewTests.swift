import Foundation
import DiagnosticsRecording
import Testing
import Typesetting

@testable import AutoLayout

@Suite struct StackViewTests {
    static let texts = ["A", "Hello", "Wide world"]

    /// A root with a stack of labels at (10, 20); `width` pins the stack's width when given.
    struct Fixture {
        let root: View
        let stack: StackView
        let labels: [Label]

        init(
            _ texts: [String] = StackViewTests.texts, fonts: [Font]? = nil, axis: LayoutAxis = .horizontal,
            width: CGFloat? = nil, configure: (StackView) -> Void = { _ in }
        ) {
            root = makeRoot(400, 600)
            labels = texts.enumerated().map { index, text in
                let label = Label(text: text)
                if let fonts { label.font = fonts[index] }
                return label
            }
            stack = StackView(arrangedSubviews: labels)
            stack.axis = axis
            stack.translatesAutoresizingMaskIntoConstraints = false
            configure(stack)
            root.addSubview(stack)
            var constraints = [
                stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            ]
            if let width { constraints.append(stack.widthAnchor.constraint(equalToConstant: width)) }
            LayoutConstraint.activate(constraints)
            root.layoutIfNeeded()
        }

        var isUnambiguous: Bool { !stack.hasAmbiguousLayout && labels.allSatisfy { !$0.hasAmbiguousLayout } }
    }

    static func sizes(_ texts: [String] = texts, fonts: [Font]? = nil) throws -> [CGSize] {
        try texts.enumerated().map { index, text in
            try Expected.lineSize(text, font: fonts?[index] ?? Font.default(size: 17))
        }
    }

    /// Frames of views laid side by side from x = 0 with the given solved widths and gaps.
    static func rowFrames(widths: [CGFloat], gaps: [CGFloat], height: CGFloat) -> [CGRect] {
        var x: CGFloat = 0
        return widths.enumerated().map { index, width in
            defer { x += width + (index < gaps.count ? gaps[index] : 0) }
            return Expected.frame(x: x, y: 0, width: width, height: height)
        }
    }

    // MARK: Distributions

    @Test func fillGivesExtraSpaceToTheFirstOfEquallyHuggingViews() throws {
        let fixture = Fixture(width: 300) { $0.spacing = 8 }
        let sizes = try Self.sizes()
        let first = 300 - 16 - sizes[1].width - sizes[2].width
        let expected = Self.rowFrames(widths: [first, sizes[1].width, sizes[2].width], gaps: [8, 8], height: sizes[0].height)
        #expect(fixture.labels.map(\.frame) == expected)
        #expect(fixture.stack.frame == CGRect(x: 10, y: 20, width: 300, height: sizes[0].height))
        #expect(fixture.isUnambiguous)
    }

    @Test func fillStretchesTheViewWithTheLowestHuggingPriority() throws {
        let fixture = Fixture(width: 300) { stack in
            stack.spacing = 8
            stack.arrangedSubviews[0].setContentHuggingPriority(252, for: .horizontal)
            stack.arrangedSubviews[2].setContentHuggingPriority(251, for: .horizontal)
        }
        let sizes = try Self.sizes()
        let middle = 300 - 16 - sizes[0].width - sizes[2].width
        let expected = Self.rowFrames(
            widths: [sizes[0].width, middle, sizes[2].width], gaps: [8, 8], height: sizes[0].height)
        #expect(fixture.labels.map(\.frame) == expected)
    }

    @Test func fillShrinksTheLastOfEquallyResistingViewsFirst() throws {
        let texts = ["One", "Two", "A much longer third label"]
        let fixture = Fixture(texts, width: 180) { $0.spacing = 8 }
        let sizes = try Self.sizes(texts)
        let last = 180 - 16 - sizes[0].width - sizes[1].width
        #expect(last > 0 && last < sizes[2].width)
        let expected = Self.rowFrames(widths: [sizes[0].width, sizes[1].width, last], gaps: [8, 8], height: sizes[0].height)
        #expect(fixture.labels.map(\.frame) == expected)
    }

    @Test func fillEquallyGivesEveryViewTheSameWidth() throws {
        let fixture = Fixture(width: 300) { stack in
            stack.distribution = .fillEqually
            stack.spacing = 8
        }
        let height = try Self.sizes()[0].height
        let width = (300 - 16) / CGFloat(3)
        #expect(fixture.labels.map(\.frame) == Self.rowFrames(widths: [width, width, width], gaps: [8, 8], height: height))
        #expect(fixture.stack.constraints.contains { $0.identifier == "SV-fill-equally" })
        #expect(fixture.isUnambiguous)
    }

    @Test func fillProportionallySharesWidthByIntrinsicWidth() throws {
        let fixture = Fixture(width: 300) { stack in
            stack.distribution = .fillProportionally
            stack.spacing = 8
        }
        let sizes = try Self.sizes()
        let total = sizes.map(\.width).reduce(0, +)
        let widths = sizes.map { $0.width / total * (300 - 16) }
        #expect(fixture.labels.map(\.frame) == Self.rowFrames(widths: widths, gaps: [8, 8], height: sizes[0].height))
        #expect(fixture.stack.constraints.filter { $0.identifier == "SV-fill-proportionally" }.map(\.priority)
            == [999, 998, 997])
        #expect(fixture.isUnambiguous)
    }

    @Test func fillProportionallyFollowsAChangedIntrinsicWidth() throws {
        let fixture = Fixture(width: 300) { $0.distribution = .fillProportionally }
        fixture.labels[0].text = "Now a longer first"
        fixture.root.layoutIfNeeded()
        let texts = ["Now a longer first", "Hello", "Wide world"]
        let sizes = try Self.sizes(texts)
        let total = sizes.map(\.width).reduce(0, +)
        let widths = sizes.map { $0.width / total * 300 }
        #expect(fixture.labels.map(\.frame) == Self.rowFrames(widths: widths, gaps: [0, 0], height: sizes[0].height))
    }

    @Test func equalSpacingKeepsIntrinsicWidthsAndEqualGaps() throws {
        let fixture = Fixture(width: 300) { stack in
            stack.distribution = .equalSpacing
            stack.spacing = 8
        }
        let sizes = try Self.sizes()
        let gap = (300 - sizes.map(\.width).reduce(0, +)) / 2
        #expect(gap > 8)
        let expected = Self.rowFrames(widths: sizes.map(\.width), gaps: [gap, gap], height: sizes[0].height)
        #expect(fixture.labels.map(\.frame) == expected)
        #expect(fixture.isUnambiguous)
    }

    @Test func equalCenteringPutsCentresEquallyFarApart() throws {
        let fixture = Fixture(width: 300) { stack in
            stack.distribution = .equalCentering
            stack.spacing = 8
        }
        let sizes = try Self.sizes()
        let firstCentre = sizes[0].width / 2
        let lastCentre = 300 - sizes[2].width / 2
        let middleCentre = (firstCentre + lastCentre) / 2
        let expected = [
            Expected.frame(x: 0, y: 0, width: sizes[0].width, height: sizes[0].height),
            Expected.frame(x: middleCentre - sizes[1].width / 2, y: 0, width: sizes[1].width, height: sizes[1].height),
            Expected.frame(x: 300 - sizes[2].width, y: 0, width: sizes[2].width, height: sizes[2].height),
        ]
        #expect(fixture.labels.map(\.frame) == expected)
        #expect(fixture.isUnambiguous)
    }

    @Test func unconstrainedStackIsAsWideAsItsViewsAndSpacing() throws {
        let fixture = Fixture { $0.spacing = 6 }
        let sizes = try Self.sizes()
        let width = sizes.map(\.width).reduce(0, +) + 12
        #expect(fixture.stack.frame == CGRect(x: 10, y: 20, width: width, height: sizes[0].height))
    }

    // MARK: Alignment

    @Test func firstBaselineAlignmentLinesUpLabelsInDifferentFontSizes() throws {
        let fonts = [Font.default(size: 12), Font.default(size: 17), Font.default(size: 30)]
        let texts = ["Small", "Body", "Large"]
        let fixture = Fixture(texts, fonts: fonts) { stack in
            stack.alignment = .firstBaseline
            stack.spacing = 8
        }
        let layouts = try texts.enumerated().map { try Expected.layout($1, font: fonts[$0]) }
        let baseline = layouts.map(\.firstBaseline).max() ?? 0
        var x: CGFloat = 0
        var bottom: CGFloat = 0
        for (label, layout) in zip(fixture.labels, layouts) {
            let y = baseline - layout.firstBaseline
            #expect(label.frame == Expected.frame(x: x, y: y, width: layout.size.width, height: layout.size.height))
            x += layout.size.width + 8
            bottom = max(bottom, y + layout.size.height)
        }
        #expect(fixture.stack.frame.height == Expected.rounded(20 + bottom) - 20)
        #expect(fixture.isUnambiguous)
    }

    @Test func lastBaselineAlignmentUsesTheLastLineOfAWrappedLabel() throws {
        let fonts = [Font.default(size: 12), Font.default(size: 17)]
        let texts = ["Two short lines here", "Body"]
        let fixture = Fixture(texts, fonts: fonts) { stack in
            stack.alignment = .lastBaseline
            let wrapped = stack.arrangedSubviews[0] as? Label
            wrapped?.numberOfLines = 0
            wrapped?.preferredMaxLayoutWidth = 60
        }
        let first = try Expected.layout(texts[0], font: fonts[0], width: 60, maxLines: 0, lineBreakMode: .byTruncatingTail)
        let second = try Expected.layout(texts[1], font: fonts[1])
        #expect(first.lines.count > 1)
        let baseline = max(first.lastBaseline, second.lastBaseline)
        #expect(fixture.labels[0].frame.minY == Expected.rounded(baseline - first.lastBaseline))
        #expect(fixture.labels[1].frame.minY == Expected.rounded(baseline - second.lastBaseline))
        #expect(fixture.isUnambiguous)
    }

    @Test(arguments: [StackView.Alignment.leading, .center, .trailing])
    func verticalStackAlignsAcrossItsWidth(alignment: StackView.Alignment) throws {
        let fixture = Fixture(axis: .vertical, width: 300) { $0.alignment = alignment }
        let sizes = try Self.sizes()
        var y: CGFloat = 0
        for (label, size) in zip(fixture.labels, sizes) {
            let x: CGFloat =
                switch alignment {
                case .leading: 0
                case .center: (300 - size.width) / 2
                default: 300 - size.width
                }
            #expect(label.frame == Expected.frame(x: x, y: y, width: size.width, height: size.height))
            y += size.height
        }
        #expect(fixture.stack.frame.height == y)
        #expect(fixture.isUnambiguous)
    }

    @Test func topAndBottomAreLeadingAndTrailing() {
        #expect(StackView.Alignment.top == .leading)
        #expect(StackView.Alignment.bottom == .trailing)
    }

    @Test func baselineRelativeArrangementSpacesBaselineToBaseline() throws {
        let fonts = [Font.default(size: 30), Font.default(size: 12), Font.default(size: 17)]
        let texts = ["Headline", "caption", "Body"]
        let fixture = Fixture(texts, fonts: fonts, axis: .vertical) { stack in
            stack.isBaselineRelativeArrangement = true
            stack.alignment = .leading
            stack.spacing = 24
        }
        let layouts = try texts.enumerated().map { try Expected.layout($1, font: fonts[$0]) }
        // The first baseline is the spacing below the stack's top, then baseline to baseline.
        var y = 24 - layouts[0].firstBaseline
        for index in layouts.indices {
            if index > 0 {
                y = y + layouts[index - 1].lastBaseline + 24 - layouts[index].firstBaseline
            }
            #expect(fixture.labels[index].frame.minY == Expected.rounded(20 + y) - Expected.rounded(20))
        }
        // The last baseline is the spacing above the stack's bottom.
        let bottom = y + (layouts.last?.lastBaseline ?? 0) + 24
        #expect(fixture.stack.frame.height == Expected.rounded(20 + bottom) - 20)
    }

    // MARK: Spacing, hiding, margins

    @Test func customSpacingReplacesSpacingAfterOneView() throws {
        let fixture = Fixture { stack in
            stack.spacing = 4
            stack.setCustomSpacing(20, after: stack.arrangedSubviews[0])
        }
        let sizes = try Self.sizes()
        #expect(fixture.stack.customSpacing(after: fixture.labels[0]) == 20)
        #expect(fixture.stack.customSpacing(after: fixture.labels[1]) == StackView.spacingUseDefault)
        #expect(fixture.labels.map(\.frame) == Self.rowFrames(widths: sizes.map(\.width), gaps: [20, 4], height: sizes[0].height))
    }

    @Test func hiddenArrangedViewCollapsesWithItsSpacing() throws {
        let fixture = Fixture { $0.spacing = 8 }
        let sizes = try Self.sizes()
        fixture.labels[1].isHidden = true
        fixture.root.layoutIfNeeded()
        #expect(fixture.labels[1].frame.width == 0)
        #expect(fixture.labels[2].frame.minX == sizes[0].width + 8)
        #expect(fixture.stack.frame.width == sizes[0].width + 8 + sizes[2].width)
        #expect(fixture.stack.constraints.contains { $0.identifier == "SV-hiding" })
        fixture.labels[1].isHidden = false
        fixture.root.layoutIfNeeded()
        #expect(fixture.stack.frame.width == sizes.map(\.width).reduce(0, +) + 16)
    }

    @Test func marginsRelativeArrangementInsetsTheViews() throws {
        let fixture = Fixture { stack in
            stack.layoutMargins = EdgeInsets(top: 5, left: 12, bottom: 6, right: 14)
            stack.isLayoutMarginsRelativeArrangement = true
        }
        let sizes = try Self.sizes()
        #expect(fixture.labels[0].frame.origin == CGPoint(x: 12, y: 5))
        let width = sizes.map(\.width).reduce(0, +)
        #expect(fixture.stack.frame.size == CGSize(width: 12 + width + 14, height: 5 + sizes[0].height + 6))
    }

    @Test func constraintsAreOrdinaryAndNamedInUIKitsSpirit() {
        let fixture = Fixture { $0.spacing = 8 }
        let identifiers = Set(fixture.stack.constraints.compactMap(\.identifier))
        #expect(identifiers.isSuperset(of: ["SV-spacing", "SV-canvas-connection", "SV-fill-order"]))
        #expect(fixture.stack.constraints.filter { $0.identifier == "SV-spacing" }.count == 2)
        #expect(fixture.stack.constraints.allSatisfy { $0.isActive })
    }

    @Test func anEngineConstraintTakesTheIdentifierItIsGivenAndCanLoseIt() throws {
        let fixture = Fixture { $0.spacing = 8 }
        let spacing = try #require(fixture.stack.constraints.first { $0.identifier == "SV-spacing" })
        spacing.identifier = "mine"
        #expect(spacing.identifier == "mine")
        #expect(spacing.description.contains("'mine'"))
        spacing.identifier = nil
        #expect(spacing.identifier == nil)
        #expect(!spacing.description.contains("'"))
    }

    @Test func removingAViewFromTheStackTakesItOutOfTheArrangement() throws {
        let fixture = Fixture { $0.spacing = 8 }
        fixture.labels[0].removeFromSuperview()
        fixture.root.layoutIfNeeded()
        let sizes = try Self.sizes()
        #expect(fixture.stack.arrangedSubviews.count == 2)
        #expect(fixture.labels[1].frame.minX == 0)
        #expect(fixture.stack.frame.width == sizes[1].width + 8 + sizes[2].width)
        // removeArrangedSubview keeps the view as a subview, as in UIKit.
        fixture.stack.removeArrangedSubview(fixture.labels[1])
        #expect(fixture.labels[1].superview === fixture.stack)
        #expect(fixture.stack.arrangedSubviews.count == 1)
    }

    @Test func badArgumentsAreRefusedAndReported() {
        let stack = StackView()
        stack.accessibilityIdentifier = "refusing-stack"
        let label = Label(text: "x")
        let recorder = DiagnosticsRecorder.record(errorsContaining: "refusing-stack") {
            stack.insertArrangedSubview(label, at: 3)
            stack.setCustomSpacing(10, after: label)
            stack.spacing = .nan
            stack.insertArrangedSubview(stack, at: 0)
        }
        #expect(recorder.errors.count == 4)
        #expect(stack.arrangedSubviews.isEmpty)
        #expect(stack.spacing == 0)
    }
}

@Suite struct StackViewSpacerTests {
    @Test func spacerWithoutIntrinsicWidthTakesNoSpaceInAHuggingStackAndTheRestInAFixedOne() throws {
        let root = makeRoot(400, 600)
        let label = Label(text: "Title")
        let spacer = View()
        let button = Button(title: "Edit")
        let stack = StackView(arrangedSubviews: [label, spacer, button])
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        let leading = stack.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        LayoutConstraint.activate([leading, stack.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        let title = try Expected.lineSize("Title")
        let edit = try Expected.lineSize("Edit", font: Font.default(size: 15))
        #expect(spacer.frame.width == 0)
        #expect(stack.frame.width == title.width + edit.width)

        // Pinned to both edges, the spacer (no intrinsic width, so no hugging) takes the rest.
        stack.trailingAnchor.constraint(equalTo: root.trailingAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.width == title.width)
        #expect(spacer.frame.width == 400 - title.width - edit.width)
        #expect(button.frame.minX == 400 - edit.width)
    }
}

@Suite struct NestedStackViewTests {
    /// A settings list: a vertical stack of rows, each a label and a switch, centred across.
    @Test func verticalStackOfCentredRowsLaysOutEveryRow() throws {
        let root = makeRoot(375, 667)
        let titles = ["Wi-Fi", "Bluetooth", "Airplane mode"]
        let rows = titles.map { title -> StackView in
            let row = StackView(arrangedSubviews: [Label(text: title), Switch()])
            row.alignment = .center
            row.spacing = 8
            return row
        }
        let list = StackView(arrangedSubviews: rows)
        list.axis = .vertical
        list.spacing = 12
        list.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(list)
        let margins = root.layoutMarginsGuide
        LayoutConstraint.activate([
            list.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            list.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            list.topAnchor.constraint(equalTo: margins.topAnchor),
        ])
        root.layoutIfNeeded()

        let width: CGFloat = 375 - 16
        var y: CGFloat = 0
        for (row, title) in zip(rows, titles) {
            let text = try Expected.lineSize(title)
            let height = max(text.height, 31)
            #expect(row.frame == CGRect(x: 0, y: y, width: width, height: height))
            let label = row.arrangedSubviews[0]
            let toggle = row.arrangedSubviews[1]
            // Both hug at 250; by the order rule the earlier view, the label, takes the extra width.
            #expect(label.frame == Expected.frame(x: 0, y: (height - text.height) / 2, width: width - 8 - 51, height: text.height))
            #expect(toggle.frame == Expected.frame(x: width - 51, y: (height - 31) / 2, width: 51, height: 31))
            y += height + 12
        }
        #expect(list.frame.height == y - 12)
        #expect(!list.hasAmbiguousLayout && rows.allSatisfy { !$0.hasAmbiguousLayout })
    }
}
