#!/usr/bin/env python3
"""The peer of the many-views suite (issue 18, target 5): kiwisolver builds and solves the
constraint system that Fitsize's engine makes for one cell of N one-line labels, as a vertical
stack view and as an anchor chain, sized at width 375 with the height aimed at 0.

    compare/.venv/bin/python compare/many_views.py --sizes 1000,2000 [--rounds 3] [--jsonl]

Per label: x, y, width, height; hugging (250) and compression resistance (750) on both axes at
the label's intrinsic size (kiwisolver measures no text, so the sizes are given: 21 points tall,
a width that grows with the label's number). The cell: its width required at 375, 8-point
margins, its height aimed at 0 at the fitting level (50). The stack adds what StackView makes
for a vertical fill/fill stack: each label to both edges across, the first to the top and the
last to the bottom, 4-point spacing, length >= 0 (required) and the fill order `w × length <= 0`
at 249.5 with w = 1 + (i + 1) / N. The chain: l0.top to the top margin, each label 4 points
under the one before, the last to the bottom margin. Priorities map to kiwisolver strengths as
weights a thousand apart (750 -> strong, 250 -> medium, 249.5 -> medium less a little, 50 ->
weak): kiwisolver folds them into one weighted sum where Fitsize keeps strict levels. Each time
is one build and solve, with the solved height checked against 8 + N × 21 + (N − 1) × 4 + 8.
"""
import argparse
import json
import statistics
import time

import kiwisolver as kiwi

WIDTH = 375.0
MARGIN = 8.0
SPACING = 4.0
LABEL_HEIGHT = 21.0
STRONG = kiwi.strength.create(1, 0, 0)
MEDIUM = kiwi.strength.create(0, 1, 0)
FILL_ORDER = kiwi.strength.create(0, 0.998, 0)
FITTING = kiwi.strength.create(0, 0, 1)


def label_width(index):
    return 110.0 + 8.0 * len(str(index))


def build(shape, n):
    """Builds and solves one cell; returns its height."""
    solver = kiwi.Solver()
    add = solver.addConstraint
    cell_x, cell_y, cell_w, cell_h = (kiwi.Variable(name) for name in ("cell.x", "cell.y", "cell.w", "cell.h"))
    add(cell_x == 0)
    add(cell_y == 0)
    add(cell_w == WIDTH)
    top, left = cell_y + MARGIN, cell_x + MARGIN
    right, bottom = cell_x + cell_w - MARGIN, cell_y + cell_h - MARGIN
    labels = []
    for index in range(n):
        x, y, w, h = (kiwi.Variable(f"l{index}.{part}") for part in "xywh")
        labels.append((x, y, w, h))
        intrinsic = label_width(index)
        add((w <= intrinsic) | MEDIUM)
        add((w >= intrinsic) | STRONG)
        add((h <= LABEL_HEIGHT) | MEDIUM)
        add((h >= LABEL_HEIGHT) | STRONG)
    if shape == "stack":
        sx, sy, sw, sh = (kiwi.Variable(name) for name in ("s.x", "s.y", "s.w", "s.h"))
        add(sx == left)
        add(sy == top)
        add(sx + sw == right)
        add(sy + sh == bottom)
        add(labels[0][1] == sy)
        add(sy + sh == labels[-1][1] + labels[-1][3])
        for (_, y0, _, h0), (_, y1, _, _) in zip(labels, labels[1:]):
            add(y1 == y0 + h0 + SPACING)
        for index, (x, _, w, h) in enumerate(labels):
            add(h >= 0)
            add((h * (1 + (index + 1) / n) <= 0) | FILL_ORDER)
            add(x == sx)
            add(sx + sw == x + w)
    else:
        add(labels[0][1] == top)
        for (_, y0, _, h0), (_, y1, _, _) in zip(labels, labels[1:]):
            add(y1 == y0 + h0 + SPACING)
        add(labels[-1][1] + labels[-1][3] == bottom)
    # The fitting target last, as the engine adds it after the cell's own constraints.
    add((cell_h == 0) | FITTING)
    solver.updateVariables()
    return cell_h.value()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,2000", help="label counts, separated by commas")
    parser.add_argument("--rounds", type=int, default=3, help="builds per shape and size")
    parser.add_argument("--jsonl", action="store_true", help="print harness protocol records")
    args = parser.parse_args()
    for n in (int(size) for size in args.sizes.split(",")):
        expected = 2 * MARGIN + n * LABEL_HEIGHT + (n - 1) * SPACING
        for shape in ("stack", "chain"):
            samples = []
            for _ in range(max(1, args.rounds)):
                start = time.perf_counter_ns()
                height = build(shape, n)
                samples.append(time.perf_counter_ns() - start)
                if abs(height - expected) > 1e-6 * expected:
                    raise SystemExit(f"many_views.py: {shape} of {n}: height {height}, expected {expected}")
            median = statistics.median(samples)
            if args.jsonl:
                print(json.dumps({"suite": "manyviews", "scenario": f"many.{shape}", "n": n,
                                  "implementation": "kiwisolver", "median_ns": median,
                                  "samples": len(samples), "unit": "cell"}), flush=True)
            else:
                print(f"{shape:5} n={n:6}: {median / 1e6:9.1f} ms")


if __name__ == "__main__":
    main()
