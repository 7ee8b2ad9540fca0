import Foundation
import Testing

/// The tool measures with the shipped fonts only, unless `--system-fonts` is given: the
/// same input gives the same bytes whatever fonts the machine has (fontconfig is pointed
/// at a configuration that adds a folder holding a face for the test's script, or at one
/// with no fonts at all).
@Suite(.serialized) struct HermeticFontTests {
    /// Cherokee, which no shipped face covers, an emoji, which the shipped emoji face does,
    /// and Latin.
    static let text = "Ꮳ Ꮓ Ꭰ 😀 Hi"
    /// Debian's fonts-noto-core has a Cherokee face (the set-up installs it).
    static let cherokeeFace = "/usr/share/fonts/truetype/noto/NotoSansCherokee-Regular.ttf"

    /// A fontconfig configuration whose only fonts are those in `folders`.
    static func configuration(in folder: URL, fontFolders: [URL]) throws -> URL {
        let file = folder.appendingPathComponent("fonts-\(fontFolders.count).conf")
        let directories = fontFolders.map { "<dir>\($0.path)</dir>" }.joined()
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>\(directories)<cachedir>\(folder.appendingPathComponent("cache").path)</cachedir></fontconfig>
            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs the tool once with fontconfig seeing no fonts, once seeing the Cherokee face.
    static func bothWays(_ arguments: [String], stdin: String? = nil) throws -> (bare: FitsizeProcess.Output, extra: FitsizeProcess.Output) {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("extra-fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: cherokeeFace), to: fonts.appendingPathComponent("NotoSansCherokee-Regular.ttf"))
        let bare = try configuration(in: folder, fontFolders: [])
        let extra = try configuration(in: folder, fontFolders: [fonts])
        func run(_ configuration: URL) throws -> FitsizeProcess.Output {
            let environment = ProcessInfo.processInfo.environment.merging(["FONTCONFIG_FILE": configuration.path]) { $1 }
            let output = try FitsizeProcess.run(arguments, stdin: stdin.map { Array($0.utf8) }, environment: environment)
            #expect(output.status == 0, "\(output.stderr)")
            return output
        }
        return (try run(bare), try run(extra))
    }

    @Test func aTextMeasuresTheSameWithOrWithoutTheMachinesFonts() throws {
        let (bare, extra) = try Self.bothWays(["--json", Self.text])
        #expect(bare.stdout == extra.stdout)
        #expect(!bare.text.contains("Cherokee"))
    }

    /// The check above can fail: with `--system-fonts`, the added face is used.
    @Test func systemFontsMakeTheMachinesFontsCount() throws {
        let (bare, extra) = try Self.bothWays(["--json", "--system-fonts", Self.text])
        #expect(bare.stdout != extra.stdout)
        #expect(extra.text.contains("Noto Sans Cherokee"))
    }

    /// Bodies of a growing unbreakable Cherokee word, whose line count depends on the width
    /// of its glyphs, so that a different face changes heights.
    @Test func cellsSizeTheSameWithOrWithoutTheMachinesFonts() throws {
        let template = FitsizeProcess.repository.appendingPathComponent("Examples/posts/cell.json").path
        let lines = (0..<20).map { #"{"id": \#($0), "author": "Ꮳ\#($0)", "handle": "h", "time": "1m", "body": "\#(Self.text) \#(String(repeating: "Ꮳ", count: 10 * $0))", "replies": 1, "reposts": 2, "likes": 3}"# }
        let arguments = ["cells", "--template", template, "--width", "200"]
        let (bare, extra) = try Self.bothWays(arguments, stdin: lines.joined(separator: "\n") + "\n")
        #expect(bare.stdout == extra.stdout)
        let (systemBare, systemExtra) = try Self.bothWays(arguments + ["--system-fonts"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(systemBare.stdout != systemExtra.stdout)
    }
}
