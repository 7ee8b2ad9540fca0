/// Itemising attributed text: each span with its own font's cascade, so that fallback is
/// per span and runs split where the font changes.
extension Itemizer {
    /// Replaces `list` with the runs of `text`, each span itemised on its own and its runs'
    /// faces and scripts merged into the text's lists. Bidi levels are resolved per span.
    static func runs(
        _ text: UnsafeBufferPointer<UInt16>, flags: UnsafeBufferPointer<UInt8>, spans: StyleSpans,
        scratch: BreakingScratch, faceChoices: FaceChoiceMemory, into list: inout RunList
    ) {
        list.removeAll()
        var piece = RunList()
        for span in spans.spans where span.end > span.start {
            runs(UnsafeBufferPointer(rebasing: text[span.start..<span.end]),
                 flags: UnsafeBufferPointer(rebasing: flags[span.start...span.end]), cascade: span.font.cascade,
                 scratch: scratch, faceChoices: faceChoices, into: &piece)
            for run in piece.runs {
                list.runs.append(PackedRun(
                    start: run.start + UInt32(truncatingIfNeeded: span.start),
                    face: list.index(of: piece.faces[Int(run.face)]),
                    script: list.index(of: piece.scripts[Int(run.script)]), level: run.level))
            }
        }
    }
}
