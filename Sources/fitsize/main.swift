import Foundation

// Foundation repairs invalid UTF-8 in arguments into U+FFFD before the parser sees them,
// which would measure a different text than the one given: check the raw bytes first.
if let invalid = UTF8Validation.firstInvalidArgument() {
    let error = ToolError.invalidUTF8Argument(index: invalid.index, byteOffset: invalid.byteOffset)
    StandardStreams.writeError("Error: \(error)\n")
    exit(64)  // EX_USAGE, as the argument parser uses for bad arguments.
}
Fitsize.main()
