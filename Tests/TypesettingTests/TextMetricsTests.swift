import Foundation
import Testing
import SeededRandom
@testable import Typesetting

/// `PreparedText.metrics`, measured without keeping lines, must be the layout's own size,
/// baselines and truncation at the same arguments, and refuse what the layout refuses.
@Suite struct TextMetricsTests {
    @Test func metricsWithoutLinesAreTheLayoutsOwnOnRandomText() throws {
        var random = SeededGenerator(seed: 1917)
        for index in 0..<1500 {
            let text = LayoutPropertyTests.randomText(&random)
            let prepared = PreparedText(text, font: LayoutPropertyTests.font)
            let width = LayoutPropertyTests.randomWidth(&random)
            let mode = LayoutPropertyTests.modes.randomElement(using: &random)!
            let maxLines = Int.random(in: 0...3, using: &random)
            let spacing = [CGFloat(0), 2.5].randomElement(using: &random)!
            let scale = [CGFloat(1), 2, 3].randomElement(using: &random)!
            let layout = try prepared.layout(
                width: width, maxLines: maxLines, lineBreakMode: mode, lineSpacing: spacing, scale: scale)
            let metrics = try prepared.metrics(
                width: width, maxLines: maxLines, lineBreakMode: mode, lineSpacing: spacing, scale: scale)
            #expect(metrics == layout.metrics, "case \(index): \(mode) at \(width), \(maxLines) lines, \(text.debugDescription)")
            #expect(metrics.lastBaseline == (layout.lines.last?.baseline ?? 0), "case \(index)")
        }
    }

    /// Several lines with spacing: the last baseline is below the first by the lines' heights
    /// and spacing, and both match the layout's lines.
    @Test func aWrappedTextsBaselinesAreItsFirstAndLastLines() throws {
        let prepared = PreparedText("one two three four five six seven eight nine ten", font: Font.default(size: 17))
        let layout = try prepared.layout(width: 80, lineSpacing: 3, scale: 2)
        let metrics = try prepared.metrics(width: 80, lineSpacing: 3, scale: 2)
        #expect(layout.lines.count > 2)
        #expect(metrics.firstBaseline == layout.lines[0].baseline)
        #expect(metrics.lastBaseline == layout.lines[layout.lines.count - 1].baseline)
        #expect(metrics.lastBaseline > metrics.firstBaseline)
        #expect(metrics.size == layout.size)
        #expect(try prepared.size(width: 80, lineSpacing: 3, scale: 2) == metrics.size)
    }

    @Test func attributedTextsMetricsAreItsLayouts() throws {
        var string = AttributedString("Bold start, then a longer plain tail that wraps")
        string[string.startIndex..<string.index(string.startIndex, offsetByCharacters: 10)].font = Font.bold(size: 22)
        let prepared = try PreparedText(attributed: string, defaultFont: Font.default(size: 15))
        for width in [CGFloat.infinity, 300, 120, 40] {
            for maxLines in [0, 1, 2] {
                let layout = try prepared.layout(width: width, maxLines: maxLines, lineBreakMode: .byTruncatingTail)
                let metrics = try prepared.metrics(width: width, maxLines: maxLines, lineBreakMode: .byTruncatingTail)
                #expect(metrics == layout.metrics, "\(width), \(maxLines) lines")
            }
        }
    }

    @Test func emptyTextMeasuresNothing() throws {
        let metrics = try PreparedText("", font: Font.default(size: 17)).metrics(width: 100)
        #expect(metrics == TextMetrics(size: .zero, firstBaseline: 0, lastBaseline: 0, isTruncated: false))
    }

    @Test func badArgumentsAreRefusedAsTheLayoutRefusesThem() {
        let prepared = PreparedText("Hello", font: Font.default(size: 17))
        #expect(throws: TypesettingError.invalidWidth(-1)) { try prepared.metrics(width: -1) }
        #expect(throws: TypesettingError.invalidMaxLines(-2)) { try prepared.metrics(width: 10, maxLines: -2) }
        #expect(throws: TypesettingError.invalidLineSpacing(.infinity)) { try prepared.metrics(width: 10, lineSpacing: .infinity) }
        #expect(throws: TypesettingError.invalidScale(0)) { try prepared.metrics(width: 10, scale: 0) }
    }
}
