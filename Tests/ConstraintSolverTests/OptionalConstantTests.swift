import ConstraintSolver
import Testing

/// Constant changes of optional constraints, which the solver makes in place without a
/// journal, as a cell sizer makes them for every label of every cell.
@Suite struct OptionalConstantTests {
    /// A two-label cell: the title's and subtitle's intrinsic sizes held by hugging (250) and
    /// compression (750) pairs, the height pulled to 0 at the fitting level, the width pinned.
    /// Variables: 0 width, 1 height, 2 title x, 3 title y, 4 title width, 5 title height,
    /// 6 subtitle y, 7 subtitle height, 8 subtitle width.
    private static var cell: [SolverStep] { [
        .add(0, [(1, 0)], -375, .equal, .required),
        .add(1, [(1, 2)], -8, .equal, .required),
        .add(2, [(1, 2), (1, 4), (-1, 0)], 8, .equal, .required),
        .add(3, [(1, 3)], -8, .equal, .required),
        .add(4, [(1, 6), (-1, 3), (-1, 5)], -4, .equal, .required),
        .add(5, [(1, 8), (-1, 0)], 16, .equal, .required),
        .add(6, [(1, 1), (-1, 6), (-1, 7)], -8, .equal, .required),
        .add(7, [(1, 4)], 0, .lessThanOrEqual, 250),
        .add(8, [(1, 4)], 0, .greaterThanOrEqual, 750),
        .add(9, [(1, 5)], 0, .lessThanOrEqual, 250),
        .add(10, [(1, 5)], 0, .greaterThanOrEqual, 750),
        .add(11, [(1, 8)], 0, .lessThanOrEqual, 250),
        .add(12, [(1, 8)], 0, .greaterThanOrEqual, 750),
        .add(13, [(1, 7)], 0, .lessThanOrEqual, 250),
        .add(14, [(1, 7)], 0, .greaterThanOrEqual, 750),
        .add(15, [(1, 1)], 0, .equal, 50),
    ] }

    /// Item after item, each moving the four intrinsic sizes (and, now and then, the required
    /// width): the height is the texts' sum, and the values are those of a new solver holding
    /// the same constraints. A change that left the recorded constant behind would shift the
    /// next change of the same constraint by the difference.
    @Test func itemAfterItemGivesTheHeightsAndValuesOfANewSolver() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ range: ClosedRange<Int>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(range.lowerBound + Int((state >> 33) % UInt64(range.count)))
        }
        var steps = Self.cell
        var width = 375.0
        for item in 0..<300 {
            if item % 37 == 36 {
                width = width == 375 ? 320 : 375
                steps.append(.constant(0, -width))
            }
            let titleWidth = next(40...900), subtitleWidth = next(20...500)
            // Heights on the half-point grid, so that the sums are exact.
            let titleHeight = next(1...12) * 20.5, subtitleHeight = next(30...34) / 2
            for (id, value) in [(7, titleWidth), (8, titleWidth), (9, titleHeight), (10, titleHeight),
                                (11, subtitleWidth), (12, subtitleWidth), (13, subtitleHeight), (14, subtitleHeight)] {
                steps.append(.constant(id, -value))
            }
            if item % 50 == 49 || item < 3 {
                let history = try SolverStep.run(steps, variables: 9)
                history.solver.updateVariables()
                #expect(history.variables[1].value == 8 + titleHeight + 4 + subtitleHeight + 8)
                #expect(history.variables[4].value == width - 16)
                let fresh = try SolverStep.run(history.held, variables: 9)
                fresh.solver.updateVariables()
                #expect(history.variables.map(\.value) == fresh.variables.map(\.value))
            }
        }
    }

    /// The same constant again after a change does nothing, and the change back restores the
    /// first solution exactly.
    @Test func aChangeAndItsReverseRestoreTheSolution() throws {
        var steps = Self.cell + [.constant(9, -41), .constant(10, -41), .constant(13, -16), .constant(14, -16)]
        let first = try SolverStep.run(steps, variables: 9)
        first.solver.updateVariables()
        steps += [.constant(9, -61.5), .constant(10, -61.5), .constant(9, -61.5), .constant(9, -41), .constant(10, -41)]
        let back = try SolverStep.run(steps, variables: 9)
        back.solver.updateVariables()
        #expect(first.variables[1].value == 8 + 41 + 4 + 16 + 8)
        #expect(back.variables.map(\.value) == first.variables.map(\.value))
    }
}
