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
}
