import Foundation
import Testing
@testable import Typesetting

/// The one-pass preparation of text of letters, digits, spaces and sentence punctuation
/// prepares exactly what the general path (ICU clusters and line breaks, itemisation)
/// prepares.
@Suite struct SimpleWordsTextTests {
    static let texts = [
        "Add to basket", "Order 42", "x", "7", " ", "   ", "  leading spaces", "trailing spaces   ",
        "two  spaces   between words", "Supercalifragilisticexpialidocious", "AVATAR Tokyo WAVE 1984",
        "office affinity fjord", "a b c d e f g h i j k l m n o p q r s t u v w x y z",
        String(repeating: "repeated words ", count: 30),
        "comma, then", "dot.", "Sent. Read it, then reply!", "Why? Because: 3.14, 1,000; ok", "a , b ; c . d",
        "e.g.this", "wait ! no ? yes!", ".leading", "x,y.z:w;v", "Done!", "What?  Really?",
        "hyphen-ated", "AT&T", "alpha omega #4-117", "e-mail me@home", "x-ray-7", "a--b", "4-a", "9-9-9",
        "a-.b", "a-!", "end-", "x- y", "A-#", "1.5-2", "well-known, e.g.-like", "#tag @user #", "#",
        "a_b*c=d<e>f^g`h~i", "<=> == ~~", "under_score-and-dash-9", "x-@y", "7-", "a-,-b",
    ]

    static func prepare(_ text: String, shortcut: Bool) -> PreparedText {
        PreparedText(validated: text, font: Measure.font, letterSpacing: 0,
                     cache: SegmentWidthCache(capacityInBytes: 1 << 20), simpleWordsShortcut: shortcut)
    }

    @Test(arguments: texts)
    func shortcutPreparesWhatTheGeneralPathPrepares(_ text: String) {
        Self.expectSame(Self.prepare(text, shortcut: true), Self.prepare(text, shortcut: false))
    }

    /// Expects the two preparations of one text to hold the same code units, flags,
    /// advances, faces, runs and segments, and to lay out the same at four widths.
    static func expectSame(_ fast: PreparedText, _ general: PreparedText) {
        #expect(Array(fast.utf16) == Array(general.utf16))
        #expect(Array(fast.flags) == Array(general.flags))
        #expect(Array(fast.prefix) == Array(general.prefix))
        #expect(Array(fast.faces.handles) == Array(general.faces.handles))
        #expect(fast.runs.count == general.runs.count)
        for (a, b) in zip(fast.runs, general.runs) {
            #expect(a.start == b.start && a.end == b.end && a.face == b.face && a.faceIndex == b.faceIndex)
            #expect(a.level == b.level && a.script == b.script)
        }
        #expect(Array(fast.segments.ends) == Array(general.segments.ends))
        for width in [0.0, 40, 120, .infinity] {
            let fastLayout = try? fast.layout(width: CGFloat(width))
            let generalLayout = try? general.layout(width: CGFloat(width))
            #expect(fastLayout?.lines == generalLayout?.lines)
            #expect(fastLayout?.size == generalLayout?.size)
        }
    }

    /// Runs of `(text, file, size, kern)` in the shipped faces, with a span of their own each.
    static let styledTexts: [[(String, String, CGFloat, CGFloat)]] = [
        [("Ann", AttributedFixtures.boldFile, 17, 0), (" replied, then left.", AttributedFixtures.regularFile, 17, 0)],
        [("Sent. ", AttributedFixtures.regularFile, 13, 0), ("Read it", AttributedFixtures.boldFile, 22, 0),
         (", then reply!", AttributedFixtures.regularFile, 17, 1), (" office fit", AttributedFixtures.regularFile, 9, 0)],
        [("split", AttributedFixtures.regularFile, 17, 0), ("word", AttributedFixtures.boldFile, 17, 0),
         (" 42 ", AttributedFixtures.regularFile, 30, 0), ("", AttributedFixtures.boldFile, 12, 0),
         ("end.", AttributedFixtures.boldFile, 12, 2)],
    ]

    /// Attributed text takes the shortcut too, with a run per span.
    @Test(arguments: 0..<styledTexts.count)
    func shortcutPreparesWhatTheGeneralPathPreparesForStyledText(_ index: Int) throws {
        var styled = StyledText(defaultFont: try AttributedFixtures.font(AttributedFixtures.regularFile, 17))
        for (text, file, size, kern) in Self.styledTexts[index] {
            try styled.append(text, font: AttributedFixtures.font(file, size), kern: kern)
        }
        let spans = styled.finishedSpans
        #expect(SimpleWordsText.segmentCount(styled.string) != nil)
        func prepare(shortcut: Bool) -> PreparedText {
            PreparedText(validated: styled.string, font: spans.spans[0].font, letterSpacing: 0,
                         cache: SegmentWidthCache(capacityInBytes: 1 << 20), simpleWordsShortcut: shortcut, spans: spans)
        }
        Self.expectSame(prepare(shortcut: true), prepare(shortcut: false))
    }

