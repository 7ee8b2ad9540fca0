/// The name of an action method, UIKit's `Selector` as target–action stores it.
///
/// Off Apple platforms there is no Objective-C runtime, so `#selector(tapped)` does not
/// compile and a selector cannot be performed; `Selector(("tapped"))`, which compiles on both,
/// names the method, and the control keeps the name. Actions that must run use
/// `addAction(_:for:)` with a ``UIAction``.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name as written (`"tapped:"`).
    public let name: String

    /// A selector naming `name`.
    public init(_ name: String) { self.name = name }

    /// A selector from a string literal, as Objective-C's `Selector` allows.
    public init(stringLiteral name: String) { self.name = name }

    /// The name.
    public var description: String { name }
}

/// UIKit's `NSStringFromSelector`: the selector's name.
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// UIKit's `NSSelectorFromString`: a selector naming `name`.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }
