// The Visual Format Language: parsing, name resolution, options and constraint generation
// through the public entry point, then the constraints' descriptions and a layout of the
// views they relate. A format either gives constraints or throws a VisualFormatError about
// this format with its caret inside it; a layout of what it gives has finite frames.
import AutoLayout
import Foundation
import FuzzSupport

private let optionChoices: [LayoutConstraint.FormatOptions] = [
    [], .alignAllTop, .alignAllBottom, .alignAllLeading, .alignAllTrailing, .alignAllCenterX, .alignAllCenterY,
    .alignAllFirstBaseline, .alignAllLastBaseline, .directionLeftToRight, .directionRightToLeft,
    .spacingBaselineToBaseline, [.alignAllCenterX, .directionLeftToRight], [.alignAllTop, .alignAllBottom],
]
private let names = ["a", "b", "c", "button", "label", "x_1"]
private let metrics: [String: CGFloat] = ["margin": 20, "high": 750, "low": 250, "huge": 1e9, "tiny": 1e-9, "negative": -8]

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    var input = FuzzInput(Array(bytes))
    let options = input.pick(optionChoices)
    let format = String(decoding: input.rest(), as: UTF8.self)

    let root = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    var views: [String: View] = ["orphan": View()]
    for name in names {
        let view = name == "label" ? Label(text: "Fuzz") : View()
        root.addSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        views[name] = view
    }
    do {
        let constraints = try LayoutConstraint.checkedConstraints(
            withVisualFormat: format, options: options, metrics: metrics, views: views)
        for constraint in constraints { _ = constraint.description }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        for (name, view) in views {
            let frame = view.frame
            fuzzCheck(frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite && frame.height.isFinite,
                      "\(format.debugDescription) gave \(name) the frame \(frame)")
        }
    } catch let error as VisualFormatError {
        fuzzCheck(error.format == format, "the error names \(error.format.debugDescription), not \(format.debugDescription)")
        if format.isEmpty {
            fuzzCheck(error.reason == .emptyFormat, "the empty format gave \(error)")
        } else {
            fuzzCheck((0..<format.utf8.count).contains(error.offset),
                      "caret \(error.offset) outside \(format.debugDescription): \(error)")
        }
        _ = error.description
    } catch {
        fuzzCheck(false, "\(format.debugDescription) threw \(error), not a VisualFormatError")
    }
}

// Conflicts are expected of random formats; reporting each would flood the fuzzer's log.
LayoutDiagnostics.unsatisfiableConstraintHandler = { _ in }
LayoutDiagnostics.errorHandler = { _ in }
fuzzMain(fuzzOne)
