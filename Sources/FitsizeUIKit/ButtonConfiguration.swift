import AutoLayout
import Foundation
import Typesetting

extension Button {
    /// UIKit's `UIButton.Configuration` (iOS 15): a button's content and look as one value,
    /// applied by ``AutoLayout/Button/configuration``.
    ///
    /// What sizes the button: ``title``/``attributedTitle``, ``subtitle``/``attributedSubtitle``
    /// below it with ``titlePadding``, ``image`` with ``imagePadding`` on its
    /// ``imagePlacement`` side, ``contentInsets``, and ``buttonSize``, which chooses the default
    /// insets and the text styles of the title and subtitle (``Size``).
    /// ``titleTextAttributesTransformer`` and ``subtitleTextAttributesTransformer`` may
    /// replace those fonts. Everything else (colours, corner style, background, the activity
    /// indicator, title alignment) is stored only. The eight styles size alike: Apple documents
    /// no size difference between them.
    public struct Configuration {
        /// UIKit's `UIButton.Configuration.Size`. Apple documents the sizes only by name
        /// ("the smallest", "a small", "a standard", "a large size"); the numbers each case
        /// gives are in ``defaultContentInsets``, ``titleTextStyle`` and ``subtitleTextStyle``.
        public enum Size: Int, Hashable, Sendable {
            /// UIKit's standard size.
            case medium
            /// A small size.
            case small
            /// The smallest size.
            case mini
            /// A large size.
            case large

            /// The insets a configuration of this size starts with. `.medium`'s 7 points above
            /// and below and 12 at the sides are the default an Apple frameworks engineer
            /// confirmed (developer.apple.com/forums/thread/733541); Apple gives no number
            /// for the other sizes, so theirs are Fitsize's choice, scaled around it.
            public var defaultContentInsets: NSDirectionalEdgeInsets {
                switch self {
                case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
                case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
                case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
                case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
                }
            }

            /// The Dynamic Type style of the title. Apple documents that the size sets "title
            /// and subtitle font sizes" but not which; Fitsize uses body for the standard
            /// and large sizes, subheadline for small and footnote for mini.
            public var titleTextStyle: Font.TextStyle {
                switch self {
                case .mini: .footnote
                case .small: .subheadline
                case .medium, .large: .body
                }
            }

            /// The Dynamic Type style of the subtitle, a step below the title's (Fitsize's
            /// choice, as for ``titleTextStyle``).
            public var subtitleTextStyle: Font.TextStyle {
                switch self {
                case .mini: .caption2
                case .small: .caption1
                case .medium, .large: .footnote
                }
            }
        }

        /// UIKit's `UIButton.Configuration.TitleAlignment`: how the title and subtitle line
        /// up with each other; stored only.
        public enum TitleAlignment: Int, Hashable, Sendable {
            /// Aligned by the image placement.
            case automatic
            /// Along the leading edge.
            case leading
            /// Centred.
            case center
            /// Along the trailing edge.
            case trailing
        }

        /// UIKit's `UIButton.Configuration.CornerStyle`; stored only.
        public enum CornerStyle: Int, Hashable, Sendable {
            /// Rounded by the button size and Dynamic Type.
            case dynamic
            /// The background's own corner radius.
            case fixed
            /// Slightly rounded.
            case small
            /// Rounded.
            case medium
            /// Strongly rounded.
            case large
            /// Rounded into a capsule.
            case capsule
        }

        /// UIKit's `UIButton.Configuration.MacIdiomStyle`; stored only.
        public enum MacIdiomStyle: Int, Hashable, Sendable {
            /// Automatic.
            case automatic
            /// Bordered.
            case bordered
            /// Borderless.
            case borderless
            /// Borderless, tinted.
            case borderlessTinted
        }

        /// Which of UIKit's styles made the configuration; stored only.
        enum Style: Hashable, Sendable {
            case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent
        }

        let style: Style
        private var titleStorage: AttributedString?
        private var subtitleStorage: AttributedString?
        private var contentInsetsStorage: NSDirectionalEdgeInsets?

        init(style: Style) { self.style = style }

        /// A configuration for a button with a transparent background.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A configuration for a button with a tinted background.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A configuration for a button with a gray background.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// A configuration for a button with a background filled with the tint colour.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// A configuration for a borderless button.
        public static func borderless() -> Configuration { Configuration(style: .borderless) }
        /// A configuration for a bordered button.
        public static func bordered() -> Configuration { Configuration(style: .bordered) }
        /// A configuration for a bordered button with a tinted background.
        public static func borderedTinted() -> Configuration { Configuration(style: .borderedTinted) }
        /// A configuration for a bordered button filled with the tint colour.
        public static func borderedProminent() -> Configuration { Configuration(style: .borderedProminent) }

        /// The title; setting it replaces ``attributedTitle`` with the plain text.
        public var title: String? {
            get { titleStorage.map { String($0.characters) } }
            set { titleStorage = newValue.map { AttributedString($0) } }
        }

