// The documented limits (README, "Limits and bad input"): each input picks a limit and a
// value at, just inside or just outside its bound (or far outside), and the value is given
// where users give it. A value within the bound is accepted; one outside is refused with an
// error, before anything its size is allocated, and the thing refusing it is left as it was.
import CellSizing
import ConstraintSolver
import Foundation
import FuzzSupport
import Typesetting
@testable import fitsize

/// The README's numbers: a change to a limit must change its documentation too.
private func checkDocumentedBounds() {
    fuzzCheck(PreparedText.maximumTextLength == 134_217_728, "the text limit is not the README's 134,217,728 bytes")
    fuzzCheck(LineReader.maximumLineLength == PreparedText.maximumTextLength, "the batch line limit is not the text limit")
    fuzzCheck(InputLimits.maximumLength == 1_000_000, "the length limit is not the README's 1,000,000 pt")
    fuzzCheck(InputLimits.maximumMultiplier == 1_000, "the multiplier limit is not the README's 1,000")
    fuzzCheck(InputLimits.maximumScale == 16, "the scale limit is not the README's 16")
    fuzzCheck(Font.maximumPointSize == 10_000, "the font size limit is not the README's 10,000 pt")
    fuzzCheck(Typeface.faceIndexRange == 0...65_535, "the face index limit is not the README's 65,535")
    fuzzCheck(TemplateLimits.maximumFileBytes == 4 << 20 && TemplateLimits.maximumViews == 1_000
              && TemplateLimits.maximumConstraintEntries == 4_000, "the template limits are not the README's")
    fuzzCheck(Solver.maximumValue == 1e9 && Solver.coefficientMagnitudes == 1e-3...1e3, "the solver limits are not the README's")
    fuzzCheck(CellSizer<TemplateCellView>.maximumWidth == 1_000_000, "the cell width limit is not the README's")
}

/// A value around `bound`: the bound itself, the next values either side, a little or far
/// beyond, with either sign, or a non-finite number.
private func edge(_ input: inout FuzzInput, _ bound: Double) -> Double {
    let value: Double = switch input.byte() % 9 {
    case 0: bound
    case 1: bound.nextDown
    case 2: bound.nextUp
    case 3: bound * (1 + Double(input.int(in: 1...1000)) * 1e-9)
    case 4: bound * Double(input.int(in: 2...1_000_000))
    case 5: bound * Double(input.int(in: 0...1000)) / 1000
    case 6: .nan
    case 7: .infinity
    default: Double(input.int(in: 0...Int(min(bound * 2, 1e15))))
    }
    return input.bool() ? -value : value
}

/// A count around `bound`: from two below to a few above.
private func count(_ input: inout FuzzInput, _ bound: Int) -> Int { bound + input.int(in: -2...3) }

private func expect(_ accepted: Bool, _ error: Error?, within: Bool, _ what: String, naming words: [String] = []) {
    fuzzCheck(accepted == within, "\(what): \(accepted ? "accepted" : "refused (\(error.map { "\($0)" } ?? ""))"), "
              + "but it is \(within ? "within" : "outside") the documented bound")
    if let error {
        let message = "\(error)"
        for word in words { fuzzCheck(message.contains(word), "\(what): the error \"\(message)\" does not name \(word)") }
    }
}

/// Whether `body` ran without throwing, and the error it threw.
private func attempt(_ body: () throws -> Void) -> (Bool, Error?) {
    do {
        try body()
        return (true, nil)
    } catch {
        return (false, error)
    }
}

private let scratch = keptForTheProcess {
    FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-fuzz-limits-\(getpid())")
}
private let font = keptForTheProcess { Font.default(size: 17) }

