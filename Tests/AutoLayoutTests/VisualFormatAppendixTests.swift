// Every example of Apple's "Visual Format Language" appendix: the exact constraints UIKit
// makes for it, and the frames they give in a 375 × 667 container with 8-point margins.
import Foundation
import Testing

@testable import AutoLayout

@Suite("Visual format: Apple's appendix examples")
struct VisualFormatAppendixTests {
    typealias E = EquationSummary

    @Test func standardSpaceIsEightPointsBetweenSiblings() throws {
        let fixture = FormatFixture([
            "button": CGSize(width: 60, height: 30), "textField": CGSize(width: 100, height: 30),
        ])
        #expect(
            try fixture.equations("[button]-[textField]") == [
                E("textField", .leading, .equal, "button", .trailing, 8)
            ])
        let frames = try fixture.frames(
            "[button]-[textField]", "|-20-[button]", "V:|-20-[button]", "V:|-20-[textField]")
        #expect(frames["button"] == CGRect(x: 20, y: 20, width: 60, height: 30))
        #expect(frames["textField"] == CGRect(x: 88, y: 20, width: 100, height: 30))
    }

    @Test func widthConstraintSetsAMinimumWidth() throws {
        let fixture = FormatFixture([
            "button": CGSize(width: 30, height: 30), "wideButton": CGSize(width: 80, height: 30),
        ])
        #expect(
            try fixture.equations("[button(>=50)]") == [E("button", .width, .greaterThanOrEqual, 50)])
        let frames = try fixture.frames(
            "[button(>=50)]", "[wideButton(>=50)]", "|[button]", "|[wideButton]", "V:|[button]",
            "V:|[wideButton]")
        #expect(frames["button"] == CGRect(x: 0, y: 0, width: 50, height: 30))
        #expect(frames["wideButton"] == CGRect(x: 0, y: 0, width: 80, height: 30))
    }

    @Test func explicitSpacingToTheSuperviewRelatesToItsEdges() throws {
        let fixture = FormatFixture(["purpleBox": nil])
        #expect(
            try fixture.equations("|-50-[purpleBox]-50-|") == [
                E("purpleBox", .leading, .equal, "super", .leading, 50),
                E("super", .trailing, .equal, "purpleBox", .trailing, 50),
            ])
        let frames = try fixture.frames("|-50-[purpleBox]-50-|", "V:|-50-[purpleBox]-50-|")
        #expect(frames["purpleBox"] == CGRect(x: 50, y: 50, width: 275, height: 567))
    }

    @Test func verticalLayoutSpacesBottomToTop() throws {
        let fixture = FormatFixture([
            "topField": CGSize(width: 100, height: 30), "bottomField": CGSize(width: 100, height: 30),
        ])
        #expect(
            try fixture.equations("V:[topField]-10-[bottomField]") == [
                E("bottomField", .top, .equal, "topField", .bottom, 10)
            ])
        let frames = try fixture.frames(
            "V:|-20-[topField]-10-[bottomField]", "|[topField]", "|[bottomField]")
        #expect(frames["topField"] == CGRect(x: 0, y: 20, width: 100, height: 30))
        #expect(frames["bottomField"] == CGRect(x: 0, y: 60, width: 100, height: 30))
    }

    @Test func flushViewsTouch() throws {
        let fixture = FormatFixture([
            "maroonView": CGSize(width: 40, height: 40), "blueView": CGSize(width: 60, height: 40),
        ])
        #expect(
            try fixture.equations("[maroonView][blueView]") == [
                E("blueView", .leading, .equal, "maroonView", .trailing, 0)
            ])
        let frames = try fixture.frames(
            "|-20-[maroonView][blueView]", "V:|[maroonView]", "V:|[blueView]")
        #expect(frames["maroonView"] == CGRect(x: 20, y: 0, width: 40, height: 40))
        #expect(frames["blueView"] == CGRect(x: 60, y: 0, width: 60, height: 40))
    }

    @Test func priorityLowerThanContentPrioritiesLoses() throws {
        let fixture = FormatFixture(["button": CGSize(width: 60, height: 30), "box": nil])
        #expect(
            try fixture.equations("[button(100@20)]") == [
                E("button", .width, .equal, 100, priority: 20)
            ])
        // The button's content hugging (250) and compression resistance (750) outrank 20; a
        // view without intrinsic content takes the width.
        let frames = try fixture.frames(
            "|[button(100@20)]", "|[box(100@20)]", "V:|[button]", "V:|[box(10)]")
        #expect(frames["button"] == CGRect(x: 0, y: 0, width: 60, height: 30))
        #expect(frames["box"] == CGRect(x: 0, y: 0, width: 100, height: 10))
    }

    @Test func equalWidthsRelateToTheOtherViewsWidth() throws {
        let fixture = FormatFixture([
            "button1": CGSize(width: 60, height: 30), "button2": CGSize(width: 100, height: 30),
        ])
        #expect(
            try fixture.equations("[button1(==button2)]") == [
                E("button1", .width, .equal, "button2", .width, 0)
            ])
        // Equal widths: both compression resistances hold at 100, one hugging gives way.
        let frames = try fixture.frames(
            "|[button1(==button2)]-[button2]", "V:|[button1]", "V:|[button2]")
        #expect(frames["button1"] == CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(frames["button2"] == CGRect(x: 108, y: 0, width: 100, height: 30))
    }

    @Test func multiplePredicatesBoundTheWidth() throws {
        let fixture = FormatFixture([
            "flexibleButton": CGSize(width: 50, height: 30), "wide": CGSize(width: 120, height: 30),
        ])
        #expect(
            try fixture.equations("[flexibleButton(>=70,<=100)]") == [
                E("flexibleButton", .width, .greaterThanOrEqual, 70),
                E("flexibleButton", .width, .lessThanOrEqual, 100),
            ])
        let frames = try fixture.frames(
            "|[flexibleButton(>=70,<=100)]", "|[wide(>=70,<=100)]", "V:|[flexibleButton]",
            "V:|[wide]")
        #expect(frames["flexibleButton"] == CGRect(x: 0, y: 0, width: 70, height: 30))
        #expect(frames["wide"] == CGRect(x: 0, y: 0, width: 100, height: 30))
    }

    @Test func completeLineRelatesStandardSpacingToTheMargins() throws {
        let fixture = FormatFixture([
            "find": CGSize(width: 40, height: 30), "findNext": CGSize(width: 70, height: 30),
            "findField": CGSize(width: 100, height: 30),
        ])
        let format = "|-[find]-[findNext]-[findField(>=20)]-|"
        #expect(
            try fixture.equations(format) == [
                E("find", .leading, .equal, "super.margins", .leading, 0),
                E("findNext", .leading, .equal, "find", .trailing, 8),
                E("findField", .leading, .equal, "findNext", .trailing, 8),
                E("findField", .width, .greaterThanOrEqual, 20),
                E("super.margins", .trailing, .equal, "findField", .trailing, 0),
            ])
        // The field, not the button, should take the remaining width, as in the appendix's
        // picture: it hugs its content less (otherwise which one stretches is ambiguous).
        let findField = try #require(fixture.views["findField"])
        findField.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        let frames = try fixture.frames(
            format, "V:|-[find]", "V:|-[findNext]", "V:|-[findField]")
        #expect(frames["find"] == CGRect(x: 8, y: 8, width: 40, height: 30))
        #expect(frames["findNext"] == CGRect(x: 56, y: 8, width: 70, height: 30))
        #expect(frames["findField"] == CGRect(x: 134, y: 8, width: 233, height: 30))
    }
}
