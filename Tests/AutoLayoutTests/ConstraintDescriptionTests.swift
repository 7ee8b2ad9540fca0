import Foundation
import Testing

@testable import AutoLayout

@Suite struct ConstraintDescriptionTests {
    @Test func descriptionFollowsUIKitsFormat() {
        let root = makeRoot()
        root.accessibilityIdentifier = "root"
        let label = makeSubview(of: root, name: "title")
        let constraint = label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
        let address = objectAddress(constraint)
        #expect(constraint.description == "<LayoutConstraint:\(address) View:title.leading == View:root.leading + 20   (inactive)>")
        constraint.isActive = true
        constraint.identifier = "gap"
        #expect(constraint.description == "<LayoutConstraint:\(address) 'gap' View:title.leading == View:root.leading + 20   (active)>")
    }

    @Test func descriptionShowsMultiplierNegativeConstantAndOptionalPriority() throws {
        let a = View()
        a.accessibilityIdentifier = "a"
        let b = View()
        b.accessibilityIdentifier = "b"
        let constraint = a.widthAnchor.constraint(equalTo: b.heightAnchor, multiplier: 0.5, constant: -7.5)
        constraint.priority = .defaultHigh
        #expect(constraint.description.hasSuffix(" View:a.width == 0.5*View:b.height - 7.5 @750   (inactive)>"))
        let constant = a.heightAnchor.constraint(lessThanOrEqualToConstant: 44)
        #expect(constant.description.hasSuffix(" View:a.height <= 44   (inactive)>"))
        let margin = LayoutConstraint(
            item: a, attribute: .leading, relatedBy: .greaterThanOrEqual, toItem: b,
            attribute: .leadingMargin, multiplier: 1, constant: 0)
        #expect(margin.description.hasSuffix(" View:a.leading >= View:b.leadingMargin   (inactive)>"))
    }

    @Test func viewsWithoutANameAreShownByAddress() {
        let view = View()
        let constraint = view.widthAnchor.constraint(equalToConstant: 1)
        #expect(constraint.description.contains("View:\(objectAddress(view)).width == 1"))
        let address = objectAddress(view)
        #expect(address.hasPrefix("0x"))
        #expect(UInt(address.dropFirst(2), radix: 16) == UInt(bitPattern: ObjectIdentifier(view)))
    }

    @Test func subclassNamesAndGuidesAppearAsInUIKit() {
        let root = makeRoot()
        let view = IntrinsicSizeView(10, 10)
        view.accessibilityIdentifier = "icon"
        root.addSubview(view)
        let constraint = view.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor)
        #expect(constraint.description.contains("IntrinsicSizeView:icon.leading == LayoutGuide:0x"))
        #expect(constraint.description.contains("'ViewLayoutMarginsGuide'.leading"))
    }

    @Test func contentSizeConstraintsShowHuggingAndCompressionResistance() throws {
        let root = makeRoot()
        let view = IntrinsicSizeView(40, 20)
        view.accessibilityIdentifier = "label"
        root.addSubview(view)
        root.layoutIfNeeded()
        let hugging = try #require(view.contentSizeConstraints.horizontalHugging)
        let resistance = try #require(view.contentSizeConstraints.horizontalCompressionResistance)
        #expect(hugging.description.contains("<ContentSizeLayoutConstraint:0x"))
        #expect(hugging.description.hasSuffix(" IntrinsicSizeView:label.width <= 40 Hug:250   (active)>"))
        #expect(resistance.description.hasSuffix(" IntrinsicSizeView:label.width >= 40 CompressionResistance:750   (active)>"))
    }

    @Test func formatDescriptionReplacesTheEquation() {
        let view = View()
        let constraint = view.widthAnchor.constraint(equalToConstant: 20)
        constraint.formatDescription = { _ in ("H:[View:0x1(20)]", "'|':View:0x2") }
        #expect(constraint.description.hasSuffix(" H:[View:0x1(20)]   (inactive, names: '|':View:0x2 )>"))
    }

    @Test func layoutErrorsNameTheProblem() {
        let error = LayoutError.noCommonAncestor(constraint: "<LayoutConstraint:0x1 View:a.left == View:b.left   (inactive)>")
        #expect(error.description.contains("no common ancestor"))
        #expect(LayoutPriority.required.description == "1000")
        #expect((LayoutPriority.defaultLow + 0.5).description == "250.5")
        #expect(LayoutPriority.defaultHigh - 1 == 749)
    }
}
