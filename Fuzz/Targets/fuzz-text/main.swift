// The text engine: texts built from every script the shipped fonts cover, with bidi
// controls, joiners, combining marks and CR/LF mixes, laid out at random widths, line
// limits, break modes and spacings. Every layout keeps TextLayoutInvariants, and its
// numbers are finite.
import Foundation
import FuzzSupport
import LayoutInvariants
import Typesetting

/// Letters of each script the shipped cascade covers, and pieces that join or reorder them.
private let alphabets: [[Unicode.Scalar]] = [
    Array("abcdefghijklmnopqrstuvwxyzAVTWYfiﬁ".unicodeScalars),
    Array("αβγδεζηθικλμνξοπρστυφχψωΑΩ".unicodeScalars),
    Array("абвгдежзийклмнопрстуфхцчшщыэюяЖЯ".unicodeScalars),
    Array("ابتثجحخدذرزسشصضطظعغفقكلمنهويﻻ٠١٢".unicodeScalars),
    Array("אבגדהוזחטיכלמנסעפצקרשתךםןףץ".unicodeScalars),
    Array("कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह".unicodeScalars) + ["\u{094D}", "\u{093F}", "\u{0940}", "\u{0902}"],
    Array("中文字体排版测试的一是不了人我在有他这为之大来以个かなカナ한국어".unicodeScalars),
]
private let marks: [Unicode.Scalar] = ["\u{0301}", "\u{0308}", "\u{0323}", "\u{064E}", "\u{0651}", "\u{05B7}", "\u{093C}", "\u{20DD}", "\u{FE0F}"]
private let controls: [Unicode.Scalar] = [
    "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200D}", "\u{200C}", "\u{00AD}", "\u{2060}", "\u{FEFF}",
]
private let breaks = ["\n", "\r", "\r\n", "\n\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
private let spaces: [Unicode.Scalar] = [" ", "\t", "\u{00A0}", "\u{2009}", "\u{3000}", "\u{200B}"]
private let others = Array(".,;:!?-/()«»“”0123456789…—%&@🙂👍🏽👨‍👩‍👧".unicodeScalars)
private let modes = LineBreakMode.allCases
private let fonts = keptForTheProcess { [Font.default(size: 17), Font.bold(size: 17)] }

private func makeText(_ input: inout FuzzInput) -> String {
    var scalars = String.UnicodeScalarView()
    while !input.isEmpty && scalars.count < 4_000 {
        let choice = input.byte()
        switch choice % 16 {
        case 0..<6:
            let alphabet = alphabets[Int(choice / 16) % alphabets.count]
            for _ in 0...input.int(in: 0...11) { scalars.append(input.pick(alphabet)) }
        case 6: scalars.append(input.pick(marks))
        case 7: scalars.append(input.pick(controls))
        case 8: scalars.append(contentsOf: input.pick(breaks).unicodeScalars)
        case 9, 10: scalars.append(input.pick(spaces))
        case 11: scalars.append(input.pick(others))
        case 12:
            // A long run with no break opportunity.
            let alphabet = alphabets[Int(choice / 16) % alphabets.count]
            let letter = input.pick(alphabet)
            scalars.append(contentsOf: repeatElement(letter, count: input.int(in: 20...600)))
        case 13:
            // Any scalar at all (surrogate values become U+FFFD).
            scalars.append(Unicode.Scalar(UInt32(input.unsigned(bytes: 3)) % 0x110000) ?? "\u{FFFD}")
        default:
            scalars.append(contentsOf: String(decoding: input.take(input.int(in: 1...8)), as: UTF8.self).unicodeScalars)
        }
    }
    return String(scalars)
}

private func width(_ input: inout FuzzInput) -> CGFloat {
    switch input.byte() % 8 {
    case 0: return 0
    case 1: return .infinity
    case 2: return CGFloat(input.logScaled(exponents: -9...6, signed: false))
    default: return CGFloat(input.int(in: 0...60_000)) / 100
    }
}

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var input = FuzzInput(Array(bytes))
    let size = input.pick([17, 17, 12, 1, 0.01, 300, Font.maximumPointSize] as [CGFloat])
    let font = fonts[input.int(in: 0...1)].withSize(size)
    let letterSpacing = input.pick([0, 0, 0, 1.5, -2, 40] as [CGFloat])
    let widths = [width(&input), width(&input), width(&input)]
    let maxLines = input.int(in: 0...4)
    let mode = input.pick(modes)
    let lineSpacing = input.pick([0, 0, 3, 1e6] as [CGFloat])
    let scale = input.pick([1, 2, 3, 16] as [CGFloat])
    let text = makeText(&input)
    do {
        let prepared = try PreparedText(text, font: font, letterSpacing: letterSpacing)
        let layout = try prepared.layout(width: widths[0], maxLines: maxLines, lineBreakMode: mode,
                                         lineSpacing: lineSpacing, scale: scale)
        let what = "\(text.debugDescription) at width \(widths[0]), \(maxLines) lines, \(mode), size \(size), letter spacing \(letterSpacing)"
        fuzzCheck(layout.size.width.isFinite && layout.size.height.isFinite && layout.size.width >= 0 && layout.size.height >= 0,
                  "size \(layout.size) for \(what)")
        fuzzCheck(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 && $0.minY.isFinite && $0.baseline.isFinite },
                  "a line's numbers are not finite for \(what)")
        fuzzCheck(maxLines == 0 || layout.lines.count <= maxLines, "\(layout.lines.count) lines for \(what)")
        let problems = try TextLayoutInvariants.tilingProblems(layout, maxLines: maxLines, mode: mode)
            + TextLayoutInvariants.overwideLines(layout, width: widths[0])
            + TextLayoutInvariants.lineCountProblems(prepared, widths: widths)
        fuzzCheck(problems.isEmpty, "\(problems) for \(what)")
        // Glyph runs are what the renderer draws: asking for them must not fail either.
        for index in layout.lines.indices { _ = layout.glyphRuns(onLine: index) }
    } catch {
        fuzzCheck(false, "\(error) for \(text.debugDescription) at widths \(widths)")
    }
}

fuzzMain(fuzzOne)
