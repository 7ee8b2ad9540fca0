import Concurrency
import Dispatch
import Foundation
import Testing
import LayoutInvariants
import SeededRandom
@testable import Typesetting

/// Invariants of layout on random text (fixed seeds): mixed scripts the shipped fonts cover,
/// spaces, long unbreakable runs, combining marks and CR/LF mixes, at random widths, line
/// limits and break modes.
@Suite struct LayoutPropertyTests {
    /// Letters of each script the shipped cascade covers.
    static let alphabets: [[Unicode.Scalar]] = [
        Array("abcdefghijklmnopqrstuvwxyzAVTWYfi".unicodeScalars),
        Array("αβγδεζηθικλμνξοπρστυφχψω".unicodeScalars),
        Array("абвгдежзийклмнопрстуфхцчшщыэюя".unicodeScalars),
        Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي".unicodeScalars),
        Array("אבגדהוזחטיכלמנסעפצקרשת".unicodeScalars),
        Array("कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह".unicodeScalars) + ["\u{094D}", "\u{093F}", "\u{0940}"],
        Array("中文字体排版测试的一是不了人我在有他这为之大来以个".unicodeScalars),
    ]
    static let marks: [Unicode.Scalar] = ["\u{0301}", "\u{0308}", "\u{0323}", "\u{064E}", "\u{05B7}"]
    static let breaks = ["\n", "\r", "\r\n", "\u{2028}"]
    static let punctuation = Array(".,;:!?-/()«»“”0123456789".unicodeScalars)

