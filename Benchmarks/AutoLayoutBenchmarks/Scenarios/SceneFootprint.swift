// How much heap a laid-out scene holds per view: the number that decides at which n a scene
// outgrows the processor's caches, which is where the growth from n = 1000 to 2000 leaves 2×.
import AutoLayout
#if canImport(Glibc)
import CMallocStatistics
#endif

/// The heap bytes held by each scenario's scene, laid out, measured with the C allocator's
/// own statistics (`mallinfo2`): everything the scene allocated and still holds.
public enum SceneFootprint {
    /// One measurement: the scene, the timed scenarios that step on it, its size `n`, how many
    /// views it has and how many heap bytes it holds in all.
    public typealias Entry = (scene: String, scenarios: [String], n: Int, views: Int, bytes: Int)

    /// Builds and lays out each scene at the largest of `sizes` and returns what it holds;
    /// empty where the allocator does not report its statistics.
    public static func measure(sizes: [Int]) -> [Entry] {
        guard let n = sizes.max(), n > 0 else { return [] }
        var entries: [Entry] = []
        if let bytes = heapBytes(of: { RowOfSiblings(count: n).root }) {
            entries.append(("row", ["row"], n, n + 1, bytes))
        }
        if let bytes = heapBytes(of: { DeepHierarchy(depth: n).root }) {
            entries.append(("deep", ["deep"], n, n + 1, bytes))
        }
        if let bytes = heapBytes(of: { CollectionGrid(cells: n).root }) {
            entries.append(("grid", ["grid"], n, 2 * n + 1, bytes))
        }
        if let bytes = heapBytes(of: { CardScene(rowCount: n) }) {
            entries.append(("card (move, remove)", ["move", "remove"], n, n + 4, bytes))
        }
        return entries
    }

    /// The bytes in use after `build` minus those before, with its result still alive.
    private static func heapBytes(of build: () -> AnyObject) -> Int? {
        #if canImport(Glibc)
        let before = bytesInUse()
        let scene = build()
        let after = bytesInUse()
        withExtendedLifetime(scene) {}
        return after - before
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    private static func bytesInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }
    #endif
}
