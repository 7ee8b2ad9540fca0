import Foundation

/// A `CGFloat` wrapped in `AnyHashable` is its `Double`, as on Apple platforms, so that a
/// `CGFloat` and an equal `Double` compare equal however Swift compares them.
///
/// Without it, Foundation off Apple platforms keeps the two apart, and a comparison whose
/// operands' types are only known generically (`#expect(size.height == expected)` expands to
/// such a closure) can only pick `AnyHashable`'s `==`, which then says `20.5 != 20.5`.
extension CGFloat: @retroactive _HasCustomAnyHashableRepresentation {
    /// The value as an `AnyHashable` of its `Double`.
    public func _toCustomAnyHashable() -> AnyHashable? {
        AnyHashable(Double(self))
    }
}
