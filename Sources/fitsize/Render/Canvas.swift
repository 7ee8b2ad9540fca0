import Typesetting

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

    /// The largest image the tool draws: 16384 pixels a side, 64 megapixels.
    static let maximumSide = 16_384
    static let maximumPixels = 64 << 20

    /// The pixel size for an image of `width × height` points at `scale` pixels per point.
    /// - Throws: ``ToolError`` when the image would be too large (or is not a finite size),
    ///   rather than trying to allocate it.
    static func pixelSize(width: Double, height: Double, scale: Double) throws -> (width: Int, height: Int) {
        let pixelWidth = (width * scale).rounded(), pixelHeight = (height * scale).rounded()
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth <= Double(maximumSide),
              pixelHeight <= Double(maximumSide), pixelWidth * pixelHeight <= Double(maximumPixels) else {
            throw ToolError("The image would be \(NumberText.format(pixelWidth)) x \(NumberText.format(pixelHeight)) pixels; "
                + "the most is \(maximumSide) a side and \(maximumPixels >> 20) megapixels (lower the scale or the size)")
        }
        return (max(1, Int(pixelWidth)), max(1, Int(pixelHeight)))
    }

    /// A pixel coordinate for a position in pixels: clamped far outside any image, so that
    /// positions from an extreme layout cannot overflow `Int`.
    static func pixel(_ value: Double) -> Int { GlyphRasterizer.pixel(value) }

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

    /// Fills the pixels whose centres lie in the rectangle (clipped to the image).
    mutating func fill(x: Double, y: Double, width: Double, height: Double, color: Color) {
        let left = max(Self.pixel(x), 0), right = min(Self.pixel(x + width), self.width)
        let top = max(Self.pixel(y), 0), bottom = min(Self.pixel(y + height), self.height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right { blend(x: column, y: row, color: color) }
        }
    }

    /// A one-pixel outline just inside the rectangle's pixel edges.
    mutating func stroke(x: Double, y: Double, width: Double, height: Double, color: Color) {
        let left = Self.pixel(x), right = max(Self.pixel(x + width) - 1, left)
        let top = Self.pixel(y), bottom = max(Self.pixel(y + height) - 1, top)
        horizontalLine(y: top, from: left, to: right, color: color)
        if bottom != top { horizontalLine(y: bottom, from: left, to: right, color: color) }
        if bottom - top > 1 {
            verticalLine(x: left, from: top + 1, to: bottom - 1, color: color)
            if right != left { verticalLine(x: right, from: top + 1, to: bottom - 1, color: color) }
        }
    }

    /// A one-pixel horizontal line from column `from` to `to`, inclusive (clipped).
    mutating func horizontalLine(y: Int, from: Int, to: Int, color: Color) {
        let first = max(from, 0), last = min(to, width - 1)
        guard y >= 0, y < height, first <= last else { return }
        for column in first...last { blend(x: column, y: y, color: color) }
    }

    /// A one-pixel vertical line from row `from` to `to`, inclusive (clipped).
    mutating func verticalLine(x: Int, from: Int, to: Int, color: Color) {
        let first = max(from, 0), last = min(to, height - 1)
        guard x >= 0, x < width, first <= last else { return }
        for row in first...last { blend(x: x, y: row, color: color) }
    }
}
