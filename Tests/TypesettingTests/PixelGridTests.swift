import Foundation
import Testing

@testable import Typesetting

/// The pixel-grid rule that text sizes and view frames share.
@Suite struct PixelGridTests {
    @Test(arguments: [CGFloat(1), 2, 3])
    func ceilGoesUpToTheNextGridLine(scale: CGFloat) {
        let grid = PixelGrid(scale: scale)
        for pixels in [0.1, 0.5, 0.999, 7.25, 100.6] {
            let expected = CGFloat((pixels.rounded(.down) + 1) / Double(scale))
            #expect(grid.ceil(pixels / Double(scale)) == expected, "\(pixels) px at scale \(scale)")
        }
    }

    @Test(arguments: [CGFloat(1), 2, 3])
    func aValueWithinAMillionthOfAPixelAboveALineCountsAsOnIt(scale: CGFloat) {
        let grid = PixelGrid(scale: scale)
        for line in [0.0, 1, 17, 52, 1_000] {
            #expect(grid.ceil((line + 5e-7) / Double(scale)) == CGFloat(line / Double(scale)))
            #expect(grid.ceil((line - 5e-7) / Double(scale)) == CGFloat(line / Double(scale)))
            #expect(grid.ceil((line + 1e-4) / Double(scale)) == CGFloat((line + 1) / Double(scale)))
        }
    }

    @Test func pixelsCountsToTheNearestLineWithHalvesUp() {
        let grid = PixelGrid(scale: 2)
        #expect(grid.pixels(0.2) == 0)
        #expect(grid.pixels(0.25) == 1)
        #expect(grid.pixels(0.74) == 1)
        #expect(grid.pixels(-0.25) == 0)
        #expect(grid.pixels(-0.26) == -1)
        #expect(grid.points(grid.pixels(17.3)) == 17.5)
    }

    @Test(arguments: [CGFloat(1), 2, 3])
    func equalPixelCountsAreEqualPointsWhereverTheyStart(scale: CGFloat) {
        // A size ceiled from a text width and a size between two rounded edges, both of k pixels.
        let grid = PixelGrid(scale: scale)
        for pixels in 1...300 {
            let size = Double(pixels) / Double(scale)
            let ceiled = grid.ceil(size - 0.1 / Double(scale))
            for origin in [0.0, 7.3, 11.6, 250.45] {
                let start = grid.pixels(origin)
                let end = grid.pixels(origin + size)
                #expect(grid.points(end - start) == ceiled, "\(pixels) px from \(origin) at scale \(scale)")
            }
        }
    }
}
