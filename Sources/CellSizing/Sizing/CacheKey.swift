import Foundation

/// An item key as the height cache stores it: `Int` and `String` keys, by far the most
/// common, taken out of their `AnyHashable` box.
///
/// `AnyHashable` hashes and compares through its box, whose integer canonicalisation made a
/// cached lookup about 2,000 instructions; an unboxed key is a plain `Int` or `String` hash.
/// Integers of other types are stored as `Int` when they fit, so that keys `AnyHashable`
/// finds equal (`AnyHashable(Int8(1)) == AnyHashable(1)`) stay equal here.
enum CacheKey {
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

/// Heights by ``CacheKey``, in one dictionary per kind of key, so that an `Int` or `String`
/// key is looked up with its own type's hash and equality.
struct KeyedHeights {
    private var byInt: [Int: CGFloat] = [:]
    private var byString: [String: CGFloat] = [:]
    private var byOther: [AnyHashable: CGFloat] = [:]

    var isEmpty: Bool { byInt.isEmpty && byString.isEmpty && byOther.isEmpty }

    subscript(key: CacheKey) -> CGFloat? {
        get {
            switch key {
            case .int(let value): byInt[value]
            case .string(let value): byString[value]
            case .other(let value): byOther[value]
            }
        }
        set {
            switch key {
            case .int(let value): byInt[value] = newValue
            case .string(let value): byString[value] = newValue
            case .other(let value): byOther[value] = newValue
            }
        }
    }
}