/// A template of `views` labels and `constraints` equations between them.
private func template(views: Int, constraints: Int, metric: Double = 8, multiplier: Double = 1) -> String {
    let viewList = (0..<views).map { #"{"name": "v\#($0)", "type": "view"}"# }.joined(separator: ", ")
    let equations = (0..<constraints).map { _ in #""v0.width == \#(multiplier) * v0.height + gap""# }.joined(separator: ", ")
    return #"{"metrics": {"gap": \#(metric)}, "views": [\#(viewList)], "constraints": [\#(equations)]}"#
}

private func parseTemplate(_ text: String) throws -> CellTemplate {
    try TemplateParser(file: "limits.json", folder: scratch).template(from: JSONNode.parse(text, file: "limits.json"))
}

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var input = FuzzInput(Array(bytes))
    switch input.byte() % 16 {
    case 0:
        // A text over the limit: refused by its length before a byte of it is read (the bytes
        // are never stored). Texts within it are what every other target measures.
        let length = PreparedText.maximumTextLength + input.int(in: 1...3) + (input.bool() ? input.int(in: 0...1 << 40) : 0)
        let (accepted, error) = attempt { _ = try PreparedText(utf8: repeatElement(UInt8(ascii: "a"), count: length), font: font) }
        expect(accepted, error, within: false, "a text of \(length) bytes", naming: ["\(PreparedText.maximumTextLength)"])
    case 1:
        // Batch lines around the line limit, read in pieces of any size: each line longer
        // than the limit is handed out empty and marked too long, every other one whole.
        // (A small limit stands in for the real one, which Tests/FitsizeCLITests/
        // HugeInputTests.swift reads at full size.)
        let limit = input.int(in: 1...64)
        let readSize = input.int(in: 1...80)
        var lines: [[UInt8]] = []
        for _ in 0..<input.int(in: 0...12) {
            lines.append([UInt8](repeating: UInt8(ascii: "a") + UInt8(lines.count % 26), count: limit + input.int(in: -limit...limit + 2)))
        }
        let endings = lines.map { _ in input.pick(["\n", "\r\n"]) }
        var bytes: [UInt8] = []
        for (line, ending) in zip(lines, endings) { bytes += line + Array(ending.utf8) }
        if let last = lines.last, !last.isEmpty, input.bool() { bytes.removeLast(endings.last!.utf8.count) }
        let path = scratch.appendingPathComponent("lines").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return fuzzCheck(false, "cannot write \(path)") }
        let descriptor = open(path, O_RDONLY)
        defer {
            close(descriptor)
            unlink(path)
        }
        var reader = LineReader(descriptor: descriptor, readSize: readSize, lineLimit: limit)
        var read: [(tooLong: Bool, bytes: [UInt8])] = []
        do {
            while let block = try reader.nextBlock() {
                for index in block.lines.indices { read.append((block.isTooLong(index), Array(block.bytes[block.lines[index]]))) }
            }
        } catch {
            return fuzzCheck(false, "reading lines threw \(error)")
        }
        let what = "lines of \(lines.map(\.count)) bytes, limit \(limit), read \(readSize) bytes at a time"
        fuzzCheck(read.count == lines.count, "\(what): \(read.count) lines read")
        for (line, got) in zip(lines, read) {
            fuzzCheck(got.tooLong == (line.count > limit) && got.bytes == (line.count > limit ? [] : line),
                      "\(what): a line of \(line.count) bytes read as \(got.tooLong ? "too long, " : "")\(got.bytes.count) bytes")
        }
    case 2:
        // A template file: its size is checked before it is read.
        let size = count(&input, TemplateLimits.maximumFileBytes)
        let path = scratch.appendingPathComponent("template.json").path
        guard FileManager.default.createFile(atPath: path, contents: nil), truncate(path, off_t(size)) == 0 else {
            return fuzzCheck(false, "cannot write \(path)")
        }
        defer { unlink(path) }
        let (accepted, error) = attempt { _ = try TemplateLimits.read(path: path) }
        expect(accepted, error, within: size <= TemplateLimits.maximumFileBytes, "a template of \(size) bytes",
               naming: ["\(size)", "\(TemplateLimits.maximumFileBytes)"])
    case 3:
        let views = count(&input, TemplateLimits.maximumViews)
        let (accepted, error) = attempt { _ = try parseTemplate(template(views: views, constraints: 1)) }
        expect(accepted, error, within: views <= TemplateLimits.maximumViews, "a template of \(views) views",
               naming: ["\(TemplateLimits.maximumViews)"])
    case 4:
        let constraints = count(&input, TemplateLimits.maximumConstraintEntries)
        let (accepted, error) = attempt { _ = try parseTemplate(template(views: 1, constraints: constraints)) }
        expect(accepted, error, within: constraints <= TemplateLimits.maximumConstraintEntries,
               "a template of \(constraints) constraints", naming: ["\(TemplateLimits.maximumConstraintEntries)"])
    case 5:
        // A template metric: a length.
        let metric = edge(&input, InputLimits.maximumLength)
        guard metric.isFinite else { return }
        let (accepted, error) = attempt { _ = try parseTemplate(template(views: 1, constraints: 1, metric: metric)) }
        expect(accepted, error, within: InputLimits.lengths.contains(metric), "the metric \(metric)")
    case 6:
        // A template constraint's multiplier, checked when the cell is built.
        let multiplier = edge(&input, InputLimits.maximumMultiplier)
        guard multiplier.isFinite else { return }
        let (accepted, error) = attempt { _ = try CellBuilder(template: parseTemplate(template(views: 1, constraints: 1, multiplier: multiplier))).build() }
        expect(accepted, error, within: abs(multiplier) <= InputLimits.maximumMultiplier, "the multiplier \(multiplier)",
               naming: ["multiplier"])
    case 7, 8:
        // The numbers of a batch JSON line.
        var settings = MeasureSettings()
        let field: String
        let within: Bool
        switch input.byte() % 5 {
        case 0:
            let width = edge(&input, InputLimits.maximumLength)
            (field, within, settings.width) = ("width", InputLimits.sizes.contains(width), width)
        case 1:
            let size = edge(&input, Double(Font.maximumPointSize))
            (field, within, settings.size) = ("size", size > 0 && size <= Double(Font.maximumPointSize), size)
        case 2:
            let spacing = edge(&input, InputLimits.maximumLength)
            (field, within, settings.lineSpacing) = ("lineSpacing", InputLimits.sizes.contains(spacing), spacing)
        case 3:
            let spacing = edge(&input, InputLimits.maximumLength)
            (field, within, settings.letterSpacing) = ("letterSpacing", InputLimits.lengths.contains(spacing), spacing)
        default:
            let scale = edge(&input, InputLimits.maximumScale)
            (field, within, settings.scale) = ("scale", scale > 0 && scale <= InputLimits.maximumScale, scale)
        }
        let (accepted, error) = attempt { try settings.validate(names: .jsonFields) }
        expect(accepted, error, within: within, "\"\(field)\" of \(settings)", naming: ["\"\(field)\""])
    case 9:
        let size = edge(&input, Double(Font.maximumPointSize))
        let (accepted, error) = attempt { _ = try Font(cascade: font.cascade, size: CGFloat(size)) }
        expect(accepted, error, within: Font.pointSizeRange.contains(CGFloat(size)), "the font size \(size)")
    case 10:
        let index = count(&input, Typeface.faceIndexRange.upperBound) * (input.bool() ? 1 : -1)
        let (accepted, error) = attempt { _ = try Typeface.load(path: ShippedFontFiles.paths[0], faceIndex: index) }
        // A shipped file holds one face: any other index is refused, by range or by count.
        expect(accepted, error, within: index == 0, "the face index \(index)", naming: ["\(index)"])
    case 11:
        let width = edge(&input, Double(CellSizer<TemplateCellView>.maximumWidth))
        let (accepted, error) = attempt { _ = try CellSizer<TemplateCellView>(width: CGFloat(width)) { TemplateCellView() } }
        expect(accepted, error, within: (0...Double(CellSizer<TemplateCellView>.maximumWidth)).contains(width),
               "the cell width \(width)")
    default:
        // The solver: a constant, a suggested value and a coefficient; a refusal changes nothing.
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let held = Constraint(Expression([Term(x, coefficient: 1), Term(y, coefficient: -1)], constant: 5), .equal)
        do {
            try solver.addConstraint(held)
            try solver.addEditVariable(x, priority: .strong)
        } catch {
            return fuzzCheck(false, "a plain system was refused: \(error)")
        }
        solver.updateVariables()
        let before = solver.tableauFingerprint
        let value = edge(&input, Solver.maximumValue)
        let (accepted, error): (Bool, Error?)
        let within: Bool
        let what: String
        switch input.byte() % 3 {
        case 0:
            (accepted, error) = attempt { try solver.setConstant(value, of: held) }
            (within, what) = (abs(value) <= Solver.maximumValue, "the constant \(value)")
        case 1:
            (accepted, error) = attempt { try solver.suggestValue(x, value) }
            (within, what) = (abs(value) <= Solver.maximumValue, "the suggestion \(value)")
        default:
            let coefficient = edge(&input, input.bool() ? Solver.coefficientMagnitudes.lowerBound : Solver.coefficientMagnitudes.upperBound)
            (accepted, error) = attempt {
                try solver.addConstraint(Constraint(Expression([Term(y, coefficient: coefficient)], constant: 1), .greaterThanOrEqual,
                                                    priority: .weak))
            }
            (within, what) = (coefficient == 0 || Solver.coefficientMagnitudes.contains(abs(coefficient)), "the coefficient \(coefficient)")
        }
        expect(accepted, error, within: within, what)
        if !accepted {
            solver.updateVariables()
            fuzzCheck(solver.tableauFingerprint == before, "refusing \(what) changed the solver")
        }
    }
}

checkDocumentedBounds()
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
atexit { try? FileManager.default.removeItem(at: scratch) }
LayoutProblems.shared.install()
fuzzMain(fuzzOne)
