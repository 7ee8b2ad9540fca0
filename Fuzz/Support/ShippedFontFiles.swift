import Foundation

/// The font files of this repository's Fonts/ folder, found from this source file's place,
/// so the fuzzers read the shipped fonts wherever the checkout is.
public enum ShippedFontFiles {
    /// The Fonts/ folder.
    public static let directory = keptForTheProcess {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts")
    }

    /// The paths of every shipped font file, smallest first.
    public static let paths: [String] = keptForTheProcess {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let paths = names.filter { $0.hasSuffix(".ttf") }.map { directory.appendingPathComponent($0).path }
        precondition(!paths.isEmpty, "no fonts in \(directory.path)")
        func size(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        return paths.sorted { size($0) < size($1) }
    }
}
