import Foundation
import Testing

/// Independent widths from Debian's `hb-shape` (libharfbuzz-bin): the command line tool
/// shapes with HarfBuzz's OpenType functions at one unit per font unit, and the test
/// scales the summed advances itself.
enum HarfBuzzReference {
    static let fontsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts")

    struct Glyph: Decodable {
        var g: Int
        var cl: Int
        var ax: Int
    }

    /// The glyphs `hb-shape` produces for `text` with font file `file` (in Fonts/).
    static func shape(_ text: String, file: String, features: String? = nil) throws -> [Glyph] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        var arguments = ["--font-funcs=ot", "--output-format=json", "--no-glyph-names"]
        if let features { arguments.append("--features=\(features)") }
        arguments += [fontsFolder.appendingPathComponent(file).path, "--text=\(text)"]
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([Glyph].self, from: data)
    }

    /// The sum of advances in font units.
    static func advanceUnits(_ text: String, file: String, features: String? = nil) throws -> Int {
        try shape(text, file: file, features: features).reduce(0) { $0 + $1.ax }
    }

    /// The width in points at `size` of pieces, each shaped with its own font file.
    static func width(_ pieces: [(text: String, file: String, unitsPerEm: Int)], size: Double, features: String? = nil) throws -> Double {
        try pieces.reduce(0.0) { total, piece in
            total + Double(try advanceUnits(piece.text, file: piece.file, features: features)) * size / Double(piece.unitsPerEm)
        }
    }
}
