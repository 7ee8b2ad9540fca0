import AutoLayout
import Concurrency
import Foundation

/// Where `UIImage(named:)` finds images: sizes registered by name, then image files in a
/// folder the program configures (an app's bundle resources, copied or pointed at).
public enum ImageAssets {
    private struct State {
        var folder: URL?
        var registered: [String: Image] = [:]
    }

    private static let state = Locked(State())

    /// The folder `UIImage(named:)` reads image files from; `nil` (the default) for none.
    public static var folder: URL? {
        get { state.withLock { $0.folder } }
        set { state.withLock { $0.folder = newValue } }
    }

    /// Registers `image` under `name`, for images whose files are not at hand: only the size
    /// matters to layout.
    public static func register(_ image: Image, named name: String) {
        state.withLock { $0.registered[name] = image }
    }

    /// Forgets every registered image.
    public static func removeAllRegistered() {
        state.withLock { $0.registered.removeAll() }
    }

    /// The image registered as `name`, or read from the folder.
    static func image(named name: String) -> Image? {
        let (registered, folder) = state.withLock { ($0.registered[name], $0.folder) }
        if let registered { return registered }
        guard let folder else {
            LayoutDiagnostics.report(.resourceNotFound(
                kind: "image", name: name, searched: "the registered images (ImageAssets.folder is not set)"))
            return nil
        }
        for (file, scale) in candidates(for: name) {
            let url = folder.appendingPathComponent(file)
            guard let data = try? readHeader(of: url) else { continue }
            guard let pixels = ImageFileSize.pixelSize(of: data),
                let image = try? Image(pixelSize: pixels, scale: scale)
            else {
                LayoutDiagnostics.report(.resourceNotFound(
                    kind: "readable image", name: name, searched: url.path + " (not a PNG or JPEG file of a valid size)"))
                return nil
            }
            return image
        }
        LayoutDiagnostics.report(.resourceNotFound(kind: "image", name: name, searched: folder.path))
        return nil
    }

    /// The file names tried for `name`, with the scale each stands for: the name as given
    /// when it has an extension; otherwise `name`, `name@2x`, `name@3x` as PNG, then JPEG.
    static func candidates(for name: String) -> [(String, CGFloat)] {
        let ext = (name as NSString).pathExtension.lowercased()
        let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext]
        var result: [(String, CGFloat)] = []
        for fileExtension in extensions {
            result.append(("\(base).\(fileExtension)", 1))
            result.append(("\(base)@2x.\(fileExtension)", 2))
            result.append(("\(base)@3x.\(fileExtension)", 3))
        }
        if !ext.isEmpty, let scale = scaleSuffix(of: base) { result[0].1 = scale }
        return result
    }

    /// The scale a `@2x` or `@3x` suffix gives a base name.
    private static func scaleSuffix(of base: String) -> CGFloat? {
        if base.hasSuffix("@2x") { return 2 }
        if base.hasSuffix("@3x") { return 3 }
        return nil
    }

    /// The start of the file: enough for the size in any PNG, and in a JPEG whose frame
    /// header is within the first 256 KiB.
    private static func readHeader(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.read(upToCount: 256 * 1024) ?? Data()
    }
}

extension Image {
    /// UIKit's `UIImage(named:)`: the image registered as `name` (``ImageAssets/register(_:named:)``)
    /// or read from ``ImageAssets/folder`` (`name.png`, `name@2x.png`, `name@3x.png`, then
    /// JPEG; the first found, its scale from the suffix). A name found nowhere gives `nil`, as
    /// in UIKit, and a ``AutoLayout/LayoutError/resourceNotFound(kind:name:searched:)`` for
    /// ``AutoLayout/LayoutDiagnostics/errorHandler`` that says where it looked.
    public init?(named name: String) {
        guard let image = ImageAssets.image(named: name) else { return nil }
        self = image
    }

    /// UIKit's `UIImage(systemName:)`: SF Symbols are not available off Apple platforms, so
    /// only a size registered under the symbol's name is found (see ``init(named:)``).
    public init?(systemName name: String) {
        self.init(named: name)
    }

    /// How UIKit draws the image; stored nowhere, as only the size matters to layout.
    public enum RenderingMode: Sendable {
        /// The image's default.
        case automatic
        /// The image's own colours.
        case alwaysOriginal
        /// A template tinted with the view's tint colour.
        case alwaysTemplate
    }

    /// UIKit's `withRenderingMode(_:)`: the same image, as the mode changes no size.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> Image { self }

    /// UIKit's `withTintColor(_:)`: the same image, as the colour changes no size.
    public func withTintColor(_ color: UIColor) -> Image { self }
}
