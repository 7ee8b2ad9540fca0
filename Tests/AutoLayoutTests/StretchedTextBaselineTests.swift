import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// Labels, buttons and text fields taller than their text draw it centred vertically, as
/// UIKit does; their baseline anchors follow the text there, so baseline alignment stays
/// right when one of them is stretched.
@Suite struct StretchedTextBaselineTests {
    @Test func firstBaselineOfATallLabelIsWhereItsCentredTextIsDrawn() throws {
        let root = makeRoot()
        let tall = makeLabel("Tall", in: root)
        let small = makeLabel("small", in: root, font: Font.default(size: 12))
        LayoutConstraint.activate([
            tall.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            tall.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            tall.heightAnchor.constraint(equalToConstant: 100),
            small.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
            small.firstBaselineAnchor.constraint(equalTo: tall.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let text = try Expected.layout("Tall")
        let baseline = 20 + (100 - text.size.height) / 2 + text.firstBaseline
        let smallText = try Expected.layout("small", font: Font.default(size: 12))
        #expect(tall.frame == CGRect(x: 10, y: 20, width: text.size.width, height: 100))
        #expect(small.frame.minY == Expected.rounded(baseline - smallText.firstBaseline))
        // The same place the label draws its first line's baseline.
        let line = try #require(tall.lineFrames.first)
        let drawn = tall.frame.minY + line.minY + (text.lines[0].baseline - text.lines[0].minY)
        #expect(abs(drawn - baseline) < 1e-9)
        #expect(!small.hasAmbiguousLayout)
    }

    @Test func lastBaselineOfATallWrappedLabelIsWhereItsCentredLastLineIsDrawn() throws {
        let root = makeRoot()
        let tall = makeLabel("Three words wrap", in: root)
        tall.numberOfLines = 0
        tall.preferredMaxLayoutWidth = 60
        let other = makeLabel("other", in: root, font: Font.default(size: 24))
        LayoutConstraint.activate([
            tall.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            tall.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            tall.heightAnchor.constraint(equalToConstant: 150),
            other.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
            other.lastBaselineAnchor.constraint(equalTo: tall.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let text = try Expected.layout("Three words wrap", width: 60, maxLines: 0)
        #expect(text.lines.count > 1)
        let baseline = 30 + (150 - text.size.height) / 2 + text.lastBaseline
        let otherText = try Expected.layout("other", font: Font.default(size: 24))
        #expect(other.frame.minY == Expected.rounded(baseline - otherText.lastBaseline))
    }

    @Test func labelAtItsIntrinsicHeightKeepsItsBaselinesWhereTheyWere() throws {
        let root = makeRoot()
        let label = makeLabel("Body", in: root)
        let other = makeLabel("other", in: root, font: Font.default(size: 24))
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            other.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
            other.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let text = try Expected.layout("Body")
        let otherText = try Expected.layout("other", font: Font.default(size: 24))
        #expect(other.frame.minY == Expected.rounded(40 + text.firstBaseline - otherText.firstBaseline))
    }

    /// Lays out a label with its top 40 below the root's and `control`, `height` tall,
    /// beside it with its `baseline` on the label's.
    static func stretched(_ control: View, height: CGFloat, besideLabel text: String, baseline: LayoutAttribute) {
        let root = makeRoot()
        let label = makeLabel(text, in: root)
        control.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(control)
        let anchors = baseline == .firstBaseline
            ? (control.firstBaselineAnchor, label.firstBaselineAnchor)
            : (control.lastBaselineAnchor, label.lastBaselineAnchor)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            control.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 200),
            control.heightAnchor.constraint(equalToConstant: height),
            anchors.0.constraint(equalTo: anchors.1),
        ])
        root.layoutIfNeeded()
    }

    @Test func tallButtonCentresItsTitleAndItsBaselineFollows() throws {
        let button = Button(title: "Retry")
        Self.stretched(button, height: 60, besideLabel: "Status", baseline: .firstBaseline)
        let status = try Expected.layout("Status")
        let retry = try Expected.layout("Retry", font: Font.default(size: 15))
        let intrinsicHeight = Expected.ceiled(retry.size.height + 12)
        let titleBaseline = (60 - intrinsicHeight) / 2 + 6 + retry.firstBaseline
        #expect(button.frame.minY == Expected.rounded(40 + status.firstBaseline - titleBaseline))
        #expect(button.frame.height == 60)
    }

    @Test func tallTextFieldCentresItsTextAndItsBaselineFollows() throws {
        let field = TextField()
        field.borderStyle = .roundedRect
        field.text = "Ada"
        Self.stretched(field, height: 70, besideLabel: "Name:", baseline: .lastBaseline)
        let font = Font.default(size: 17)
        let name = try Expected.layout("Name:")
        let intrinsicHeight = Expected.ceiled(font.lineHeight + 14)
        let textBaseline = (70 - intrinsicHeight) / 2 + 7 + font.ascender
        #expect(field.frame.minY == Expected.rounded(40 + name.lastBaseline - textBaseline))
        #expect(field.frame.height == 70)
    }

    @Test func baselineStackAlignsTheCentredTextOfAStretchedLabel() throws {
        let root = makeRoot(400, 600)
        let tall = Label(text: "Tall")
        let large = Label(text: "Large")
        large.font = Font.default(size: 30)
        let stack = StackView(arrangedSubviews: [tall, large])
        stack.alignment = .firstBaseline
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            tall.heightAnchor.constraint(equalToConstant: 90),
        ])
        root.layoutIfNeeded()
        let tallText = try Expected.layout("Tall")
        let largeText = try Expected.layout("Large", font: Font.default(size: 30))
        // Baselines measured from each label's top.
        let tallBaseline = (90 - tallText.size.height) / 2 + tallText.firstBaseline
        let baseline = max(tallBaseline, largeText.firstBaseline)
        let tallTop = baseline - tallBaseline
        let largeTop = baseline - largeText.firstBaseline
        #expect(tall.frame.minY == Expected.rounded(tallTop))
        #expect(large.frame.minY == Expected.rounded(largeTop))
        let span = max(tallTop + 90, largeTop + largeText.size.height)
        #expect(stack.frame.height == Expected.rounded(20 + span) - 20)
        #expect(!stack.hasAmbiguousLayout && !tall.hasAmbiguousLayout && !large.hasAmbiguousLayout)
    }
}
