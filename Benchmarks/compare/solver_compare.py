#!/usr/bin/env python3
"""Runs the solver scenarios (a)-(e) in Fitsize's ConstraintSolver and in kiwisolver, in the
same run and alternately, and prints medians and ratios against the issue's targets.

    cd Benchmarks && swift build -c release --product solver-timing
    compare/.venv/bin/python compare/solver_compare.py [--rounds 5] [--repetitions 5]

The Swift side is `solver-timing` (Support/SolverTiming), which prints one JSON line per
scenario phase. The kiwisolver side below builds the same constraints in the same order.
Priorities map to kiwisolver strengths as plain numbers (250 -> 250.0), with edit variables
at 'strong'; kiwisolver folds them into one weighted sum, so where strict levels and
weighted sums disagree the two solvers reach different (but both valid) solutions.
"""
import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import kiwisolver as kiwi

HERE = Path(__file__).resolve().parent
TIMING = HERE.parent / ".build" / "release" / "solver-timing"
EDIT = "strong"
MASK = (1 << 64) - 1


class ScenarioRandom:
    """SplitMix64, bit for bit the same as ScenarioRandom in Support/SolverScenarios."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self, low, high):
        return low + (high - low) * ((self.next() >> 11) * 2.0**-53)

    def below(self, bound):
        return self.next() % bound


# (a) -------------------------------------------------------------------------------------

WINDOW_SIZES = [(400, 300), (640, 480), (800, 600), (320, 480), (1024, 768), (200, 150)]


def form_build():
    s = kiwi.Solver()
    count = 0

    def add(c, strength="required"):
        nonlocal count
        s.addConstraint(c | strength)
        count += 1

    V = kiwi.Variable
    left, top, width, height = V("left"), V("top"), V("width"), V("height")
    cl, ct, cr, cb = V("contentLeft"), V("contentTop"), V("contentRight"), V("contentBottom")
    split, row1, row2 = V("split"), V("row1.top"), V("row2.top")
    tops = [ct, row1, row2]
    labels = [(V(), V(), V(), V(), [60, 90, 75][r], 21) for r in range(3)]
    fields = [(V(), V(), V(), V(), 150, 24) for r in range(3)]

    add(left == 0); add(top == 0); add(width >= 200); add(height >= 150)
    add(cl == left + 10); add(ct == top + 10)
    add(cr == left + width - 10); add(cb == top + height - 10)
    add(cr - cl >= 100); add(cb - ct >= 100)
    for (l, t, w, h, pw, ph) in labels + fields:
        add(w >= 0); add(h >= 0); add(l >= cl); add(l + w <= cr); add(t >= ct); add(t + h <= cb)
        add(w >= pw, 750); add(w <= pw, 250); add(h >= ph, 750); add(h <= ph, 250)
    for r in range(3):
        add(labels[r][1] == tops[r]); add(fields[r][1] == tops[r])
        add(labels[r][3] == fields[r][3], 500)
        add(labels[r][1] + labels[r][3] * 0.5 == fields[r][1] + fields[r][3] * 0.5, 750)
    for r in range(2):
        add(tops[r + 1] >= labels[r][1] + labels[r][3] + 8)
        add(tops[r + 1] >= fields[r][1] + fields[r][3] + 8)
    add(tops[1] == tops[0] + 40, 250); add(tops[2] == tops[1] + 40, 250)
    add(ct <= row1); add(row1 <= row2); add(cb == row2 + 40, 250)
    for r in range(3):
        add(labels[r][0] == cl); add(labels[r][0] + labels[r][2] + 8 <= split)
        add(fields[r][0] == split); add(fields[r][0] + fields[r][2] == cr)
    add(split == cl + 100, 250); add(split <= cr - 100)
    add(split >= cl + 60); add(cr - split >= 150, 500)
    add(fields[0][2] == fields[1][2]); add(fields[1][2] == fields[2][2])
    add(labels[0][2] == labels[1][2], 500); add(labels[1][2] == labels[2][2], 500)
    s.addEditVariable(width, EDIT)
    s.addEditVariable(height, EDIT)
    assert count == 111, count
    return s, width, height


def form_resize(form):
    s, width, height = form
    for w, h in WINDOW_SIZES:
        s.suggestValue(width, w)
        s.suggestValue(height, h)
        s.updateVariables()


# (b) -------------------------------------------------------------------------------------

CONTAINER_WIDTHS = [1000, 60, 400]


def siblings_build(n, suggesting_first=None):
    s = kiwi.Solver()
    W = kiwi.Variable("W")
    s.addEditVariable(W, EDIT)
    if suggesting_first is not None:
        s.suggestValue(W, suggesting_first)
    for i in range(n):
        x, w = kiwi.Variable(f"x{i}"), kiwi.Variable(f"w{i}")
        s.addConstraint(x == 8)
        s.addConstraint(x + w <= W)
        s.addConstraint(w >= 0)
        s.addConstraint((w <= 100) | 250)
        s.addConstraint((w >= 100) | 750)
    return s, W


def siblings_resize(built):
    s, W = built
    for width in CONTAINER_WIDTHS:
        s.suggestValue(W, width)
        s.updateVariables()


# (c) -------------------------------------------------------------------------------------


def chain_build(n):
    s = kiwi.Solver()
    xs, ws, links = [], [], []
    for i in range(n):
        x, w = kiwi.Variable(f"x{i}"), kiwi.Variable(f"w{i}")
        s.addConstraint(w >= 0)
        s.addConstraint((w <= 100) | 250)
        s.addConstraint((w >= 100) | 750)
        link = (x == 8) if i == 0 else (x == xs[-1] + ws[-1] + 8)
        s.addConstraint(link)
        xs.append(x); ws.append(w); links.append(link)
    s.addConstraint((xs[-1] + ws[-1] + 8 <= 1000) | 500)
    s.updateVariables()
    return s, links[len(links) // 2]


def chain_remove(built):
    s, link = built
    s.removeConstraint(link)
    s.updateVariables()


def chain_readd(built):
    s, link = built
    s.addConstraint(link)
    s.updateVariables()


# (e) -------------------------------------------------------------------------------------

CELL_WIDTH, TITLE_HEIGHT, WRAPPED_TITLE_HEIGHT = 375, 20, 40
# Runs per repetition of (e), whose runs are short (CellSystemScenario.repetitionFactor).
CELL_REPETITION_FACTOR = 10


def cell_solve():
    """The 40 constraints of CellSystemScenario in the same order, the edit width, one
    suggestion and the solution read back."""
    s = kiwi.Solver()
    count = 0

    def add(c, strength="required"):
        nonlocal count
        c = c | strength
        s.addConstraint(c)
        count += 1
        return c

    V = kiwi.Variable
    width, height = V("width"), V("height")
    il, it, iw, ih = V(), V(), V(), V()
    tl, tt, tw, th = V(), V(), V(), V()
    sl, st, sw, sh = V(), V(), V(), V()
    bl, bt, bw, bh = V(), V(), V(), V()
    kl, kt, kw, kh = V(), V(), V(), V()

    add(il == 16); add(it == 12); add(iw == 60); add(ih == 60)
    add(tl == il + iw + 12); add(tt == 12); add(tl + tw <= kl - 8); add(tw >= 0)
    add(tw <= 220, 250); add(tw >= 220, 750)
    title_height = add(th == TITLE_HEIGHT)
    add(sl == tl); add(st == tt + th + 4); add(sl + sw <= width - 16)
    add(sw <= 180, 250); add(sw >= 180, 750); add(sh == 17)
    add(bl == tl); add(bt == st + sh + 6); add(bl + bw == width - 16)
    add(bh >= 40); add(bh == 60, 750); add(bw >= 0)
    add(kl + kw == width - 16); add(kt == tt); add(kw >= 44)
    add(kw <= 64, 250); add(kw >= 64, 750); add(kh == 28); add(kh >= 20)
    add(height >= it + ih + 12); add(height >= bt + bh + 12); add(height == 0, 250); add(width >= 200)
    add(kl >= tl + 40); add(tt + th <= st); add(st + sh <= bt); add(it + ih <= height - 12)
    add(bw >= 100, 750); add(tw == sw, 250)
    assert count == 40, count
    s.addEditVariable(width, EDIT)
    s.suggestValue(width, CELL_WIDTH)
    s.updateVariables()
    return s, th, title_height


def cell_change(cell):
    """The title wraps. kiwisolver has no change of constant in place: the constraint is
    removed and its replacement added, as its users do."""
    s, th, title_height = cell
    s.removeConstraint(title_height)
    s.addConstraint(th == WRAPPED_TITLE_HEIGHT)
    s.updateVariables()


# (d) -------------------------------------------------------------------------------------


def add_delete_isolated():
    """add_delete() in a child process, since kiwisolver aborts the whole process on (d): the
    phases that finished, the rejected count, and why the child died if it did."""
    child = subprocess.run([sys.executable, __file__, "--kiwi-add-delete"], capture_output=True, text=True)
    lines = [json.loads(line) for line in child.stdout.splitlines() if line.startswith("{")]
    last = lines[-1] if lines else {"times": {}, "rejected": 0, "failure": None}
    times, rejected, failure = last["times"], last["rejected"], last["failure"]
    if child.returncode != 0:
        message = " ".join(line.strip() for line in child.stderr.strip().splitlines()[-2:])
        failure = f"the process died (exit {child.returncode}) after {', '.join(times) or 'no phase'}: {message}"
    return times, rejected, failure


def progress(times, rejected):
    """In the child process, reports each finished phase before kiwisolver can abort."""
    print(json.dumps({"times": times, "rejected": rejected, "failure": None}), flush=True)


def add_delete():
    """Returns phase timings in ms, or the phase where kiwisolver gave up and why."""
    random = ScenarioRandom(42)
    s = kiwi.Solver()
    xs = [kiwi.Variable(f"x{i}") for i in range(900)]
    added, rejected, times = [], 0, {}
    start = time.perf_counter()
    try:
        for x in xs:
            c = (x == random.uniform(0, 100)) | "weak"
            s.addConstraint(c)
            added.append(c)
        for _ in range(900):
            terms = 1 + random.below(3)
            expr = random.uniform(-20, 20)
            for _ in range(terms):
                v = xs[random.below(900)]
                expr = expr + random.uniform(-5, 5) * v
            c = (expr >= 0) if random.uniform(0, 1) < 0.12 else (expr == 0)
            try:
                s.addConstraint(c)
                added.append(c)
            except kiwi.UnsatisfiableConstraint:
                rejected += 1
        times["add"] = (time.perf_counter() - start) * 1e3
        progress(times, rejected)
        phase = "resolve"
        start = time.perf_counter()
        s.addEditVariable(xs[0], EDIT)
        s.addEditVariable(xs[1], EDIT)
        for _ in range(10_000):
            s.suggestValue(xs[0], random.uniform(0, 100))
            s.suggestValue(xs[1], random.uniform(0, 100))
            s.updateVariables()
        s.removeEditVariable(xs[0])
        s.removeEditVariable(xs[1])
        times["resolve"] = (time.perf_counter() - start) * 1e3
        progress(times, rejected)
        phase = "remove"
        start = time.perf_counter()
        for c in added:
            s.removeConstraint(c)
        times["remove"] = (time.perf_counter() - start) * 1e3
    except Exception as error:  # kiwisolver's internal errors abort the run
        return times, rejected, f"{type(error).__name__}: {error}"
    return times, rejected, None


# Harness ---------------------------------------------------------------------------------


def timed(fn, *args):
    start = time.perf_counter()
    result = fn(*args)
    return (time.perf_counter() - start) * 1e3, result


def kiwi_round(scenarios, sizes, repetitions):
    samples = {}

    def note(key, ms):
        samples.setdefault(key, []).append(ms)

    for _ in range(repetitions):
        if "a" in scenarios:
            ms, form = timed(form_build); note(("a", None, "build"), ms)
            ms, _ = timed(form_resize, form); note(("a", None, "resize"), ms)
        for n in sizes if "b" in scenarios else []:
            ms, built = timed(siblings_build, n); note(("b", n, "build"), ms)
            ms, _ = timed(siblings_resize, built); note(("b", n, "resize"), ms)
            # Built after the other layout is freed, as that one was built after the last.
            del built
            ms, _ = timed(siblings_build, n, CONTAINER_WIDTHS[0]); note(("b", n, "build_width_first"), ms)
        for n in sizes if "c" in scenarios else []:
            ms, built = timed(chain_build, n); note(("c", n, "build"), ms)
            ms, _ = timed(chain_remove, built); note(("c", n, "remove"), ms)
            ms, _ = timed(chain_readd, built); note(("c", n, "readd"), ms)
    for _ in range(repetitions * CELL_REPETITION_FACTOR if "e" in scenarios else 0):
        ms, cell = timed(cell_solve); note(("e", None, "solve"), ms)
        ms, _ = timed(cell_change, cell); note(("e", None, "change"), ms)
    return {key: statistics.median(values) for key, values in samples.items()}


def swift_round(scenarios, sizes, repetitions):
    command = [str(TIMING), "--repetitions", str(repetitions), "--sizes", ",".join(map(str, sizes))]
    output = subprocess.run(command + sorted(scenarios), check=True, capture_output=True, text=True).stdout
    medians = {}
    for line in output.splitlines():
        record = json.loads(line)
        scenario, phase = record["scenario"].split(".")
        medians[(scenario, record["n"], phase)] = record["median_ns"] / 1e6
    return medians


def kiwi_records(scenarios, sizes, repetitions):
    """kiwisolver's side alone, as lines of the harness protocol (compare/README.md)."""
    for (scenario, n, phase), ms in kiwi_round(set(scenarios) - {"d"}, sizes, repetitions).items():
        samples = repetitions * CELL_REPETITION_FACTOR if scenario == "e" else repetitions
        print(json.dumps({"suite": "solver", "scenario": f"{scenario}.{phase}", "n": n,
                          "implementation": "kiwisolver", "median_ns": ms * 1e6,
                          "samples": samples, "unit": "run"}))
    if "d" in scenarios:
        times, rejected, failure = add_delete_isolated()
        for phase in ["add", "resolve", "remove"]:
            record = {"suite": "solver", "scenario": f"d.{phase}", "n": None,
                      "implementation": "kiwisolver", "samples": 1, "unit": "run",
                      "note": f"{rejected} constraints rejected as unsatisfiable"}
            if phase in times:
                record["median_ns"] = times[phase] * 1e6
            else:
                # kiwisolver giving up is this scenario's expected result, not a harness failure.
                record["median_ns"] = None
                record["aborted"] = failure or "an earlier phase aborted"
            print(json.dumps(record))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="alternating Swift/kiwi rounds")
    parser.add_argument("--repetitions", type=int, default=3, help="runs per scenario per round")
    parser.add_argument("--sizes", default="100,1000,2000", help="n for (b) and (c), Fitsize")
    parser.add_argument("--kiwi-sizes", default="100,1000",
                        help="n for (b) and (c), kiwisolver (its chain re-add takes seconds at 2000)")
    parser.add_argument("--jsonl", action="store_true",
                        help="run kiwisolver only, at --sizes, and print harness protocol lines (for compare/run)")
    parser.add_argument("scenarios", nargs="*", default=["a", "b", "c", "d", "e"])
    parser.add_argument("--kiwi-add-delete", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.kiwi_add_delete:
        # Run in a child process: kiwisolver aborts the whole process on (d).
        times, rejected, failure = add_delete()
        print(json.dumps({"times": times, "rejected": rejected, "failure": failure}), flush=True)
        return
    sizes = [int(n) for n in args.sizes.split(",")]
    kiwi_sizes = [int(n) for n in args.kiwi_sizes.split(",")]
    if args.jsonl:
        kiwi_records(args.scenarios, sizes, args.repetitions)
        return
    fast = set(args.scenarios) - {"d"}
    if not TIMING.exists():
        sys.exit(f"build the timing tool first: (cd Benchmarks && swift build -c release --product solver-timing)")

    swift, kiwis = {}, {}
    for _ in range(args.rounds if fast else 0):
        for key, ms in swift_round(fast, sizes, args.repetitions).items():
            swift.setdefault(key, []).append(ms)
        for key, ms in kiwi_round(fast, kiwi_sizes, args.repetitions).items():
            kiwis.setdefault(key, []).append(ms)

    print(f"kiwisolver {kiwi.__version__}; medians of {args.rounds} alternating rounds x {args.repetitions} runs (ms)")
    print(f"{'scenario':<10} {'n':>5} {'phase':<8} {'Fitsize':>10} {'kiwi':>10} {'kiwi/Fitsize':>13}")
    rows = {}
    for key in sorted(swift, key=lambda k: (k[0], k[1] or 0, k[2])):
        ours = statistics.median(swift[key])
        theirs = statistics.median(kiwis[key]) if key in kiwis else float("nan")
        rows[key] = (ours, theirs)
        scenario, n, phase = key
        ratio = f"{theirs / ours:>12.1f}x" if key in kiwis else f"{'-':>13}"
        print(f"{scenario:<10} {n or '':>5} {phase:<8} {ours:>10.3f} {theirs:>10.3f} {ratio}")

    print("\ntargets")

    def target(label, ok, detail):
        print(f"  [{'met' if ok else 'NOT MET'}] {label}: {detail}")

    for scenario, phase in [("b", "build"), ("b", "build_width_first"), ("c", "build"), ("c", "remove")]:
        key = (scenario, 1000, phase)
        if key in rows:
            ours, theirs = rows[key]
            target(f"({scenario}) {phase} at n=1000 >= 20x faster than kiwi", theirs / ours >= 20, f"{theirs / ours:.1f}x")
    for phase in ["build", "resize"]:
        key = ("a", None, phase)
        if key in rows:
            ours, theirs = rows[key]
            target(f"(a) {phase} not slower than kiwi", ours <= theirs, f"{theirs / ours:.2f}x")
    for phase in ["solve", "change"]:
        key = ("e", None, phase)
        if key in rows:
            ours, theirs = rows[key]
            target(f"(e) {phase} >= 3x faster than kiwi", theirs / ours >= 3, f"{theirs / ours:.2f}x")
    for scenario, phases in [("b", ["build", "resize"]), ("c", ["build", "remove", "readd"])]:
        for phase in phases:
            small, large = (scenario, 1000, phase), (scenario, 2000, phase)
            if small in rows and large in rows:
                growth = rows[large][0] / rows[small][0]
                target(f"({scenario}) {phase} growth 1000->2000 <= 2.3x", growth <= 2.3, f"{growth:.2f}x")

    if "d" in args.scenarios:
        output = subprocess.run([str(TIMING), "--repetitions", "1", "d"], check=True, capture_output=True, text=True).stdout
        ours = {json.loads(line)["scenario"].split(".")[1]: json.loads(line) for line in output.splitlines()}
        theirs, kiwi_rejected, failure = add_delete_isolated()
        print("\n(d) add/delete, one run each (ms)")
        for phase in ["add", "resolve", "remove"]:
            print(f"  {phase:<8} Fitsize {ours[phase]['median_ns'] / 1e6:>10.1f}   kiwi {theirs.get(phase, float('nan')):>10.1f}")
        print(f"  Fitsize: {ours['add']['note']}; kiwi: {kiwi_rejected} rejected")
        target("(d) runs to the end", True, "Fitsize completed every phase")
        print(f"  kiwisolver: {'aborted with ' + failure if failure else 'completed'}")


if __name__ == "__main__":
    main()
