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
"""
import argparse
import json
import os
import random
import statistics
import sys

from cli_batch import ROOT, load_average, time_command

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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--example", choices=["feed", "posts"], default="feed")
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--width", type=float, default=375)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "fitsize"))
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} not found: run `swift build -c release --product fitsize` first")

    items = (make_feed_items if args.example == "feed" else make_post_items)(args.items)
    template = os.path.join(ROOT, "Examples", args.example, "cell.json")
    command = [args.binary, "cells", "--template", template, "--width", str(args.width)]
    load_before = load_average()
    seconds, cpu = time_command(command, "".join(json.dumps(item) + "\n" for item in items), args.runs,
                                expected_lines=len(items))
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
