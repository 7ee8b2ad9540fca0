import Foundation

/// An item key as the height cache stores it: `Int` and `String` keys, by far the most
/// common, as themselves; others in an `AnyHashable` box.
///
/// `AnyHashable` hashes and compares through its box and its integer canonicalisation, which
/// cost many times an `Int` key taken as it is (a type comparison and an `Int` hash). Keys
/// are the same exactly when `AnyHashable` finds them equal: integers of other types are
/// stored as `Int` when they fit (`AnyHashable(Int8(1)) == AnyHashable(1)`), and a key given
/// boxed in an `AnyHashable` is unboxed first.
enum CacheKey: Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)
    case other(AnyHashable)

    /// The key as `String(describing:)` shows the key it was made from, for diagnostics.
    var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        case .other(let value): String(describing: value)
        }
    }

    init<Key: Hashable>(_ key: Key) {
        // Comparing metatypes is a pointer comparison; once the types are known equal, the
        // value is reinterpreted as its own type (a dynamic cast would be a runtime call per
        // measured cell).
        if Key.self == Int.self {
            self = .int(unsafeBitCast(key, to: Int.self))
        } else if Key.self == String.self {
            self = .string(unsafeBitCast(key, to: String.self))
        } else if Key.self == AnyHashable.self {
            // Unboxed as it is, not boxed again: its base comes out.
            self.init(boxed: unsafeBitCast(key, to: AnyHashable.self))
        } else {
            self.init(boxed: AnyHashable(key))
        }
    }

    /// The key of an `AnyHashable`, unboxed when it holds an integer or a string. The batch
    /// API's keys come boxed: this skips the generic initialiser's boxing, which for an
    /// `AnyHashable` asks the runtime whether the type conforms to `Hashable`.
    init(boxed key: AnyHashable) {
        // Conditional casts one after another rather than a `switch` over the cases, which
        // copies the base into a new existential first, once per item on the batch's serial path.
        let base = key.base
        if let value = base as? Int {
            self = .int(value)
        } else if let value = base as? String {
            self = .string(value)
        } else if let value = base as? any BinaryInteger {
            self = Int(exactly: value).map(CacheKey.int) ?? .other(key)
        } else {
            self = .other(key)
        }
    }
}

/// Heights by ``CacheKey``, in one dictionary per kind of key, so that an `Int` or `String`
/// key is looked up with its own type's hash and equality.
///
/// Unchecked `Sendable`: other keys are `AnyHashable`, which is not `Sendable`, but keys are
/// documented to be immutable values, and the cache reaches its tables under a lock.
struct KeyedHeights: @unchecked Sendable {
    private var byInt: [Int: CGFloat] = [:]
    private var byString: [String: CGFloat] = [:]
    private var byOther: [AnyHashable: CGFloat] = [:]

    var isEmpty: Bool { byInt.isEmpty && byString.isEmpty && byOther.isEmpty }

    /// Forgets every height, keeping the tables' storage: a list that invalidates everything
    /// measures its items again, and the tables would otherwise grow through every size anew.
    mutating func removeAll() {
        byInt.removeAll(keepingCapacity: true)
        byString.removeAll(keepingCapacity: true)
        byOther.removeAll(keepingCapacity: true)
    }

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
