// Anchor equations of templates (`title.top == cell.topMargin + 8 @750`): any text either
// parses into an equation whose numbers are finite and whose error-free parse points inside
// the text, or fails with an offset inside it (or at its end).
import FuzzSupport
@testable import fitsize

private let metrics: [String: Double] = ["gap": 8, "wide": 1e6, "tiny": 1e-9, "negative": -12]

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let length = text.unicodeScalars.count
    do {
        let equation = try EquationParser.parse(text, metrics: metrics)
        fuzzCheck(equation.multiplier.isFinite && equation.constant.isFinite,
                  "\(text.debugDescription) parsed to multiplier \(equation.multiplier), constant \(equation.constant)")
        fuzzCheck(equation.priority.isFinite && equation.priority > 0 && equation.priority <= 1000,
                  "\(text.debugDescription) parsed to priority \(equation.priority)")
        for operand in [equation.first] + (equation.second.map { [$0] } ?? []) {
            fuzzCheck((0..<length).contains(operand.offset), "\(text.debugDescription): operand offset \(operand.offset)")
            fuzzCheck(!operand.item.isEmpty, "\(text.debugDescription): an operand without a name")
        }
    } catch {
        fuzzCheck((0...length).contains(error.offset),
                  "\(text.debugDescription): error offset \(error.offset) outside 0...\(length): \(error.message)")
        fuzzCheck(!error.message.isEmpty, "\(text.debugDescription): an error without a message")
    }
}

fuzzMain(fuzzOne)
