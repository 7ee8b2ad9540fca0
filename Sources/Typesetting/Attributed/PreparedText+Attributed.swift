import Foundation

extension PreparedText {
    /// Prepares attributed text: each span of one font, kern and baseline offset is
    /// itemised with its font's cascade (fallback per span) and shaped at its size, bidi
    /// levels resolved over whole paragraphs across spans, and the widths are kept as for
    /// plain text, so laying out at any width is the same arithmetic.
    ///
    /// Attributes that change no size (anything outside
    /// ``Foundation/AttributeScopes/FitsizeAttributes``) do not split shaping. Lines follow
    /// each paragraph's ``ParagraphStyle``; see the catalogue's "Attributed text" article.
    ///
    /// - Parameters:
    ///   - attributed: The text; runs without a `font` use `defaultFont`.
    ///   - defaultFont: The font of runs without one (UIKit's attributed strings default to
    ///     12 points; a label passes its own font).
    /// - Throws: ``TypesettingError/invalidAttribute(name:value:utf16Offset:)`` for a
    ///   non-finite kern or baseline offset or an invalid paragraph style field,
    ///   ``TypesettingError/invalidAttachmentBounds(_:utf16Offset:)``, or
    ///   ``TypesettingError/textTooLong(byteCount:limit:)``: before anything is shaped or cached.
    public convenience init(attributed: AttributedString, defaultFont: Font = .default(size: 12)) throws {
        try self.init(attributed: attributed, defaultFont: defaultFont, cache: nil)
    }

    /// Prepares attributed text with a given segment cache (tests use private caches).
    convenience init(attributed: AttributedString, defaultFont: Font, cache: SegmentWidthCache?) throws {
        try self.init(styled: try StyledText(attributed, defaultFont: defaultFont), cache: cache)
    }

    /// Prepares text built run by run, as ``init(attributed:defaultFont:)`` prepares the same
    /// runs in an `AttributedString`, without Foundation's cost of building and reading one.
    /// - Throws: ``TypesettingError/textTooLong(byteCount:limit:)``; the runs' values were
    ///   checked as they were appended.
    public convenience init(styled: StyledText) throws {
        try self.init(styled: styled, cache: nil)
    }

    /// Prepares styled text with a given segment cache (tests use private caches).
    convenience init(styled: StyledText, cache: SegmentWidthCache?) throws {
        if let error = Self.lengthError(byteCount: styled.string.utf8.count) { throw error }
        let spans = styled.finishedSpans
        self.init(validated: styled.string, font: spans.spans[0].font, letterSpacing: 0, cache: cache, spans: spans)
    }
}
