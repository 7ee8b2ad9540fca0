import Foundation
import Testing

/// Template mistakes: one message on standard error naming the file, line and column, no
/// output, a non-zero exit status, before any data is read.
@Suite struct TemplateErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var template: String
        /// `line:column` the message must point at.
        var location: String?
        var words: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown view type",
             template: """
                {
                  "views": [
                    {"name": "title", "type": "lable"}
                  ]
                }
                """,
             location: "3:31", words: ["unknown view type \"lable\"", "label, button, textField, image, stack, view"]),
        Case(name: "unknown property",
             template: """
                {
                  "views": [
                    {"name": "title", "type": "label", "colour": "red"}
                  ]
                }
                """,
             location: "3:40", words: ["unknown property \"colour\"", "\"text\""]),
        Case(name: "property of the wrong type",
             template: """
                {
                  "views": [{"name": "title", "type": "label", "lines": "two"}]
                }
                """,
             location: "2:57", words: ["\"lines\" must be a whole number"]),
        Case(name: "unknown view in an equation",
             template: """
                {
                  "views": [{"name": "title", "type": "label"}],
                  "constraints": ["title.top == image.bottom + 8 @750"]
                }
                """,
             location: "3:33", words: ["unknown view \"image\"", "cell, title"]),
        Case(name: "unknown attribute in an equation",
             template: """
                {
                  "views": [{"name": "title", "type": "label"}],
                  "constraints": ["title.topp == cell.top"]
                }
                """,
             location: "3:26", words: ["unknown attribute 'topp'"]),
        Case(name: "malformed equation",
             template: """
                {
                  "views": [{"name": "title", "type": "label"}],
                  "constraints": ["title.top = cell.top"]
                }
                """,
             location: "3:30", words: ["expected '==', '<=' or '>='"]),
        Case(name: "equation relating different axes",
             template: """
                {
                  "views": [{"name": "title", "type": "label"}],
                  "constraints": ["title.top == cell.leading"]
                }
                """,
             location: "3:19", words: ["horizontal", "vertical"]),
        Case(name: "visual format naming an unknown view",
             template: """
                {
                  "views": [{"name": "title", "type": "label"}],
                  "constraints": ["H:|-[title]-[subtitle]-|"]
                }
                """,
             location: nil, words: ["3:", "Unable to find view with name subtitle"]),
        Case(name: "visual format syntax error",
             template: """
                {
                  "views": [{"name": "title", "type": "label"}],
                  "constraints": ["V:|-[title(]"]
                }
                """,
             location: nil, words: ["3:", "in constraint \"V:|-[title(]\""]),
        Case(name: "duplicate view name",
             template: """
                {
                  "views": [
                    {"name": "title", "type": "label"},
                    {"name": "title", "type": "button"}
                  ]
                }
                """,
             location: "4:14", words: ["already defined at 3:14"]),
        Case(name: "JSON syntax error",
             template: """
                {
                  "views": [{"name": "title", "type": "label",}]
                }
                """,
             location: "2:47", words: ["expected a quoted key"]),
        Case(name: "unclosed placeholder",
             template: """
                {
                  "views": [{"name": "title", "type": "label", "text": "Hello {name"}]
                }
                """,
             location: "2:63", words: ["unclosed placeholder"]),
        Case(name: "missing font file",
             template: """
                {
                  "views": [{"name": "title", "type": "label", "font": {"size": 12, "file": "missing.ttf"}}]
                }
                """,
             location: "2:77", words: ["missing.ttf", "not found"]),
    ]

    @Test(arguments: cases)
    func templateErrorNamesFileLineAndColumn(_ testCase: Case) throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("cell.json")
        try testCase.template.write(to: template, atomically: true, encoding: .utf8)
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", "320"],
                                            stdin: Array(#"{"id": 1}"#.utf8))
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty, "stdout: \(output.text)")
        #expect(output.stderr.hasPrefix("Error: \(template.path):"), "stderr: \(output.stderr)")
        if let location = testCase.location {
            #expect(output.stderr.hasPrefix("Error: \(template.path):\(location): "), "stderr: \(output.stderr)")
        }
        for word in testCase.words {
            #expect(output.stderr.contains(word), "stderr lacks \(word): \(output.stderr)")
        }
        #expect(!output.stderr.contains("Fatal error"))
    }

    @Test func unsatisfiableTemplateIsRefusedWithTheConflictingConstraints() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = folder.appendingPathComponent("conflict.json")
        try """
            {
              "views": [{"name": "box", "type": "view"}],
              "constraints": ["H:|[box]|", "V:|[box]|", "box.width == 100", "box.height == 20"]
            }
            """.write(to: template, atomically: true, encoding: .utf8)
        let output = try FitsizeProcess.run(["cells", "--template", template.path, "--width", "320"],
                                            stdin: Array(#"{"id": 1}"#.utf8))
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("Error: \(template.path): the template's constraints cannot all be satisfied at width 320"))
        // The conflicting constraints are named by where they are written.
        #expect(output.stderr.contains("conflict.json:3:45"))
    }

    @Test func missingTemplateAndBadWidthAreRefused() throws {
        let missing = try FitsizeProcess.run(["cells", "--template", "/no/such/cell.json", "--width", "320"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("/no/such/cell.json"))
        let negative = try FitsizeProcess.run(["cells", "--template", CellsTests.template, "--width", "-1"])
        #expect(negative.status != 0)
        #expect(negative.stderr.contains("--width"))
        let text = try FitsizeProcess.run(["cells", "--template", CellsTests.template, "--width", "wide"])
        #expect(text.status != 0)
        #expect(text.stderr.contains("wide"))
        let unreadableData = try FitsizeProcess.run(["cells", "--template", CellsTests.template, "--width", "320",
                                                     "--data", "/no/such/items.jsonl"])
        #expect(unreadableData.status != 0)
        #expect(unreadableData.stderr.contains("/no/such/items.jsonl"))
    }
}
