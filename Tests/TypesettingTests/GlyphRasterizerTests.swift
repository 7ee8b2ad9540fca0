import Foundation
import Testing
import Typesetting

/// Glyphs drawn to pixels: outline text as coverage inside the line's box, emoji in their own
/// colours, nothing beyond the largest image.
@Suite struct GlyphRasterizerTests {
    /// The pixels `rasterizer` paints for the first line of `text` at `scale`, its pen on the
    /// baseline at (10, 10 + ascent) pixels.
    static func paint(_ text: String, font: Font, scale: Double, maximumSide: Int = 16_384)
        throws -> (pixels: [(x: Int, y: Int, paint: GlyphRasterizer.Paint)], layout: TextLayout)
    {
        let layout = try PreparedText(text, font: font).layout(width: .infinity)
        let rasterizer = GlyphRasterizer(maximumSide: maximumSide)
        var pixels: [(x: Int, y: Int, paint: GlyphRasterizer.Paint)] = []
        for run in layout.glyphRuns(onLine: 0) {
            try rasterizer.draw(run, originX: 10, baselineY: 10 + Double(layout.firstBaseline) * scale, scale: scale) {
                pixels.append(($0, $1, $2))
            }
        }
        return (pixels, layout)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func outlineGlyphsCoverPixelsInsideTheLineBox(scale: Double) throws {
        let (pixels, layout) = try Self.paint("Hamburgefonstiv", font: .default(size: 17, systemFonts: false), scale: scale)
        #expect(pixels.count > 100)
        let right = 10 + Double(layout.size.width) * scale, bottom = 10 + Double(layout.size.height) * scale
        for pixel in pixels {
            #expect(pixel.x >= 9 && Double(pixel.x) <= right + 1 && pixel.y >= 9 && Double(pixel.y) <= bottom + 1)
            guard case .coverage(let coverage) = pixel.paint else {
                Issue.record("an outline glyph painted \(pixel.paint)")
                continue
            }
            #expect(coverage > 0 && coverage <= 1)
        }
        // Some pixels are covered fully (stems), some partly (anti-aliased edges).
        #expect(pixels.contains { $0.paint == .coverage(1) })
        #expect(pixels.contains { if case .coverage(let c) = $0.paint { c < 1 } else { false } })
    }

    @Test func emojiPaintTheirOwnColours() throws {
        let (pixels, _) = try Self.paint("😀", font: .default(size: 17, systemFonts: false), scale: 2)
        let colours = pixels.compactMap { pixel -> (UInt8, UInt8, UInt8)? in
            if case .colour(let red, let green, let blue, _) = pixel.paint { (red, green, blue) } else { nil }
        }
        #expect(colours.count == pixels.count && !colours.isEmpty)
        // The grinning face is yellow.
        #expect(colours.contains { $0.0 > 200 && $0.1 > 150 && $0.2 < 100 })
    }

    @Test func aRunLargerThanTheLargestImageIsNotDrawn() throws {
        let (pixels, _) = try Self.paint("Hi 😀", font: .default(size: 17, systemFonts: false), scale: 2, maximumSide: 30)
        #expect(pixels.isEmpty)
    }

    @Test func pixelCoordinatesAreClampedFarOutsideAnyImage() {
        #expect(GlyphRasterizer.pixel(12.4) == 12)
        #expect(GlyphRasterizer.pixel(-3.6) == -4)
        #expect(GlyphRasterizer.pixel(.infinity) == 1 << 30)
        #expect(GlyphRasterizer.pixel(-.infinity) == -(1 << 30))
        #expect(GlyphRasterizer.pixel(1e300) == 1 << 30)
        #expect(GlyphRasterizer.pixel(.nan) == -(1 << 30))
    }
}
