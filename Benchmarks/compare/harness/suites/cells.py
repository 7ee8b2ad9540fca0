"""Issue 7: the constraint feed cell against the manual-layout baseline at each N, cached
lookups, re-sizing after a width change, and parallel against serial sizing."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Absolute, Ratio


def steps(context):
    mode = context.mode
    rounds = {"ci": 1, "quick": 3, "full": 7}[mode.name]
    return [Step("fitsize", [os.path.join(context.binaries, "cellsizing-timing"), "--jsonl",
                             "--rounds", str(rounds), "--sizes", ",".join(map(str, mode.cell_sizes))])]


def expectations(context):
    sizes = tuple(context.mode.cell_sizes)
    largest = (sizes[-1],)
    return [
        Expectation("feed.cold", sizes, ("fitsize", "manual")),
        Expectation("feed.cold-text", sizes, ("fitsize", "manual")),
        Expectation("lookup.cached", largest, ("fitsize",)),
        Expectation("width-change", largest, ("fitsize",)),
        Expectation("width-switch-back", largest, ("fitsize",)),
        Expectation("parallel", largest, ("fitsize", "serial")),
        Expectation("list.row-at-offset", largest, ("fitsize",)),
        Expectation("list.offset-of-row", largest, ("fitsize",)),
    ]


def targets(context):
    sizes = context.mode.cell_sizes
    return [Ratio(f"Feed cell at N = {n:,}: constraint cell at most 1.5× the manual baseline", "feed.cold", n,
                  "manual", 1.5) for n in sizes] + [
        Absolute("A cached height lookup: at most 100 ns", "lookup.cached", sizes[-1], 100),
        Ratio(f"Parallel sizing on 2 cores (N = {sizes[-1]:,}): at least 1.7× faster than serial",
              "parallel", sizes[-1], "serial", 1 / 1.7),
    ]


SUITE = Suite(
    name="cells", title="Cell sizing: the constraint feed cell vs manual layout", issue=7,
    summary=("N feed items at width 375. `feed.cold`: time per cell with the constraint feed cell (CellSizer, "
             "empty height cache) and with the same cell laid out by frame arithmetic over the same Typesetting "
             "calls (`manual`); `feed.cold-text` also empties the text engine's segment cache, so every word is "
             "shaped again. At the largest N: a cached height lookup; re-sizing every item after a width change "
             "(375 → 320) and switching back; sizing the batch on all cores (`fitsize`) against one thread "
             "(`serial`), both with the items' numbers as `Int` keys; ListLayout's offset queries. The constraint "
             "and manual rounds alternate, and so do the serial and parallel rounds (the note gives the median of "
             "each parallel round's ratio to the serial round before it); small N take more rounds (each size's "
             "median rests on about as many cells). In full mode the tool runs five "
             "times, each a new process, and the report takes the median of the five medians: on this virtual "
             "machine one process's medians move by up to a fifth from the next's (parallel sizing read "
             "1.4–2.1× serial across processes), more than between rounds of one process."),
    products=["cellsizing-timing"], steps=steps, expectations=expectations, targets=targets,
    own_runs=lambda context: 5 if context.mode.name == "full" else 1,
    charts=[("cells", "Feed cell: time per cell against N", ["feed.cold", "feed.cold-text"])],
    peers_note="manual: the same feed cell computed with plain frame arithmetic over the same text measurement.",
)
