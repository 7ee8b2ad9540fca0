import CellSizing

/// The heights of one block's items at every width of the run, in one flat buffer: item `i`'s
/// height at the run's `w`th width is `values[i * widthCount + w]`.
///
/// A block's results pass from the sizing threads to the writing thread. Kept as one array of
/// numbers (and the rare failure by its item), they are made and freed as a few allocations a
/// block; an array of heights for each item was an allocation per item on the calling thread,
/// in the serial stretch between two blocks where the other core waits, freed again one by one
/// on the writing thread.
struct BlockHeights: Sendable {
    /// How many heights each item has: the run's widths.
    let widthCount: Int
    /// Every item's heights, item after item.
    private var values: [Double]
    /// Whether each item's heights (or its failure) were given.
    private var given: [Bool]
    /// The items that failed, by index, with why.
    private var failures: [Int: CellSizingError] = [:]

    /// Heights for `itemCount` items, none given yet.
    init(itemCount: Int, widthCount: Int) {
        self.widthCount = widthCount
        values = [Double](repeating: 0, count: itemCount * widthCount)
        given = [Bool](repeating: false, count: itemCount)
    }

    /// Every item's heights, given at once: `values` holds `widthCount` heights for each item,
    /// item after item.
    init(values: [Double], widthCount: Int) {
        precondition(widthCount > 0 && values.count % widthCount == 0, "a whole number of heights for each item")
        self.widthCount = widthCount
        self.values = values
        given = [Bool](repeating: true, count: values.count / widthCount)
    }

    /// How many items the block has.
    var count: Int { given.count }

    /// The heights of item `index`, in the order of the run's widths; its failure; or nil when
    /// neither was given.
    func result(at index: Int) -> Result<ArraySlice<Double>, CellSizingError>? {
        guard given[index] else { return nil }
        if let failure = failures[index] { return .failure(failure) }
        return .success(values[index * widthCount..<(index + 1) * widthCount])
    }

    /// Gives item `index` its heights (`widthCount` of them) or its failure.
    mutating func set<Heights: Collection<Double>>(_ index: Int, to result: Result<Heights, CellSizingError>) {
        given[index] = true
        switch result {
        case .success(let heights):
            precondition(heights.count == widthCount, "one height for each width")
            failures[index] = nil
            var slot = index * widthCount
            for height in heights {
                values[slot] = height
                slot += 1
            }
        case .failure(let error):
            failures[index] = error
        }
    }

    /// Gives item `index` what item `source` of `other` was given (nothing, when it was given
    /// nothing).
    mutating func copy(_ source: Int, of other: BlockHeights, to index: Int) {
        guard let result = other.result(at: source) else { return }
        set(index, to: result)
    }
}
