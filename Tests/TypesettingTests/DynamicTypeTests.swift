import Foundation
import Testing
import Typesetting

/// Dynamic Type: Apple's size table, the weights and faces of the styles, the order of the
/// categories, and `FontMetrics`'s arithmetic.
@Suite struct DynamicTypeTests {
    /// Apple's HIG "Typography" tables, typed here from the published page independently of
    /// the code's table: xSmall, Large (default) and AX5, in points.
    static let appleSizes: [(Font.TextStyle, xSmall: CGFloat, large: CGFloat, ax5: CGFloat)] = [
        (.largeTitle, 31, 34, 60),
        (.title1, 25, 28, 58),
        (.title2, 19, 22, 56),
        (.title3, 17, 20, 55),
        (.headline, 14, 17, 53),
        (.subheadline, 12, 15, 49),
        (.body, 14, 17, 53),
        (.callout, 13, 16, 51),
        (.footnote, 12, 13, 44),
        (.caption1, 11, 12, 43),
        (.caption2, 11, 11, 40),
    ]

    @Test func everyStyleHasApplesSizeAtThreeCategories() {
        #expect(Self.appleSizes.map(\.0) == Font.TextStyle.allCases)
        for (style, xSmall, large, ax5) in Self.appleSizes {
            func size(_ category: ContentSizeCategory) -> CGFloat {
                Font.preferredFont(
                    forTextStyle: style, compatibleWith: TraitCollection(preferredContentSizeCategory: category)
                ).pointSize
            }
            #expect(size(.extraSmall) == xSmall, "\(style) at xSmall")
            #expect(size(.large) == large, "\(style) at Large")
            #expect(size(.accessibilityExtraExtraExtraLarge) == ax5, "\(style) at AX5")
        }
    }

    @Test func withoutTraitsTheDefaultCategoryIsLarge() {
        #expect(Font.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(Font.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(TraitCollection().preferredContentSizeCategory == .large)
    }

    @Test func headlineIsSemiboldDrawnWithTheBoldFaceAndTheOthersRegular() {
        for style in Font.TextStyle.allCases {
            let font = Font.preferredFont(forTextStyle: style)
            let semibold = style == .headline
            #expect(font.weight == (semibold ? .semibold : .regular), "\(style)")
            #expect(font.primaryTypeface.familyName == "Noto Sans")
            #expect(font.primaryTypeface.styleName == (semibold ? "Bold" : "Regular"), "\(style)")
        }
    }

    @Test func weightsGoToTheNearerShippedFaceByWeightClass() {
        let bold: [Font.Weight] = Font.Weight.allCases.filter(\.usesBoldFace)
        #expect(bold == [.semibold, .bold, .heavy, .black])
        #expect(Font.Weight.medium.weightClass == 500 && !Font.Weight.medium.usesBoldFace)
        #expect(Font.bold(size: 12).weight == .bold)
        #expect(Font.default(size: 12).weight == .regular)
    }

