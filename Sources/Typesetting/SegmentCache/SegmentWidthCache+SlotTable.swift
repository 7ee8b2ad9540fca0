extension SegmentWidthCache {
    /// An open-addressing table from 64-bit hashes to entry indices, kept at most half
    /// full; removal shifts later entries of the probe sequence back, so there are no
    /// tombstones. A slot holds its hash and its index side by side, so that a probe, which
    /// lands on a random slot of a table too large for the processor's nearest caches,
    /// touches one cache line rather than one in each of two arrays.
    struct SlotTable {
        private struct Slot {
            var hash: UInt64
            var index: Int32  // -1 when empty
        }

        private(set) var count = 0
        private var slots = [Slot](repeating: Slot(hash: 0, index: -1), count: 64)
        private var mask: Int { slots.count - 1 }

        subscript(hash: UInt64) -> Int? {
            get {
                slots.withUnsafeBufferPointer { slots in
                    var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
                    while slots[slot].index >= 0 {
                        if slots[slot].hash == hash { return Int(slots[slot].index) }
                        slot = (slot + 1) & (slots.count - 1)
                    }
                    return nil
                }
            }
            set {
                if let newValue { insert(hash, newValue) } else { remove(hash) }
            }
        }

        private mutating func insert(_ hash: UInt64, _ index: Int) {
            if (count + 1) * 2 > slots.count { grow() }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].index >= 0 {
                if slots[slot].hash == hash {
                    slots[slot].index = Int32(index)
                    return
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Slot(hash: hash, index: Int32(index))
            count += 1
        }

        private mutating func remove(_ hash: UInt64) {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].index >= 0 && slots[slot].hash != hash { slot = (slot + 1) & mask }
            guard slots[slot].index >= 0 else { return }
            count -= 1
            // Backward shift: move later members of the cluster into the hole when the
            // hole lies on their probe path.
            var hole = slot
            var next = (hole + 1) & mask
            while slots[next].index >= 0 {
                let home = Int(truncatingIfNeeded: slots[next].hash) & mask
                let distanceToNext = (next - home) & mask
                let distanceToHole = (hole - home) & mask
                if distanceToHole < distanceToNext {
                    slots[hole] = slots[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            slots[hole].index = -1
        }

        private mutating func grow() {
            let old = slots
            slots = [Slot](repeating: Slot(hash: 0, index: -1), count: old.count * 2)
            count = 0
            for slot in old where slot.index >= 0 { insert(slot.hash, Int(slot.index)) }
        }
    }
}
