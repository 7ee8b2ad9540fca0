import CLibFuzzer
import Foundation

/// The input each run of the fuzzer is given to.
nonisolated(unsafe) private var fuzzOne: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Runs libFuzzer with the process's arguments, giving each input it makes to `body`, and
/// exits with its status: a fuzz target's main calls it once, after its setup.
public func fuzzMain(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    fuzzOne = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
}

/// libFuzzer's entry point by name: its own main, linked in but never run (SwiftPM's main
/// is the process's), refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne?(UnsafeBufferPointer(start: data, count: size))
    return 0
}
