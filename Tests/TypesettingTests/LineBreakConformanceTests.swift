import Foundation
import Testing
@testable import Typesetting

/// UAX #14 conformance of the line break opportunities, over Unicode's own test file
/// (Debian's unicode-data package, LineBreakTest-15.0.0 for ICU 72's Unicode 15.0).
@Suite struct LineBreakConformanceTests {
    static let testFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// ICU's root line break rules tailor two of UAX #14's number rules (documented in
    /// ICU's line.txt); these cases differ only because of them.
    enum Tailoring: String {
        /// ICU line.txt rule LB 20.09: no break between a hyphen and a following letter
        /// when a boundary precedes the hyphen ("-foo" may be a negative quantity or a
        /// word-initial hyphen), the CSS behaviour; UAX #14 15.0 breaks after HY.
        case hyphenBeforeLetter = "ICU LB 20.09: word-initial hyphen stays with the letter after it"
        /// ICU implements LB 25 with UAX #14 §8.2 Example 7's regular expression for
        /// numbers, in which a full stop or comma may begin a number (".35"), so IS × NU
        /// and the break moves before the IS.
        case numberStartingWithSeparator = "ICU LB 25 (UAX #14 Example 7): IS may begin a number, IS × NU"
    }

    /// Every case where ICU differs from the file: its line in the file, the breaks ICU
    /// gives (UTF-16 offsets), and why.
    static let icuTailorings: [Int: (icu: [Int], reason: Tailoring)] = [
        2265: ([2], .hyphenBeforeLetter),  // - ÷ #
        2267: ([3], .hyphenBeforeLetter),  // - ̈ ÷ #
        2421: ([2], .hyphenBeforeLetter),  // - ÷ §
        2423: ([3], .hyphenBeforeLetter),  // - ̈ ÷ §
        2425: ([3], .hyphenBeforeLetter),  // - ÷ U+50005 (unassigned, AL)
        2427: ([4], .hyphenBeforeLetter),  // - ̈ ÷ U+50005
        2429: ([2], .hyphenBeforeLetter),  // - ÷ ก (SA resolves to AL)
        2431: ([3], .hyphenBeforeLetter),  // - ̈ ÷ ก
        2873: ([2], .numberStartingWithSeparator),  // , ÷ 0
        2875: ([3], .numberStartingWithSeparator),  // , ̈ ÷ 0
        7477: ([7, 11, 16], .numberStartingWithSeparator),  // "equals .35 cents"
        7576: ([4], .numberStartingWithSeparator),  // "a.2 "
        7577: ([4, 5], .numberStartingWithSeparator),  // "a.2 क"
        7578: ([4, 5], .numberStartingWithSeparator),  // "a.2 本"
        7579: ([4, 5], .numberStartingWithSeparator),  // "a.2　本"
        7580: ([4, 5], .numberStartingWithSeparator),  // "a.2　ま"
        7581: ([4, 5], .numberStartingWithSeparator),  // "a.2　3"
        7583: ([4, 5], .numberStartingWithSeparator),  // "A.1 몫"
        7584: ([1, 4, 8, 9], .numberStartingWithSeparator),  // "봤어. A.2 볼"
        7585: ([1, 4, 8, 9], .numberStartingWithSeparator),  // "봐요. A.3 몫"
        7586: ([3, 7, 8], .numberStartingWithSeparator),  // "요. A.4 몫"
        7587: ([4, 5], .numberStartingWithSeparator),  // "a.2　「"
    ]

    struct Case {
        var line: Int
        var text: String
        /// Expected break positions as UTF-16 offsets (after offset 0).
        var breaks: [Int]
    }