    /// A random text of pieces: words of one script, spaces, breaks, punctuation, combining
    /// marks, and now and then a long run with no break opportunity.
    static func randomText(_ random: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...14, using: &random) {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<9:
                let alphabet = alphabets.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...9, using: &random) {
                    scalars.append(alphabet.randomElement(using: &random)!)
                    if Int.random(in: 0..<8, using: &random) == 0 { scalars.append(marks.randomElement(using: &random)!) }
                }
            case 9..<14:
                scalars.append(contentsOf: String(repeating: " ", count: Int.random(in: 1...3, using: &random)).unicodeScalars)
            case 14:
                scalars.append(contentsOf: breaks.randomElement(using: &random)!.unicodeScalars)
            case 15, 16:
                scalars.append(punctuation.randomElement(using: &random)!)
            case 17:
                // An unbreakable run: letters of one script, or a kerning chain.
                let alphabet = alphabets.randomElement(using: &random)!.filter { $0.properties.isAlphabetic }
                let length = Int.random(in: 30...160, using: &random)
                if Bool.random(using: &random) {
                    for _ in 0..<length { scalars.append(alphabet.randomElement(using: &random)!) }
                } else {
                    scalars.append(contentsOf: String(repeating: "AV", count: length / 2).unicodeScalars)
                }
            case 18:
                scalars.append(marks.randomElement(using: &random)!)
            default:
                scalars.append(contentsOf: "\t".unicodeScalars)
            }
        }
        return String(scalars)
    }

    static func randomWidth(_ random: inout SeededGenerator) -> CGFloat {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return 0
        case 1: return .infinity
        case 2: return CGFloat.random(in: 0..<12, using: &random)
        default: return CGFloat.random(in: 12...420, using: &random)
        }
    }

    static let modes: [LineBreakMode] = [
        .byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle,
    ]

    static let font = Font.default(size: 17)

    /// A random text laid out at a random width, with a random line limit and break mode.
    static func randomLayout(_ random: inout SeededGenerator) throws
        -> (text: String, width: CGFloat, mode: LineBreakMode, maxLines: Int, layout: TextLayout)
    {
        let text = randomText(&random)
        let width = randomWidth(&random)
        let mode = modes.randomElement(using: &random)!
        let maxLines = Int.random(in: 0...3, using: &random)
        return (text, width, mode, maxLines, try PreparedText(text, font: font).layout(width: width, maxLines: maxLines, lineBreakMode: mode))
    }

    @Test func aLineIsNeverWiderThanTheLayoutUnlessOneGraphemeClusterIs() throws {
        var random = SeededGenerator(seed: 1901)
        for index in 0..<2500 {
            let (text, width, mode, _, layout) = try Self.randomLayout(&random)
            let problems = TextLayoutInvariants.overwideLines(layout, width: width)
            #expect(problems.isEmpty, "case \(index): \(mode) at \(width): \(problems) for \(text.debugDescription)")
        }
    }

    @Test func theLineCountNeverGrowsAsTheWidthGrows() throws {
        var random = SeededGenerator(seed: 1902)
        for index in 0..<1500 {
            let text = Self.randomText(&random)
            let prepared = PreparedText(text, font: Self.font)
            let widths = (0..<4).map { _ in Self.randomWidth(&random) }
            let problems = try TextLayoutInvariants.lineCountProblems(prepared, widths: widths)
            #expect(problems.isEmpty, "case \(index): \(problems) for \(text.debugDescription)")
        }
    }

    @Test func theLinesRangesTileTheText() throws {
        var random = SeededGenerator(seed: 1903)
        for index in 0..<2500 {
            let (text, width, mode, maxLines, layout) = try Self.randomLayout(&random)
            let problems = TextLayoutInvariants.tilingProblems(layout, maxLines: maxLines, mode: mode)
            #expect(problems.isEmpty, "case \(index): \(mode) at \(width): \(problems) for \(text.debugDescription)")
        }
    }

    /// What a layout is, bit for bit.
    struct Fingerprint: Equatable {
        var size: [UInt]
        var lines: [TextLayout.Line]
        var widths: [UInt]

        init(_ layout: TextLayout) {
            size = [layout.size.width.bitPattern, layout.size.height.bitPattern]
            lines = layout.lines
            widths = layout.lines.map { $0.width.bitPattern }
        }
    }

    struct Case: Sendable {
        var text: String
        var width: CGFloat
        var maxLines: Int
        var mode: LineBreakMode

        func fingerprint() throws -> Fingerprint {
            Fingerprint(try PreparedText(text, font: LayoutPropertyTests.font)
                .layout(width: width, maxLines: maxLines, lineBreakMode: mode))
        }
    }

    static func randomCases(_ count: Int, seed: UInt64) -> [Case] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            Case(text: randomText(&random), width: randomWidth(&random), maxLines: Int.random(in: 0...3, using: &random),
                 mode: modes.randomElement(using: &random)!)
        }
    }

    @Test func manyThreadsGiveBitIdenticalResultsToOne() throws {
        let cases = Self.randomCases(2000, seed: 1904)
        let serial = try cases.map { try $0.fingerprint() }
        let parallel = Locked([Fingerprint?](repeating: nil, count: cases.count))
        // Every thread takes every fourth case, starting at its own: they share the
        // segment cache and fonts while measuring different texts at the same time.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in stride(from: thread, to: cases.count, by: 4) {
                let result = try? cases[index].fingerprint()
                parallel.withLock { $0[index] = result }
            }
        }
        let results = parallel.withLock { $0 }
        for index in cases.indices {
            #expect(results[index] == serial[index], "case \(index): \(cases[index].text.debugDescription)")
        }
    }

    @Test func aPreparedTextLaidOutAtAWidthEqualsAFreshMeasurement() throws {
        var random = SeededGenerator(seed: 1905)
        for index in 0..<1500 {
            let text = Self.randomText(&random)
            let prepared = PreparedText(text, font: Self.font)
            // Laid out at other widths (and modes) first, in random order.
            for _ in 0..<3 {
                let width = Self.randomWidth(&random)
                let mode = Self.modes.randomElement(using: &random)!
                let maxLines = Int.random(in: 0...3, using: &random)
                let reused = Fingerprint(try prepared.layout(width: width, maxLines: maxLines, lineBreakMode: mode))
                let fresh = Fingerprint(try PreparedText(text, font: Self.font)
                    .layout(width: width, maxLines: maxLines, lineBreakMode: mode))
                #expect(reused == fresh, "case \(index): \(mode) at \(width): \(text.debugDescription)")
            }
        }
    }

    /// The size alone (lines not kept) is the layout's size, with any spacing and scale.
    @Test func theSizeAloneIsTheLayoutsSize() throws {
        var random = SeededGenerator(seed: 1906)
        for index in 0..<2000 {
            let text = Self.randomText(&random)
            let prepared = PreparedText(text, font: Self.font)
            let width = Self.randomWidth(&random)
            let mode = Self.modes.randomElement(using: &random)!
            let maxLines = Int.random(in: 0...3, using: &random)
            let spacing = CGFloat([0, 0, 1.5, 7].randomElement(using: &random)!)
            let scale = CGFloat([1, 2, 3].randomElement(using: &random)!)
            let layout = try prepared.layout(
                width: width, maxLines: maxLines, lineBreakMode: mode, lineSpacing: spacing, scale: scale)
            let size = try prepared.size(
                width: width, maxLines: maxLines, lineBreakMode: mode, lineSpacing: spacing, scale: scale)
            #expect(size == layout.size, "case \(index): \(mode) at \(width): \(text.debugDescription)")
        }
    }

    /// Each line's string range (and elided range) is where the standard library puts its
    /// UTF-16 range: the indices found by counting UTF-8 from line to line are right.
    @Test func theLinesStringRangesAreTheirUTF16Ranges() throws {
        var random = SeededGenerator(seed: 1907)
        for index in 0..<2000 {
            let (text, width, mode, _, layout) = try Self.randomLayout(&random)
            func stringIndex(_ offset: Int) -> String.Index { String.Index(utf16Offset: offset, in: text) }
            for line in layout.lines {
                let expected = stringIndex(line.utf16Range.lowerBound)..<stringIndex(line.utf16Range.upperBound)
                #expect(line.range == expected, "case \(index): \(mode) at \(width): \(text.debugDescription)")
                if let elided = line.elidedUTF16Range {
                    let expectedElided = stringIndex(elided.lowerBound)..<stringIndex(min(elided.upperBound, text.utf16.count))
                    #expect(line.elidedRange == expectedElided, "case \(index): elided, \(text.debugDescription)")
                }
            }
        }
    }
}
