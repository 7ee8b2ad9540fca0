// Errors found while resolving a parsed format against the metrics and views: UIKit's
// messages, a caret where UIKit puts it, and nothing changed by the failed call.
import Foundation
import Testing

@testable import AutoLayout

@Suite("Visual format resolution errors")
struct VisualFormatResolutionErrorTests {
    typealias E = EquationSummary

    private func error(
        _ format: String, metrics: [String: CGFloat]? = nil, in fixture: FormatFixture
    ) -> VisualFormatError? {
        do {
            _ = try fixture.equations(format, metrics: metrics)
            return nil
        } catch let error as VisualFormatError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func appendixUnknownView() {
        let fixture = FormatFixture(["whiteBox2": nil])
        #expect(
            error("|[whiteBox2][blackBox]", in: fixture)?.description == """
                Unable to parse constraint format:
                Unable to find view with name blackBox
                |[whiteBox2][blackBox]
                                     ^
                """)
    }

    @Test func unknownMetricIsReportedAfterItsName() {
        let fixture = FormatFixture(["a": nil, "b": nil])
        let failure = error("[a]-gap-[b]", in: fixture)
        #expect(failure?.reason == .unknownMetric("gap"))
        #expect(failure?.offset == 7)
        #expect(
            failure?.message
                == "Encountered metric with name \"gap\", but value was not specified in metrics "
                + "or views dictionaries")
    }

    @Test func metricsStandForNumbersEverywhere() throws {
        let fixture = FormatFixture(["a": nil, "b": nil])
        let metrics: [String: CGFloat] = ["gap": 12, "width": 44, "high": 750, "inset": -4]
        #expect(
            try fixture.equations(
                "|-(inset)-[a(width@high)]-gap-[b(>=width)]", metrics: metrics) == [
                    E("a", .leading, .equal, "super", .leading, -4),
                    E("a", .width, .equal, 44, priority: 750),
                    E("b", .leading, .equal, "a", .trailing, 12),
                    E("b", .width, .greaterThanOrEqual, 44),
                ])
    }

    @Test func metricsShadowViewsOfTheSameName() throws {
        let fixture = FormatFixture(["a": nil, "b": nil])
        #expect(try fixture.equations("[a(b)]", metrics: ["b": 30]) == [E("a", .width, .equal, 30)])
    }

    @Test func viewCannotBeASpacing() {
        let fixture = FormatFixture(["a": nil, "b": nil])
        let failure = error("[a]-(>=b)-[b]", in: fixture)
        #expect(failure?.reason == .viewAsSpacing("b"))
        #expect(failure?.offset == 8)
        #expect(failure?.message.hasPrefix("It's not possible to set a space equal to the width") == true)
    }

    @Test func viewCannotBeAPriority() {
        let fixture = FormatFixture(["a": nil, "b": nil])
        let failure = error("[a(50@b)]", in: fixture)
        #expect(failure?.reason == .viewAsPriority("b"))
        #expect(failure?.offset == 7)
    }

    @Test func metricPriorityMustBeInRange() {
        let fixture = FormatFixture(["a": nil])
        #expect(error("[a(50@p)]", metrics: ["p": 0], in: fixture)?.reason == .priorityNotPositive(0))
        #expect(error("[a(50@p)]", metrics: ["p": 1001], in: fixture)?.reason == .priorityTooHigh(1001))
        #expect(error("[a(50@p)]", metrics: ["p": 1001], in: fixture)?.offset == 7)
    }

    @Test func metricMustBeFinite() {
        let fixture = FormatFixture(["a": nil])
        let failure = error("[a(w)]", metrics: ["w": .nan], in: fixture)
        #expect(failure?.reason == .metricNotFinite("w"))
        #expect(failure?.offset == 4)
    }

    @Test func barNeedsASuperviewAndTheCaretPointsAtIt() throws {
        let orphan = View()
        let views = ["orphan": orphan]
        for (format, caret) in [("H:|-(>=50)-[orphan(100)]", 2), ("V:[orphan]-|", 11)] {
            #expect(throws: VisualFormatError(.missingSuperview, format: format, offset: caret)) {
                try LayoutConstraint.checkedConstraints(withVisualFormat: format, views: views)
            }
        }
        #expect(
            VisualFormatError.Reason.missingSuperview.message
                == "Unable to interpret '|' character, because the related view doesn't have a superview")
        // Without bars, a view needs no superview.
        #expect(try LayoutConstraint.checkedConstraints(withVisualFormat: "[orphan(10)]", views: views).count == 1)
    }

    @Test func theFirstProblemFromTheLeftIsReported() {
        let fixture = FormatFixture(["a": nil])
        #expect(error("[a]-x-[nowhere]", in: fixture)?.reason == .unknownMetric("x"))
        #expect(error("[nowhere]-x-[a]", in: fixture)?.reason == .unknownView("nowhere"))
    }

    @Test func failedCallChangesNothing() {
        let fixture = FormatFixture(["a": nil])
        #expect(error("|-[a]-[missing]-|", in: fixture)?.reason == .unknownView("missing"))
        // The standard spacing would have created the superview's margins guide.
        #expect(fixture.root.layoutGuides.isEmpty)
        #expect(fixture.root.constraints.isEmpty)
        #expect(fixture.views["a"]?.constraints.isEmpty == true)
    }

    @Test func generatedConstraintsAreInactive() throws {
        let fixture = FormatFixture(["a": nil, "b": nil])
        let constraints = try LayoutConstraint.checkedConstraints(
            withVisualFormat: "|-[a]-[b]-|", views: fixture.views)
        #expect(constraints.count == 3)
        #expect(constraints.allSatisfy { !$0.isActive })
        #expect(fixture.root.constraints.isEmpty)
    }
}
