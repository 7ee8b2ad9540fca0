import Foundation
import Testing
import Typesetting

@testable import AutoLayout

@Suite struct ControlsIntrinsicSizeTests {
    // MARK: Button

    @Test func buttonIsTitleSizePlusSixPointsAboveAndBelow() throws {
        let button = Button(title: "Button")
        let title = try Expected.lineSize("Button", font: Font.default(size: 15))
        #expect(button.font == Font.default(size: 15))
        #expect(button.intrinsicContentSize == CGSize(width: title.width, height: title.height + 12))
    }

    @Test func buttonAddsContentEdgeInsets() throws {
        let button = Button(title: "Send")
        button.contentEdgeInsets = EdgeInsets(top: 4.25, left: 10, bottom: 3, right: 12)
        let title = try Expected.lineSize("Send", font: Font.default(size: 15))
        #expect(
            button.intrinsicContentSize
                == CGSize(width: title.width + 22, height: Expected.ceiled(title.height + 12 + 7.25)))
    }

    @Test func buttonBaselineIsTheTitlesBelowTheTopPadding() throws {
        let button = Button(title: "Go")
        button.contentEdgeInsets = EdgeInsets(top: 3, left: 0, bottom: 0, right: 0)
        let title = try Expected.layout("Go", font: Font.default(size: 15))
        #expect(button.firstBaselineOffsetFromTop == 3 + 6 + title.firstBaseline)
        #expect(button.lastBaselineOffsetFromBottom == button.intrinsicContentSize.height - (9 + title.lastBaseline))
    }

    @Test func buttonWithoutTitleKeepsOneLineOfHeight() {
        let button = Button()
        let font = Font.default(size: 15)
        #expect(button.intrinsicContentSize == CGSize(width: 0, height: Expected.ceiled(font.lineHeight + 12)))
    }

    @Test func sameTitleDoesNotInvalidate() {
        let root = makeRoot()
        let button = Button(title: "Same")
        button.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(button)
        root.layoutIfNeeded()
        button.title = "Same"
        button.contentEdgeInsets = .zero
        #expect(!button.isQueuedForIntrinsicUpdate)
        button.title = "Other"
        #expect(button.isQueuedForIntrinsicUpdate)
    }

    // MARK: TextField

    @Test(arguments: TextField.BorderStyle.allCases)
    func textFieldIsTextWidthAndLineHeightPlusBorderInsets(style: TextField.BorderStyle) throws {
        let field = TextField()
        field.borderStyle = style
        field.text = "user@example.com"
        let insets = style.textInsets
        let text = try Expected.lineSize("user@example.com")
        let font = Font.default(size: 17)
        #expect(
            field.intrinsicContentSize
                == CGSize(
                    width: Expected.ceiled(text.width + insets.left + insets.right),
                    height: Expected.ceiled(font.lineHeight + insets.top + insets.bottom)))
        #expect(field.firstBaselineOffsetFromTop == insets.top + font.ascender)
    }

    @Test func textFieldBorderInsetsAreTheDocumentedNumbers() {
        #expect(TextField.BorderStyle.none.textInsets == .zero)
        #expect(TextField.BorderStyle.line.textInsets == EdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
        #expect(TextField.BorderStyle.bezel.textInsets == EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        #expect(TextField.BorderStyle.roundedRect.textInsets == EdgeInsets(top: 7, left: 7, bottom: 7, right: 7))
    }

    @Test func emptyTextFieldMeasuresItsPlaceholder() throws {
        let field = TextField()
        field.borderStyle = .roundedRect
        field.placeholder = "Search"
        let placeholder = try Expected.lineSize("Search")
        #expect(field.intrinsicContentSize.width == placeholder.width + 14)
        field.text = "a"
        let text = try Expected.lineSize("a")
        #expect(field.intrinsicContentSize.width == text.width + 14)
        field.text = nil
        field.placeholder = nil
        #expect(field.intrinsicContentSize.width == 14)
    }

    @Test func placeholderChangeInvalidatesOnlyWhileItIsShown() {
        let root = makeRoot()
        let field = TextField()
        field.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(field)
        field.text = "typed"
        root.layoutIfNeeded()
        field.placeholder = "hidden by the text"
        #expect(!field.isQueuedForIntrinsicUpdate)
        field.text = ""
        #expect(field.isQueuedForIntrinsicUpdate)
    }

    // MARK: TextView

    @Test func scrollingTextViewHasNoIntrinsicSize() {
        let textView = TextView()
        textView.text = longText
        #expect(textView.isScrollEnabled)
        #expect(textView.intrinsicContentSize == CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(!textView.hasWidthDependentIntrinsicContentSize)
    }

    @Test func nonScrollingTextViewIsItsTextWrappedAtItsWidthWithInsetAndPadding() throws {
        let root = makeRoot(320, 800)
        let textView = TextView()
        textView.translatesAutoresizingMaskIntoConstraints = false
        textView.isScrollEnabled = false
        textView.text = longText
        root.addSubview(textView)
        LayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            textView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            textView.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(textView.textContainerInset == EdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        // 320 minus the line fragment padding of 5 on each side.
        let text = try Expected.layout(longText, font: Font.default(size: 12), width: 310, maxLines: 0)
        #expect(text.lines.count > 2)
        #expect(textView.frame == CGRect(x: 0, y: 0, width: 320, height: Expected.ceiled(text.size.height + 16)))
    }

    @Test func emptyNonScrollingTextViewIsOneLineTall() {
        let textView = TextView()
        textView.isScrollEnabled = false
        let lineHeight = Font.default(size: 12).lineHeight
        #expect(textView.intrinsicContentSize == CGSize(width: 10, height: Expected.ceiled(lineHeight + 16)))
    }

    // MARK: Image view and fixed-size controls

    @Test func imageViewIsImagePixelsDividedByScale() throws {
        let imageView = ImageView(image: try Image(pixelSize: CGSize(width: 120, height: 90), scale: 3))
        #expect(imageView.intrinsicContentSize == CGSize(width: 40, height: 30))
        imageView.image = nil
        #expect(imageView.intrinsicContentSize == CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }

    @Test func invalidImagesAreRefusedWithNamedErrors() throws {
        #expect(throws: ImageError.invalidPixelSize(CGSize(width: -1, height: 2))) {
            try Image(pixelSize: CGSize(width: -1, height: 2))
        }
        #expect(throws: ImageError.invalidScale(0)) {
            try Image(pixelSize: CGSize(width: 1, height: 2), scale: 0)
        }
        // The 1e20-point photo of a hostile feed item is refused where it enters; the largest
        // image is a million points on a side at its scale, so 2e6 pixels pass at scale 2.
        #expect(throws: ImageError.invalidPixelSize(CGSize(width: 10, height: 1e20))) {
            try Image(pixelSize: CGSize(width: 10, height: 1e20))
        }
        #expect(throws: ImageError.invalidPixelSize(CGSize(width: 1_000_001, height: 1))) {
            try Image(pixelSize: CGSize(width: 1_000_001, height: 1))
        }
        #expect(try Image(pixelSize: CGSize(width: 2_000_000, height: 1), scale: 2).size.width == 1_000_000)
    }

    @Test func fixedSizeControlsHaveUIKitsDocumentedSizes() {
        #expect(Switch().intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(Slider().intrinsicContentSize == CGSize(width: View.noIntrinsicMetric, height: 31))
        let spinner = ActivityIndicator()
        #expect(spinner.intrinsicContentSize == CGSize(width: 20, height: 20))
        spinner.style = .large
        #expect(spinner.intrinsicContentSize == CGSize(width: 37, height: 37))
    }

    @Test func sliderStretchesToTheWidthItIsGiven() {
        let root = makeRoot(300, 100)
        let slider = Slider()
        slider.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(slider)
        LayoutConstraint.activate([
            slider.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            slider.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            slider.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(slider.frame == CGRect(x: 20, y: 0, width: 260, height: 31))
    }
}