        /// The title with its attributes; a run's `.font` overrides the size's font for that run.
        public var attributedTitle: AttributedString? {
            get { titleStorage }
            set { titleStorage = newValue }
        }

        /// The subtitle, shown below the title; setting it replaces ``attributedSubtitle``.
        public var subtitle: String? {
            get { subtitleStorage.map { String($0.characters) } }
            set { subtitleStorage = newValue.map { AttributedString($0) } }
        }

        /// The subtitle with its attributes.
        public var attributedSubtitle: AttributedString? {
            get { subtitleStorage }
            set { subtitleStorage = newValue }
        }

        /// The image, beside, above or below the text by ``imagePlacement``.
        public var image: UIImage?
        /// The edge of the text the image sits on: one of `.leading`, `.trailing`, `.top` and
        /// `.bottom` (another value is refused when the configuration is applied).
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// The space between the image and the text; default 0 (Apple documents none).
        public var imagePadding: CGFloat = 0
        /// The space between the title and the subtitle; default 0 (Apple documents none).
        public var titlePadding: CGFloat = 0
        /// The requested size, which picks the default insets and the fonts (``Size``).
        public var buttonSize: Size = .medium

        /// The space between the button's edges and its content: the ``buttonSize``'s
        /// ``Size/defaultContentInsets`` until set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { contentInsetsStorage ?? buttonSize.defaultContentInsets }
            set { contentInsetsStorage = newValue }
        }

        /// UIKit's `setDefaultContentInsets()`: goes back to the size's default insets.
        public mutating func setDefaultContentInsets() { contentInsetsStorage = nil }

        /// Turns the title's attributes (its font first) into the ones shown.
        public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// Turns the subtitle's attributes into the ones shown.
        public var subtitleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// How the title and subtitle align with each other; stored only.
        public var titleAlignment: TitleAlignment = .automatic
        /// The colour of the text and image; stored only.
        public var baseForegroundColor: UIColor?
        /// The colour of the background; stored only.
        public var baseBackgroundColor: UIColor?
        /// How the corners are rounded; stored only.
        public var cornerStyle: CornerStyle = .dynamic
        /// What is drawn behind the content; stored only.
        public var background = UIBackgroundConfiguration()
        /// Whether an activity indicator shows; stored only (see the porting article).
        public var showsActivityIndicator = false
        /// The activity indicator's colour; stored only.
        public var activityIndicatorColorTransformer: ((UIColor) -> UIColor)?
        /// The image's colour; stored only.
        public var imageColorTransformer: ((UIColor) -> UIColor)?
        /// Whether the content dims when highlighted; stored only.
        public var automaticallyUpdateForSelection = true
        /// The style on the Mac idiom; stored only.
        public var macIdiomStyle: MacIdiomStyle = .automatic

        /// UIKit's `updated(for:)`: the configuration as it looks for the button's state. The
        /// state only changes colours, which Fitsize stores, so this is the configuration.
        public func updated(for button: UIButton) -> Configuration { self }

        /// The title with the size's font and the transformer applied, or nil without one.
        func shownTitle(traits: TraitCollection) -> AttributedString? {
            styled(titleStorage, style: buttonSize.titleTextStyle, by: titleTextAttributesTransformer, traits: traits)
        }

        /// The subtitle styled as ``shownTitle(traits:)`` is.
        func shownSubtitle(traits: TraitCollection) -> AttributedString? {
            styled(subtitleStorage, style: buttonSize.subtitleTextStyle, by: subtitleTextAttributesTransformer, traits: traits)
        }

        /// The font runs without their own take: the transformer's output for the style's font.
        func baseFont(_ style: Font.TextStyle, by transformer: UIConfigurationTextAttributesTransformer?, traits: TraitCollection) -> Font {
            var incoming = AttributeContainer()
            incoming.font = Font.preferredFont(forTextStyle: style, compatibleWith: traits)
            return transformer.map { $0(incoming) }?.font ?? incoming.font!
        }

        /// `text` with the transformed style font on every run that has no font of its own.
        private func styled(
            _ text: AttributedString?, style: Font.TextStyle, by transformer: UIConfigurationTextAttributesTransformer?,
            traits: TraitCollection
        ) -> AttributedString? {
            guard var text, !text.characters.isEmpty else { return nil }
            let font = baseFont(style, by: transformer, traits: traits)
            for run in text.runs where run.font == nil { text[run.range].font = font }
            return text
        }

        /// The arrangement the configuration gives, or nil when its image placement is not
        /// one edge.
        var contentLayout: ButtonContentLayout? {
            let placement: ButtonContentLayout.ImagePlacement
            switch imagePlacement {
            case .leading: placement = .leading
            case .trailing: placement = .trailing
            case .top: placement = .top
            case .bottom: placement = .bottom
            default: return nil
            }
            return ButtonContentLayout(
                contentInsets: contentInsets, imagePlacement: placement, imagePadding: imagePadding,
                titlePadding: titlePadding)
        }
    }
}
