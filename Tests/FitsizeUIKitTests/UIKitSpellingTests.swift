import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A view written for UIKit compiles against FitsizeUIKit and sizes as the text's own metrics
/// say it should: the heights come from the shipped faces' tables and `hb-shape`, not from
/// Fitsize's measurement.
@Suite struct UIKitSpellingTests {
    static let fonts = HarfBuzzOracle.shippedFonts
    static let regular = fonts.appendingPathComponent("NotoSans-Regular.ttf").path
    static let bold = fonts.appendingPathComponent("NotoSans-Bold.ttf").path

    /// The width `hb-shape` gives `text` in the face at `path` and `size`.
    static func width(_ text: String, path: String, size: Double) throws -> Double {
        let glyphs = try HarfBuzzOracle.shape(text, fontPath: path)
        return Double(glyphs.reduce(0) { $0 + $1.ax }) * size / Double(try FontTables(path: path).unitsPerEm)
    }

    @Test func aProfileHeaderIsAsTallAsItsTextSays() throws {
        let header = ProfileHeaderView(frame: .zero)
        header.translatesAutoresizingMaskIntoConstraints = false
        let bio = "Writes about engines."
        header.show(name: "Ada Lovelace", bio: bio, count: 1815)
        // The bio fits one line beside the avatar: 375 - 16 - 48 - 12 - 16 points.
        try #require(try Self.width(bio, path: Self.regular, size: 15) < 283)
        let size = header.systemLayoutSizeFitting(
            CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        // Headline is 17-point semibold at the default category, drawn with the Bold face.
        let name = try FontTables(path: Self.bold).lineHeight(size: 17).rounded(.up)
        let bioLine = try FontTables(path: Self.regular).lineHeight(size: 15).rounded(.up)
        let expected = max(16 + 48 + 16, 16 + name + 4 + bioLine + 16)
        #expect(size == CGSize(width: 375, height: CGFloat(expected)))
        header.frame = CGRect(origin: .zero, size: size)
        header.layoutIfNeeded()
        #expect(header.avatarView.frame == CGRect(x: 16, y: 16, width: 48, height: 48))
        #expect(Double(header.nameLabel.frame.minX) == 16 + 48 + 12)
        #expect(Double(header.bioLabel.frame.minY) == 16 + name + 4)
    }

    /// `monospacedDigitSystemFont`: every digit is as wide as every other, as `hb-shape` shows
    /// the shipped face's default figures to be.
    @Test func monospacedDigitsLineUp() throws {
        let ones = UILabel()
        ones.font = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .regular)
        ones.text = "1111"
        let eights = UILabel()
        eights.font = UIFont.monospacedDigitSystemFont(ofSize: 13, weight: .semibold)
        eights.text = "8888"
        let expectedOnes = try Self.width("1111", path: Self.regular, size: 13).rounded(.up)
        let expectedEights = try Self.width("8888", path: Self.bold, size: 13).rounded(.up)
        #expect(expectedOnes == expectedEights)
        #expect(Double(ones.intrinsicContentSize.width) == expectedOnes)
        #expect(Double(eights.intrinsicContentSize.width) == expectedEights)
    }

    /// `systemFont(ofSize:weight:)` keeps the weight asked for and draws it with the nearer
    /// shipped face.
    @Test(arguments: [(UIFont.Weight.light, false), (.medium, false), (.semibold, true), (.heavy, true)])
    func weightsMapToTheNearerShippedFace(weight: UIFont.Weight, bold: Bool) throws {
        let font = UIFont.systemFont(ofSize: 20, weight: weight)
        #expect(font.weight == weight)
        let label = UILabel()
        label.font = font
        label.text = "Weight"
        let expected = try Self.width("Weight", path: bold ? Self.bold : Self.regular, size: 20).rounded(.up)
        #expect(Double(label.intrinsicContentSize.width) == expected)
        #expect(UIFont.boldSystemFont(ofSize: 20).weight == .bold)
        #expect(UIFont.italicSystemFont(ofSize: 20).weight == .regular)
    }
}
