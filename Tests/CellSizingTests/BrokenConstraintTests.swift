import AutoLayout
import Foundation
import Testing

@testable import CellSizing

/// A cell whose photo is as tall as the item says, under a cap of 100 points: an item taller
/// than the cap makes the required constraints unsatisfiable, and the engine breaks the cap
/// (the constraint that entered last).
final class CappedCell: View {
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

/// Records the unsatisfiable-constraint reports about the caps of some cells, and passes every
/// other report on (tests run in parallel and the handler is global).
final class CapReports: @unchecked Sendable {
    private let lock = NSLock()
    private var watched: Set<ObjectIdentifier> = []
    private var count = 0

    func watch(_ cell: CappedCell) { lock.withLock { _ = watched.insert(ObjectIdentifier(cell.cap)) } }
    var reportCount: Int { lock.withLock { count } }

    func record<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = LayoutDiagnostics.unsatisfiableConstraintHandler
        LayoutDiagnostics.unsatisfiableConstraintHandler = { report in
            let concerned = self.lock.withLock {
                report.conflictingConstraints.contains { self.watched.contains(ObjectIdentifier($0)) }
            }
            if concerned { self.lock.withLock { self.count += 1 } } else { previous(report) }
        }
        defer { LayoutDiagnostics.unsatisfiableConstraintHandler = previous }
        return try body()
    }
}

@Suite struct BrokenConstraintTests {
    /// The heights and the number of cap reports when each of `items` is sized by a new sizer.
    private func freshResults(_ items: [CGFloat]) throws -> [(height: CGFloat, reports: Int)] {
        try items.map { item in
            let reports = CapReports()
            let sizer = try CellSizer(width: 100) { CappedCell() }
            let height = try reports.record {
                try sizer.height(for: 0) { cell in
                    reports.watch(cell)
                    cell.show(item)
                }
            }
            return (height, reports.reportCount)
        }
    }

    @Test func itemsAfterAConflictAreSizedAsOnAFreshCell() throws {
        let items: [CGFloat] = [150, 120, 90, 130, 40]
        let fresh = try freshResults(items)
        // On a fresh cell the conflicting items break the cap and are reported.
        #expect(fresh.map(\.height) == [150, 120, 90, 130, 40])
        #expect(fresh.map(\.reports) == [1, 1, 0, 1, 0])
        let reports = CapReports()
        let sizer = try CellSizer(width: 100) { CappedCell() }
        for (index, item) in items.enumerated() {
            let before = reports.reportCount
            let height = try reports.record {
                try sizer.height(for: index) { cell in
                    reports.watch(cell)
                    cell.show(item)
                }
            }
            #expect(height == fresh[index].height, "item \(index)")
            #expect(reports.reportCount - before == fresh[index].reports, "item \(index)")
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
        try sizer.withTemplate(width: 300) { template in
            #expect(!template.cell.layoutEngineHoldsBrokenConstraints)
        }
        #expect(sizer.templateCount == 1)
    }

    @Test func aCellWhoseEngineBrokeAConstraintIsNotReused() throws {
        let sizer = try CellSizer(width: 100) { CappedCell() }
        let reports = CapReports()
        _ = try sizer.height(for: 0) { $0.show(50) }
        #expect(sizer.templateCount == 1)
        let height = try reports.record {
            try sizer.height(for: 1) { cell in
                reports.watch(cell)
                cell.show(150)
            }
        }
        #expect(height == 150)
        #expect(reports.reportCount == 1)
        #expect(sizer.templateCount == 0)
        // Deactivating the broken constraint makes the tree whole again.
        let cell = CappedCell()
        cell.translatesAutoresizingMaskIntoConstraints = false
        let recorded = CapReports()
        recorded.watch(cell)
        recorded.record {
            cell.show(150)
            cell.layoutIfNeeded()
        }
        #expect(recorded.reportCount == 1)
        #expect(cell.layoutEngineHoldsBrokenConstraints)
        cell.cap.isActive = false
        cell.layoutIfNeeded()
        #expect(!cell.layoutEngineHoldsBrokenConstraints)
    }
}
