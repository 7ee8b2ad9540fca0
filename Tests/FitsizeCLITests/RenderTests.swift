import Foundation
import Testing

/// `--render`: a PNG of the measurement that libpng decodes, sized from the measured box.
@Suite struct RenderTests {
    @Test(arguments: [1.0, 2.0])
    func renderedPNGDecodesWithTheMeasuredSizePlusMargins(scale: Double) throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.png").path
        let text = "Render me, wrapped over lines"
        let output = try FitsizeProcess.run(["--width", "120", "--scale", String(scale), "--render", path, text])
        try #require(output.status == 0, "fitsize failed: \(output.stderr)")
        let size = try MeasureSizeTests.size(output)

        let png = try DecodedPNG(path: path)
        let margin = 8.0
        #expect(png.width == Int(((size.width + 2 * margin) * scale).rounded()))
        #expect(png.height == Int(((size.height + 2 * margin) * scale).rounded()))

        // The glyphs are drawn: dark pixels inside the measured box, none in the margin.
        var inkInside = 0
        var inkInMargin = 0
        let boxLeft = Int(margin * scale), boxTop = Int(margin * scale)
        let boxRight = boxLeft + Int(size.width * scale), boxBottom = boxTop + Int(size.height * scale)
        for y in 0..<png.height {
            for x in 0..<png.width {
                let pixel = png.pixel(x: x, y: y)
                guard pixel.red < 80 && pixel.green < 80 && pixel.blue < 80 else { continue }
                if x >= boxLeft && x < boxRight && y >= boxTop && y < boxBottom { inkInside += 1 } else { inkInMargin += 1 }
            }
        }
        #expect(inkInside > 50)
        #expect(inkInMargin == 0)
        // The overall box's outline is green at its top-left corner; the margin is white.
        let corner = png.pixel(x: boxLeft, y: boxTop)
        #expect(corner.green > corner.red && corner.green > corner.blue)
        let outside = png.pixel(x: 0, y: 0)
        #expect(outside.red == 255 && outside.green == 255 && outside.blue == 255 && outside.alpha == 255)
    }

    /// Emoji are drawn from the shipped colour face in their own colours (the grinning
    /// face is yellow), inside the measured box.
    @Test func emojiAreDrawnInColourInsideTheMeasuredBox() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("emoji.png").path
        let output = try FitsizeProcess.run(["--scale", "2", "--render", path, "😀"])
        try #require(output.status == 0, "fitsize failed: \(output.stderr)")
        let size = try MeasureSizeTests.size(output)
        let png = try DecodedPNG(path: path)
        let margin = 8.0, scale = 2.0
        var yellowInside = 0, yellowOutside = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let pixel = png.pixel(x: x, y: y)
                guard pixel.red > 200 && pixel.green > 150 && pixel.blue < 100 else { continue }
                let inside = Double(x) >= margin * scale && Double(x) < (margin + size.width) * scale
                    && Double(y) >= margin * scale && Double(y) < (margin + size.height) * scale
                if inside { yellowInside += 1 } else { yellowOutside += 1 }
            }
        }
        #expect(yellowInside > 100)
        #expect(yellowOutside == 0)
    }
}
