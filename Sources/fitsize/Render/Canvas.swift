/// An RGBA image in memory, 8 bits per channel, not premultiplied, row 0 at the top.
///
/// Drawing blends with source-over; coordinates outside the image are clipped, so callers
/// never index out of range whatever the measurement.
struct Canvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    /// A colour with straight alpha.
    struct Color {
        var red, green, blue: UInt8
        var alpha: Double

        static let white = Color(red: 255, green: 255, blue: 255, alpha: 1)
        static let ink = Color(red: 20, green: 20, blue: 20, alpha: 1)
    }

    init(width: Int, height: Int, background: Color = .white) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for index in 0..<(self.width * self.height) {
            pixels[index * 4] = background.red
            pixels[index * 4 + 1] = background.green
            pixels[index * 4 + 2] = background.blue
            pixels[index * 4 + 3] = UInt8((background.alpha * 255).rounded())
        }
    }

    /// Blends `color` at `coverage` (0...1) into the pixel at (x, y), if it is inside.
    mutating func blend(x: Int, y: Int, color: Color, coverage: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = color.alpha * min(max(coverage, 0), 1)
        guard alpha > 0 else { return }
        let index = (y * width + x) * 4
        func mix(_ destination: UInt8, _ source: UInt8) -> UInt8 {
            UInt8((Double(source) * alpha + Double(destination) * (1 - alpha)).rounded())
        }
        pixels[index] = mix(pixels[index], color.red)
        pixels[index + 1] = mix(pixels[index + 1], color.green)
        pixels[index + 2] = mix(pixels[index + 2], color.blue)
        pixels[index + 3] = UInt8(min(255, Double(pixels[index + 3]) + alpha * (255 - Double(pixels[index + 3]))))
    }

    /// Fills the pixels whose centres lie in the rectangle.
    mutating func fill(x: Double, y: Double, width: Double, height: Double, color: Color) {
        let left = Int((x).rounded()), right = Int((x + width).rounded())
        let top = Int((y).rounded()), bottom = Int((y + height).rounded())
        guard left < right, top < bottom else { return }
        for row in max(top, 0)..<min(bottom, self.height) {
            for column in max(left, 0)..<min(right, self.width) { blend(x: column, y: row, color: color) }
        }
    }

    /// A one-pixel outline just inside the rectangle's pixel edges.
    mutating func stroke(x: Double, y: Double, width: Double, height: Double, color: Color) {
        let left = Int(x.rounded()), right = max(Int((x + width).rounded()) - 1, Int(x.rounded()))
        let top = Int(y.rounded()), bottom = max(Int((y + height).rounded()) - 1, Int(y.rounded()))
        horizontalLine(y: top, from: left, to: right, color: color)
        if bottom != top { horizontalLine(y: bottom, from: left, to: right, color: color) }
        if bottom - top > 1 {
            for row in (top + 1)..<bottom {
                blend(x: left, y: row, color: color)
                if right != left { blend(x: right, y: row, color: color) }
            }
        }
    }

    /// A one-pixel horizontal line from column `from` to `to`, inclusive.
    mutating func horizontalLine(y: Int, from: Int, to: Int, color: Color, dashed: Bool = false) {
        guard from <= to else { return }
        for column in from...to where !dashed || (column - from) % 4 < 2 { blend(x: column, y: y, color: color) }
    }
}
