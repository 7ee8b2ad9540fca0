import Foundation
import DiagnosticsRecording
import Testing
import Typesetting

@testable import AutoLayout

@Suite struct LabelTests {
    @Test(arguments: [CGFloat(1), 2, 3])
    func seventeenPointLabelHeightIsDefaultFontLineHeightCeiledToPixelGrid(scale: CGFloat) {
        let root = makeRoot(scale: scale)
        let label = makeLabel("Hello, world", in: root)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let expected = Expected.ceiled(Font.default(size: 17).lineHeight, scale: scale)
        #expect(label.font == Font.default(size: 17))
        #expect(label.intrinsicContentSize.height == expected)
        #expect(label.frame.height == expected)
    }

    @Test func intrinsicSizeIsMeasuredTextSizeOnOneLine() throws {
        let label = Label(text: "Intrinsic width")
        let expected = try Expected.lineSize("Intrinsic width")
        #expect(label.intrinsicContentSize == expected)
        #expect(expected.width > 0)
    }

    @Test func emptyLabelHasZeroIntrinsicSize() {
        let label = Label()
        #expect(label.intrinsicContentSize == .zero)
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
        #expect(label.text == nil)
    }

    @Test func defaultsFollowUIKit() {
        let label = Label()
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.preferredMaxLayoutWidth == 0)
        #expect(label.textAlignment == .natural)
        #expect(label.lineSpacing == 0)
    }

    @Test func multiLineLabelWithPreferredMaxLayoutWidthWrapsAtIt() throws {
        let label = Label(text: longText)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 200
        let expected = try Expected.layout(longText, width: 200, maxLines: 0)
        #expect(expected.lines.count > 2)
        #expect(label.intrinsicContentSize == expected.size)
        #expect(label.intrinsicContentSize.width <= 200)
        #expect(!label.hasWidthDependentIntrinsicContentSize)
    }

    @Test func numberOfLinesLimitsTheHeight() throws {
        let label = Label(text: longText)
        label.numberOfLines = 2
        label.preferredMaxLayoutWidth = 150
        let expected = try Expected.layout(longText, width: 150, maxLines: 2)
        #expect(expected.lines.count == 2)
        #expect(label.intrinsicContentSize == expected.size)
    }

    @Test func lineSpacingAddsSpaceBetweenLines() throws {
        let label = Label(text: longText)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 180
        let before = label.intrinsicContentSize.height
        label.lineSpacing = 6
        let expected = try Expected.layout(longText, width: 180, maxLines: 0, lineSpacing: 6)
        #expect(label.intrinsicContentSize == expected.size)
        #expect(label.intrinsicContentSize.height > before)
    }

    @Test func multiLineLabelWithoutPreferredWidthWrapsAtTheWidthItReceives() throws {
        let root = makeRoot(300, 600)
        let label = makeLabel(longText, in: root)
        label.numberOfLines = 0
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        root.layoutIfNeeded()
        let expected = try Expected.layout(longText, width: 260, maxLines: 0)
        #expect(expected.lines.count > 3)
        #expect(label.frame == CGRect(x: 20, y: 10, width: 260, height: expected.size.height))
        // The root gets narrower: the label is measured again at its new width.
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 600)
        root.layoutIfNeeded()
        let narrower = try Expected.layout(longText, width: 160, maxLines: 0)
        #expect(narrower.size.height > expected.size.height)
        #expect(label.frame == CGRect(x: 20, y: 10, width: 160, height: narrower.size.height))
    }

    @Test func baselinesAreTheTextsFirstAndLastBaselines() throws {
        let label = Label(text: longText)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 220
        let expected = try Expected.layout(longText, width: 220, maxLines: 0)
        #expect(label.firstBaselineOffsetFromTop == expected.firstBaseline)
        #expect(label.lastBaselineOffsetFromBottom == expected.size.height - expected.lastBaseline)
        #expect(Label().firstBaselineOffsetFromTop == nil)
    }

    @Test func settingTextInvalidatesIntrinsicSizeAndSameTextDoesNot() {
        let root = makeRoot()
        let label = makeLabel("One", in: root)
        root.layoutIfNeeded()
        #expect(!label.isQueuedForIntrinsicUpdate)
        label.text = "One"
        #expect(!label.isQueuedForIntrinsicUpdate)
        #expect(!root.engine.needsSolve)
        label.text = "Two words"
        #expect(label.isQueuedForIntrinsicUpdate)
        #expect(root.engine.needsSolve)
        root.layoutIfNeeded()
        label.font = label.font
        label.numberOfLines = 1
        label.lineBreakMode = .byTruncatingTail
        label.preferredMaxLayoutWidth = 0
        label.lineSpacing = 0
        #expect(!label.isQueuedForIntrinsicUpdate)
        label.font = Font.default(size: 20)
        #expect(label.isQueuedForIntrinsicUpdate)
    }

    @Test func changingTextRelaysOutTheLabel() throws {
        let root = makeRoot()
        let label = makeLabel("Short", in: root)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(label.frame.size == (try Expected.lineSize("Short")))
        label.text = "A good deal longer"
        root.layoutIfNeeded()
        #expect(label.frame.size == (try Expected.lineSize("A good deal longer")))
    }

    @Test func changingTheDisplayScaleMeasuresAgain() {
        let root = makeRoot(scale: 1)
        let label = makeLabel("Scale", in: root)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let lineHeight = Font.default(size: 17).lineHeight
        #expect(label.frame.height == Expected.ceiled(lineHeight, scale: 1))
        root.displayScale = 3
        root.layoutIfNeeded()
        #expect(label.frame.height == Expected.ceiled(lineHeight, scale: 3))
    }

    @Test func invalidValuesAreRefusedAndReported() {
        let label = Label(text: "x")
        label.accessibilityIdentifier = "refusing-label"
        let recorder = DiagnosticsRecorder.record(errorsContaining: "refusing-label") {
            label.numberOfLines = -1
            label.preferredMaxLayoutWidth = -5
            label.preferredMaxLayoutWidth = .nan
            label.lineSpacing = .infinity
        }
        #expect(recorder.errors.count == 4)
        #expect(label.numberOfLines == 1)
        #expect(label.preferredMaxLayoutWidth == 0)
        #expect(label.lineSpacing == 0)
    }

    @Test func lineFramesFollowTextAlignment() throws {
        let label = Label(text: "Centred")
        label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        let line = try Expected.layout("Centred", width: 200)
        let width = line.lines[0].width
        label.textAlignment = .center
        #expect(label.lineFrames.first?.minX == (200 - width) / 2)
        label.textAlignment = .right
        #expect(label.lineFrames.first?.minX == 200 - width)
        label.textAlignment = .left
        #expect(label.lineFrames.first?.minX == 0)
        #expect(label.lineFrames.first?.minY == (40 - line.size.height) / 2)
    }
}

