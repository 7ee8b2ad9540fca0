import Foundation
import DiagnosticsRecording
import Testing

@testable import AutoLayout

@Suite struct AutoresizingTests {
    @Test func viewsMadeInCodeTranslateTheirAutoresizingMask() {
        #expect(View().translatesAutoresizingMaskIntoConstraints)
        #expect(View().autoresizingMask == [])
    }

    @Test func viewWithEmptyMaskKeepsItsFrameWhenTheSuperviewResizes() {
        let root = makeRoot(300, 300)
        let view = View(frame: CGRect(x: 50, y: 60, width: 200, height: 100))
        root.addSubview(view)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 50, y: 60, width: 200, height: 100))
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 500)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 50, y: 60, width: 200, height: 100))
    }

    @Test func flexibleWidthAndHeightGrowWithTheSuperview() {
        let root = makeRoot(300, 300)
        let view = View(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(view)
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 350)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 50, y: 50, width: 300, height: 150))
    }

    @Test func flexibleMarginsShareTheChangeInProportionToTheirSizes() {
        let root = makeRoot(300, 300)
        let centred = View(frame: CGRect(x: 50, y: 100, width: 200, height: 100))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        root.addSubview(centred)
        let skewed = View(frame: CGRect(x: 20, y: 0, width: 200, height: 100))
        skewed.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleBottomMargin]
        root.addSubview(skewed)
        root.frame.size = CGSize(width: 400, height: 300)
        root.layoutIfNeeded()
        #expect(centred.frame == CGRect(x: 100, y: 100, width: 200, height: 100))
        // Margins 20 and 80 share +100 as 20:80.
        #expect(skewed.frame == CGRect(x: 40, y: 0, width: 200, height: 100))
    }

    @Test func nestedFlexibleViewsFollowTheRootResize() {
        let root = makeRoot(300, 300)
        let container = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(container)
        let child = View(frame: CGRect(x: 10, y: 10, width: 280, height: 40))
        child.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        container.addSubview(child)
        root.frame.size = CGSize(width: 320, height: 480)
        root.layoutIfNeeded()
        #expect(container.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(child.frame == CGRect(x: 10, y: 10, width: 300, height: 40))
    }

    @Test func autoresizingConstraintsUseUIKitNotation() throws {
        let root = makeRoot(300, 300)
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.autoresizingMask = [.flexibleWidth]
        root.addSubview(view)
        let constraint = try #require(view.autoresizingConstraints.first)
        #expect(constraint.description.contains("AutoresizingMaskLayoutConstraint:0x"))
        #expect(constraint.description.contains("h=-&- v=--&"))
        #expect(constraint.description.contains("View:\(objectAddress(view)).minX == 10"))
        #expect(root.constraints.isEmpty)
    }

    @Test func settingAFrameMovesAViewThatTranslatesItsMask() {
        let root = makeRoot(300, 300)
        let view = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        root.addSubview(view)
        root.layoutIfNeeded()
        view.frame = CGRect(x: 30, y: 40, width: 60, height: 70)
        root.layoutIfNeeded()
        #expect(view.frame == CGRect(x: 30, y: 40, width: 60, height: 70))
    }

    @Test func constraintToAViewThatTranslatesItsMaskPositionsAgainstItsFrame() {
        let root = makeRoot(300, 300)
        let header = View(frame: CGRect(x: 0, y: 0, width: 300, height: 64))
        root.addSubview(header)
        let body = makeSubview(of: root)
        LayoutConstraint.activate([
            body.topAnchor.constraint(equalTo: header.bottomAnchor),
            body.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            body.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            body.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(body.frame == CGRect(x: 0, y: 64, width: 300, height: 236))
    }

    @Test func explicitWidthOnAViewThatTranslatesItsMaskProducesTheConflictReport() {
        let root = makeRoot()
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(view)
        let width = view.widthAnchor.constraint(equalToConstant: 200)
        let recorder = DiagnosticsRecorder.record(reportsInvolving: [width]) {
            width.isActive = true
            root.layoutIfNeeded()
        }
        #expect(recorder.reports.count == 1)
        let report = recorder.reports[0]
        #expect(report.brokenConstraint === width)
        #expect(report.conflictingConstraints.count == 2)
        #expect(report.description.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        #expect(report.description.contains("h=--& v=--&"))
        #expect(report.description.contains("Will attempt to recover by breaking constraint \n") == false)
        #expect(report.description.contains("Will attempt to recover by breaking constraint\n\(width)"))
        #expect(view.frame.width == 100)
    }
}
