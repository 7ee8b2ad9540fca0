/// The ranges of the numbers the tool accepts, from the command line, batch lines, cell
/// templates and data items alike. Each number is checked where it enters, so that the
/// layout code behind may assume it; a number outside its range is an error naming it.
///
/// The ranges keep every result a finite number that prints exactly to a millionth of a
/// point: a cell or a text adds up at most a few million such lengths, far below the 2^53
/// millionths that a `Double` holds exactly.
enum InputLimits {
    /// The largest magnitude of a length in points: widths, spacings, insets, image sides,
    /// template metrics and constraint constants. A million points is about 350 metres at
    /// 72 points an inch, far beyond any screen or page.
    static let maximumLength = 1_000_000.0

    /// Lengths that may be negative (a stack's spacing, a constraint's constant, a metric,
    /// a letter spacing).
    static let lengths: ClosedRange<Double> = -maximumLength...maximumLength

    /// Lengths that may not be negative (widths, sizes, line spacings, insets).
    static let sizes: ClosedRange<Double> = 0...maximumLength

    /// The largest display scale (pixels per point): sizes are ceiled to its pixel grid,
    /// and UIKit's devices use 1, 2 or 3.
    static let maximumScale = 16.0

    /// The largest magnitude of a constraint's multiplier: with lengths up to
    /// ``maximumLength`` a product stays within a billion points.
    static let maximumMultiplier = 1_000.0

    /// `value` formatted for a message.
    static func show(_ value: Double) -> String { NumberText.format(value) }
}
