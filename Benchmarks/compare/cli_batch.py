#!/usr/bin/env python3
"""Batch measurement throughput of the `fitsize` command line tool.

Measures 100,000 short labels (1 to 4 words, like list titles and buttons) read from
standard input, one size per output line, and reports texts per second: the median of
several runs of the whole process, start-up and font loading included.

    nice swift build -c release --product fitsize
    python3 Benchmarks/compare/cli_batch.py [--labels 100000] [--runs 7] [--jobs N] [--json]

Only the standard library is needed. The labels are generated from a fixed seed, so every
run and every machine measures the same input.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

SYLLABLES = ["ka", "lo", "mi", "ne", "ta", "ri", "so", "vu", "pe", "da", "ge", "hi",
             "zo", "bu", "fa", "wy", "qu", "xe", "ch", "st", "an", "or", "el", "in"]
COMMON = ["the", "new", "and", "for", "your", "with", "from", "today", "photo", "video",
          "Settings", "Profile", "Share", "Reply", "Follow", "Message", "Done", "Cancel"]


def make_labels(count, seed=20261121):
    """Short labels: mostly common words with a share of never-seen words, so both the
    shaping cache's hits and its misses are part of the measurement."""
    rng = random.Random(seed)
    labels = []
    for _ in range(count):
        words = []
        for _ in range(rng.randint(1, 4)):
            if rng.random() < 0.6:
                words.append(rng.choice(COMMON))
            else:
                words.append("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
        label = " ".join(words)
        if rng.random() < 0.3:
            label = label.capitalize()
        if rng.random() < 0.2:
            label += " " + str(rng.randint(1, 999))
        labels.append(label)
    return labels


def time_command(command, stdin_text, runs, expected_lines):
    """Wall-clock seconds and CPU seconds (user + system, all threads) of `runs` whole-process
    runs of `command` reading `stdin_text` from a file, output discarded; then one checked
    run that must print `expected_lines` lines. CPU time is the figure to trust on a busy
    machine: wall time then includes waiting for a core."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as handle:
        handle.write(stdin_text)
        input_path = handle.name
    try:
        wall, cpu = [], []
        for _ in range(runs):
            with open(input_path, "rb") as stdin, open(os.devnull, "wb") as stdout:
                start = time.perf_counter()
                process = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL)
                _, status, usage = os.wait4(process.pid, 0)
                wall.append(time.perf_counter() - start)
                cpu.append(usage.ru_utime + usage.ru_stime)
                process.returncode = os.waitstatus_to_exitcode(status)
                if process.returncode != 0:
                    raise subprocess.CalledProcessError(process.returncode, command)
        with open(input_path, "rb") as stdin:
            out = subprocess.run(command, stdin=stdin, capture_output=True, check=True).stdout
        lines = out.decode("utf-8").splitlines()
        assert len(lines) == expected_lines, f"{len(lines)} result lines for {expected_lines} inputs"
    finally:
        os.unlink(input_path)
    return wall, cpu


def load_average():
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--labels", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=None, help="threads (default: the tool's, one per core)")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "fitsize"))
    parser.add_argument("--extra", default="", help="more fitsize options, written --extra=\"--json --width 200\"")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--jsonl", action="store_true",
                        help="print the result as a line of the harness protocol (for compare/run)")
    args = parser.parse_args()

    if not os.access(args.binary, os.X_OK):
        sys.exit(f"{args.binary} not found: run `swift build -c release --product fitsize` first")

    labels = make_labels(args.labels)
    command = [args.binary, "--batch"] + (["--jobs", str(args.jobs)] if args.jobs else []) + args.extra.split()
    load_before = load_average()
    seconds, cpu = time_command(command, "\n".join(labels) + "\n", args.runs, expected_lines=len(labels))
    median = statistics.median(seconds)
    cpu_median = statistics.median(cpu)
    cores = os.cpu_count()
    result = {
        "labels": len(labels),
        "runs": args.runs,
        "command": " ".join(command) + " < labels.txt > /dev/null",
        "cores": cores,
        "load_average_before": load_before,
        "median_seconds": median,
        "min_seconds": min(seconds),
        "texts_per_second_median": len(labels) / median,
        "texts_per_second_best": len(labels) / min(seconds),
        "median_cpu_seconds": cpu_median,
        "texts_per_cpu_second": len(labels) / cpu_median,
    }
    if args.jsonl:
        print(json.dumps({"suite": "cli", "scenario": "batch", "n": len(labels), "implementation": "fitsize",
                          "median_ns": median * 1e9 / len(labels), "samples": args.runs, "unit": "text",
                          "note": f"{result['texts_per_second_median']:,.0f} texts/s (median run), "
                                  f"{result['texts_per_second_best']:,.0f} (best run), on {os.cpu_count()} cores"}))
    elif args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"fitsize --batch: {len(labels)} labels, {args.runs} runs on {cores} cores "
              f"(load average before: {load_before:.1f})")
        print(f"  wall: median {median:.3f} s  ->  {result['texts_per_second_median']:,.0f} texts/s "
              f"(best {result['texts_per_second_best']:,.0f} texts/s)")
        print(f"  cpu:  median {cpu_median:.3f} s  ->  {result['texts_per_cpu_second']:,.0f} texts per CPU second "
              f"(x{cores} cores = {result['texts_per_cpu_second'] * cores:,.0f} texts/s on an idle machine, if it scales)")


if __name__ == "__main__":
    main()
