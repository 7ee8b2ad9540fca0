import DiagnosticsRecording
import Foundation
import Testing
import TextOracles

import FitsizeUIKit

/// A subclass that overrides UIKit's configuration hook, as apps do.
private final class CartButton: UIButton {
    var count = 0 { didSet { setNeedsUpdateConfiguration() } }

    override func updateConfiguration() {
        guard var config = configuration else { return }
        config.subtitle = count == 0 ? nil : "\(count) items"
        configuration = config
    }
}

/// `UIButton.Configuration`: each size is the configuration's insets around its text and image,
/// the text measured by `hb-shape` widths and the faces' line heights.
@Suite struct ButtonConfigurationTests {
    static let regular = UIKitSpellingTests.regular
    static let bold = UIKitSpellingTests.bold

    static func width(_ text: String, _ path: String, _ size: Double) throws -> Double {
        try UIKitSpellingTests.width(text, path: path, size: size)
    }

    /// One line of the face at `size`, ceiled as a laid-out line is.
    static func line(_ path: String, _ size: Double) throws -> Double {
        try MorePortedCellTests.lines(1, path, size)
    }

    static func size(_ button: UIButton) -> CGSize { button.intrinsicContentSize }

    /// A medium button's size around a one-line `title` in the face at `path` and `points`:
    /// 12 points at each side, 7 above and below.
    static func medium(_ title: String, _ path: String, _ points: Double) throws -> CGSize {
        size((try width(title, path, points) + 24).rounded(.up), try line(path, points) + 14)
    }

    /// A size from the arithmetic's numbers.
    static func size(_ width: Double, _ height: Double) -> CGSize {
        CGSize(width: CGFloat(width), height: CGFloat(height))
    }