    /// The shortcut's segments of `text`, or nil when it declines the text.
    static func simpleSegments(_ text: String) -> [(start: Int, contentEnd: Int)]? {
        guard let count = SimpleWordsText.segmentCount(text) else { return nil }
        var units = [UInt16](repeating: 0, count: text.utf8.count)
        var flags = [UInt8](repeating: 0, count: text.utf8.count + 1)
        var ends = [UInt32](repeating: 0, count: count)
        units.withUnsafeMutableBufferPointer { units in
            flags.withUnsafeMutableBufferPointer { flags in
                ends.withUnsafeMutableBufferPointer { ends in
                    SimpleWordsText.prepare(text, segmentCount: count, units: units.baseAddress!, flags: flags.baseAddress!,
                                            ends: ends.baseAddress!)
                }
            }
        }
        return flags.withUnsafeBufferPointer { flags in
            ends.withUnsafeBufferPointer { ends in
                let segments = LineSegments(ends: ends, flags: flags)
                return (0..<count).map { (segments.start($0), segments.contentEnd($0)) }
            }
        }
    }

    @Test(arguments: ["", "tab\tseparated", "new\nline", "café", "wow!great", "ok?5", "what?!",
                      "don't", "(aside)", "-5", "a -b", "- dash", "50%", "$5", "a+b", "a/b", "x|y", "!-"])
    func otherTextTakesTheGeneralPath(_ text: String) {
        #expect(Self.simpleSegments(text) == nil)
    }

    @Test func simpleWordsTextIsRecognised() throws {
        let segments = try #require(Self.simpleSegments("Order 42 now"))
        #expect(segments.map(\.start) == [0, 6, 9])
        #expect(segments.map(\.contentEnd) == [5, 8, 12])
        let sentence = try #require(Self.simpleSegments("Sent. Read it, then reply!"))
        #expect(sentence.map(\.start) == [0, 6, 11, 15, 20])
        let spaced = try #require(Self.simpleSegments("a , b ! c"))
        #expect(spaced.map(\.start) == [0, 4, 8])
        // A hyphen breaks before a letter, never before a digit.
        let hyphens = try #require(Self.simpleSegments("e-mail #4-117 x-7-y"))
        #expect(hyphens.map(\.start) == [0, 2, 7, 14, 18])
    }

    /// The rules of ``SimpleWordsText`` written out byte by byte, as its documentation states
    /// them: the segment starts of `text`, or nil when the shortcut must decline it.
    static func segmentStartsByTheRules(_ text: String) -> [Int]? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        func isWord(_ byte: UInt8) -> Bool {
            isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || Array("#&*<=>@^_`~".utf8).contains(byte)
        }
        var starts = [0]
        for (index, byte) in bytes.enumerated() {
            let before: UInt8? = index > 0 ? bytes[index - 1] : nil
            if byte == 0x20 { continue }
            if let before, before == 0x21 || before == 0x3F { return nil }  // only a space after ! or ?
            if isWord(byte) {
                if before == 0x20 || (before == 0x2D && !isDigit(byte)) { starts.append(index) }
            } else if byte == 0x2D {
                if before == nil || before == 0x20 { return nil }
            } else if !Array("!?,.:;".utf8).contains(byte) {
                return nil
            }
        }
        return starts
    }

    /// Every text of up to four characters drawn from one of each kind the rules tell apart
    /// (and some they refuse) gets the segments the rules give, or is declined as they say.
    @Test func everyShortTextFollowsTheRules() {
        let alphabet = [" ", "a", "Z", "7", "#", "~", "-", "!", "?", ",", ".", ";", "é", "\t", "(", "%"]
        var texts = [""]
        var all: [String] = []
        for _ in 1...4 {
            texts = texts.flatMap { text in alphabet.map { text + $0 } }
            all += texts
        }
        var mismatches: [String] = []
        for text in all {
            let expected = Self.segmentStartsByTheRules(text)
            let found = Self.simpleSegments(text)?.map(\.start)
            if expected != found { mismatches.append(text) }
        }
        #expect(all.count == 16 + 256 + 4_096 + 65_536)
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(10))")
    }
}
