// Numbers as the visual format language and UIKit's messages write them.

/// A number written the way a format string would write it: `20`, `0.5`, `-8`, never `20.0`.
struct FormatNumber: CustomStringConvertible, Sendable {
    let value: Double

    init(_ value: Double) {
        self.value = value
    }

    init(_ value: Float) {
        self.value = Double(value)
    }

    var description: String {
        // Integral values print without a fraction, as printf's %g does for UIKit; others keep
        // Swift's shortest round-tripping form.
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
