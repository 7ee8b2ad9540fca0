import AutoLayout
import DiagnosticsRecording
import Foundation
import Testing

@testable import CellSizing

/// A cell whose photo is as tall as the item says, under a cap of 100 points: an item taller
/// than the cap makes the required constraints unsatisfiable, and the engine breaks the cap
/// (the constraint that entered last).
final class CappedCell: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let photo = View()
    let photoHeight: LayoutConstraint
    let cap: LayoutConstraint

    init() {
        photo.translatesAutoresizingMaskIntoConstraints = false
        photoHeight = photo.heightAnchor.constraint(equalToConstant: 10)
        cap = photo.heightAnchor.constraint(lessThanOrEqualToConstant: 100)
        super.init(frame: .zero)
        addSubview(photo)
        LayoutConstraint.activate([
            photo.leadingAnchor.constraint(equalTo: leadingAnchor),
            photo.trailingAnchor.constraint(equalTo: trailingAnchor),
            photo.topAnchor.constraint(equalTo: topAnchor),
            photo.bottomAnchor.constraint(equalTo: bottomAnchor),
            photoHeight,
        ])
        cap.isActive = true
    }

    func show(_ height: CGFloat) { photoHeight.constant = height }
}

@Suite struct BrokenConstraintTests {
    /// The heights and the number of cap reports when each of `items` is sized by a new sizer.
    private func freshResults(_ items: [CGFloat]) throws -> [(height: CGFloat, reports: Int)] {
        try items.map { item in
            let recorder = DiagnosticsRecorder()
            let sizer = try CellSizer(width: 100) { CappedCell() }
            let height = try recorder.record {
                try sizer.height(for: 0) { cell in
                    recorder.watch(cell.cap)
                    cell.show(item)
                }
            }
            return (height, recorder.reports.count)
        }
    }

    @Test func itemsAfterAConflictAreSizedAsOnAFreshCell() throws {
        let items: [CGFloat] = [150, 120, 90, 130, 40]
        let fresh = try freshResults(items)
        // On a fresh cell the conflicting items break the cap and are reported.
        #expect(fresh.map(\.height) == [150, 120, 90, 130, 40])
        #expect(fresh.map(\.reports) == [1, 1, 0, 1, 0])
        let recorder = DiagnosticsRecorder()
        let sizer = try CellSizer(width: 100) { CappedCell() }
        for (index, item) in items.enumerated() {
            let before = recorder.reports.count
            let height = try recorder.record {
                try sizer.height(for: index) { cell in
                    recorder.watch(cell.cap)
                    cell.show(item)
                }
            }
            #expect(height == fresh[index].height, "item \(index)")
            #expect(recorder.reports.count - before == fresh[index].reports, "item \(index)")
        }
        // Only the cells that met no conflict went back to the pool.
        #expect(sizer.templateCount == 1)
    }

    @Test func changingTheWidthBreaksNoConstraintAndKeepsTheCell() throws {
        let sizer = try CellSizer(width: 375) { BlockCell() }
        let item = BlockItem(blockHeights: [20, 30, 10], wrappingArea: 7_000)
        _ = try sizer.height(for: 0) { $0.show(item) }
        try sizer.setWidth(300)
        let height = try sizer.height(for: 0) { $0.show(item) }
        #expect(height == item.expectedHeight(atWidth: 300))
        sizer.withTemplate(conditions: SizingConditions(width: 300, contentSizeCategory: .large)) { template in
            #expect(!template.cell.layoutEngineHoldsBrokenConstraints)
        }
        #expect(sizer.templateCount == 1)
    }

    @Test func aCellWhoseEngineBrokeAConstraintIsNotReused() throws {
        let sizer = try CellSizer(width: 100) { CappedCell() }
        let recorder = DiagnosticsRecorder()
        _ = try sizer.height(for: 0) { $0.show(50) }
        #expect(sizer.templateCount == 1)
        let height = try recorder.record {
            try sizer.height(for: 1) { cell in
                recorder.watch(cell.cap)
                cell.show(150)
            }
        }
        #expect(height == 150)
        #expect(recorder.reports.count == 1)
        #expect(sizer.templateCount == 0)
        // Deactivating the broken constraint makes the tree whole again.
        let cell = CappedCell()
        cell.translatesAutoresizingMaskIntoConstraints = false
        let recorded = DiagnosticsRecorder()
        recorded.watch(cell.cap)
        recorded.record {
            cell.show(150)
            cell.layoutIfNeeded()
        }
        #expect(recorded.reports.count == 1)
        #expect(cell.layoutEngineHoldsBrokenConstraints)
        cell.cap.isActive = false
        cell.layoutIfNeeded()
        #expect(!cell.layoutEngineHoldsBrokenConstraints)
    }
}
