import AutoLayout
import Concurrency
import Foundation
import Typesetting

/// UIKit's `UIColor`, stored only: colours change no size, so Fitsize keeps the components a
/// cell sets and draws nothing with them. The named system colours have their light
/// appearance's values.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0 to 1 in sRGB (beyond for extended-range colours).
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The opacity, 0 to 1.
    public let alpha: CGFloat

    /// A colour from sRGB components. Components that are not finite numbers are reported to
    /// ``AutoLayout/LayoutDiagnostics/errorHandler`` and taken as 0.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.checked(red, "red")
        self.green = Self.checked(green, "green")
        self.blue = Self.checked(blue, "blue")
        self.alpha = min(max(Self.checked(alpha, "alpha"), 0), 1)
    }

    /// A grey of `white` brightness.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (each 0 to 1).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let c = brightness * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = brightness - c
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        self.init(red: r + m, green: g + m, blue: b + m, alpha: alpha)
    }

    /// A Display P3 colour, stored with its components as given.
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour that depends on traits: the provider's colour for the default traits.
    public convenience init(dynamicProvider: (TraitCollection) -> UIColor) {
        let color = dynamicProvider(.default)
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    /// UIKit's `UIColor(named:)` for an asset catalog colour: the colour registered as
    /// `name` (``register(_:named:)``), or `nil`, as UIKit returns for a name it lacks.
    public convenience init?(named name: String) {
        guard let color = Self.registered.withLock({ $0[name] }) else { return nil }
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    /// Registers `color` for ``init(named:)``.
    public static func register(_ color: UIColor, named name: String) {
        registered.withLock { $0[name] = color }
    }

    private static let registered = Locked<[String: UIColor]>([:])

    /// The same colour with opacity `alpha`.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour for `traitCollection`: this colour, as only the light appearance is kept.
    public func resolvedColor(with traitCollection: TraitCollection) -> UIColor { self }

    /// The colour as Core Graphics takes it (`layer.borderColor`).
    public var cgColor: CGColor { CGColor(components: [red, green, blue, alpha]) }

    /// Colours are equal when their components are.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        (lhs.red, lhs.green, lhs.blue, lhs.alpha) == (rhs.red, rhs.green, rhs.blue, rhs.alpha)
    }

    /// Hashes the components.
    public func hash(into hasher: inout Hasher) {
        for component in [red, green, blue, alpha] { hasher.combine(component) }
    }

    /// The components, as UIKit prints them.
    public var description: String { "UIExtendedSRGBColorSpace \(red) \(green) \(blue) \(alpha)" }

    private static func checked(_ value: CGFloat, _ name: String) -> CGFloat {
        guard value.isFinite else {
            LayoutDiagnostics.report(.invalidValue(
                name: name, value: "\(value)", accepted: "a finite number", view: "UIColor"))
            return 0
        }
        return value
    }
}

/// Core Graphics' colour, as layers take it; stored only.
public struct CGColor: Hashable, Sendable {
    /// Red, green, blue and alpha.
    public let components: [CGFloat]
    /// The opacity.
    public var alpha: CGFloat { components.last ?? 1 }
}

extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    /// Black.
    public static let black = UIColor(white: 0, alpha: 1)
    /// Dark grey (one third white).
    public static let darkGray = UIColor(white: 1 / 3, alpha: 1)
    /// Light grey (two thirds white).
    public static let lightGray = UIColor(white: 2 / 3, alpha: 1)
    /// White.
    public static let white = UIColor(white: 1, alpha: 1)
    /// Grey (half white).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Pure red.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Pure green.
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Pure blue.
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan.
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow.
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta.
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange.
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple.
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown.
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// Fully transparent.
    public static let clear = UIColor(white: 0, alpha: 0)

    /// The system red.
    public static let systemRed = rgb(255, 59, 48)
    /// The system green.
    public static let systemGreen = rgb(52, 199, 89)
    /// The system blue.
    public static let systemBlue = rgb(0, 122, 255)
    /// The system orange.
    public static let systemOrange = rgb(255, 149, 0)
    /// The system yellow.
    public static let systemYellow = rgb(255, 204, 0)
    /// The system pink.
    public static let systemPink = rgb(255, 45, 85)
    /// The system purple.
    public static let systemPurple = rgb(175, 82, 222)
    /// The system teal.
    public static let systemTeal = rgb(48, 176, 199)
    /// The system indigo.
    public static let systemIndigo = rgb(88, 86, 214)
    /// The system grey.
    public static let systemGray = rgb(142, 142, 147)
    /// The second system grey.
    public static let systemGray2 = rgb(174, 174, 178)
    /// The third system grey.
    public static let systemGray3 = rgb(199, 199, 204)
    /// The fourth system grey.
    public static let systemGray4 = rgb(209, 209, 214)
    /// The fifth system grey.
    public static let systemGray5 = rgb(229, 229, 234)
    /// The sixth system grey.
    public static let systemGray6 = rgb(242, 242, 247)
    /// The tint colour of controls.
    public static let tintColor = systemBlue
    /// Primary text.
    public static let label = black
    /// Secondary text.
    public static let secondaryLabel = rgb(60, 60, 67, 0.6)
    /// Tertiary text.
    public static let tertiaryLabel = rgb(60, 60, 67, 0.3)
    /// Quaternary text.
    public static let quaternaryLabel = rgb(60, 60, 67, 0.18)
    /// Placeholder text.
    public static let placeholderText = rgb(60, 60, 67, 0.3)
    /// Links.
    public static let link = systemBlue
    /// Separators that let content show through.
    public static let separator = rgb(60, 60, 67, 0.29)
    /// Opaque separators.
    public static let opaqueSeparator = rgb(198, 198, 200)
    /// The background of a screen.
    public static let systemBackground = white
    /// The background of grouped content.
    public static let secondarySystemBackground = rgb(242, 242, 247)
    /// The background of content inside grouped content.
    public static let tertiarySystemBackground = white
    /// The background of a grouped table.
    public static let systemGroupedBackground = rgb(242, 242, 247)
    /// The background of a grouped table's cells.
    public static let secondarySystemGroupedBackground = white
    /// The background of content inside a grouped table's cells.
    public static let tertiarySystemGroupedBackground = rgb(242, 242, 247)
    /// Fills of thin shapes.
    public static let systemFill = rgb(120, 120, 128, 0.2)
    /// Fills of medium shapes.
    public static let secondarySystemFill = rgb(120, 120, 128, 0.16)
    /// Fills of large shapes.
    public static let tertiarySystemFill = rgb(118, 118, 128, 0.12)
    /// Fills of large areas.
    public static let quaternarySystemFill = rgb(116, 116, 128, 0.08)
}
