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
            contentSizeCategoryStorage = newValue
            inheritedContentSizeCategoryMayHaveChanged()
        }
    }

    /// The category of ``traitCollection``: kept resolved on each view, so that adding a view
    /// to a deep tree does not walk up to the root.
    var effectiveContentSizeCategory: ContentSizeCategory { resolvedContentSizeCategory }

    /// Resolves the category of this view again and, where it changed, of its subtree (down to
    /// the views that override it), telling each view whose category changed that its traits
    /// changed, after resizing the fonts of the text controls among them that adjust for it.
    func inheritedContentSizeCategoryMayHaveChanged() {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            let category = view.contentSizeCategoryStorage ?? view.superview?.resolvedContentSizeCategory ?? .default
            let previous = view.resolvedContentSizeCategory
            guard category != previous else { continue }
            view.resolvedContentSizeCategory = category
            (view as? ContentSizeCategoryAdjusting)?.adjustFontForContentSizeCategory()
            view.traitCollectionDidChange(TraitCollection(preferredContentSizeCategory: previous))
            stack.append(contentsOf: view.subviews.reversed())
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
