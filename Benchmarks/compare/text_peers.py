#!/usr/bin/env python3
"""The text peers of the comparison harness (compare/run), on the corpus that
`typesetting-timing --corpus` prints, as lines of the harness protocol (README.md):

- uharfbuzz: the labels shaped by HarfBuzz through its Python binding (one font, one buffer
  per label, advances summed), the same work as the raw HarfBuzz floor in Swift plus the
  binding's per-call cost;
- skparagraph: skia-python's SkParagraph (the paragraph engine of Flutter and Chrome) building
  and laying out each label and paragraph, and laying a built paragraph out at new widths,
  with the repository's fonts as its cascade (text_compare.SkParagraphBench). Paragraphs are
  built from the corpus's streams of distinct paragraphs (`build_layout`, the issue's
  scenario), the same paragraph repeated (`build_layout_repeat`) and a paragraph with a new
  serial number (`build_layout_cold`); and attributed text, three-run labels and a stream of
  ten-run paragraphs, each run pushed with its own TextStyle.

    compare/.venv/bin/python compare/text_peers.py --peer skparagraph --corpus corpus.json [--rounds 5]
"""
import argparse
import json
import statistics
import sys
import time

# Paragraphs per timed batch, as in typesetting-timing: many small batches, so that the median
# skips the ones in which the process was descheduled.
PARAGRAPH_BATCH = 2
RELAYOUTS = 2000


def label_batches(corpus):
    """The cold batches and the cached label list; labels are timed in as many small batches
    as the Swift tool times them, so both medians skip the same kind of interruptions."""
    return corpus["cold_labels"], corpus["cached_labels"]


def median_ns(rounds, operations, body):
    """The median over rounds of one batch's time divided by its operation count."""
    samples = []
    for round_index in range(rounds):
        start = time.perf_counter_ns()
        body(round_index)
        samples.append((time.perf_counter_ns() - start) / operations)
    return statistics.median(samples)


def emit(peer, scenario, ns, rounds, unit):
    print(json.dumps({"suite": "text", "scenario": scenario, "n": None, "implementation": peer,
                      "median_ns": ns, "samples": rounds, "unit": unit}), flush=True)


def run_uharfbuzz(corpus, rounds):
    import uharfbuzz as hb

    with open(corpus["font_files"][0], "rb") as handle:
        font = hb.Font(hb.Face(handle.read()))
    cold, cached = label_batches(corpus)

    def shape(labels):
        total = 0
        for label in labels:
            buffer = hb.Buffer()
            buffer.add_str(label)
            buffer.guess_segment_properties()
            hb.shape(font, buffer)
            total += sum(position.x_advance for position in buffer.glyph_positions)
        return total

    emit("uharfbuzz", "label.cold", median_ns(len(cold), len(cold[0]), lambda r: shape(cold[r])), len(cold), "label")
    emit("uharfbuzz", "label.cached", median_ns(len(cold), len(cached), lambda r: shape(cached)), len(cold), "label")


