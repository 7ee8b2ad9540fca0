import DiagnosticsRecording
import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// Fonts by name, images by name, colours and traits: UIKit's resource types as a cell file
/// uses them.
@Suite struct UIKitResourceTests {
    static let fonts = HarfBuzzOracle.shippedFonts

    @Test func aShippedFontIsFoundByItsName() throws {
        let font = try #require(UIFont(name: "NotoSans-Bold", size: 20))
        #expect(font.pointSize == 20)
        #expect(font.fontName == "NotoSans-Bold")
        #expect(font.familyName == "Noto Sans")
        let label = UILabel()
        label.font = font
        label.text = "Named"
        let expected = try UIKitSpellingTests.width("Named", path: UIKitSpellingTests.bold, size: 20).rounded(.up)
        #expect(Double(label.intrinsicContentSize.width) == expected)
        #expect(UIFont(name: "Noto Sans Regular", size: 12) != nil)
    }

    @Test func anUnknownFontNameGivesNil() {
        #expect(UIFont(name: "Helvetica-NoSuchWeight", size: 17) == nil)
        #expect(UIFont(name: "NotoSans-Regular", size: -3) == nil)
    }

    @Test func aRegisteredFontFileIsFoundByItsName() throws {
        let path = Self.fonts.appendingPathComponent("NotoSansDevanagari-Bold.ttf").path
        let names = try UIFont.registerFont(atPath: path)
        #expect(names.contains("NotoSansDevanagari-Bold"))
        let font = try #require(UIFont(name: "NotoSansDevanagari-Bold", size: 18))
        let label = UILabel()
        label.font = font
        label.text = "नमस्ते"
        let expected = try UIKitSpellingTests.width("नमस्ते", path: path, size: 18).rounded(.up)
        #expect(Double(label.intrinsicContentSize.width) == expected)
        #expect(UIFont.familyNames.contains("Noto Sans Devanagari"))
        #expect(throws: (any Error).self) { try UIFont.registerFont(atPath: "/no/such/font.ttf") }
    }

    @Test func preferredFontsFollowTheContentSizeCategory() {
        // Apple's Dynamic Type table: body is 17 points at Large and 28 at AX1.
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        let traits = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits).pointSize == 28)
        let metrics = UIFontMetrics(forTextStyle: .body)
        #expect(metrics.scaledValue(for: 10, compatibleWith: traits) > 10)
        #expect(UIContentSizeCategory.large == UITraitCollection().preferredContentSizeCategory)
    }

    /// The bytes of a PNG file's signature and IHDR chunk for `width` × `height` pixels.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    /// A JPEG file start: SOI, an APP0 segment, then a baseline frame header.
    static func jpegHeader(width: UInt16, height: UInt16) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08]
        bytes += withUnsafeBytes(of: height.bigEndian, Array.init) + withUnsafeBytes(of: width.bigEndian, Array.init)
        bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return Data(bytes)
    }

    @Test func imagesAreFoundInTheAssetFolderWithTheirScale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fitsize-assets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.pngHeader(width: 96, height: 60).write(to: folder.appendingPathComponent("uikit-avatar@3x.png"))
        try Self.jpegHeader(width: 640, height: 480).write(to: folder.appendingPathComponent("uikit-photo.jpg"))
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("uikit-broken.png"))
        ImageAssets.folder = folder
        defer { ImageAssets.folder = nil }

        let avatar = try #require(UIImage(named: "uikit-avatar"))
        #expect(avatar.scale == 3)
        #expect(avatar.size == CGSize(width: 32, height: 20))
        #expect(UIImageView(image: avatar).intrinsicContentSize == CGSize(width: 32, height: 20))
        let photo = try #require(UIImage(named: "uikit-photo"))
        #expect(photo.size == CGSize(width: 640, height: 480))
        #expect(UIImage(named: "uikit-photo.jpg")?.size == CGSize(width: 640, height: 480))

        let missing = DiagnosticsRecorder.record(errorsContaining: "uikit-missing") {
            #expect(UIImage(named: "uikit-missing") == nil)
        }
        #expect(missing.errors.count == 1)
        #expect(missing.errors.first?.description.contains(folder.path) == true)
        let broken = DiagnosticsRecorder.record(errorsContaining: "uikit-broken") {
            #expect(UIImage(named: "uikit-broken") == nil)
        }
        #expect(broken.errors.count == 1)
    }

    @Test func aRegisteredImageSizeStandsInForTheFile() throws {
        ImageAssets.register(try UIImage(pixelSize: CGSize(width: 48, height: 48), scale: 2), named: "uikit-registered")
        #expect(UIImage(named: "uikit-registered")?.size == CGSize(width: 24, height: 24))
        #expect(UIImage(systemName: "uikit-registered")?.size == CGSize(width: 24, height: 24))
        let recorder = DiagnosticsRecorder.record(errorsContaining: "uikit-never-registered") {
            #expect(UIImage(systemName: "uikit-never-registered") == nil)
        }
        #expect(recorder.errors.count == 1)
    }

    @Test func coloursKeepTheirComponents() {
        let color = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let faded = color.withAlphaComponent(0.5)
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        #expect(faded.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect([red, green, blue, alpha] == [0.2, 0.4, 0.6, 0.5])
        #expect(UIColor(hue: 1 / 3, saturation: 1, brightness: 1, alpha: 1) == UIColor(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(UIColor(white: 0.5, alpha: 1) == UIColor.gray)
        #expect(UIColor.systemBlue.cgColor.components == [0, 122 / 255, 1, 1])
        #expect(UIColor(named: "uikit-brand") == nil)
        UIColor.register(.systemPink, named: "uikit-brand")
        #expect(UIColor(named: "uikit-brand") == .systemPink)
        #expect(UIColor { _ in .red } == .red)
        let recorder = DiagnosticsRecorder.record(errorsContaining: "UIColor") {
            #expect(UIColor(red: .nan, green: 0, blue: 0, alpha: 1).red == 0)
        }
        #expect(recorder.errors.count == 1)
    }

    @Test func directionalInsetsAreUIKits() {
        let insets = NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let view = UIView()
        view.directionalLayoutMargins = insets
        #expect(view.directionalLayoutMargins == insets)
        #expect(view.layoutMargins == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    }
}
