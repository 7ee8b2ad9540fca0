import Foundation
import Testing
import DiagnosticsRecording

@testable import AutoLayout

/// Records the order in which the layout pass calls the overridable methods.
final class RecordingView: View {
    let name: String
    let log: Log
    var extraConstraint: LayoutConstraint?

    final class Log {
        var entries: [String] = []
    }

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    override func updateConstraints() {
        log.entries.append("update \(name)")
        super.updateConstraints()
    }

    override func layoutSubviews() {
        log.entries.append("layout \(name)")
        super.layoutSubviews()
    }
}

@Suite struct LayoutPassTests {
    @Test func secondLayoutIfNeededWithNothingChangedDoesNoSolverWork() {
        let root = makeRoot()
        let view = makeSubview(of: root)
        let width = view.widthAnchor.constraint(equalToConstant: 10)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            width,
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let solves = root.engine.solveCount
        #expect(solves >= 1)
        root.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(root.engine.solveCount == solves)
        width.constant = 20
        root.layoutIfNeeded()
        #expect(root.engine.solveCount == solves + 1)
        #expect(view.frame.width == 20)
    }

    @Test func updateConstraintsRunsFromSubviewsUpAndLayoutSubviewsFromSuperviewsDown() {
        let log = RecordingView.Log()
        let root = RecordingView("root", log: log)
        root.translatesAutoresizingMaskIntoConstraints = true
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let middle = RecordingView("middle", log: log)
        let leaf = RecordingView("leaf", log: log)
        root.addSubview(middle)
        middle.addSubview(leaf)
        LayoutConstraint.activate([
            middle.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            middle.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            middle.topAnchor.constraint(equalTo: root.topAnchor),
            middle.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            leaf.leadingAnchor.constraint(equalTo: middle.leadingAnchor),
            leaf.topAnchor.constraint(equalTo: middle.topAnchor),
            leaf.widthAnchor.constraint(equalToConstant: 5),
            leaf.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(log.entries == [
            "update leaf", "update middle", "update root",
            "layout root", "layout middle", "layout leaf",
        ])
        log.entries = []
        root.layoutIfNeeded()
        #expect(log.entries.isEmpty)
        leaf.setNeedsUpdateConstraints()
        #expect(leaf.needsUpdateConstraints())
        root.layoutIfNeeded()
        #expect(log.entries == ["update leaf"])
    }

    @Test func overriddenUpdateConstraintsCanChangeConstraintsBeforeTheSolve() {
        final class Growing: View {
            var target: CGFloat = 10
            lazy var ownWidth = widthAnchor.constraint(equalToConstant: 10)
            override func updateConstraints() {
                ownWidth.constant = target
                super.updateConstraints()
            }
        }
        let root = makeRoot()
        let view = Growing(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        LayoutConstraint.activate([
            view.ownWidth,
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(view.frame.width == 10)
        view.target = 70
        view.setNeedsUpdateConstraints()
        root.layoutIfNeeded()
        #expect(view.frame.width == 70)
    }

    /// Three views of equal width filling a root of the given width.
    private func makeThirds(width: CGFloat, scale: CGFloat) -> (View, [View]) {
        let root = makeRoot(width, 100, scale: scale)
        let views = (0..<3).map { _ in makeSubview(of: root) }
        var constraints = [
            views[0].leadingAnchor.constraint(equalTo: root.leadingAnchor),
            views[2].trailingAnchor.constraint(equalTo: root.trailingAnchor),
            views[1].leadingAnchor.constraint(equalTo: views[0].trailingAnchor),
            views[2].leadingAnchor.constraint(equalTo: views[1].trailingAnchor),
            views[1].widthAnchor.constraint(equalTo: views[0].widthAnchor),
            views[2].widthAnchor.constraint(equalTo: views[0].widthAnchor),
        ]
        for view in views {
            constraints.append(view.topAnchor.constraint(equalTo: root.topAnchor))
            constraints.append(view.heightAnchor.constraint(equalToConstant: 10))
        }
        LayoutConstraint.activate(constraints)
        return (root, views)
    }

    @Test func framesOnThePixelGridStayExactAtEveryScale() {
        for scale: CGFloat in [1, 2, 3] {
            let (root, views) = makeThirds(width: 375, scale: scale)
            root.layoutIfNeeded()
            #expect(views.map(\.frame.minX) == [0, 125, 250])
            #expect(views.map(\.frame.width) == [125, 125, 125])
        }
    }

    @Test func framesAreRoundedToThePixelGridOfTheRootsScale() {
        let (root, views) = makeThirds(width: 100, scale: 1)
        root.layoutIfNeeded()
        // Thirds of 100 at scale 1: edges at 33.33 and 66.67 round to 33 and 67.
        #expect(views.map(\.frame.minX) == [0, 33, 67])
        #expect(views.map(\.frame.width) == [33, 34, 33])
        root.displayScale = 2
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 33.5, 66.5])
        #expect(views.map(\.frame.width) == [33.5, 33, 33.5])
    }

    @Test func rootThatDoesNotTranslateItsMaskTakesTheSizeOfItsConstraints() {
        let root = View()
        root.translatesAutoresizingMaskIntoConstraints = false
        let child = makeSubview(of: root)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            child.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            child.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -10),
            child.widthAnchor.constraint(equalToConstant: 80),
            child.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        #expect(root.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(child.frame == CGRect(x: 10, y: 10, width: 80, height: 30))
    }

    @Test func overriddenLayoutSubviewsRunsAfterTheEngineFramesAreApplied() {
        final class Overlay: View {
            var observedChildFrame: CGRect?
            override func layoutSubviews() {
                super.layoutSubviews()
                observedChildFrame = subviews.first?.frame
            }
        }
        let root = makeRoot()
        let overlay = Overlay()
        overlay.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(overlay)
        let child = makeSubview(of: overlay)
        LayoutConstraint.activate([
            overlay.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            overlay.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            overlay.topAnchor.constraint(equalTo: root.topAnchor),
            overlay.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            child.centerXAnchor.constraint(equalTo: overlay.centerXAnchor),
            child.centerYAnchor.constraint(equalTo: overlay.centerYAnchor),
            child.widthAnchor.constraint(equalToConstant: 75),
            child.heightAnchor.constraint(equalToConstant: 67),
        ])
        root.layoutIfNeeded()
        #expect(overlay.observedChildFrame == CGRect(x: 150, y: 300, width: 75, height: 67))
    }

    @Test func deepHierarchyLaysOutWithoutRecursion() throws {
        let root = makeRoot(1000, 1000)
        var parent = root
        var views: [View] = []
        var constraints: [LayoutConstraint] = []
        for _ in 0..<1000 {
            let child = makeSubview(of: parent)
            constraints += [
                child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 0.25),
                child.topAnchor.constraint(equalTo: parent.topAnchor),
                child.trailingAnchor.constraint(equalTo: parent.trailingAnchor),
                child.bottomAnchor.constraint(equalTo: parent.bottomAnchor),
            ]
            views.append(child)
            parent = child
        }
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()
        let last = try #require(views.last)
        #expect(last.frame.width == CGFloat(750))
        #expect(last.frame.height == CGFloat(1000))
    }
}

/// Adds one subview per layout pass, each pinned below the last, until it has `target`.
private final class GrowingView: View {
    let target: Int
    init(target: Int) {
        self.target = target
        super.init(frame: .zero)
    }

    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard subviews.count < target else { return }
        let row = View(frame: .zero)
        row.translatesAutoresizingMaskIntoConstraints = false
        let above = subviews.last
        addSubview(row)
        LayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 1),
            row.widthAnchor.constraint(equalToConstant: 10),
            row.heightAnchor.constraint(equalToConstant: 3),
            row.topAnchor.constraint(equalTo: above?.bottomAnchor ?? topAnchor, constant: 2),
        ])
    }
}