@Suite struct LabelTwoPassLayoutTests {
    @Test func remeasuringAtANewWidthReusesThePreparedText() throws {
        let root = makeRoot(300, 600)
        let label = makeLabel(longText, in: root)
        label.numberOfLines = 0
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let prepared = try #require(label.measurement.prepared)
        root.frame = CGRect(x: 0, y: 0, width: 180, height: 600)
        root.layoutIfNeeded()
        #expect(label.measurement.prepared === prepared)
        #expect(label.frame.height == (try Expected.layout(longText, width: 180, maxLines: 0).size.height))
    }

    /// The label's width depends on its height (an aspect ratio), so every new height gives a
    /// new width: the engine re-measures a bounded number of times and stops.
    @Test func widthThatDependsOnTheHeightStopsAfterBoundedPasses() {
        let root = makeRoot(1000, 1000)
        let label = makeLabel(longText, in: root)
        label.numberOfLines = 0
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.widthAnchor.constraint(equalTo: label.heightAnchor, multiplier: 3),
        ])
        let before = root.engine.solveCount
        root.layoutIfNeeded()
        #expect(root.engine.solveCount - before <= View.maximumLayoutPasses)
        #expect(label.frame.width > 0)
        #expect(abs(label.frame.width - 3 * label.frame.height) <= 3)
        #expect(!root.engine.needsSolve)
    }

    @Test func sizeThatFitsWrapsWithinTheOfferedWidth() throws {
        let label = Label(text: longText)
        label.numberOfLines = 0
        #expect(label.sizeThatFits(CGSize(width: 200, height: 0)) == (try Expected.layout(longText, width: 200, maxLines: 0).size))
        label.numberOfLines = 1
        label.sizeToFit()
        #expect(label.frame.size == (try Expected.lineSize(longText)))
    }
}

@Suite struct LabelScriptTests {
    /// Fallback faces (Arabic, CJK) can make a line taller than the primary font's line; the
    /// label's size is Typesetting's, whatever the script.
    @Test(arguments: ["مرحبا بالعالم", "你好，世界", "Hello, שלום, नमस्ते 👋", "e\u{301}\u{301}"])
    func labelSizeIsTypesettingsForAnyScript(text: String) throws {
        let root = makeRoot(scale: 2)
        let label = makeLabel(text, in: root)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let expected = try Expected.lineSize(text, scale: 2)
        #expect(expected.width > 0)
        #expect(label.frame.size == expected)
    }
}
