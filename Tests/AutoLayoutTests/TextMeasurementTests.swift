import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// The text measurement a label keeps: its answers must be the text engine's own layouts,
/// whichever kept layout it answers from.
@Suite struct TextMeasurementTests {
    static let texts = [
        "poster title 12 with some longer stuff", "Hello, world", "Short", "two\nparagraphs here",
        "one\ntwo\nthree\nfour\nfive", "A much longer text that wraps over several lines at any narrow width",
        "trailing spaces   ", "شكرا جزيلا for the help", "混合 text 和中文", "supercalifragilisticexpialidocious",
    ]

    /// After the unwrapped layout, a layout at any width at least as wide is answered from it:
    /// each answer must equal a layout made at that width alone.
    @Test(arguments: [0, 1, 2, 3])
    func aWidthTheUnwrappedTextFitsGetsTheMetricsOfALayoutAtThatWidth(maxLines: Int) throws {
        let font = Font.default(size: 17)
        for text in Self.texts {
            for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byCharWrapping] {
                for scale in [CGFloat(1), 3] {
                    var kept = TextMeasurement(text: text, font: font)
                    let measured = kept.metrics(width: .infinity, maxLines: maxLines, lineBreakMode: mode, scale: scale)
                    let unwrapped = try #require(measured)
                    for extra in [CGFloat(0), 0.25, 1, 40, -0.5, -30] {
                        let width = max(0, unwrapped.size.width + extra)
                        var alone = TextMeasurement(text: text, font: font)
                        let expected = alone.metrics(width: width, maxLines: maxLines, lineBreakMode: mode, scale: scale)
                        let answered = kept.metrics(width: width, maxLines: maxLines, lineBreakMode: mode, scale: scale)
                        #expect(answered == expected, "\(text) at \(width), \(maxLines) lines, \(mode), scale \(scale)")
                    }
                }
            }
        }
    }

    /// A truncated unwrapped layout (more paragraphs than lines, an ellipsis) is not reused;
    /// the answer is still the layout at the width.
    @Test func aTruncatedUnwrappedLayoutStillGivesTheMetricsAtTheWidth() throws {
        var kept = TextMeasurement(text: "one\ntwo\nthree", font: Font.default(size: 17))
        let laidOut = kept.layout(width: .infinity, maxLines: 2, scale: 1)
        let unwrapped = try #require(laidOut)
        #expect(unwrapped.isTruncated)
        let width = unwrapped.size.width + 10
        var alone = TextMeasurement(text: "one\ntwo\nthree", font: Font.default(size: 17))
        #expect(kept.metrics(width: width, maxLines: 2, scale: 1) == alone.metrics(width: width, maxLines: 2, scale: 1))
    }

    /// A size asked for first is measured without lines; the layout asked for afterwards at
    /// the same settings is the text engine's layout at that width, and the kept size stays
    /// the layout's own.
    @Test func aLayoutAskedForAfterItsMetricsIsTheTextEnginesLayout() throws {
        let font = Font.default(size: 17)
        for text in Self.texts {
            for (width, maxLines) in [(CGFloat.infinity, 1), (120, 0), (60, 2), (500, 3)] {
                var kept = TextMeasurement(text: text, font: font)
                let measuredFirst = kept.metrics(width: width, maxLines: maxLines, scale: 2)
                let measured = try #require(measuredFirst)
                let laidOutAfter = kept.layout(width: width, maxLines: maxLines, scale: 2)
                let laidOut = try #require(laidOutAfter)
                let expected = try PreparedText(text, font: font).layout(width: width, maxLines: maxLines, scale: 2)
                #expect(laidOut.lines == expected.lines, "\(text) at \(width)")
                #expect(laidOut.width == width)
                #expect(laidOut.metrics == measured, "\(text) at \(width)")
                let measuredAgain = kept.metrics(width: width, maxLines: maxLines, scale: 2)
                #expect(measuredAgain == measured)
            }
        }
    }

    /// The unwrapped measurement answers the size at a wider width, but a layout asked for at
    /// that width is made at it (a layout keeps its width, for alignment).
    @Test func aLayoutAtAWidthTheUnwrappedTextFitsIsMadeAtThatWidth() throws {
        var kept = TextMeasurement(text: "Short", font: Font.default(size: 17))
        let measured = kept.metrics(width: .infinity, maxLines: 0, scale: 1)
        let unwrapped = try #require(measured)
        let width = unwrapped.size.width + 50
        let answered = kept.metrics(width: width, maxLines: 0, scale: 1)
        #expect(answered == unwrapped)
        let laidOutAtWidth = kept.layout(width: width, maxLines: 0, scale: 1)
        let laidOut = try #require(laidOutAtWidth)
        #expect(laidOut.width == width)
        #expect(laidOut.metrics == unwrapped)
    }

    /// New text forgets the old text's measurements and layouts.
    @Test func newTextIsMeasuredAfresh() throws {
        let font = Font.default(size: 17)
        var kept = TextMeasurement(text: "one", font: font)
        _ = kept.metrics(width: .infinity, maxLines: 1, scale: 1)
        _ = kept.layout(width: .infinity, maxLines: 1, scale: 1)
        let changed = kept.setText("a rather longer second text")
        #expect(changed)
        let expected = try PreparedText("a rather longer second text", font: font).layout(width: .infinity, maxLines: 1)
        let metrics = kept.metrics(width: .infinity, maxLines: 1, scale: 1)
        #expect(metrics == expected.metrics)
        let layout = kept.layout(width: .infinity, maxLines: 1, scale: 1)
        #expect(layout?.lines == expected.lines)
    }
}
