import AutoLayout
import Foundation
import Testing

@testable import CellSizing

/// A cell whose content hangs from the top edge and is not connected to the bottom edge:
/// nothing determines the cell's height.
final class OpenBottomCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    let block = FixedBlock()

    override init(frame: CGRect) {
        super.init(frame: frame)
        block.accessibilityIdentifier = "block"
        block.height = 40
        addSubview(block)
        LayoutConstraint.activate([
            block.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            block.leadingAnchor.constraint(equalTo: leadingAnchor),
            block.trailingAnchor.constraint(equalTo: trailingAnchor),
        ])
    }
}

/// A cell whose second block has a top edge that may be anywhere below the first block.
final class LooseChainCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    let first = FixedBlock()
    let second = FixedBlock()

    override init(frame: CGRect) {
        super.init(frame: frame)
        first.height = 20
        second.height = 30
        second.accessibilityIdentifier = "loose"
        addSubview(first)
        addSubview(second)
        LayoutConstraint.activate([
            first.topAnchor.constraint(equalTo: topAnchor),
            second.topAnchor.constraint(greaterThanOrEqualTo: first.bottomAnchor, constant: 4),
            second.bottomAnchor.constraint(equalTo: bottomAnchor),
            first.leadingAnchor.constraint(equalTo: leadingAnchor),
            first.trailingAnchor.constraint(equalTo: trailingAnchor),
            second.leadingAnchor.constraint(equalTo: leadingAnchor),
            second.trailingAnchor.constraint(equalTo: trailingAnchor),
        ])
    }
}

@Suite struct AmbiguousHeightTests {
    @Test func cellNotConnectedToItsBottomEdgeThrowsInsteadOfGivingZero() throws {
        let sizer = try CellSizer(width: 375) { OpenBottomCell() }
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.height(for: "post-1") { _ in }
        }
        guard case .heightNotDetermined(let key, let width, let views) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(key == "post-1")
        #expect(width == 375)
        #expect(views == ["OpenBottomCell"])
        #expect(error?.description.contains("do not determine its height at width 375") == true)
        #expect(sizer.cachedHeight(for: "post-1") == nil)
    }

    @Test func subviewWithAFreeVerticalPositionIsNamedByItsPath() throws {
        let sizer = try CellSizer(width: 320) { LooseChainCell() }
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.height(for: 1) { _ in }
        }
        guard case .heightNotDetermined(_, _, let views) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(views.contains("LooseChainCell"))
        #expect(views.contains("LooseChainCell > FixedBlock[1] 'loose'"))
        #expect(!views.contains { $0.hasPrefix("LooseChainCell > FixedBlock[0]") })
    }

    @Test func batchThrowsTheFirstAmbiguousItemInOrderAndCachesNothing() throws {
        // Items 0..<100; those from 37 on leave the bottom free, so serial sizing fails at 37.
        let sizer = try CellSizer(width: 375, verification: .everyItem) { SwitchableCell() }
        let items: [(AnyHashable, Int)] = (0..<100).map { (AnyHashable($0), $0) }
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.heights(for: items) { cell, item in cell.isOpen = item >= 37 }
        }
        guard case .heightNotDetermined(let key, _, _) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(key == "37")
        #expect(items.allSatisfy { sizer.cachedHeight(for: $0.0) == nil })
        let heights = try sizer.heights(for: Array(items.prefix(37))) { cell, item in cell.isOpen = item >= 37 }
        #expect(heights == Array(repeating: 50, count: 37))
    }

    @Test func laterItemThatFreesTheHeightIsCaughtAfterTheTemplatePassedItsFirstCheck() throws {
        let sizer = try CellSizer(width: 375, verification: .everyItem) { SwitchableCell() }
        #expect(try sizer.height(for: 1) { $0.isOpen = false } == 50)
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.height(for: 2) { $0.isOpen = true }
        }
        guard case .heightNotDetermined(let key, _, let views) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(key == "2")
        #expect(views.first == "SwitchableCell")
        #expect(try sizer.height(for: 3) { $0.isOpen = false } == 50)
    }

    @Test func byDefaultTheFirstItemAtEachWidthIsChecked() throws {
        let sizer = try CellSizer(width: 375) { SwitchableCell() }
        #expect(sizer.verification == .firstItemPerTemplate)
        #expect(try sizer.height(for: 1) { $0.isOpen = false } == 50)
        try sizer.setWidth(320)
        let error = #expect(throws: CellSizingError.self) {
            _ = try sizer.height(for: 2) { $0.isOpen = true }
        }
        guard case .heightNotDetermined(let key, let width, _) = error else {
            Issue.record("expected heightNotDetermined, got \(String(describing: error))")
            return
        }
        #expect(key == "2")
        #expect(width == 320)
        // Once a determined item has passed at this width, later items are not checked.
        #expect(try sizer.height(for: 3) { $0.isOpen = false } == 50)
        #expect(throws: Never.self) { _ = try sizer.height(for: 4) { $0.isOpen = true } }
    }

    @Test func determinedCellWithAnUnderconstrainedWidthElsewhereIsStillMeasured() throws {
        // A block pinned only at its leading edge has an ambiguous x extent nowhere: its width
        // comes from its intrinsic size. The height is determined, so no error.
        let sizer = try CellSizer(width: 375) { () -> View in
            let cell = View()
            let block = FixedBlock()
            block.height = 25
            cell.addSubview(block)
            LayoutConstraint.activate([
                block.topAnchor.constraint(equalTo: cell.topAnchor),
                block.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
                block.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
                block.widthAnchor.constraint(equalToConstant: 100),
            ])
            return cell
        }
        #expect(try sizer.height(for: 1) { _ in } == 25)
    }
}

/// A cell whose bottom constraint is active or not depending on the item.
final class SwitchableCell: View {
    /// Fitsize reads no archives: reports and returns `nil`, as `View.init(coder:)` does.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private let block = FixedBlock()
    private lazy var bottom = bottomAnchor.constraint(equalTo: block.bottomAnchor)

    var isOpen = false {
        didSet { bottom.isActive = !isOpen }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        block.height = 50
        addSubview(block)
        LayoutConstraint.activate([
            block.topAnchor.constraint(equalTo: topAnchor),
            block.leadingAnchor.constraint(equalTo: leadingAnchor),
            block.trailingAnchor.constraint(equalTo: trailingAnchor),
            bottom,
        ])
    }
}
