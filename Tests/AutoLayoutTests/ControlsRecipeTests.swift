import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// UIKit's documented recipes for text controls, with the frames the documented rules give.
@Suite struct ControlsRecipeTests {
    /// `H:|-[label]-[field]-|` with the label's first baseline on the field's, the label
    /// against the top margin. Margins are 8 and the standard space between siblings is 8.
    struct Row {
        let root: View
        let label: Label
        let field: TextField

        init(labelText: String, width: CGFloat = 375) {
            root = makeRoot(width, 600)
            label = makeLabel(labelText, in: root, name: "label")
            field = TextField()
            field.borderStyle = .roundedRect
            field.placeholder = "Name"
            field.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(field)
            let margins = root.layoutMarginsGuide
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                field.leadingAnchor.constraint(equalToSystemSpacingAfter: label.trailingAnchor, multiplier: 1),
                field.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                label.topAnchor.constraint(equalTo: margins.topAnchor),
                field.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
            ])
        }
    }

    @Test func fieldWithLowerHuggingStretchesAndSwappingPrioritiesStretchesTheLabel() throws {
        let row = Row(labelText: "Name:")
        let font = Font.default(size: 17)
        let labelLayout = try Expected.layout("Name:")
        let labelSize = labelLayout.size
        let fieldWidth = try Expected.lineSize("Name").width + 14
        // Baselines: the field's text baseline is its top inset (7) plus the ascender.
        let fieldY = 8 + labelLayout.firstBaseline - (7 + font.ascender)
        let fieldHeight = Expected.ceiled(font.lineHeight + 14)

        row.label.setContentHuggingPriority(251, for: .horizontal)
        row.field.setContentHuggingPriority(250, for: .horizontal)
        row.root.layoutIfNeeded()
        #expect(row.label.frame == CGRect(x: 8, y: 8, width: labelSize.width, height: labelSize.height))
        let fieldX = 8 + labelSize.width + 8
        #expect(row.field.frame == Expected.frame(x: fieldX, y: fieldY, width: 375 - 8 - fieldX, height: fieldHeight))
        #expect(!row.label.hasAmbiguousLayout && !row.field.hasAmbiguousLayout)

        row.label.setContentHuggingPriority(250, for: .horizontal)
        row.field.setContentHuggingPriority(251, for: .horizontal)
        row.root.layoutIfNeeded()
        let labelWidth = 375 - 8 - 8 - 8 - fieldWidth
        #expect(row.label.frame == CGRect(x: 8, y: 8, width: labelWidth, height: labelSize.height))
        #expect(
            row.field.frame
                == Expected.frame(x: 8 + labelWidth + 8, y: fieldY, width: fieldWidth, height: fieldHeight))
    }

    @Test func longMultiLineLabelWrapsAndTheRowHeightFollowsIt() throws {
        let row = Row(labelText: longText)
        row.label.numberOfLines = 0
        // The field keeps its size: it hugs and resists more than the label.
        row.field.setContentHuggingPriority(251, for: .horizontal)
        row.field.setContentCompressionResistancePriority(751, for: .horizontal)
        // The root is as tall as its content: the label plus the bottom margin.
        row.root.translatesAutoresizingMaskIntoConstraints = false
        let container = makeRoot(375, 1000)
        container.addSubview(row.root)
        LayoutConstraint.activate([
            row.root.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            row.root.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            row.root.topAnchor.constraint(equalTo: container.topAnchor),
            row.root.layoutMarginsGuide.bottomAnchor.constraint(equalTo: row.label.bottomAnchor),
        ])
        container.layoutIfNeeded()

        let fieldWidth = try Expected.lineSize("Name").width + 14
        let labelWidth = 375 - 8 - 8 - 8 - fieldWidth
        let wrapped = try Expected.layout(longText, width: labelWidth, maxLines: 0)
        #expect(wrapped.lines.count > 3)
        #expect(row.label.frame == CGRect(x: 8, y: 8, width: labelWidth, height: wrapped.size.height))
        #expect(row.root.frame.height == 8 + wrapped.size.height + 8)

        // Fitting the row at another width re-measures the label there.
        let fitted = row.root.systemLayoutSizeFitting(
            CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        let narrow = try Expected.layout(longText, width: 300 - 24 - fieldWidth, maxLines: 0)
        #expect(fitted == CGSize(width: 300, height: 16 + narrow.size.height))
    }

    @Test func labelAndFieldTextAlignOnTheirBaselinesInDifferentFonts() throws {
        let root = makeRoot()
        let label = makeLabel("Title", in: root, font: Font.default(size: 28))
        let field = TextField()
        field.text = "value"
        field.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(field)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            field.lastBaselineAnchor.constraint(equalTo: label.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let title = try Expected.layout("Title", font: Font.default(size: 28))
        let baseline = 10 + title.lastBaseline
        #expect(field.frame.minY == Expected.rounded(baseline - Font.default(size: 17).ascender))
    }

    @Test func buttonTitleSitsOnTheLabelsBaseline() throws {
        let root = makeRoot()
        let label = makeLabel("Status", in: root)
        let button = Button(title: "Retry")
        button.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(button)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            button.leadingAnchor.constraint(equalToSystemSpacingAfter: label.trailingAnchor, multiplier: 1),
            button.firstBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        let status = try Expected.layout("Status")
        let retry = try Expected.layout("Retry", font: Font.default(size: 15))
        let y = 40 + status.firstBaseline - (6 + retry.firstBaseline)
        #expect(
            button.frame
                == Expected.frame(
                    x: 20 + status.size.width + 8, y: y, width: retry.size.width, height: retry.size.height + 12))
    }
}
