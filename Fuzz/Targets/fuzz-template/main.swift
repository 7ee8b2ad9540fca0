// Cell templates, whole JSON documents: parsed, built and laid out empty as `fitsize cells`
// does before reading data (CellsRunner.checkTemplate), then one item sized. Any document
// is refused with an error that says something, or gives a cell with a finite height >= 0.
import AutoLayout
import CellSizing
import Foundation
import FuzzSupport
@testable import fitsize

/// One data line with the fields the example templates use.
private let item = Array(#"{"id": "x", "title": "Fuzz", "author": "A", "handle": "a", "time": "1m", "body": "Text to wrap across lines", "photo": {"height": 80}, "replies": 1, "reposts": 2, "likes": 3, "count": 4, "url": "u", "flag": true}"#.utf8)

private func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let bytes = bytes
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    do {
        let root = try JSONNode.parse(text, file: "fuzz.json")
        let template = try TemplateParser(file: "fuzz.json", folder: ShippedFontFiles.directory).template(from: root)
        let reader = CellDataReader(template: template, keyField: "id")
        let runner = CellsRunner(builder: CellBuilder(template: template), reader: reader, widths: [320])
        try runner.checkTemplate()
        let parsed = try item.withUnsafeBufferPointer { try reader.item($0, line: 1) }
        let builder = runner.builder
        // checkTemplate built it, and building is deterministic: a failure here shows as a
        // cell without subviews, whose height the check below still bounds.
        let sizer = try CellSizer<TemplateCellView>(width: 320) { (try? builder.build()) ?? TemplateCellView() }
        let height = try sizer.height(for: 1) { $0.configure(with: parsed.item) }
        fuzzCheck(height.isFinite && height >= 0, "the cell is \(height) high for \(text.debugDescription)")
    } catch {
        fuzzCheck(!"\(error)".isEmpty, "an empty error for \(text.debugDescription)")
    }
    _ = LayoutProblems.shared.takeConflicts()
    _ = LayoutProblems.shared.takeErrors()
}

LayoutProblems.shared.install()
fuzzMain(fuzzOne)
