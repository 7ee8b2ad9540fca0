#!/usr/bin/env python3
"""Cell sizing throughput of `fitsize cells` on the examples' templates.

Sizes N generated items at a width and reports cells per second: the median of several
whole-process runs, template parsing and start-up included.
- `--example feed` (default): Examples/feed, the LayoutKit feed cell of the cell-sizing
  benchmarks (five parts, eight texts, a headline of up to three lines).
- `--example posts`: Examples/posts, a social post with stacks, buttons and an optional photo
  (bodies of 1 to 6 sentences).

    nice swift build -c release --product fitsize
    python3 Benchmarks/compare/cli_cells.py [--example feed|posts] [--items 20000] [--runs 5] [--width 375]
        [--widths 320,375,414] [--write-items FILE] [--jsonl] [--timeline]

With --widths the tool also sizes every item at those widths in one pass, in runs alternating
with the one-width runs, and the report gives what each extra width costs. --write-items saves
the generated items (for the library's side of the comparison, `cellsizing-timing --items`)
and exits. --jsonl prints lines of the harness protocol (for compare/run). --timeline runs the
tool once at --width (and once at --widths) while reading its threads' CPU time every 10 ms,
and prints each thread's CPU seconds and the cores its threads kept busy in each tenth of a
second: where a run leaves a core idle (start-up, the end, waits between blocks), on a machine
with no other work.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

from cli_batch import ROOT, load_average, time_command
from jvm_threads import TICKS, ThreadCPU, busy_cores

WORDS = ("layout constraint label cell height width text font line wrap solver view stack "
         "button image feed post reply share today photo morning coffee build swift linux "
         "server measure glyph baseline margin priority").split()


def make_feed_items(count, seed=20261121):
    rng = random.Random(seed)

    def words(low, high):
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high))).capitalize()

    return [{
        "id": f"post-{index}", "actionText": words(2, 4), "posterName": words(2, 3),
        "posterHeadline": words(3, 30), "posterTimestamp": f"{rng.randint(1, 59)} min ago",
        "posterComment": words(2, 10), "contentTitle": words(2, 8), "contentDomain": rng.choice(WORDS) + ".example.com",
        "actorComment": words(2, 10),
    } for index in range(count)]


def make_post_items(count, seed=20261121):
    rng = random.Random(seed)
    items = []
    for index in range(count):
        sentences = []
        for _ in range(rng.randint(1, 6)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(4, 14))]
            sentences.append(" ".join(words).capitalize() + ".")
        item = {
            "id": f"post-{index}",
            "author": " ".join(rng.choice(WORDS).capitalize() for _ in range(2)),
            "handle": rng.choice(WORDS) + str(rng.randint(1, 999)),
            "time": f"{rng.randint(1, 59)}m",
            "body": " ".join(sentences),
            "replies": rng.randint(0, 99), "reposts": rng.randint(0, 999), "likes": rng.randint(0, 9999),
        }
        if rng.random() < 0.3:
            item["photo"] = {"height": rng.choice([120, 180, 240])}
        items.append(item)
    return items


def timeline(command, text, interval=0.1):
    """Runs `command` once on `text`, its threads sampled every 10 ms, and prints where its CPU
    time went over the run."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as items:
        items.write(text)
        items.seek(0)
        process = subprocess.Popen(command, stdin=items, stdout=subprocess.DEVNULL)
        threads = ThreadCPU(process.pid)
        process.returncode = threads.follow(interval=0.01)
    if process.returncode != 0:
        sys.exit(f"cli_cells: {' '.join(command)} exited with status {process.returncode}")
    cores = busy_cores(threads.readings, interval)
    cpu = sum(ticks for _, ticks in threads.threads.values()) / TICKS
    wall = threads.readings[-1][0] if threads.readings else 0
    count = os.cpu_count()
    short = [index for index, busy in enumerate(cores[:-1]) if busy < count - 0.5]
    print(f"{' '.join(command[2:])}: {wall:.2f} s wall, {cpu:.2f} s CPU in its threads "
          f"({threads.total_seconds:.2f} s as reaped), load average before {load_average():.1f}")
    print(f"  cores busy each {interval:g} s: " + " ".join(f"{busy:.1f}" for busy in cores))
    spans = []  # runs of consecutive intervals with a core idle, as [first, last]
    for index in short:
        if spans and spans[-1][1] == index - 1:
            spans[-1][1] = index
        else:
            spans.append([index, index])
    where = ", ".join(f"{first * interval:.1f}-{(last + 1) * interval:.1f}" for first, last in spans[:8])
    print(f"  intervals (the last, partial one aside) with a core idle: {len(short)} of {len(cores) - 1}"
          + (f", at {where}{' …' if len(spans) > 8 else ''} s" if short else ""))
    for tid, (name, ticks) in sorted(threads.threads.items(), key=lambda item: -item[1][1]):
        if ticks:
            print(f"  thread {tid} ({name}): {ticks / TICKS:.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--example", choices=["feed", "posts"], default="feed")
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--width", type=float, default=375)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "fitsize"))
    parser.add_argument("--widths", help="also size at these widths in one pass, separated by commas")
    parser.add_argument("--write-items", help="write the items to this file and exit")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--jsonl", action="store_true",
                        help="print the result as lines of the harness protocol (for compare/run)")
    parser.add_argument("--timeline", action="store_true",
                        help="run once (and once at --widths), printing the cores the threads kept busy over time")
    args = parser.parse_args()

    items = (make_feed_items if args.example == "feed" else make_post_items)(args.items)
    text = "".join(json.dumps(item) + "\n" for item in items)
    if args.write_items:
        with open(args.write_items, "w", encoding="utf-8") as handle:
            handle.write(text)
        return
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} not found: run `swift build -c release --product fitsize` first")
    template = os.path.join(ROOT, "Examples", args.example, "cell.json")
    command = [args.binary, "cells", "--template", template, "--width", f"{args.width:g}"]
    if args.timeline:
        timeline(command, text)
        if args.widths:
            timeline([args.binary, "cells", "--template", template, "--width", args.widths], text)
        return
    load_before = load_average()
    if args.widths:
        # One-width and several-width runs alternate, so that both see the same machine.
        several = [args.binary, "cells", "--template", template, "--width", args.widths]
        count = len(args.widths.split(","))
        seconds, cpu, several_seconds = [], [], []
        for _ in range(args.runs):
            wall, used = time_command(command, text, 1, expected_lines=len(items))
            seconds += wall
            cpu += used
            several_seconds += time_command(several, text, 1, expected_lines=count * len(items))[0]
    else:
        seconds, cpu = time_command(command, text, args.runs, expected_lines=len(items))
    if args.jsonl:
        n = len(items)
        median = statistics.median(seconds)
        print(json.dumps({"suite": "feed", "scenario": "cli.cells", "n": n, "implementation": "fitsize",
                          "median_ns": median * 1e9 / n, "samples": args.runs, "unit": "item",
                          "note": f"{n / median:,.0f} items/s (median run), {n / min(seconds):,.0f} (best run), "
                                  f"{statistics.median(cpu) * 1e6 / n:.1f} µs of CPU time an item, on {os.cpu_count()} cores"}))
        if args.widths:
            several_median = statistics.median(several_seconds)
            extra = (several_median / median - 1) / (count - 1)
            for implementation, value in (("fitsize", several_median), ("one width", median)):
                print(json.dumps({"suite": "feed", "scenario": "cli.cells-widths", "n": n,
                                  "implementation": implementation, "median_ns": value * 1e9 / n,
                                  "samples": args.runs, "unit": "item",
                                  "note": f"--width {args.widths}: each extra width costs {extra:.0%} of the first"
                                  if implementation == "fitsize" else f"--width {args.width:g}"}))
        return
    median = statistics.median(seconds)
    cpu_median = statistics.median(cpu)
    cores = os.cpu_count()
    result = {
        "example": args.example, "items": len(items), "runs": args.runs, "cores": cores,
        "load_average_before": load_before,
        "command": " ".join(command) + " < items.jsonl > /dev/null",
        "median_seconds": median, "cells_per_second_median": len(items) / median,
        "cells_per_second_best": len(items) / min(seconds),
        "median_cpu_seconds": cpu_median, "cells_per_cpu_second": len(items) / cpu_median,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"fitsize cells: {len(items)} {args.example} cells at width {args.width:g}, {args.runs} runs on {cores} cores "
              f"(load average before: {load_before:.1f})")
        print(f"  wall: median {median:.3f} s  ->  {result['cells_per_second_median']:,.0f} cells/s "
              f"(best {result['cells_per_second_best']:,.0f} cells/s)")
        print(f"  cpu:  median {cpu_median:.3f} s  ->  {result['cells_per_cpu_second']:,.0f} cells per CPU second")


if __name__ == "__main__":
    main()
