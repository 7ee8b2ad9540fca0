// The format options: alignment across the layout's axis, direction, and baseline spacing.
import Foundation
import Testing

@testable import AutoLayout

@Suite("Visual format options")
struct VisualFormatOptionTests {
    typealias E = EquationSummary
    typealias Options = LayoutConstraint.FormatOptions

    /// `a` is 40 × 20 and `b` is 60 × 40.
    private func twoViews() -> FormatFixture {
        FormatFixture(["a": CGSize(width: 40, height: 20), "b": CGSize(width: 60, height: 40)])
    }

    @Test(
        arguments: [
            (Options.alignAllTop, LayoutAttribute.top, CGFloat(30)),
            (.alignAllBottom, .bottom, 10),
            (.alignAllCenterY, .centerY, 20),
            // Views without text have their baselines at the bottom edge.
            (.alignAllLastBaseline, .lastBaseline, 10),
            (.alignAllFirstBaseline, .firstBaseline, 10),
        ])
    func horizontalLayoutAlignsNeighboursVertically(
        option: Options, attribute: LayoutAttribute, expectedY: CGFloat
    ) throws {
        let fixture = twoViews()
        #expect(
            try fixture.equations("|-[a]-[b]", options: option) == [
                E("a", .leading, .equal, "super.margins", .leading, 0),
                E("b", .leading, .equal, "a", .trailing, 8),
                E("a", attribute, .equal, "b", attribute, 0),
            ])
        try fixture.activate("|-[a]-[b]", options: option)
        try fixture.activate("V:|-30-[a]")
        let frames = fixture.layout()
        #expect(frames["a"] == CGRect(x: 8, y: 30, width: 40, height: 20))
        #expect(frames["b"] == CGRect(x: 56, y: expectedY, width: 60, height: 40))
    }

    @Test(
        arguments: [
            (Options.alignAllLeft, LayoutAttribute.left, CGFloat(30)),
            (.alignAllRight, .right, 10),
            (.alignAllLeading, .leading, 30),
            (.alignAllTrailing, .trailing, 10),
            (.alignAllCenterX, .centerX, 20),
        ])
    func verticalLayoutAlignsNeighboursHorizontally(
        option: Options, attribute: LayoutAttribute, expectedX: CGFloat
    ) throws {
        let fixture = twoViews()
        #expect(
            try fixture.equations("V:|-[a]-[b]", options: option) == [
                E("a", .top, .equal, "super.margins", .top, 0),
                E("b", .top, .equal, "a", .bottom, 8),
                E("a", attribute, .equal, "b", attribute, 0),
            ])
        try fixture.activate("V:|-[a]-[b]", options: option)
        try fixture.activate("|-30-[a]")
        let frames = fixture.layout()
        #expect(frames["a"] == CGRect(x: 30, y: 8, width: 40, height: 20))
        #expect(frames["b"] == CGRect(x: expectedX, y: 36, width: 60, height: 40))
    }

    @Test func everyPairOfNeighboursIsAlignedAfterTheSpacingConstraints() throws {
        let fixture = FormatFixture(["a": nil, "b": nil, "c": nil])
        #expect(
            try fixture.equations("[a][b(10)][c]", options: [.alignAllTop, .alignAllBottom]) == [
                E("b", .leading, .equal, "a", .trailing, 0),
                E("b", .width, .equal, 10),
                E("c", .leading, .equal, "b", .trailing, 0),
                E("a", .top, .equal, "b", .top, 0),
                E("a", .bottom, .equal, "b", .bottom, 0),
                E("b", .top, .equal, "c", .top, 0),
                E("b", .bottom, .equal, "c", .bottom, 0),
            ])
    }

    @Test(
        arguments: [
            ("H:[a]-[b]", Options.alignAllLeft, LayoutAxis.horizontal),
            ("[a]-[b]", .alignAllRight, .horizontal),
            ("[a]-[b]", .alignAllLeading, .horizontal),
            ("[a][b]", .alignAllTrailing, .horizontal),
            ("[a]-[b]", .alignAllCenterX, .horizontal),
            ("V:[a]-[b]", .alignAllTop, .vertical),
            ("V:[a]-[b]", .alignAllBottom, .vertical),
            ("V:[a]-[b]", .alignAllCenterY, .vertical),
            ("V:[a]-[b]", .alignAllLastBaseline, .vertical),
            ("V:[a]-[b]", .alignAllFirstBaseline, .vertical),
        ])
    func alignmentAlongTheLayoutAxisIsAnError(format: String, option: Options, axis: LayoutAxis) {
        let fixture = twoViews()
        let caret = format.utf8.count - 3  // the second view's bracket
        #expect(throws: VisualFormatError(.alignmentAlongLayoutAxis(axis), format: format, offset: caret)) {
            try fixture.equations(format, options: option)
        }
    }

    @Test func alignmentAlongTheAxisMessagesUseUIKitsWording() {
        #expect(
            VisualFormatError.Reason.alignmentAlongLayoutAxis(.vertical).message
                == "Options mask required views to be aligned on a horizontal edge, which is not "
                + "allowed for layout that is also vertical.")
        #expect(
            VisualFormatError.Reason.alignmentAlongLayoutAxis(.horizontal).message
                == "Options mask required views to be aligned on a vertical edge, which is not "
                + "allowed for layout that is also horizontal.")
    }

    @Test func alignmentIsOnlyCheckedWhenThereAreNeighbours() throws {
        let fixture = twoViews()
        #expect(
            try fixture.equations("|-10-[a(50)]", options: .alignAllLeft) == [
                E("a", .leading, .equal, "super", .leading, 10),
                E("a", .width, .equal, 50),
            ])
    }

    @Test func leadingToTrailingFlipsInARightToLeftLayout() throws {
        let fixture = twoViews()
        fixture.root.semanticContentAttribute = .forceRightToLeft
        for view in fixture.views.values { view.semanticContentAttribute = .forceRightToLeft }
        #expect(
            try fixture.equations("|-10-[a]-[b]-|", options: .directionLeadingToTrailing) == [
                E("a", .leading, .equal, "super", .leading, 10),
                E("b", .leading, .equal, "a", .trailing, 8),
                E("super.margins", .trailing, .equal, "b", .trailing, 0),
            ])
        let frames = try fixture.frames("|-10-[a]-[b]", "V:|[a]", "V:|[b]")
        #expect(frames["a"] == CGRect(x: 325, y: 0, width: 40, height: 20))
        #expect(frames["b"] == CGRect(x: 257, y: 0, width: 60, height: 40))
    }

    @Test func standardSpacingReachesTheMarginsInARightToLeftLayout() throws {
        let fixture = FormatFixture(["a": nil])
        fixture.root.semanticContentAttribute = .forceRightToLeft
        fixture.root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 12)
        for view in fixture.views.values { view.semanticContentAttribute = .forceRightToLeft }
        let frames = try fixture.frames("|-[a]-|", "V:|[a(10)]")
        #expect(frames["a"] == CGRect(x: 12, y: 0, width: 333, height: 10))
    }

    @Test func leftToRightIgnoresTheLayoutDirection() throws {
        let fixture = twoViews()
        fixture.root.semanticContentAttribute = .forceRightToLeft
        for view in fixture.views.values { view.semanticContentAttribute = .forceRightToLeft }
        #expect(
            try fixture.equations("|-10-[a]-[b]-|", options: .directionLeftToRight) == [
                E("a", .left, .equal, "super", .left, 10),
                E("b", .left, .equal, "a", .right, 8),
                E("super.margins", .right, .equal, "b", .right, 0),
            ])
        try fixture.activate("|-10-[a]-[b]", options: .directionLeftToRight)
        let frames = try fixture.frames("V:|[a]", "V:|[b]")
        #expect(frames["a"] == CGRect(x: 10, y: 0, width: 40, height: 20))
        #expect(frames["b"] == CGRect(x: 58, y: 0, width: 60, height: 40))
    }

    @Test func rightToLeftPlacesViewsFromTheRightEdge() throws {
        let fixture = twoViews()
        #expect(
            try fixture.equations("|-10-[a]-[b]-|", options: [.directionRightToLeft, .alignAllTop]) == [
                E("super", .right, .equal, "a", .right, 10),
                E("a", .left, .equal, "b", .right, 8),
                E("b", .left, .equal, "super.margins", .left, 0),
                E("b", .top, .equal, "a", .top, 0),
            ])
        try fixture.activate("|-10-[a]-[b]", options: .directionRightToLeft)
        let frames = try fixture.frames("V:|[a]", "V:|[b]")
        #expect(frames["a"] == CGRect(x: 325, y: 0, width: 40, height: 20))
        #expect(frames["b"] == CGRect(x: 257, y: 0, width: 60, height: 40))
    }

    @Test func bothFixedDirectionsAreAnError() {
        let fixture = twoViews()
        #expect(throws: VisualFormatError(.conflictingDirections, format: "[a]-[b]", offset: 0)) {
            try fixture.equations("[a]-[b]", options: [.directionLeftToRight, .directionRightToLeft])
        }
    }

    @Test func baselineToBaselineSpacesLastBaselineToFirstBaseline() throws {
        let fixture = twoViews()
        #expect(
            try fixture.equations("V:|-[a]-[b]-20-|", options: .spacingBaselineToBaseline) == [
                E("a", .firstBaseline, .equal, "super.margins", .top, 0),
                E("b", .firstBaseline, .equal, "a", .lastBaseline, 8),
                E("super", .bottom, .equal, "b", .lastBaseline, 20),
            ])
        try fixture.activate("V:|-20-[a]")
        try fixture.activate("V:[a]-[b]", options: .spacingBaselineToBaseline)
        let frames = try fixture.frames("|[a]", "|[b]")
        // Without text, a view's baselines are its bottom edge: b's bottom is 8 below a's.
        #expect(frames["a"] == CGRect(x: 0, y: 20, width: 40, height: 20))
        #expect(frames["b"] == CGRect(x: 0, y: 8, width: 60, height: 40))
    }

    @Test func baselineSpacingInAHorizontalLayoutIsAnError() {
        let fixture = twoViews()
        #expect(
            throws: VisualFormatError(.baselineSpacingInHorizontalLayout, format: "[a]-[b]", offset: 0)
        ) {
            try fixture.equations("[a]-[b]", options: .spacingBaselineToBaseline)
        }
    }

    @Test func undefinedOptionBitsAreAnError() {
        let fixture = twoViews()
        let options = Options(rawValue: 1 << 7 | 1 << 20)
        #expect(throws: VisualFormatError(.unknownOptions(1 << 7 | 1 << 20), format: "[a]", offset: 0)) {
            try fixture.equations("[a]", options: options)
        }
    }

    @Test func optionsHaveUIKitsRawValues() {
        #expect(Options.alignAllLeft.rawValue == 1 << 1)
        #expect(Options.alignAllTop.rawValue == 1 << 3)
        #expect(Options.alignAllCenterY.rawValue == 1 << 10)
        #expect(Options.alignAllFirstBaseline.rawValue == 1 << 12)
        #expect(Options.directionLeadingToTrailing.rawValue == 0)
        #expect(Options.directionRightToLeft.rawValue == 2 << 16)
        #expect(Options.spacingBaselineToBaseline.rawValue == 1 << 19)
        #expect(Options.spacingEdgeToEdge.rawValue == 0)
    }
}
