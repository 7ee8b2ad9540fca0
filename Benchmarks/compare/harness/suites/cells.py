"""Issue 7: the constraint feed cell against the manual-layout baseline at each N, cached
lookups, re-sizing after a width change, and parallel against serial sizing."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Absolute, Ratio


def steps(context):
    mode = context.mode
    return [Step("fitsize", [os.path.join(context.binaries, "cells-timing"), "--jsonl",
                             "--repetitions", str(mode.repetitions),
                             "--sizes", ",".join(map(str, mode.cell_sizes))])]


def expectations(context):
    sizes = tuple(context.mode.cell_sizes)
    return [
        Expectation("feed.cold", sizes, ("fitsize", "manual")),
        Expectation("lookup.cached", (None,), ("fitsize",)),
        Expectation("width-change", sizes, ("fitsize",)),
        Expectation("parallel", (sizes[-1],), ("fitsize", "serial")),
    ]


def targets_for(sizes):
    return [Ratio(f"Feed cell at N = {n:,}: constraint cell at most 1.5× the manual baseline", "feed.cold", n, "manual", 1.5)
            for n in sizes]


SUITE = Suite(
    name="cells", title="Cell sizing: the constraint feed cell vs manual layout", issue=7,
    summary=("N feed items at width 375: cold time per cell with the constraint feed cell and with the same cell "
             "laid out by frame arithmetic over the same Typesetting calls (`manual`); a cached height lookup; "
             "re-sizing every item after a width change; sizing the batch on all cores (`fitsize`) against one "
             "thread (`serial`)."),
    products=["cells-timing"], steps=steps, expectations=expectations,
    targets=lambda context: targets_for(context.mode.cell_sizes) + [
        Absolute("A cached height lookup: at most 100 ns", "lookup.cached", None, 100),
        Ratio(f"Parallel sizing on all cores: at least 1.7× faster than serial",
              "parallel", context.mode.cell_sizes[-1], "serial", 1 / 1.7),
    ],
    charts=[("cells", "Feed cell: time per cell against N", ["feed.cold"])],
    peers_note="manual: the same feed cell computed with plain frame arithmetic over the same text measurement.",
)
