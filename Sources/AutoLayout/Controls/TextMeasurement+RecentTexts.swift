import Typesetting

extension TextMeasurement {
    /// The prepared texts and measurements of a control's recent short plain texts in its
    /// current font, so that a text set again is neither prepared nor measured again: the
    /// timestamp, domain or count label of a template cell that sizes a whole feed sees the
    /// same few values over and over, and each was a new ``PreparedText`` and line filling.
    ///
    /// A table of ``slotCount`` slots made at the first text replaced after it was measured;
    /// each text has two candidate slots chosen by its hash, and a text whose slots are both
    /// taken replaces one of them. Only texts of at most ``maximumLength`` UTF-8 bytes are
    /// kept: short texts are the ones whose values repeat, and the bound keeps a control's
    /// table to tens of kilobytes. The owner empties it whenever the font or the attributes
    /// change, since a kept text is valid only for the plain text in the font it was made in.
    ///
    /// A control whose texts do not repeat (a name, a title) would pay for hashing and keeping
    /// every one of them and find none: after every ``verdictInterval`` texts kept, a table
    /// that found fewer than one in eight is released, and the next ``dormantLength`` texts
    /// are neither hashed nor kept.
    struct RecentTexts {
        /// A text with what measuring it made.
        struct Kept {
            let text: String
            let prepared: PreparedText
            var layouts: [Entry]
        }

        /// The table's size: a power of two, above the few dozen values a repeating field
        /// takes (minutes, domains), so that two-way placement seldom evicts one of them.
        static let slotCount = 128
        /// The longest text kept, in UTF-8 bytes.
        static let maximumLength = 32
        /// How many texts are kept between two judgements of the hit rate.
        static let verdictInterval = 64
        /// How many text changes a table judged useless stays away.
        static let dormantLength = 1024

        /// Texts kept and texts found since the last judgement.
        private var keptCount = 0
        private var hitCount = 0
        /// Text changes left before texts are kept again.
        private var dormantChanges = 0

        /// The kept texts by slot, and their hashes (zero for an empty slot), which a lookup
        /// compares first so that a miss touches no kept text.
        private var slots: [Kept?] = []
        private var hashes: [UInt64] = []

        /// The hash that places `text`, or nil when the text is too long to be kept.
        /// FNV-1a over the bytes, finished by MurmurHash3's avalanche so that both slot
        /// indices, taken from the low and the high half, depend on every byte; never zero,
        /// which marks an empty slot.
        static func hash(of text: String) -> UInt64? {
            guard text.utf8.count <= maximumLength else { return nil }
            var text = text
            var hash: UInt64 = text.withUTF8 { bytes in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                return hash
            }
            hash ^= hash >> 33
            hash &*= 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 33
            return hash == 0 ? 1 : hash
        }

        /// The two slots `hash` may occupy.
        private static func candidates(_ hash: UInt64) -> (Int, Int) {
            (Int(truncatingIfNeeded: hash) & (slotCount - 1), Int(truncatingIfNeeded: hash >> 32) & (slotCount - 1))
        }

        /// The slot among `hash`'s candidates that holds `text`, if any.
        private func slot(of text: String, hash: UInt64) -> Int? {
            guard !hashes.isEmpty else { return nil }
            let (first, second) = Self.candidates(hash)
            if hashes[first] == hash, slots[first]?.text == text { return first }
            if hashes[second] == hash, slots[second]?.text == text { return second }
            return nil
        }

        /// The hash of `text`, a new text of the control, for ``lookUp(_:hash:)`` and, once it
        /// is replaced, ``keep(_:hash:)``; nil when it is too long or the table is dormant
        /// (a change it counts).
        mutating func placement(of text: String) -> UInt64? {
            guard dormantChanges == 0 else {
                dormantChanges -= 1
                return nil
            }
            return Self.hash(of: text)
        }

        /// The kept measurement of `text` (whose hash is `hash`), if any.
        mutating func lookUp(_ text: String, hash: UInt64) -> Kept? {
            guard let slot = slot(of: text, hash: hash) else { return nil }
            hitCount += 1
            return slots[slot]
        }

        /// Keeps `kept` (whose text's hash is `hash`): in the slot that holds its text, else
        /// in an empty candidate, else in place of the first or second candidate's text, as
        /// a bit of the hash chooses.
        mutating func keep(_ kept: consuming Kept, hash: UInt64) {
            if hashes.isEmpty {
                slots = Array(repeating: nil, count: Self.slotCount)
                hashes = Array(repeating: 0, count: Self.slotCount)
            }
            let (first, second) = Self.candidates(hash)
            let slot: Int
            if let held = self.slot(of: kept.text, hash: hash) {
                slot = held
            } else if hashes[first] == 0 {
                slot = first
            } else if hashes[second] == 0 {
                slot = second
            } else {
                slot = hash & (1 << 63) == 0 ? first : second
            }
            hashes[slot] = hash
            slots[slot] = kept
            keptCount += 1
            if keptCount == Self.verdictInterval {
                if hitCount * 8 < keptCount {
                    removeAll()
                    dormantChanges = Self.dormantLength
                }
                keptCount = 0
                hitCount = 0
            }
        }

        /// Forgets every kept text, releasing the table; a dormant table stays so.
        mutating func removeAll() {
            if !hashes.isEmpty {
                slots = []
                hashes = []
            }
        }
    }
}
