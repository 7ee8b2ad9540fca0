import Foundation
import Testing

/// Text widths from Debian's `hb-shape` command: HarfBuzz's OpenType shaping run in another
/// process, summed and scaled here, so that expected sizes do not come from the tool.
enum HarfBuzzOracle {
    private struct Glyph: Decodable {
        var ax: Int
    }

    /// The advance of `text` shaped with `fontPath`, in font units.
    static func advanceUnits(_ text: String, fontPath: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--font-funcs=ot", "--output-format=json", "--no-glyph-names", fontPath, "--text=\(text)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "hb-shape failed on \(fontPath)")
        return try JSONDecoder().decode([Glyph].self, from: data).reduce(0) { $0 + $1.ax }
    }

    /// The width in points of `text` at `size` points.
    static func width(_ text: String, fontPath: String, size: Double) throws -> Double {
        let unitsPerEm = try FontTables(path: fontPath).unitsPerEm
        return Double(try advanceUnits(text, fontPath: fontPath)) * size / Double(unitsPerEm)
    }
}

/// Ceiling to the pixel grid of a display scale, as DESIGN.md's text policy rounds sizes.
func ceilToPixelGrid(_ value: Double, scale: Double = 1) -> Double {
    (value * scale - 1e-9).rounded(.up) / scale
}

/// The shipped fonts folder and the fonts the tests use.
enum TestFonts {
    static let shipped = FitsizeProcess.repository.appendingPathComponent("Fonts")
    static let notoSans = shipped.appendingPathComponent("NotoSans-Regular.ttf").path
    static let notoSansArabic = shipped.appendingPathComponent("NotoSansArabic-Regular.ttf").path
    /// Fonts from Debian's fonts-noto-core (installed by Scripts/install-deps).
    static let notoSerif = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"
    static let notoSansThai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
}
