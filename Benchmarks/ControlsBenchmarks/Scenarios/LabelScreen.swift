// A screen of 100 labels of mixed lengths, the workload of the controls benchmarks, shared by
// the package-benchmark suite and the `controls-timing` tool.
import AutoLayout
import Foundation

/// A column of labels pinned between a screen's margins, one under the other, as a feed or
/// a settings page lays them out.
public final class LabelScreen {
    /// The texts: mixed lengths from one word to several lines, the same on every run.
    public static func texts(count: Int) -> [String] {
        let words = [
            "layout", "constraint", "label", "text", "width", "measure", "baseline", "engine", "row",
            "a", "of", "the", "solver", "priority", "wraps", "line", "intrinsic", "size", "view", "stack",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            // A fixed linear congruential sequence: deterministic, no dependency.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { index in
            let length = [1, 3, 8, 20, 45][index % 5] + next(4)
            return (0..<length).map { _ in words[next(words.count)] }.joined(separator: " ")
        }
    }

    public let root: View
    public let labels: [Label]

    /// Builds the screen and lays it out once. `multiLine` labels wrap at the width they
    /// receive (the two-pass layout); the others keep to one line and truncate.
    public init(texts: [String], multiLine: Bool, width: CGFloat = 375) {
        root = View(frame: CGRect(x: 0, y: 0, width: width, height: 20_000))
        labels = texts.map { text in
            let label = Label(text: text)
            label.numberOfLines = multiLine ? 0 : 1
            label.translatesAutoresizingMaskIntoConstraints = false
            return label
        }
        var constraints: [LayoutConstraint] = []
        let margins = root.layoutMarginsGuide
        var previousBottom = margins.topAnchor
        for label in labels {
            root.addSubview(label)
            constraints += [
                label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                label.trailingAnchor.constraint(lessThanOrEqualTo: margins.trailingAnchor),
                label.topAnchor.constraint(equalTo: previousBottom, constant: 8),
            ]
            previousBottom = label.bottomAnchor
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
    }

    /// The bottom of the last label: the height of the laid-out column.
    public var contentHeight: CGFloat { labels.last?.frame.maxY ?? 0 }

    /// Changes the screen's width (a rotation, a split view) and lays it out again: every
    /// wrapping label is measured again at its new width, from its prepared text.
    public func resize(to width: CGFloat) {
        root.frame = CGRect(x: 0, y: 0, width: width, height: root.frame.height)
        root.layoutIfNeeded()
    }
}

/// One measured workload: `prepare` builds the untimed part and returns the timed step.
public struct ControlsScenario: Sendable {
    /// A short identifier for benchmark names and the timing table.
    public let name: String
    /// What the timed step does.
    public let summary: String
    /// Builds the untimed part and returns the timed step.
    public let prepare: @Sendable () -> () -> Void

    /// The number of labels on the screen.
    public static let labelCount = 100

    /// The scenarios, in the order of the table in BENCHMARKS.md.
    public static let all: [ControlsScenario] = [
        intrinsicSizes, oneLineScreen, multiLineScreen, multiLineResize,
    ]

    /// Intrinsic sizes only: make 100 labels and read each one's size (text prepared and
    /// laid out; the shared segment width cache is warm after the first run).
    public static let intrinsicSizes = ControlsScenario(
        name: "intrinsic",
        summary: "100 labels of mixed lengths: create, set text, read intrinsicContentSize (one line)"
    ) {
        let texts = LabelScreen.texts(count: labelCount)
        let result = Retained<[Label]>()
        return {
            let labels = texts.map { Label(text: $0) }
            var total: CGFloat = 0
            for label in labels { total += label.intrinsicContentSize.width }
            blackHole(total)
            result.value = labels
        }
    }

    /// The whole screen with one-line labels: create, constrain, first layout pass.
    public static let oneLineScreen = ControlsScenario(
        name: "screen-1line",
        summary: "screen of 100 one-line labels: create, activate, first layout pass"
    ) {
        let texts = LabelScreen.texts(count: labelCount)
        let result = Retained<LabelScreen>()
        return { result.value = LabelScreen(texts: texts, multiLine: false) }
    }

    /// The whole screen with wrapping labels: create, constrain, two-pass first layout.
    public static let multiLineScreen = ControlsScenario(
        name: "screen-wrap",
        summary: "screen of 100 wrapping labels: create, activate, first layout pass (two-pass)"
    ) {
        let texts = LabelScreen.texts(count: labelCount)
        let result = Retained<LabelScreen>()
        return { result.value = LabelScreen(texts: texts, multiLine: true) }
    }

    /// A laid-out screen of wrapping labels gets narrower: re-measure and re-solve.
    public static let multiLineResize = ControlsScenario(
        name: "resize-wrap",
        summary: "laid-out screen of 100 wrapping labels: width 375 → 320, layout pass"
    ) {
        let screen = LabelScreen(texts: LabelScreen.texts(count: labelCount), multiLine: true)
        return { screen.resize(to: 320) }
    }
}

/// Holds what a timed step made, so that it is freed after the measurement, not inside it.
public final class Retained<Value>: @unchecked Sendable {
    public var value: Value?
    public init() {}
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
