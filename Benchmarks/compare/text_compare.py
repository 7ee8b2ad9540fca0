#!/usr/bin/env python3
"""Typesetting vs SkParagraph on the same corpus, in one run.

Builds and runs the release `typesetting-timing` tool (Benchmarks/TypesettingBenchmarks)
with --json, then times skia-python's SkParagraph on the same paragraphs with the same
font files (the repository's Fonts/), and prints both with the ratios the issue asks for:
build+layout at least 5x faster, re-layout at a new width at least 10x faster.

    Benchmarks/compare/.venv/bin/python Benchmarks/compare/text_compare.py [--timing-binary PATH]

SkParagraph is called through Python, which adds roughly 0.1-0.3 us per call; for
re-layout that is counted against SkParagraph, and the script reports the cost of an
empty Python call loop so readers can subtract it.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import skia

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BENCHMARKS = os.path.join(ROOT, "Benchmarks")
FONTS = os.path.join(ROOT, "Fonts")
CASCADE = ["NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
           "NotoSansDevanagari-Regular.ttf", "DroidSansFallbackFull.ttf"]
FONT_SIZE = 17.0


def run_timing(binary):
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--package-path", BENCHMARKS,
                        "--product", "typesetting-timing"], check=True)
        binary = os.path.join(BENCHMARKS, ".build", "release", "typesetting-timing")
    output = subprocess.run([binary, "--json", "--only", "paragraph"], check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)


class SkParagraphBench:
    def __init__(self):
        self.provider = skia.textlayout_TypefaceFontProvider()
        self.families = []
        for name in CASCADE:
            typeface = skia.Typeface.MakeFromFile(os.path.join(FONTS, name))
            if typeface is None:
                sys.exit(f"skia cannot load {name}")
            alias = "fitsize-" + name
            self.provider.registerTypeface(typeface, alias)
            self.families.append(alias)
        self.collection = skia.textlayout_FontCollection()
        self.collection.setDefaultFontManager(self.provider)
        self.unicode = skia.Unicode.ICU_Make()
        self.paragraph_style = skia.textlayout_ParagraphStyle()
        self.text_style = skia.textlayout_TextStyle()
        self.text_style.setFontFamilies(self.families)
        self.text_style.setFontSize(FONT_SIZE)

    def build(self, text):
        builder = skia.textlayout_ParagraphBuilder.make(self.paragraph_style, self.collection, self.unicode)
        builder.pushStyle(self.text_style)
        builder.addText(text)
        return builder.Build()


def median_ns(rounds, operations, body):
    samples = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        body(operations)
        samples.append((time.perf_counter_ns() - start) / operations)
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timing-binary", help="a built typesetting-timing executable")
    parser.add_argument("--rounds", type=int, default=21)
    arguments = parser.parse_args()

    ours = run_timing(arguments.timing_binary)
    paragraphs = ours["paragraphs"]
    widths = ours["widths"]
    bench = SkParagraphBench()

    def empty(count):
        for index in range(count):
            pass
    python_loop = median_ns(arguments.rounds, 20000, empty)

    rows = []
    for name, text in sorted(paragraphs.items()):
        def build_layout(count):
            for index in range(count):
                paragraph = bench.build(text)
                paragraph.layout(widths[index % len(widths)])
        # Small batches, many of them: the median skips batches that were descheduled.
        sk_build = median_ns(arguments.rounds * 10, 2, build_layout)

        # A paragraph never seen before each time (a serial number in front), as in a
        # feed: SkParagraph's paragraph cache cannot answer; Fitsize's word cache can.
        variants = [f"{index + 1}. {text}" for index in range(arguments.rounds * 20)]
        counter = [0]

        def build_layout_new_text(count):
            for index in range(count):
                paragraph = bench.build(variants[counter[0]])
                counter[0] += 1
                paragraph.layout(widths[index % len(widths)])
        sk_new = median_ns(arguments.rounds * 10, 2, build_layout_new_text)

        paragraph = bench.build(text)
        paragraph.layout(widths[0])

        def relayout(count):
            for index in range(count):
                paragraph.layout(widths[index % len(widths)])
        sk_relayout = median_ns(arguments.rounds * 10, 20, relayout)

        our_build = ours[f"paragraph.{name}.build_layout"]
        our_new = ours[f"paragraph.{name}.build_layout_new_text"]
        our_build_cold = ours[f"paragraph.{name}.build_layout_cold"]
        our_relayout = ours[f"paragraph.{name}.relayout"]
        rows.append((name, len(text), sk_new, our_new, sk_build, our_build, our_build_cold, sk_relayout, our_relayout))

    print(f"Median ns per operation; font size {FONT_SIZE}, widths {widths}; "
          f"an empty Python loop iteration costs {python_loop:.0f} ns")
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores" + (" (busy machine: numbers are noisy)" if load > 1.5 else ""))
    print()
    print("Build + layout of a new paragraph (known words, new text each time; target >= 5x):")
    print(f"  {'paragraph':10} {'chars':>5} {'SkParagraph':>12} {'Fitsize':>9} {'ratio':>7} "
          f"{'Fitsize, empty cache':>21} {'ratio':>7}")
    for name, chars, sk_new, our_new, sk_build, our_build, our_cold, sk_relayout, our_relayout in rows:
        print(f"  {name:10} {chars:5d} {sk_new:12.0f} {our_new:9.0f} {sk_new / our_new:6.1f}x "
              f"{our_cold:21.0f} {sk_new / our_cold:6.1f}x")
    print("Build + layout of the same paragraph again (SkParagraph's paragraph cache answers):")
    for name, chars, sk_new, our_new, sk_build, our_build, our_cold, sk_relayout, our_relayout in rows:
        print(f"  {name:10} {chars:5d} {sk_build:12.0f} {our_build:9.0f} {sk_build / our_build:6.1f}x")
    print("Re-layout of a built paragraph at a new width (target >= 10x):")
    for name, chars, sk_new, our_new, sk_build, our_build, our_cold, sk_relayout, our_relayout in rows:
        print(f"  {name:10} {chars:5d} {sk_relayout:12.0f} {our_relayout:9.0f} {sk_relayout / our_relayout:6.1f}x")


if __name__ == "__main__":
    main()
