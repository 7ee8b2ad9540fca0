import Foundation
import Typesetting

extension View {
    /// The traits the view's content is sized for: the ``contentSizeCategoryOverride`` of the
    /// view or of its nearest ancestor that has one, else ``ContentSizeCategory/large``. As in
    /// UIKit, traits flow down the tree: set the category on a root and every descendant
    /// inherits it unless it overrides it.
    public var traitCollection: TraitCollection {
        TraitCollection(preferredContentSizeCategory: effectiveContentSizeCategory)
    }

    /// The content size category this view sets for itself and its subtree, UIKit's trait
    /// override; `nil` (the default) inherits the superview's. Setting it calls
    /// ``traitCollectionDidChange(_:)`` on every view whose traits it changes, and so
    /// resizes the fonts of the text controls that adjust for the category (and re-measures
    /// those controls only).
    public var contentSizeCategoryOverride: ContentSizeCategory? {
        get { contentSizeCategoryStorage }
        set {
            guard newValue != contentSizeCategoryStorage else { return }
            let previous = effectiveContentSizeCategory
            contentSizeCategoryStorage = newValue
            inheritedContentSizeCategoryMayHaveChanged(from: previous)
        }
    }

    /// The category of ``traitCollection``, found by walking up to the nearest override.
    var effectiveContentSizeCategory: ContentSizeCategory {
        var view = Unmanaged.passUnretained(self)
        while true {
            if let category = view._withUnsafeGuaranteedRef({ $0.contentSizeCategoryStorage }) { return category }
            guard let parent = view._withUnsafeGuaranteedRef({ $0.superviewReference }) else { return .default }
            view = parent
        }
    }

    /// Tells every view of the subtree whose category is no longer `previous` (those that do
    /// not override it below this view) that its traits changed, after resizing the fonts of
    /// the text controls among them that adjust for the category.
    func inheritedContentSizeCategoryMayHaveChanged(from previous: ContentSizeCategory) {
        guard effectiveContentSizeCategory != previous else { return }
        let previousTraits = TraitCollection(preferredContentSizeCategory: previous)
        var stack: [View] = [self]
        while let view = stack.popLast() {
            (view as? ContentSizeCategoryAdjusting)?.adjustFontForContentSizeCategory()
            view.traitCollectionDidChange(previousTraits)
            for subview in view.subviews.reversed() where subview.contentSizeCategoryStorage == nil {
                stack.append(subview)
            }
        }
    }

    /// `font` as a control that adjusts for the content size category shows it in this view
    /// (``Typesetting/Font/adjusted(for:)``), or `font` itself when `adjusts` is false.
    func adjustedFont(_ font: Font, if adjusts: Bool) -> Font {
        adjusts ? font.adjusted(for: traitCollection) : font
    }
}

/// The reader's preferred text size (Typesetting's), named here so that the layers above
/// AutoLayout can take one without importing the text engine.
public typealias ContentSizeCategory = Typesetting.ContentSizeCategory
