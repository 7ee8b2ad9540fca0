/// The four constraints a view's intrinsic content size becomes: hugging (`size <= intrinsic`)
/// and compression resistance (`size >= intrinsic`), horizontal then vertical.
///
/// Stored inline in the view rather than in an array: they are updated for every label of
/// every cell a list sizes, and reading an array that a class holds retains and releases its
/// buffer around the use.
struct ContentSizeConstraints {
    var horizontalHugging: LayoutConstraint?
    var horizontalCompressionResistance: LayoutConstraint?
    var verticalHugging: LayoutConstraint?
    var verticalCompressionResistance: LayoutConstraint?

    /// Whether the view has none: its intrinsic size says nothing on either axis.
    var isEmpty: Bool {
        horizontalHugging == nil && horizontalCompressionResistance == nil && verticalHugging == nil
            && verticalCompressionResistance == nil
    }

    /// The hugging and compression-resistance constraints of the axis that `constraint`
    /// belongs to, or nil when it is none of the four.
    func axis(of constraint: LayoutConstraint) -> (hugging: LayoutConstraint?, resistance: LayoutConstraint?)? {
        if constraint === horizontalHugging || constraint === horizontalCompressionResistance {
            return (horizontalHugging, horizontalCompressionResistance)
        }
        if constraint === verticalHugging || constraint === verticalCompressionResistance {
            return (verticalHugging, verticalCompressionResistance)
        }
        return nil
    }

    /// Calls `body` with each constraint the view has.
    func forEach(_ body: (LayoutConstraint) -> Void) {
        if let horizontalHugging { body(horizontalHugging) }
        if let horizontalCompressionResistance { body(horizontalCompressionResistance) }
        if let verticalHugging { body(verticalHugging) }
        if let verticalCompressionResistance { body(verticalCompressionResistance) }
    }
}
