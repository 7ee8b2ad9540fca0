import Foundation

/// Text widths from Debian's `hb-shape` (libharfbuzz-bin): HarfBuzz's OpenType shaping run in
/// another process at one unit per font unit, summed and scaled here, so that the tests'
/// expected sizes come neither from Fitsize nor from its FreeType setup.
public enum HarfBuzzOracle {
    /// The repository's `Fonts/` folder, where the shipped fonts are.
    public static let shippedFonts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts")

    /// One glyph of `hb-shape`'s JSON output.
    public struct Glyph: Decodable, Sendable {
        /// The glyph id.
        public var g: Int
        /// The cluster: the UTF-8 offset of the text the glyph draws.
        public var cl: Int
        /// The advance in font units.
        public var ax: Int
    }

    /// What went wrong running `hb-shape`.
    public struct Failure: Error, CustomStringConvertible {
        /// The message naming the font and the exit status.
        public var description: String
    }

    /// The glyphs `hb-shape` produces for `text` with the font file at `fontPath`, with
    /// `features` in `hb-shape`'s syntax (`-liga,-clig`).
    public static func shape(_ text: String, fontPath: String, features: String? = nil) throws -> [Glyph] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        var arguments = ["--font-funcs=ot", "--output-format=json", "--no-glyph-names"]
        if let features { arguments.append("--features=\(features)") }
        process.arguments = arguments + [fontPath, "--text=\(text)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "hb-shape failed on \(fontPath) with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode([Glyph].self, from: data)
    }

    /// The sum of the advances of `text` shaped with `fontPath`, in font units.
    public static func advanceUnits(_ text: String, fontPath: String, features: String? = nil) throws -> Int {
        try shape(text, fontPath: fontPath, features: features).reduce(0) { $0 + $1.ax }
    }

    /// The width in points of `text` at `size` points, with the units per em read from the
    /// file's own `head` table.
    public static func width(_ text: String, fontPath: String, size: Double, features: String? = nil) throws -> Double {
        let unitsPerEm = try FontTables(path: fontPath).unitsPerEm
        return Double(try advanceUnits(text, fontPath: fontPath, features: features)) * size / Double(unitsPerEm)
    }

    /// The width in points at `size` of pieces, each shaped whole with its own font file.
    public static func width(_ pieces: [(text: String, fontPath: String)], size: Double, features: String? = nil) throws -> Double {
        try pieces.reduce(0.0) { total, piece in
            total + (try width(piece.text, fontPath: piece.fontPath, size: size, features: features))
        }
    }
}
