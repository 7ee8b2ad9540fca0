import Foundation

/// The pixel grid of a display scale: the one rounding rule for text sizes and view frames,
/// so that a label's measured size and the frame it is laid out in land on the same pixels.
///
/// Values are rounded to multiples of `1 / scale` points. Sizes are ceiled, so that content
/// is never cut off; frames are rounded edge by edge, so that neighbours that share an edge
/// in the solution share it on screen too.
package struct PixelGrid: Sendable {
    /// Pixels per point, `> 0`.
    package var scale: CGFloat

    /// How far above a grid line, in pixels, a value still counts as on it: floating-point
    /// noise from summing advances or solving constraints must not add a pixel.
    static let tolerance = 1e-6

    /// The grid of `scale` pixels per point.
    package init(scale: CGFloat) {
        self.scale = scale
    }

    /// The smallest grid line not below `value`, ignoring noise just above a line.
    package func ceil(_ value: Double) -> CGFloat {
        points((value * Double(scale) - Self.tolerance).rounded(.up))
    }

    /// The number of the grid line nearest to `value`, counted in pixels from 0 (halves round
    /// up, towards +∞).
    package func pixels(_ value: Double) -> Double {
        (value * Double(scale) + 0.5).rounded(.down)
    }

    /// The position of grid line number `pixels`: the one division every size and edge on the
    /// grid goes through, so that equal pixel counts give equal points.
    package func points(_ pixels: Double) -> CGFloat {
        CGFloat(pixels / Double(scale))
    }

    /// ``ceil(_:)`` on the grid of `scale`.
    package static func ceil(_ value: Double, scale: Double) -> CGFloat {
        PixelGrid(scale: CGFloat(scale)).ceil(value)
    }
}