/// Invalidates its own layout every time it is laid out: a feedback loop.
private final class RestlessView: View {
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        setNeedsLayout()
    }
}

@Suite struct LayoutPassSettlingTests {
    @Test func subviewsAddedDuringLayoutAreLaidOutUntilTheTreeSettles() {
        let count = 40
        let root = GrowingView(target: count)
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 500)
        // Reports are global: keep those that name this tree's view, not the restless one of
        // the test beside it.
        let recorder = DiagnosticsRecorder(errorsContaining: "GrowingView")
        recorder.record { root.layoutIfNeeded() }
        #expect(root.subviews.count == count)
        for (index, row) in root.subviews.enumerated() {
            let expected = CGRect(x: 1, y: CGFloat(2 + 5 * index), width: 10, height: 3)
            #expect(row.frame == expected, "row \(index): \(row.frame)")
        }
        #expect(recorder.errors.isEmpty)
    }

    @Test func aLayoutThatNeverSettlesStopsAtTheLimitAndIsReported() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let restless = RestlessView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        restless.accessibilityIdentifier = "restless"
        root.addSubview(restless)
        let recorder = DiagnosticsRecorder(errorsContaining: "RestlessView")
        recorder.record { root.layoutIfNeeded() }
        #expect(restless.layouts == View.maximumLayoutPasses)
        #expect(recorder.errors.count == 1)
        #expect(recorder.errors.first?.description.contains("restless") == true)
        #expect(recorder.errors.first == .layoutFeedbackLoop(view: restless.layoutDescriptionName, passes: View.maximumLayoutPasses))
    }
}
