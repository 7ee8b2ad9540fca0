import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// The short texts a control had before: set again, a text takes back what measuring it made,
/// and answers what a fresh measurement of it answers.
@Suite struct TextMeasurementRecentTextsTests {
    static let font = Font.default(size: 17)

    /// Measures `measurement` at the widths a wrapping label asks for.
    static func measure(_ measurement: inout TextMeasurement) -> [TextMetrics?] {
        [
            measurement.metrics(width: .infinity, maxLines: 0, scale: 2),
            measurement.metrics(width: 60, maxLines: 0, scale: 2),
        ]
    }

    /// What a control that never held another text measures for `text` in `font`.
    static func fresh(_ text: String, font: Font = font) -> [TextMetrics?] {
        var alone = TextMeasurement(text: text, font: font)
        return measure(&alone)
    }

    @Test func aShortTextSetAgainTakesBackItsPreparedTextAndAnswersAsAFreshMeasurement() throws {
        let texts = ["39 min ago", "12 min ago", "solver.example.com", "Like"]
        var measurement = TextMeasurement(text: "", font: Self.font)
        var preparedTexts: [String: PreparedText] = [:]
        for text in texts {
            let changed1 = measurement.setText(text)
            #expect(changed1)
            _ = Self.measure(&measurement)
            let prepared = try #require(measurement.prepared)
            preparedTexts[text] = prepared
        }
        // Each text again, in an order with no text twice in a row.
        for text in [2, 0, 3, 1, 0, 2, 1, 3].map({ texts[$0] }) {
            let changed2 = measurement.setText(text)
            #expect(changed2)
            let prepared = try #require(measurement.prepared, "\(text) was not kept")
            #expect(prepared === preparedTexts[text])
            #expect(prepared.text == text)
            let measured = Self.measure(&measurement)
            #expect(measured == Self.fresh(text))
        }
    }

    @Test func aTextLongerThanTheLimitIsPreparedAgain() throws {
        let longest = String(repeating: "ab ", count: 10) + "cd"  // 32 bytes
        let tooLong = longest + "e"
        #expect(longest.utf8.count == TextMeasurement.RecentTexts.maximumLength)
        for (text, kept) in [(longest, true), (tooLong, false)] {
            var measurement = TextMeasurement(text: "", font: Self.font)
            _ = measurement.setText(text)
            _ = Self.measure(&measurement)
            _ = measurement.setText("other")
            _ = Self.measure(&measurement)
            _ = measurement.setText(text)
            #expect((measurement.prepared != nil) == kept, "\(text.utf8.count) bytes")
            let measured = Self.measure(&measurement)
            #expect(measured == Self.fresh(text))
        }
    }

    @Test func aTextReplacedBeforeItWasMeasuredIsNotKept() {
        var measurement = TextMeasurement(text: "", font: Self.font)
        _ = measurement.setText("first")
        _ = measurement.setText("second")
        _ = Self.measure(&measurement)
        _ = measurement.setText("first")
        #expect(measurement.prepared == nil)
        let measured = Self.measure(&measurement)
        #expect(measured == Self.fresh("first"))
    }

    @Test func aNewFontForgetsTheKeptTexts() {
        let larger = Font.default(size: 30)
        var measurement = TextMeasurement(text: "", font: Self.font)
        for text in ["39 min ago", "12 min ago"] {
            _ = measurement.setText(text)
            _ = Self.measure(&measurement)
        }
        let changed3 = measurement.setFont(larger)
        #expect(changed3)
        _ = Self.measure(&measurement)
        let changed4 = measurement.setText("39 min ago")
        #expect(changed4)
        #expect(measurement.prepared == nil)
        let measured = Self.measure(&measurement)
        #expect(measured == Self.fresh("39 min ago", font: larger))
    }

    /// Attributed text brings its own font and attributes: a plain text kept before it is not
    /// taken back after it, and its prepared text is not kept as a plain text's.
    @Test func attributedTextForgetsTheKeptTextsAndIsNotKept() throws {
        let larger = Font.default(size: 30)
        var measurement = TextMeasurement(text: "", font: Self.font)
        _ = measurement.setText("39 min ago")
        _ = Self.measure(&measurement)
        _ = measurement.setText("12 min ago")
        _ = Self.measure(&measurement)
        var attributed = AttributedString("39 min ago")
        attributed.font = larger
        let changed5 = try measurement.setAttributed(attributed)
        #expect(changed5)
        _ = Self.measure(&measurement)
        let changed6 = try measurement.setAttributed(nil)
        #expect(changed6)
        #expect(measurement.font == larger)
        let changed7 = measurement.setText("39 min ago")
        #expect(changed7)
        #expect(measurement.prepared == nil)
        let measured = Self.measure(&measurement)
        #expect(measured == Self.fresh("39 min ago", font: larger))
    }

    /// A control whose texts never repeat stops keeping them after one judgement; one whose
    /// texts repeat keeps them through every judgement.
    @Test func keepingStopsOnlyWhereTextsDoNotRepeat() throws {
        let interval = TextMeasurement.RecentTexts.verdictInterval
        var unique = TextMeasurement(text: "", font: Self.font)
        for index in 0...interval {
            _ = unique.setText("item \(index)")
            _ = Self.measure(&unique)
        }
        for text in ["39 min ago", "12 min ago", "39 min ago"] {
            _ = unique.setText(text)
            #expect(unique.prepared == nil, "\(text)")
            _ = Self.measure(&unique)
        }

        var repeating = TextMeasurement(text: "", font: Self.font)
        let minutes = (1...4).map { "\($0) min ago" }
        var reused = 0
        for round in 0..<(4 * interval) {
            let text = minutes[round % minutes.count]
            _ = repeating.setText(text)
            if repeating.prepared != nil { reused += 1 }
            _ = Self.measure(&repeating)
        }
        #expect(reused == 4 * interval - minutes.count)
    }
}
