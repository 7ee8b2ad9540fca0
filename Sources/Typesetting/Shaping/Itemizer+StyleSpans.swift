/// Itemising attributed text: each span with its own font's cascade, so that fallback is
/// per span and runs split where the font changes.
extension Itemizer {
    /// Replaces `list` with the runs of `text`, each span itemised on its own and its runs'
    /// faces and scripts merged into the text's lists. Bidi levels are resolved once over
    /// the whole text (each paragraph's direction from its first strong character, UAX #9
    /// rules P2 and P3) and cut at the spans' edges, so that a right-to-left phrase across
    /// spans is one right-to-left sequence.
    static func runs(
        _ text: UnsafeBufferPointer<UInt16>, flags: UnsafeBufferPointer<UInt8>, spans: StyleSpans,
        scratch: BreakingScratch, faceChoices: FaceChoiceMemory, into list: inout RunList
    ) {
        list.removeAll()
        var piece = RunList()
        let levels = BidiResolver.mayContainRightToLeft(text) ? scratch.bidi?.levelRuns(of: text) : nil
        var levelIndex = 0
        for span in spans.spans where span.end > span.start {
            // The level runs over the span, in its own offsets.
            var spanLevels = Self.leftToRight
            if let levels {
                while levelIndex + 1 < levels.count && levels[levelIndex].end <= span.start { levelIndex += 1 }
                spanLevels = []
                var index = levelIndex
                while index < levels.count && levels[index].start < span.end {
                    spanLevels.append(LevelRun(start: max(levels[index].start, span.start) - span.start,
                                               end: min(levels[index].end, span.end) - span.start,
                                               level: levels[index].level))
                    index += 1
                }
            }
            runs(UnsafeBufferPointer(rebasing: text[span.start..<span.end]),
                 flags: UnsafeBufferPointer(rebasing: flags[span.start...span.end]), cascade: span.font.cascade,
                 scratch: scratch, faceChoices: faceChoices, levels: spanLevels, into: &piece)
            for run in piece.runs {
                list.runs.append(PackedRun(
                    start: run.start + UInt32(truncatingIfNeeded: span.start),
                    face: list.index(of: piece.faces[Int(run.face)]),
                    script: list.index(of: piece.scripts[Int(run.script)]), level: run.level))
            }
        }
    }

    /// Levels for a text with no right-to-left character: one left-to-right run over any span.
    private static let leftToRight = [LevelRun(start: 0, end: Int(Int32.max), level: 0)]
}