    static func cases() throws -> [Case] {
        let contents = try String(contentsOfFile: testFile, encoding: .utf8)
        var result: [Case] = []
        for (number, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars = String.UnicodeScalarView()
            var breaks: [Int] = []
            var offset = 0
            for token in tokens {
                switch token {
                case "÷": if offset > 0 { breaks.append(offset) }
                case "×": break
                default:
                    let scalar = try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init))
                    scalars.append(scalar)
                    offset += UTF16.width(scalar)
                }
            }
            result.append(Case(line: number + 1, text: String(scalars), breaks: breaks))
        }
        return result
    }

    static func icuBreaks(_ text: String) -> [Int] {
        Array(text.utf16).withUnsafeBufferPointer { LineSegmenter.boundaries($0, scratch: ThreadScratch.current.breaking).map(\.offset) }
    }

    /// ICU itself, bypassing the segmenter's shortcuts.
    static func iteratorBreaks(_ text: String) -> [Int] {
        var breaks: [Int] = []
        Array(text.utf16).withUnsafeBufferPointer { buffer in
            _ = ThreadScratch.current.breaking.lineBreaks?.forEachBoundary(in: buffer) { breaks.append($0.offset) }
        }
        return breaks
    }

    @Test func lettersDigitsAndSpacesShortcutAgreesWithICU() {
        Self.expectShortcutAgreesWithICU(
            alphabet: "aZ09 qX5  ", seed: 0x2545F4914F6CDD1D,
            applies: LineSegmenter.isSimpleWords, boundaries: LineSegmenter.forEachSimpleWordsBoundary)
    }

    @Test func ideographsDigitsAndFullwidthPunctuationShortcutAgreesWithICU() {
        // Ideographs from both ends of both ranges the shortcut accepts.
        Self.expectShortcutAgreesWithICU(
            alphabet: "自动布局中文字\u{3400}\u{4DBF}\u{4E00}\u{9FFF}0123456789、。，（）「」《》『』【】！？：；",
            seed: 0x9E3779B97F4A7C15,
            applies: LineSegmenter.isSimpleIdeographic, boundaries: LineSegmenter.forEachSimpleIdeographicBoundary)
    }

    /// Checks a shortcut of the line segmenter against ICU's iterator on 2,000 random strings
    /// of 1 to 40 characters from `alphabet`, all of which the shortcut must accept.
    private static func expectShortcutAgreesWithICU(
        alphabet: String, seed: UInt64,
        applies: (UnsafeBufferPointer<UInt16>) -> Bool,
        boundaries: (UnsafeBufferPointer<UInt16>, (Boundary) -> Void) -> Void
    ) {
        let alphabet = Array(alphabet)
        var state = seed
        for length in 1...40 {
            for _ in 0..<50 {
                var text = ""
                for _ in 0..<length {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    text.append(alphabet[Int(state >> 33) % alphabet.count])
                }
                let shortcut = Array(text.utf16).withUnsafeBufferPointer { buffer -> [Int] in
                    #expect(applies(buffer))
                    var breaks: [Int] = []
                    boundaries(buffer) { breaks.append($0.offset) }
                    return breaks
                }
                #expect(shortcut == iteratorBreaks(text), "\(text.debugDescription)")
            }
        }
    }

    @Test func everyCaseMatchesUAX14ExceptTheListedICUTailorings() throws {
        let cases = try Self.cases()
        #expect(cases.count == 7654)
        var mismatched: Set<Int> = []
        for testCase in cases {
            let found = Self.icuBreaks(testCase.text)
            if let tailoring = Self.icuTailorings[testCase.line] {
                // A listed case must still differ, and exactly as recorded.
                #expect(found == tailoring.icu, "line \(testCase.line): ICU now gives \(found)")
                #expect(found != testCase.breaks, "line \(testCase.line) now passes; remove it from the list")
            } else {
                #expect(found == testCase.breaks, "line \(testCase.line): expected \(testCase.breaks), ICU gives \(found)")
            }
            if found != testCase.breaks { mismatched.insert(testCase.line) }
        }
        #expect(mismatched == Set(Self.icuTailorings.keys))
    }

    @Test func listedTailoringsCoverOnlyNumberAndHyphenContexts() throws {
        let cases = try Self.cases()
        for testCase in cases {
            guard let tailoring = Self.icuTailorings[testCase.line] else { continue }
            let scalars = Set(testCase.text.unicodeScalars.map(\.value))
            switch tailoring.reason {
            case .hyphenBeforeLetter: #expect(scalars.contains(0x2D))
            case .numberStartingWithSeparator:
                #expect(scalars.contains(0x2E) || scalars.contains(0x2C))
                #expect(testCase.text.unicodeScalars.contains { $0.properties.numericType == .decimal })
            }
        }
    }

    @Test func hardBreaksAreMandatory() {
        let text = Array("a\nb\u{2028}c\u{2029}d\r\ne".utf16)
        let boundaries = text.withUnsafeBufferPointer { LineSegmenter.boundaries($0, scratch: ThreadScratch.current.breaking) }
        #expect(boundaries.filter(\.isHard).map(\.offset) == [2, 4, 6, 9])
    }
}

/// The shortcut that skips ICU's grapheme iterator must agree with it.
@Suite struct GraphemeShortcutTests {
    @Test func oneClusterPerUnitTextHasICUsClusterBoundaries() throws {
        let samples: [ClosedRange<UInt16>] = [
            0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF,
            0x4E00...0x9FFF, 0xFF01...0xFF9D, 0xFFA0...0xFFDC, 0x0D...0x0D, 0x0A...0x0A,
        ]
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for _ in 0..<400 {
            var units: [UInt16] = []
            for _ in 0..<(1 + next() % 30) {
                let range = samples[next() % samples.count]
                units.append(range.lowerBound + UInt16(next() % (Int(range.upperBound - range.lowerBound) + 1)))
            }
            var expected: [Int] = [0]
            units.withUnsafeBufferPointer { buffer in
                #expect(Itemizer.isOneClusterPerUnit(buffer))
                ThreadScratch.current.breaking.graphemes?.forEachBoundary(in: buffer) { expected.append($0.offset) }
            }
            var flags = [UInt8](repeating: 0, count: units.count + 1)
            units.withUnsafeBufferPointer { buffer in
                flags.withUnsafeMutableBufferPointer { Itemizer.markGraphemeStarts(buffer, flags: $0, scratch: ThreadScratch.current.breaking) }
            }
            let found = flags.indices.filter { flags[$0] & PreparedText.Flag.graphemeStart != 0 }
            #expect(found == expected, "\(units.map { String($0, radix: 16) })")
        }
    }
}