    /// The four sizes: the title in the size's text style (body 17, subheadline 15, footnote
    /// 13 points at the default category) inside the size's insets.
    @Test func eachButtonSizeHasItsInsetsAndTitleFont() throws {
        let cases: [(UIButton.Configuration.Size, Double, Double, Double)] = [
            (.mini, 13, 3, 8), (.small, 15, 5, 10), (.medium, 17, 7, 12), (.large, 17, 14, 20),
        ]
        for (buttonSize, points, vertical, horizontal) in cases {
            var config = UIButton.Configuration.filled()
            config.title = "Continue"
            config.buttonSize = buttonSize
            #expect(config.contentInsets == NSDirectionalEdgeInsets(
                top: CGFloat(vertical), leading: CGFloat(horizontal), bottom: CGFloat(vertical),
                trailing: CGFloat(horizontal)))
            let button = UIButton(configuration: config)
            let width = (try Self.width("Continue", Self.regular, points) + 2 * horizontal).rounded(.up)
            let height = try Self.line(Self.regular, points) + 2 * vertical
            #expect(Self.size(button) == Self.size(width, height), "\(buttonSize)")
        }
    }

    /// Apple documents no size difference between the styles, so all eight size alike; the
    /// default size is medium.
    @Test func theEightStylesSizeAlike() throws {
        let styles: [UIButton.Configuration] = [
            .plain(), .tinted(), .gray(), .filled(), .borderless(), .bordered(), .borderedTinted(),
            .borderedProminent(),
        ]
        let expected = try Self.medium("Save", Self.regular, 17)
        for var config in styles {
            config.title = "Save"
            #expect(config.buttonSize == .medium)
            let button = UIButton(type: .system)
            button.configuration = config
            #expect(Self.size(button) == expected)
        }
    }

    /// The subtitle (footnote, 13 points) goes below the title with `titlePadding` between;
    /// the wider of the two sets the width.
    @Test func theSubtitleStacksBelowTheTitle() throws {
        var config = UIButton.Configuration.gray()
        config.title = "Add"
        config.subtitle = "Three items in your cart"
        config.titlePadding = 4
        let button = UIButton(configuration: config)
        let wider = max(try Self.width("Add", Self.regular, 17), try Self.width("Three items in your cart", Self.regular, 13))
        try #require(try Self.width("Three items in your cart", Self.regular, 13) > (try Self.width("Add", Self.regular, 17)))
        let height = try Self.line(Self.regular, 17) + 4 + (try Self.line(Self.regular, 13)) + 14
        #expect(Self.size(button) == Self.size((wider + 24).rounded(.up), height))
        #expect(button.subtitle == "Three items in your cart")
        // The last baseline is the subtitle's: its line's descent above the bottom inset.
        let tables = try FontTables(path: Self.regular)
        let descent = try Self.line(Self.regular, 13) - tables.ascender(size: 13)
        #expect(abs(Double(button.lastBaselineOffsetFromBottom) - (7 + descent)) < 1)
    }

    /// Beside the text the image adds its width and the padding; above it, its height.
    @Test func theImageSitsOnItsPlacementSideWithItsPadding() throws {
        let image = try UIImage(pixelSize: CGSize(width: 48, height: 60), scale: 2)
        let title = try Self.width("Share", Self.regular, 17)
        let line = try Self.line(Self.regular, 17)
        var config = UIButton.Configuration.tinted()
        config.title = "Share"
        config.image = image
        config.imagePadding = 6
        for placement in [NSDirectionalRectEdge.leading, .trailing] {
            config.imagePlacement = placement
            let button = UIButton(configuration: config)
            #expect(Self.size(button) == Self.size((24 + 6 + title + 24).rounded(.up), max(30, line) + 14))
        }
        for placement in [NSDirectionalRectEdge.top, .bottom] {
            config.imagePlacement = placement
            let button = UIButton(configuration: config)
            #expect(Self.size(button) == Self.size((max(24, title) + 24).rounded(.up), 30 + 6 + line + 14))
        }
        // With no text the padding goes: the image inside the insets.
        config.title = nil
        config.imagePlacement = .leading
        #expect(Self.size(UIButton(configuration: config)) == Self.size(24 + 24, 30 + 14))
    }

    /// Insets set replace the size's; `setDefaultContentInsets()` brings those back, and the
    /// classic `contentEdgeInsets` no longer count.
    @Test func contentInsetsReplaceTheDefaultsAndContentEdgeInsetsAreIgnored() throws {
        var config = UIButton.Configuration.plain()
        config.title = "Edit"
        config.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 30, bottom: 4, trailing: 10)
        config.buttonSize = .large
        #expect(config.contentInsets.leading == 30)
        let button = UIButton(configuration: config)
        button.contentEdgeInsets = UIEdgeInsets(top: 50, left: 50, bottom: 50, right: 50)
        let title = try Self.width("Edit", Self.regular, 17)
        #expect(Self.size(button) == Self.size((title + 40).rounded(.up), try Self.line(Self.regular, 17) + 6))
        config.setDefaultContentInsets()
        #expect(config.contentInsets == NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20))
        // Without a configuration the button is classic again: the title keeps its font, the edge insets count.
        button.configuration = nil
        let classic = (try Self.width("Edit", Self.regular, 17) + 100).rounded(.up)
        #expect(Double(Self.size(button).width) == classic)
        #expect(Double(Self.size(button).height) == (try Self.line(Self.regular, 17)) + 12 + 100)
    }

    /// A run's own font, or the transformer's, is the one measured.
    @Test func attributedTitlesAndTransformersSetTheFont() throws {
        var config = UIButton.Configuration.filled()
        var title = AttributedString("Buy now")
        title.font = UIFont.boldSystemFont(ofSize: 20)
        config.attributedTitle = title
        #expect(config.title == "Buy now")
        let button = UIButton(configuration: config)
        #expect(Self.size(button) == (try Self.medium("Buy now", Self.bold, 20)))

        config.title = "Buy now"
        config.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
            var outgoing = incoming
            outgoing.font = UIFont.systemFont(ofSize: 12)
            return outgoing
        }
        button.configuration = config
        #expect(Self.size(button) == (try Self.medium("Buy now", Self.regular, 12)))
    }

    /// A configured button follows the content size category of its tree: body is 21 points
    /// at extra-extra-large in Apple's Dynamic Type table.
    @Test func aConfiguredTitleFollowsTheContentSizeCategory() throws {
        var config = UIButton.Configuration.filled()
        config.title = "Continue"
        let button = UIButton(configuration: config)
        let root = UIView()
        root.addSubview(button)
        root.contentSizeCategoryOverride = .extraExtraLarge
        #expect(Self.size(button) == (try Self.medium("Continue", Self.regular, 21)))
    }

    /// The update handler and the `updateConfiguration()` override run when the state changes
    /// or an update is asked for, and the size follows what they set.
    @Test func updatesFollowTheStateAndTheirRequests() throws {
        var config = UIButton.Configuration.bordered()
        config.title = "Follow"
        let button = UIButton(configuration: config)
        var runs = 0
        button.configurationUpdateHandler = { button in
            runs += 1
            button.configuration?.title = button.isSelected ? "Following" : "Follow"
        }
        #expect(runs == 1)
        button.isSelected = true
        #expect(runs == 2)
        #expect(button.configuration?.title == "Following")
        #expect(Double(Self.size(button).width) == (try Self.width("Following", Self.regular, 17) + 24).rounded(.up))
        button.isSelected = true
        #expect(runs == 2)
        button.setNeedsUpdateConfiguration()
        #expect(runs == 3)

        let cart = CartButton(configuration: .filled())
        cart.configuration?.title = "Cart"
        let empty = Double(Self.size(cart).height)
        cart.count = 3
        #expect(cart.configuration?.subtitle == "3 items")
        #expect(Double(Self.size(cart).height) == empty + (try Self.line(Self.regular, 13)))
    }

    /// `setTitle(_:for:)` and `setImage(_:for:)` on a configured button change its configuration.
    @Test func classicSettersWriteIntoTheConfiguration() throws {
        let button = UIButton(configuration: .plain())
        button.setTitle("Retry", for: .normal)
        button.setImage(try UIImage(pixelSize: CGSize(width: 16, height: 16)), for: .normal)
        #expect(button.configuration?.title == "Retry")
        #expect(button.configuration?.image?.size == CGSize(width: 16, height: 16))
        let title = try Self.width("Retry", Self.regular, 17)
        #expect(Self.size(button) == Self.size((16 + title + 24).rounded(.up), max(16, try Self.line(Self.regular, 17)) + 14))
    }

    /// The primary action runs for `.primaryActionTriggered`.
    @Test func thePrimaryActionRuns() {
        var tapped = 0
        let button = UIButton(configuration: .borderedProminent(), primaryAction: UIAction(title: "Go") { _ in tapped += 1 })
        button.sendActions(for: .primaryActionTriggered)
        #expect(tapped == 1)
    }

    /// Colours, corners, background, alignment and the indicator are kept and change no size.
    @Test func drawingOnlyPropertiesAreStored() throws {
        var config = UIButton.Configuration.filled()
        config.title = "Pay"
        let plainSize = Self.size(UIButton(configuration: config))
        config.baseForegroundColor = .white
        config.baseBackgroundColor = .systemGreen
        config.cornerStyle = .capsule
        config.titleAlignment = .center
        config.showsActivityIndicator = true
        var background = UIBackgroundConfiguration.clear()
        background.cornerRadius = 8
        background.strokeWidth = 1
        config.background = background
        let button = UIButton(configuration: config)
        #expect(Self.size(button) == plainSize)
        let stored = try #require(button.configuration)
        #expect(stored.baseForegroundColor == .white && stored.baseBackgroundColor == .systemGreen)
        #expect(stored.cornerStyle == .capsule && stored.titleAlignment == .center)
        #expect(stored.showsActivityIndicator && stored.background.cornerRadius == 8)
        #expect(stored.updated(for: button).title == "Pay")
    }

    /// An image placement that is not one edge, or a padding that is not finite, is reported
    /// and leaves the button as it was.
    @Test func badConfigurationsAreReportedAndChangeNothing() throws {
        var config = UIButton.Configuration.filled()
        config.title = "OK"
        let button = UIButton(configuration: config)
        let before = Self.size(button)
        var bad = config
        bad.title = "A much longer title"
        bad.imagePlacement = .all
        let placement = DiagnosticsRecorder.record(errorsContaining: "imagePlacement", about: button) { button.configuration = bad }
        #expect(placement.errors.count == 1)
        bad.imagePlacement = .top
        bad.imagePadding = .nan
        let padding = DiagnosticsRecorder.record(errorsContaining: "configuration", about: button) { button.configuration = bad }
        #expect(padding.errors.count == 1)
        #expect(button.configuration?.title == "OK")
        #expect(Self.size(button) == before)
    }
}
