import Foundation
import Testing

@testable import AutoLayout

@Suite struct ConcurrencyTests {
    /// Separate trees share no state, so they can be laid out and fitted on separate threads
    /// (the cell sizer keeps one template tree per thread).
    @Test func separateTreesLayOutInParallel() {
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let cell = View()
            cell.translatesAutoresizingMaskIntoConstraints = false
            let body = IntrinsicSizeView(100, CGFloat(10 * (index + 1)))
            cell.addSubview(body)
            LayoutConstraint.activate([
                body.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 5),
                body.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -5),
                body.topAnchor.constraint(equalTo: cell.topAnchor, constant: 5),
                body.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -5),
            ])
            var heights: [CGFloat] = []
            for width in stride(from: 200, to: 260, by: 10) {
                heights.append(
                    cell.systemLayoutSizeFitting(
                        CGSize(width: CGFloat(width), height: 0), withHorizontalFittingPriority: .required,
                        verticalFittingPriority: .fittingSizeLevel
                    ).height)
            }
            results.set(index, heights)
        }
        for index in 0..<8 {
            #expect(results.get(index) == Array(repeating: CGFloat(10 * (index + 1) + 10), count: 6))
        }
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: [CGFloat]] = [:]

        func set(_ index: Int, _ value: [CGFloat]) { lock.withLock { values[index] = value } }
        func get(_ index: Int) -> [CGFloat]? { lock.withLock { values[index] } }
    }
}
