import Foundation

/// Stops the run with `message` when `condition` is false: libFuzzer keeps the input that
/// broke an invariant as a crash, the same as a trap.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("Invariant broken (\(file):\(line)): \(message())\n".utf8))
    abort()
}
