// Generated constraints describe themselves in UIKit's visual-format shapes.
import Foundation
import Testing

@testable import AutoLayout

@Suite("Visual format descriptions")
struct VisualFormatDescriptionTests {
    /// The descriptions of a format's constraints, without the `<LayoutConstraint:0x…` part
    /// (addresses vary) and the closing `>`.
    private func descriptions(
        _ format: String, options: LayoutConstraint.FormatOptions = [],
        activate: Bool = false
    ) throws -> [String] {
        let fixture = FormatFixture(["a": nil, "b": nil])
        fixture.root.accessibilityIdentifier = "root"
        let constraints = try LayoutConstraint.checkedConstraints(
            withVisualFormat: format, options: options, views: fixture.views)
        if activate { LayoutConstraint.activate(constraints) }
        return constraints.map { constraint in
            let text = constraint.description
            #expect(text.hasPrefix("<LayoutConstraint:0x"))
            #expect(text.hasSuffix(">"))
            return String(text.drop { $0 != " " }.dropFirst().dropLast())
        }
    }

    @Test func spacingToTheSuperviewNamesTheBar() throws {
        #expect(
            try descriptions("|-20-[a]", activate: true) == [
                "H:|-(20)-[View:a]   (active, names: '|':View:root )"
            ])
        #expect(
            try descriptions("V:[a]-(>=20@750)-|") == [
                "V:[View:a]-(>=20@750)-|   (inactive, names: '|':View:root )"
            ])
    }

    @Test func standardSpacingToTheBarNamesTheMarginsGuide() throws {
        let lines = try descriptions("|-[a]")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("H:|-(0)-[View:a]   (inactive, names: '|':LayoutGuide:0x") == true)
        #expect(lines.first?.hasSuffix("'ViewLayoutMarginsGuide' )") == true)
    }

    @Test func spacingBetweenViewsReadsLeftToRight() throws {
        #expect(try descriptions("[a]-[b]") == ["H:[View:a]-(8)-[View:b]   (inactive)"])
        #expect(try descriptions("V:[a][b]") == ["V:[View:a]-(0)-[View:b]   (inactive)"])
        #expect(try descriptions("[a]-(-5)-[b]") == ["H:[View:a]-(-5)-[View:b]   (inactive)"])
        // Right to left makes `b` the left one.
        #expect(
            try descriptions("[a]-[b]", options: .directionRightToLeft) == [
                "H:[View:b]-(8)-[View:a]   (inactive)"
            ])
    }

    @Test func sizePredicatesShowInsideTheBrackets() throws {
        #expect(
            try descriptions("[a(100@20,>=50.5)]") == [
                "H:[View:a(100@20)]   (inactive)", "H:[View:a(>=50.5)]   (inactive)",
            ])
        #expect(
            try descriptions("V:[a(==b)][b(<=a@300)]") == [
                "V:[View:a(==View:b)]   (inactive)",
                "V:[View:a]-(0)-[View:b]   (inactive)",
                "V:[View:b(<=View:a@300)]   (inactive)",
            ])
    }

    @Test func alignmentsAndBaselineSpacingUseTheEquation() throws {
        #expect(
            try descriptions("[a][b]", options: .alignAllTop) == [
                "H:[View:a]-(0)-[View:b]   (inactive)",
                "View:a.top == View:b.top   (inactive)",
            ])
        #expect(
            try descriptions("V:[a]-[b]", options: .spacingBaselineToBaseline) == [
                "View:b.firstBaseline == View:a.lastBaseline + 8   (inactive)"
            ])
    }

    @Test func identifierComesBeforeTheFormat() throws {
        let fixture = FormatFixture(["a": nil])
        let constraint = try #require(
            try LayoutConstraint.checkedConstraints(withVisualFormat: "[a(10)]", views: fixture.views).first)
        constraint.identifier = "thin"
        #expect(constraint.description.hasSuffix(" 'thin' H:[View:a(10)]   (inactive)>"))
    }

    @Test func descriptionFollowsLaterChangesOfConstantAndPriority() throws {
        let fixture = FormatFixture(["a": nil, "b": nil])
        let constraint = try #require(
            try LayoutConstraint.checkedConstraints(withVisualFormat: "[a]-[b]", views: fixture.views).first)
        constraint.constant = 12.5
        constraint.priority = .defaultHigh
        #expect(constraint.description.hasSuffix(" H:[View:a]-(12.5@750)-[View:b]   (inactive)>"))
    }
}