    @Test func categoriesAreOrderedBySizeAndTheLastFiveAreForAccessibility() {
        let all = ContentSizeCategory.allCases
        #expect(all.count == 12)
        #expect(all == all.sorted())
        #expect(ContentSizeCategory.extraSmall < .large && .large < .accessibilityMedium)
        #expect(all.filter(\.isAccessibilityCategory) == [
            .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
            .accessibilityExtraExtraExtraLarge,
        ])
        #expect(all.map(\.rawValue).first == "extraSmall")
    }

    @Test func sizesNeverShrinkAsTheCategoryGrows() {
        for style in Font.TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map {
                Font.preferredFont(forTextStyle: style, compatibleWith: TraitCollection(preferredContentSizeCategory: $0))
                    .pointSize
            }
            #expect(sizes == sizes.sorted(), "\(style)")
        }
    }

    @Test func unknownNamesAreErrorsThatNameThem() {
        #expect(throws: TypesettingError.unknownTextStyle("bodyy")) { try Font.TextStyle(named: "bodyy") }
        #expect(throws: TypesettingError.unknownContentSizeCategory("huge")) { try ContentSizeCategory(named: "huge") }
        #expect(TypesettingError.unknownTextStyle("bodyy").description.contains("\"bodyy\""))
        #expect(TypesettingError.unknownContentSizeCategory("huge").description.contains("accessibilityLarge"))
        #expect((try? Font.TextStyle(named: "caption2")) == .caption2)
        #expect((try? ContentSizeCategory(named: "accessibilityMedium")) == .accessibilityMedium)
    }

    // MARK: FontMetrics

    static func traits(_ category: ContentSizeCategory) -> TraitCollection {
        TraitCollection(preferredContentSizeCategory: category)
    }

    @Test func scaledValueIsTheRatioOfTheStylesSizes() {
        // Body: 17 at Large, 19 at xLarge, 53 at AX5; caption2: 11 at Large, 40 at AX5.
        #expect(FontMetrics.default.scaledValue(for: 10, compatibleWith: Self.traits(.extraLarge)) == CGFloat(10) * 19 / 17)
        #expect(FontMetrics(forTextStyle: .body).scaledValue(for: 34, compatibleWith: Self.traits(.accessibilityExtraExtraExtraLarge)) == 106)
        #expect(FontMetrics(forTextStyle: .caption2).scaledValue(for: 22, compatibleWith: Self.traits(.accessibilityExtraExtraExtraLarge)) == 80)
        #expect(FontMetrics(forTextStyle: .title1).scaledValue(for: 7) == 7)
    }

    @Test func scaledFontKeepsTheFacesAndScalesTheSize() throws {
        let base = Font.bold(size: 20)
        let scaled = FontMetrics(forTextStyle: .headline).scaledFont(for: base, compatibleWith: Self.traits(.accessibilityLarge))
        #expect(scaled.cascade === base.cascade)
        #expect(scaled.weight == .bold)
        #expect(scaled.pointSize == CGFloat(20) * 33 / 17)
        #expect(scaled.dynamicType?.textStyle == .headline)
        #expect(scaled.dynamicType?.basePointSize == 20)
    }

    @Test func maximumPointSizeCapsTheScaledSizeAndZeroMeansNone() throws {
        let metrics = FontMetrics(forTextStyle: .body)
        let base = Font.default(size: 17)
        let ax5 = Self.traits(.accessibilityExtraExtraExtraLarge)
        #expect(try metrics.scaledFont(for: base, maximumPointSize: 30, compatibleWith: ax5).pointSize == 30)
        #expect(try metrics.scaledFont(for: base, maximumPointSize: 30, compatibleWith: Self.traits(.extraLarge)).pointSize == 19)
        #expect(try metrics.scaledFont(for: base, maximumPointSize: 0, compatibleWith: ax5).pointSize == 53)
        for bad: CGFloat in [-1, .nan, .infinity] {
            #expect(throws: TypesettingError.self) { try metrics.scaledFont(for: base, maximumPointSize: bad) }
        }
        #expect(TypesettingError.invalidMaximumPointSize(-1).description.contains("-1"))
    }

    @Test func aScalingFontRescalesForOtherTraitsAndAFixedOneDoesNot() throws {
        let capped = try FontMetrics(forTextStyle: .title2).scaledFont(for: Font.default(size: 11), maximumPointSize: 25)
        #expect(capped.pointSize == 11)
        // title2: 22 at Large, 19 at xSmall, 56 at AX5.
        #expect(capped.adjusted(for: Self.traits(.extraSmall)).pointSize == CGFloat(11) * 19 / 22)
        #expect(capped.adjusted(for: Self.traits(.accessibilityExtraExtraExtraLarge)).pointSize == 25)
        let preferred = Font.preferredFont(forTextStyle: .footnote)
        #expect(preferred.adjusted(for: Self.traits(.accessibilityMedium)).pointSize == 23)
        #expect(preferred.adjusted(for: Self.traits(.accessibilityMedium)).adjusted(for: .default) == preferred)
        let fixed = Font.default(size: 13)
        #expect(fixed.adjusted(for: Self.traits(.accessibilityMedium)) == fixed)
        #expect(preferred.withSize(40).dynamicType == nil)
    }

    @Test func aPreparedTextKeepsItsFontsWeightAndScaling() {
        let font = Font.preferredFont(forTextStyle: .headline, compatibleWith: Self.traits(.small))
        #expect(PreparedText("Hello", font: font).font == font)
    }
}
