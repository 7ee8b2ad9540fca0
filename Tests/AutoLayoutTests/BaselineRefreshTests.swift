import Foundation
import Testing
import Typesetting

@testable import AutoLayout

/// A label's new text moves its baselines, and the constraints on them follow in place (the
/// engine sums their constants again without rebuilding their terms): the layout after each
/// change is exactly that of a tree built from scratch with the same texts.
@Suite struct BaselineRefreshTests {
    /// A row as a media cell lays it out: a name, a timestamp on the name's first baseline, a
    /// wrapping body whose last baseline a note sits on, and a stretched label whose text is
    /// centred, with a small label on its first baseline.
    private struct Row {
        let root = makeRoot(320, 600)
        let name: Label
        let timestamp: Label
        let body: Label
        let note: Label
        let tall: Label
        let small: Label

        init(_ texts: [String]) {
            name = makeLabel(texts[0], in: root)
            timestamp = makeLabel(texts[1], in: root, font: Font.default(size: 12))
            body = makeLabel(texts[2], in: root)
            body.numberOfLines = 0
            note = makeLabel(texts[3], in: root, font: Font.default(size: 11))
            tall = makeLabel(texts[4], in: root)
            small = makeLabel(texts[5], in: root, font: Font.default(size: 13))
            let topToBaseline = note.firstBaselineAnchor.constraint(equalTo: body.lastBaselineAnchor, constant: 3)
            topToBaseline.priority = LayoutPriority(800)
            LayoutConstraint.activate([
                name.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
                name.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                timestamp.firstBaselineAnchor.constraint(equalTo: name.firstBaselineAnchor),
                timestamp.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 250),
                body.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 4),
                body.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                body.widthAnchor.constraint(equalToConstant: 180),
                topToBaseline,
                note.leadingAnchor.constraint(equalTo: body.trailingAnchor, constant: 6),
                tall.topAnchor.constraint(equalTo: body.bottomAnchor, constant: 10),
                tall.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                tall.heightAnchor.constraint(equalToConstant: 70),
                small.lastBaselineAnchor.constraint(equalTo: tall.firstBaselineAnchor, constant: -2),
                small.leadingAnchor.constraint(equalTo: tall.trailingAnchor, constant: 5),
            ])
        }

        func show(_ texts: [String]) {
            for (label, text) in zip([name, timestamp, body, note, tall, small], texts) { label.text = text }
        }

        var frames: [CGRect] {
            root.layoutIfNeeded()
            return [name, timestamp, body, note, tall, small].map(\.frame)
        }
    }

    @Test func baselineConstraintsFollowNewTextsAsATreeBuiltWithThem() {
        let steps: [[String]] = [
            ["Ada Lovelace", "3m", "A short body", "note", "Tall", "small"],
            ["Grace", "59m", "A body long enough to wrap over several lines of the row", "n", "Taller text", "s"],
            // Empty labels: their first baseline becomes the bottom edge, a change of terms.
            ["", "1h", "", "", "", "small again"],
            ["Back again", "", "Two lines of body text that wrap at one hundred eighty", "note", "T", ""],
            ["Ada Lovelace", "3m", "A short body", "note", "Tall", "small"],
        ]
        let row = Row(steps[0])
        for texts in steps {
            row.show(texts)
            #expect(row.frames == Row(texts).frames, "texts \(texts)")
        }
    }

    @Test func aConstantChangedWithTheTextIsKept() {
        let row = Row(["Ada", "3m", "Body", "note", "Tall", "small"])
        _ = row.frames
        let fresh = Row(["Grace Hopper", "12m", "Body text that wraps at least once here", "n", "T", "s"])
        for constraint in [row.root, fresh.root].flatMap(\.constraints) where constraint.constant == 3 {
            constraint.constant = 9
        }
        row.show(["Grace Hopper", "12m", "Body text that wraps at least once here", "n", "T", "s"])
        #expect(row.frames == fresh.frames)
        #expect(row.note.frame.minY != Row(["Grace Hopper", "12m", "Body text that wraps at least once here", "n", "T", "s"]).frames[3].minY)
    }
}
