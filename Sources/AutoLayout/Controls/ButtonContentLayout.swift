import Foundation

/// How a configured button (UIKit's `UIButton.Configuration`) arranges its content: the
/// title with an optional subtitle below it, an image on one side of that text, and insets
/// around the whole.
///
/// Set as ``Button/contentLayout``, it replaces the classic arrangement (title beside image,
/// ``Button/contentEdgeInsets``, ``Button/titleVerticalPadding``), as a configuration
/// replaces those properties in UIKit. The intrinsic size is then, ceiled to the pixel grid:
/// - the text: the wider of title and subtitle, and their heights with ``titlePadding``
///   between them when both are shown (a missing one counts as zero);
/// - with an image and text, ``imagePadding`` between them on the ``imagePlacement`` side:
///   beside the text, the widths add and the taller height counts; above or below it, the
///   heights add and the wider width counts;
/// - plus ``contentInsets`` on all four sides.
public struct ButtonContentLayout: Hashable, Sendable {
    /// The side of the text the image sits on.
    public enum ImagePlacement: Hashable, Sendable {
        /// Before the text, along the line.
        case leading
        /// After the text, along the line.
        case trailing
        /// Above the text.
        case top
        /// Below the text.
        case bottom

        /// Whether the image and the text share a row.
        var isHorizontal: Bool { self == .leading || self == .trailing }
    }

    /// The space between the button's edges and its content.
    public var contentInsets: DirectionalEdgeInsets
    /// Where the image sits relative to the text.
    public var imagePlacement: ImagePlacement
    /// The space between the image and the text, when both are shown.
    public var imagePadding: CGFloat
    /// The space between the title and the subtitle, when both are shown.
    public var titlePadding: CGFloat

    /// A layout from its four parts.
    public init(
        contentInsets: DirectionalEdgeInsets = .zero, imagePlacement: ImagePlacement = .leading,
        imagePadding: CGFloat = 0, titlePadding: CGFloat = 0
    ) {
        self.contentInsets = contentInsets
        self.imagePlacement = imagePlacement
        self.imagePadding = imagePadding
        self.titlePadding = titlePadding
    }

    /// Whether every length is finite, the condition ``Button/contentLayout`` sets it on.
    public var isFinite: Bool {
        contentInsets.top.isFinite && contentInsets.leading.isFinite && contentInsets.bottom.isFinite
            && contentInsets.trailing.isFinite && imagePadding.isFinite && titlePadding.isFinite
    }

    /// Where the parts of a button's content go, before ceiling to the pixel grid.
    struct Arrangement {
        /// The content with its insets.
        var size: CGSize
        /// The top of the title (or, without one, of the subtitle) below the button's top.
        var textTop: CGFloat
    }

    /// The arrangement of a title, a subtitle and an image of the given sizes; `nil` sizes
    /// are parts not shown.
    func arrange(title: CGSize?, subtitle: CGSize?, image: CGSize?) -> Arrangement {
        let gap = title != nil && subtitle != nil ? titlePadding : 0
        let text = CGSize(
            width: max(title?.width ?? 0, subtitle?.width ?? 0),
            height: (title?.height ?? 0) + gap + (subtitle?.height ?? 0))
        let hasText = title != nil || subtitle != nil
        let picture = image ?? .zero
        let padding = hasText && image != nil ? imagePadding : 0
        let content: CGSize
        let textTop: CGFloat
        switch imagePlacement {
        case .leading, .trailing:
            content = CGSize(width: picture.width + padding + text.width, height: max(picture.height, text.height))
            textTop = (content.height - text.height) / 2
        case .top:
            content = CGSize(width: max(picture.width, text.width), height: picture.height + padding + text.height)
            textTop = picture.height + padding
        case .bottom:
            content = CGSize(width: max(picture.width, text.width), height: picture.height + padding + text.height)
            textTop = 0
        }
        return Arrangement(
            size: CGSize(
                width: content.width + contentInsets.leading + contentInsets.trailing,
                height: content.height + contentInsets.top + contentInsets.bottom),
            textTop: contentInsets.top + textTop)
    }
}
