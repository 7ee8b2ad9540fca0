/// A value handed to other threads under a promise the compiler cannot check: the code that
/// makes one says, next to it, why the threads cannot race on the value.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
