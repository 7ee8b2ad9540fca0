import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// Text and frames use one pixel-grid rule: the size a label's text is ceiled to is the size
/// of the frame the label is laid out in, whatever the scale and however fractional the
/// measured text.
@Suite struct PixelGridAgreementTests {
    /// Point sizes whose text widths and line heights fall between pixels in many ways.
    static let pointSizes = Array(stride(from: 9.15, through: 31, by: 0.73))

    /// `points` as a number of pixels, which must be whole.
    static func pixels(_ points: CGFloat, _ scale: CGFloat) -> CGFloat {
        let pixels = (points * scale).rounded()
        #expect(abs(points * scale - pixels) < 1e-9, "\(points) is not on the grid of scale \(scale)")
        return pixels
    }

    @Test(arguments: [CGFloat(1), 2, 3])
    func aLabelsCeiledTextSizeIsItsFrameSize(scale: CGFloat) throws {
        for pointSize in Self.pointSizes {
            for text in ["Hello, world", "fractional widths", "ij"] {
                let font = Font.default(size: CGFloat(pointSize))
                let ceiled = try PreparedText(text, font: font).size(width: .infinity, maxLines: 1, scale: scale)
                let root = makeRoot(scale: scale)
                let label = makeLabel(text, in: root, font: font)
                // An origin between pixels too: the frame's edges round, its size must not change.
                LayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 7.3),
                    label.topAnchor.constraint(equalTo: root.topAnchor, constant: 11.6),
                ])
                root.layoutIfNeeded()
                let context = "\(text) at \(pointSize) pt, scale \(scale)"
                #expect(label.intrinsicContentSize == ceiled, "\(context)")
                #expect(label.frame.size == ceiled, "\(context)")
                #expect(label.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == ceiled, "\(context)")
            }
        }
    }

    @Test(arguments: [CGFloat(1), 2, 3])
    func aCellAroundALabelFitsItsCeiledTextSizePlusItsMargins(scale: CGFloat) throws {
        for pointSize in Self.pointSizes {
            let font = Font.default(size: CGFloat(pointSize))
            let ceiled = try PreparedText("Hello, world", font: font).size(width: .infinity, maxLines: 1, scale: scale)
            let root = makeRoot(scale: scale)
            let cell = View()
            cell.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(cell)
            let label = makeLabel("Hello, world", in: cell, font: font)
            // Margins on the grid of every scale tested: the fitting size is the label's plus them.
            LayoutConstraint.activate([
                cell.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                cell.topAnchor.constraint(equalTo: root.topAnchor),
                label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 8),
                label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 6),
                cell.trailingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
                cell.bottomAnchor.constraint(equalTo: label.bottomAnchor, constant: 6),
            ])
            root.layoutIfNeeded()
            let fitted = cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            let context = "\(pointSize) pt, scale \(scale)"
            // In whole pixels: the label's and the margins' (16 and 12 points).
            #expect(Self.pixels(fitted.width, scale) == Self.pixels(ceiled.width, scale) + 16 * scale, "\(context)")
            #expect(Self.pixels(fitted.height, scale) == Self.pixels(ceiled.height, scale) + 12 * scale, "\(context)")
            #expect(label.frame.size == ceiled, "\(context)")
            #expect(cell.frame.size == fitted, "\(context)")
        }
    }
}
