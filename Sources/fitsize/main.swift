import Foundation
import Typesetting

// Foundation repairs invalid UTF-8 in arguments into U+FFFD before the parser sees them,
// which would measure a different text than the one given: check the raw bytes first.
if let invalid = UTF8Validation.firstInvalidArgument() {
    let error = ToolError.invalidUTF8Argument(index: invalid.index, byteOffset: invalid.byteOffset)
    StandardStreams.writeError("Error: \(error)\n")
    exit(64)  // EX_USAGE, as the argument parser uses for bad arguments.
}
// `--version --json`: the version and the shipped fonts' fingerprint, for a pipeline that
// keys stored sizes by both (the argument parser knows only a plain `--version`).
if Set(CommandLine.arguments.dropFirst()) == ["--version", "--json"], CommandLine.arguments.count == 3 {
    do {
        let cascades = try [false, true].map { try Font.shipped(bold: $0, size: 17, systemFonts: false).cascade }
        try StandardStreams.write(FontFingerprint(cascades: cascades).json() + [UInt8(ascii: "\n")], to: StandardStreams.output)
        exit(0)
    } catch {
        StandardStreams.writeError("Error: \(error)\n")
        exit(1)
    }
}
Fitsize.main()
