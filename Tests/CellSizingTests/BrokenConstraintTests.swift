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
        photoHeight = photo.heightAnchor.constraint(equalToConstant: 10)
        cap = photo.heightAnchor.constraint(lessThanOrEqualToConstant: 100)
        super.init(frame: .zero)
        addSubviewPinnedToEdges(photo)
        photoHeight.isActive = true
        cap.isActive = true
    }

    func show(_ height: CGFloat) { photoHeight.constant = height }
}

/// A square as wide as the cell, in a cell at most 300 points wide: pinned wider, the sizer's
/// width pin conflicts with the cap and the engine breaks the pin (it entered last), which
/// then holds the width at `brokenRequired` as far as the cap allows.
final class NarrowSquareCell: View {
    /// Fitsize reads no archives.
    required init?(coder: NSCoder) {
        return nil
    }

    let square = View()
    let cap: LayoutConstraint

    init() {
        cap = square.widthAnchor.constraint(lessThanOrEqualToConstant: 300)
        super.init(frame: .zero)
        addSubviewPinnedToEdges(square)
        LayoutConstraint.activate([square.heightAnchor.constraint(equalTo: square.widthAnchor), cap])
    }
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

    /// The sizer aims the fitting's width target at 0, which only its width pin keeps from
    /// mattering: a pin broken in a conflict must go on pulling the width (the engine keeps it
    /// at `brokenRequired`), so that the cell is as wide as its cap allows, not as narrow as
    /// the target.
    @Test func aBrokenWidthPinStillHoldsTheWidthAsFarAsTheCellAllows() throws {
        let recorder = DiagnosticsRecorder()
        let sizer = try CellSizer(width: 375) { NarrowSquareCell() }
        let height = try recorder.record { try sizer.height(for: 0) { recorder.watch($0.cap) } }
        #expect(height == 300)
        #expect(recorder.reports.count == 1)
        // Within the cap nothing breaks and the square follows the width.
        let narrow = try CellSizer(width: 200) { NarrowSquareCell() }
        #expect(try narrow.height(for: 0) { _ in } == 200)
        #expect(narrow.templateCount == 1)
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