def run_skparagraph(corpus, rounds):
    from text_compare import SkParagraphBench

    bench = SkParagraphBench()
    (cold, cached), widths = label_batches(corpus), corpus["widths"]

    def measure(labels):
        for label in labels:
            paragraph = bench.build(label)
            paragraph.layout(1e9)
            paragraph.MaxIntrinsicWidth

    emit("skparagraph", "label.cold", median_ns(len(cold), len(cold[0]), lambda r: measure(cold[r])), len(cold), "label")
    measure(cached)
    emit("skparagraph", "label.cached", median_ns(len(cold), len(cached), lambda r: measure(cached)), len(cold), "label")
    streams, warm_up = corpus["paragraph_streams"], corpus["stream_warm_up"]
    for name, text in sorted(corpus["paragraphs"].items()):
        # The scenario: a stream of distinct paragraphs, after the same warm-up on the
        # stream's first paragraphs as Fitsize gets; every timed paragraph is new to both.
        stream = streams[name]
        for warm in stream[:warm_up]:
            bench.build(warm).layout(widths[0])
        batches = (len(stream) - warm_up) // PARAGRAPH_BATCH

        def build_layout(batch):
            for index in range(PARAGRAPH_BATCH):
                bench.build(stream[warm_up + batch * PARAGRAPH_BATCH + index]).layout(widths[index % len(widths)])
        emit("skparagraph", f"paragraph.{name}.build_layout",
             median_ns(batches, PARAGRAPH_BATCH, build_layout), batches, "paragraph")

        # The same paragraph again and again: SkParagraph's ParagraphCache answers.
        bench.build(text).layout(widths[0])

        def build_layout_repeat(_):
            for index in range(PARAGRAPH_BATCH):
                bench.build(text).layout(widths[index % len(widths)])
        emit("skparagraph", f"paragraph.{name}.build_layout_repeat",
             median_ns(batches, PARAGRAPH_BATCH, build_layout_repeat), batches, "paragraph")

        # SkParagraph caches shaped paragraphs by text and style; a serial number at the end
        # makes every build a miss, as emptying Fitsize's segment cache does on its side.
        serial = iter(range(10**9))

        def build_layout_cold(_):
            for index in range(PARAGRAPH_BATCH):
                bench.build(f"{text} {next(serial)}").layout(widths[index % len(widths)])
        emit("skparagraph", f"paragraph.{name}.build_layout_cold",
             median_ns(batches, PARAGRAPH_BATCH, build_layout_cold), batches, "paragraph")
        paragraph = bench.build(text)
        paragraph.layout(widths[0])

        def relayout(_):
            for index in range(RELAYOUTS):
                paragraph.layout(widths[index % len(widths)])
        emit("skparagraph", f"paragraph.{name}.relayout", median_ns(rounds, RELAYOUTS, relayout), rounds, "layout")
    run_attributed(bench, corpus, rounds)


def run_attributed(bench, corpus, rounds):
    """Three-run labels and a stream of ten-run paragraphs, each run pushed with its style
    (pushStyle, addText, pop), as typesetting-timing builds them from the same runs."""
    styles, widths = bench.run_styles(corpus["run_styles"]), corpus["widths"]
    labels = corpus["attributed_labels"]
    label_batch = len(corpus["cached_labels"])
    label_rounds = len(corpus["cold_labels"])

    def measure_labels(round_index):
        for index in range(label_batch):
            paragraph = bench.build_runs(labels[(round_index * label_batch + index) % len(labels)], styles)
            paragraph.layout(1e9)
            paragraph.MaxIntrinsicWidth
    for warm in range(2):
        for runs in labels:
            bench.build_runs(runs, styles).layout(1e9)
    emit("skparagraph", "attributed.label.build_layout", median_ns(label_rounds, label_batch, measure_labels),
         label_rounds, "label")
    stream, warm_up = corpus["attributed_paragraph_stream"], corpus["stream_warm_up"]
    for runs in stream[:warm_up]:
        bench.build_runs(runs, styles).layout(widths[0])
    batches = (len(stream) - warm_up) // PARAGRAPH_BATCH

    def build_layout(batch):
        for index in range(PARAGRAPH_BATCH):
            bench.build_runs(stream[warm_up + batch * PARAGRAPH_BATCH + index], styles).layout(widths[index % len(widths)])
    emit("skparagraph", "attributed.paragraph.build_layout", median_ns(batches, PARAGRAPH_BATCH, build_layout),
         batches, "paragraph")
    paragraph = bench.build_runs(stream[0], styles)
    paragraph.layout(widths[0])

    def relayout(_):
        for index in range(RELAYOUTS):
            paragraph.layout(widths[index % len(widths)])
    emit("skparagraph", "attributed.paragraph.relayout", median_ns(rounds, RELAYOUTS, relayout), rounds, "layout")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peer", choices=["uharfbuzz", "skparagraph"], required=True)
    parser.add_argument("--corpus", required=True, help="JSON from `typesetting-timing --corpus`")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with open(args.corpus, encoding="utf-8") as handle:
        corpus = json.load(handle)
    if not corpus.get("cold_labels"):
        sys.exit("the corpus has no cold labels")
    (run_uharfbuzz if args.peer == "uharfbuzz" else run_skparagraph)(corpus, max(1, args.rounds))


if __name__ == "__main__":
    main()
