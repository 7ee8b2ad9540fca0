import Foundation
import Typesetting

extension AttributedString {
    /// Appends `text` as one run in `font`, with a kern and a baseline offset when given: how
    /// markup, a JSON line's runs and a template's runs all become attributed text.
    mutating func appendRun(_ text: String, font: Font, kern: CGFloat?, baselineOffset: CGFloat?, link: URL? = nil) {
        var run = AttributedString(text)
        run.font = font
        if let kern { run.kern = kern }
        if let baselineOffset { run.baselineOffset = baselineOffset }
        if let link { run.link = link }
        append(run)
    }
}
