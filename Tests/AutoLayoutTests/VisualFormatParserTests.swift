// The visual format parser on its own: the syntax tree (with positions) it builds for every
// example in Apple's appendix and for the grammar's less common corners.
import Testing

@testable import AutoLayout

@Suite("Visual format parser")
struct VisualFormatParserTests {
    typealias Syntax = FormatSyntax

    @Test func standardSpaceBetweenTwoViews() throws {
        let syntax = try Parser.parse("[button]-[textField]")
        #expect(
            syntax
                == Syntax(
                    orientation: .horizontal, leadingEdge: nil,
                    views: [
                        .init(name: "button", nameRange: 1..<7, predicates: [], range: 0..<8),
                        .init(name: "textField", nameRange: 10..<19, predicates: [], range: 9..<20),
                    ],
                    connections: [.standard(at: 8)], trailingEdge: nil))
    }

    @Test func widthPredicateWithRelation() throws {
        let syntax = try Parser.parse("[button(>=50)]")
        #expect(
            syntax.views == [
                .init(
                    name: "button", nameRange: 1..<7,
                    predicates: [
                        .init(
                            relation: .greaterThanOrEqual, object: .number(50, range: 10..<12),
                            priority: nil, range: 8..<12)
                    ],
                    range: 0..<14)
            ])
        #expect(syntax.connections.isEmpty)
    }

    @Test func numericConnectionsToBothSuperviewEdges() throws {
        let syntax = try Parser.parse("|-50-[purpleBox]-50-|")
        let fifty = Syntax.Predicate(
            relation: .equal, object: .number(50, range: 2..<4), priority: nil, range: 2..<4)
        #expect(syntax.leadingEdge == .init(bar: 0, connection: .predicates([fifty], range: 1..<5)))
        let trailingFifty = Syntax.Predicate(
            relation: .equal, object: .number(50, range: 17..<19), priority: nil, range: 17..<19)
        #expect(
            syntax.trailingEdge
                == .init(bar: 20, connection: .predicates([trailingFifty], range: 16..<20)))
        #expect(syntax.views.map(\.name) == ["purpleBox"])
    }

    @Test func verticalOrientationWithExplicitSpacing() throws {
        let syntax = try Parser.parse("V:[topField]-10-[bottomField]")
        #expect(syntax.orientation == .vertical)
        #expect(syntax.views.map(\.name) == ["topField", "bottomField"])
        #expect(syntax.views.map(\.range) == [2..<12, 16..<29])
        guard case .predicates(let predicates, let range) = syntax.connections.first else {
            Issue.record("expected a predicate connection, got \(syntax.connections)")
            return
        }
        #expect(range == 12..<16)
        #expect(predicates.map(\.object) == [.number(10, range: 13..<15)])
    }

    @Test func horizontalOrientationCanBeSpelledOut() throws {
        #expect(try Parser.parse("H:[a]").orientation == .horizontal)
        #expect(try Parser.parse("[a]").orientation == .horizontal)
    }

    @Test func adjacentViewsAreFlush() throws {
        let syntax = try Parser.parse("[maroonView][blueView]")
        #expect(syntax.connections == [.flush(at: 12)])
    }

    @Test func priorityFollowsConstantAfterAt() throws {
        let syntax = try Parser.parse("[button(100@20)]")
        #expect(
            syntax.views.first?.predicates == [
                .init(
                    relation: .equal, object: .number(100, range: 8..<11),
                    priority: .number(20, range: 12..<14), range: 8..<14)
            ])
    }

    @Test func viewNameAsPredicateObject() throws {
        let syntax = try Parser.parse("[button1(==button2)]")
        #expect(
            syntax.views.first?.predicates.map(\.object) == [.name("button2", range: 11..<18)])
    }

    @Test func commaSeparatedPredicates() throws {
        let syntax = try Parser.parse("[flexibleButton(>=70,<=100)]")
        let predicates = try #require(syntax.views.first?.predicates)
        #expect(predicates.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual])
        #expect(predicates.map(\.object) == [.number(70, range: 18..<20), .number(100, range: 23..<26)])
    }

    @Test func completeLineOfLayout() throws {
        let syntax = try Parser.parse("|-[find]-[findNext]-[findField(>=20)]-|")
        #expect(syntax.leadingEdge == .init(bar: 0, connection: .standard(at: 1)))
        #expect(syntax.views.map(\.name) == ["find", "findNext", "findField"])
        #expect(syntax.connections == [.standard(at: 8), .standard(at: 19)])
        #expect(syntax.trailingEdge == .init(bar: 38, connection: .standard(at: 37)))
    }

    @Test func flushConnectionsToSuperview() throws {
        let syntax = try Parser.parse("|[a]|")
        #expect(syntax.leadingEdge == .init(bar: 0, connection: .flush(at: 1)))
        #expect(syntax.trailingEdge == .init(bar: 4, connection: .flush(at: 4)))
    }

    @Test func parenthesisedConnectionPredicates() throws {
        let syntax = try Parser.parse("[a]-(>=8@750,<=margin)-[b]")
        guard case .predicates(let predicates, let range) = syntax.connections.first else {
            Issue.record("expected a predicate connection, got \(syntax.connections)")
            return
        }
        #expect(range == 3..<23)
        #expect(
            predicates == [
                .init(
                    relation: .greaterThanOrEqual, object: .number(8, range: 7..<8),
                    priority: .number(750, range: 9..<12), range: 5..<12),
                .init(
                    relation: .lessThanOrEqual, object: .name("margin", range: 15..<21),
                    priority: nil, range: 13..<21),
            ])
    }

    @Test func connectionPredicateMayCarryRelationAndPriorityWithoutParentheses() throws {
        let syntax = try Parser.parse("[a]->=8@low-[b]")
        guard case .predicates(let predicates, _) = syntax.connections.first else {
            Issue.record("expected a predicate connection, got \(syntax.connections)")
            return
        }
        #expect(predicates.map(\.relation) == [.greaterThanOrEqual])
        #expect(predicates.map(\.priority) == [.name("low", range: 8..<11)])
    }

    @Test func negativeAndFractionalConstants() throws {
        let syntax = try Parser.parse("|-(-5)-[a(20.5,<=.5)]")
        guard case .predicates(let predicates, _) = syntax.leadingEdge?.connection else {
            Issue.record("expected a predicate connection")
            return
        }
        #expect(predicates.map(\.object) == [.number(-5, range: 3..<5)])
        #expect(
            syntax.views.first?.predicates.map(\.object) == [
                .number(20.5, range: 10..<14), .number(0.5, range: 17..<19),
            ])
    }

    @Test func metricPriorities() throws {
        let syntax = try Parser.parse("V:[a(width@high)]")
        #expect(
            syntax.views.first?.predicates == [
                .init(
                    relation: .equal, object: .name("width", range: 5..<10),
                    priority: .name("high", range: 11..<15), range: 5..<15)
            ])
    }

    @Test func namesMayContainDigitsAndUnderscores() throws {
        let syntax = try Parser.parse("[_view1][View_2b]")
        #expect(syntax.views.map(\.name) == ["_view1", "View_2b"])
    }
}
