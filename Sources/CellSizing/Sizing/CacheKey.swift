/// An item key as the height cache stores it: `Int` and `String` keys, by far the most
/// common, taken out of their `AnyHashable` box.
///
/// `AnyHashable` hashes and compares through its box, whose integer canonicalisation makes a
/// lookup several hundred nanoseconds; unboxed keys make it a plain `Int` or `String` hash.
/// Integers of other types are stored as `Int` when they fit, so that keys `AnyHashable`
/// finds equal (`AnyHashable(Int8(1)) == AnyHashable(1)`) stay equal here.
enum CacheKey: Hashable {
    case int(Int)
    case string(String)
    case other(AnyHashable)

    init(_ key: AnyHashable) {
        switch key.base {
        case let value as Int:
            self = .int(value)
        case let value as String:
            self = .string(value)
        case let value as any BinaryInteger:
            self = Int(exactly: value).map(CacheKey.int) ?? .other(key)
        default:
            self = .other(key)
        }
    }
}
