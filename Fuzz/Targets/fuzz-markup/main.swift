// `--markup` text: any bytes either read into attributed text (no more characters than the
// markup, every run's font at a size within range, every kern, offset and attachment box finite)
// that then prepares and lays out at a width taken from the input with a finite, non-negative
// size, and draws (`--render`'s glyph runs) at finite positions, or fail with a column
// inside the text (or just past it) and a message.
import Foundation
import FuzzSupport
import Typesetting
@testable import fitsize

private let regular = keptForTheProcess { Font.default(size: 17, systemFonts: false) }
private let bold = keptForTheProcess { Font.bold(size: 17, systemFonts: false) }

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var fuzz = FuzzInput(Array(bytes))
    let width = CGFloat(fuzz.int(in: 0...2000))
    let text = String(decoding: fuzz.rest(), as: UTF8.self)
    let length = text.count
    let attributed: AttributedString
    do {
        // The font files of `<font>` are not opened: any name stands for the regular cascade,
        // so that the fuzzer explores the markup, not the file system.
        attributed = try Markup.attributedString(text, base: regular) { _, isBold, size in
            (isBold ? bold : regular).withSize(size)
        }
    } catch {
        fuzzCheck((1...length + 1).contains(error.column), "\(text.debugDescription): column \(error.column) outside 1...\(length + 1)")
        fuzzCheck(!error.message.isEmpty, "\(text.debugDescription): an error without a message")
        return
    }
    fuzzCheck(attributed.characters.count <= length, "\(text.debugDescription) read into more characters than it has")
    for run in attributed.runs {
        let size = run.font?.pointSize ?? regular.pointSize
        fuzzCheck(size > 0 && size <= Font.maximumPointSize, "\(text.debugDescription): a run at \(size) points")
        fuzzCheck(run.kern.map(\.isFinite) ?? true, "\(text.debugDescription): kern \(String(describing: run.kern))")
        fuzzCheck(run.baselineOffset.map(\.isFinite) ?? true,
                  "\(text.debugDescription): baseline offset \(String(describing: run.baselineOffset))")
        if let box = run.attachment?.bounds {
            fuzzCheck([box.origin.y, box.size.width, box.size.height].allSatisfy(\.isFinite) && box.size.width >= 0
                          && box.size.height >= 0, "\(text.debugDescription): attachment \(box)")
        }
    }
    do {
        let layout = try PreparedText(attributed: attributed, defaultFont: regular).layout(width: width)
        fuzzCheck(layout.size.width.isFinite && layout.size.width >= 0 && layout.size.height.isFinite && layout.size.height >= 0,
                  "\(text.debugDescription) at width \(width): size \(layout.size)")
        for index in layout.lines.indices {
            for run in layout.glyphRuns(onLine: index) {
                fuzzCheck(run.originX.isFinite && run.width.isFinite && run.baselineOffset.isFinite
                              && run.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite },
                          "\(text.debugDescription) at width \(width): run at \(run.originX), \(run.width) wide on line \(index)")
            }
        }
    } catch {
        fuzzCheck(!"\(error)".isEmpty, "\(text.debugDescription): an error without a message")
    }
}

fuzzMain(fuzzOne)
