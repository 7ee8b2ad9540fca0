import Foundation
import Testing
import TextOracles

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

    /// Rich text: an attachment's box is outlined in orange where its bounds put it, and a
    /// raised run's baseline is drawn at its offset. Positions come from hb-shape and the
    /// font's tables: the raised run sets the line's ascent (17 pt Noto Sans raised 6 pt).
    @Test func attachmentsAndRaisedRunsAreDrawnWhereTheirAttributesPutThem() throws {
        let folder = try FitsizeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rich.png").path
        let scale = 4.0, margin = 8.0
        let output = try FitsizeProcess.run(
            ["--markup", "--scale", String(scale), "--render", path, "ab<attachment 20 22 -6>cd <baseline 6>up</baseline>"])
        try #require(output.status == 0, "fitsize failed: \(output.stderr)")
        let png = try DecodedPNG(path: path)
        let baseline = try FontTables(path: TestFonts.notoSans).ascender(size: 17) + 6
        let boxLeft = try HarfBuzzOracle.width("ab", fontPath: TestFonts.notoSans, size: 17)

        var orange: (minX: Int, maxX: Int, minY: Int, maxY: Int) = (.max, .min, .max, .min)
        for y in 0..<png.height {
            for x in 0..<png.width {
                let pixel = png.pixel(x: x, y: y)
                guard pixel.red > 220, pixel.green > 130, pixel.green < 190, pixel.blue < 60 else { continue }
                orange = (min(orange.minX, x), max(orange.maxX, x), min(orange.minY, y), max(orange.maxY, y))
            }
        }
        func near(_ pixel: Int, _ points: Double) -> Bool { abs(Double(pixel) - points * scale) <= 1.5 }
        #expect(near(orange.minX, margin + boxLeft), "\(orange)")
        #expect(near(orange.maxX + 1, margin + boxLeft + 20), "\(orange)")
        #expect(near(orange.minY, margin + baseline + 6 - 22), "\(orange)")
        #expect(near(orange.maxY + 1, margin + baseline + 6), "\(orange)")

        // The raised run's baseline is red, 6 points above the line's, to the right of the box.
        let raisedRow = Int(((margin + baseline - 6) * scale).rounded(.down))
        let lineRow = Int(((margin + baseline) * scale).rounded(.down))
        func redColumns(_ row: Int) -> [Int] {
            (0..<png.width).filter { x in
                let pixel = png.pixel(x: x, y: row)
                return pixel.red > 180 && pixel.green < 120 && pixel.blue < 120
            }
        }
        let raised = redColumns(raisedRow)
        let line = redColumns(lineRow)
        #expect(raised.count > Int(10 * scale), "no raised baseline on row \(raisedRow)")
        #expect((raised.min() ?? 0) > orange.maxX)
        #expect(line.count > Int(20 * scale), "no line baseline on row \(lineRow)")
        #expect((line.min() ?? .max) < orange.minX)
    }
}
