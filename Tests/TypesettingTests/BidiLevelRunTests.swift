import Foundation
import Testing
import SeededRandom
@testable import Typesetting

/// The bidi level runs of a text, as the itemiser gets them from ICU: maximal, tiling the
/// text, with right-to-left letters at odd levels and left-to-right letters at even ones.
@Suite struct BidiLevelRunTests {
    static let hebrew = Array("אבגדהוזחטיכלמנסעפצקרשת".unicodeScalars)
    static let arabic = Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي".unicodeScalars)
    static let latin = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)

    static func levelRuns(_ text: String) throws -> [LevelRun] {
        let resolver = try #require(BidiResolver())
        return Array(text.utf16).withUnsafeBufferPointer { resolver.levelRuns(of: $0) }
    }

    /// Checks the runs of `text` against its letters, returning how many there are.
    @discardableResult
    static func expectWellFormed(_ text: String, _ runs: [LevelRun], _ label: String) -> Int {
        let units = Array(text.utf16)
        #expect(runs.first?.start == 0 && runs.last?.end == units.count, "\(label): runs do not cover the text")
        for (left, right) in zip(runs, runs.dropFirst()) {
            #expect(left.end == right.start, "\(label): runs do not tile")
            #expect(left.level != right.level, "\(label): neighbouring runs at one level")
        }
        for run in runs {
            #expect(run.end > run.start, "\(label): an empty run")
            for unit in units[run.start..<run.end] {
                guard let scalar = Unicode.Scalar(unit) else { continue }
                if hebrew.contains(scalar) || arabic.contains(scalar) {
                    #expect(run.isRightToLeft, "\(label): a right-to-left letter at level \(run.level)")
                } else if latin.contains(scalar) {
                    #expect(!run.isRightToLeft, "\(label): a left-to-right letter at level \(run.level)")
                }
            }
        }
        return runs.count
    }

    @Test func randomMixedTextsHaveWellFormedRuns() throws {
        var random = SeededGenerator(seed: 2101)
        for index in 0..<1500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let alphabet = [Self.hebrew, Self.arabic, Self.latin].randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    text.unicodeScalars.append(alphabet.randomElement(using: &random)!)
                }
                text += [" ", "  ", "\n", " 42 ", ", "].randomElement(using: &random)!
            }
            Self.expectWellFormed(text, try Self.levelRuns(text), "case \(index): \(text.debugDescription)")
        }
    }

    /// A line with tens of thousands of direction changes: every change is its own run
    /// (finding them once cost time quadratic in their number).
    @Test func everyDirectionChangeOfALongLineIsARun() throws {
        let text = String(repeating: "abc אבג ", count: 20_000)
        let runs = try Self.levelRuns(text)
        // Each "abc" is a left-to-right run and each " אבג " a right-to-left one (the spaces
        // between Hebrew words take their level), the last space at the paragraph's level.
        #expect(Self.expectWellFormed(text, runs, "long line") >= 40_000)
    }
}
