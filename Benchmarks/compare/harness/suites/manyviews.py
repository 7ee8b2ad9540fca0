"""Issue 18, target 5: one cell of N one-line labels, in a vertical stack view and in an anchor
chain, sized once by a new CellSizer; kiwisolver builds and solves the same constraint system."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Absolute, Growth, MemoryAtMost

SHAPES = ("stack", "chain")


def peer_sizes(context):
    # kiwisolver's rows grow with the chain (about 5 s at N = 1000), so it stops early.
    return {"ci": (100,), "quick": (100, 400), "full": (100, 400, 1000)}[context.mode.name]


def sizes(context):
    """Fitsize's sizes: the peer's, then the target's doublings and 10,000."""
    own = {"ci": (100, 200), "quick": (1000, 2000, 4000, 10_000),
           "full": (1000, 2000, 4000, 8000, 10_000, 16_000)}[context.mode.name]
    return tuple(sorted(set(peer_sizes(context)) | set(own)))


def steps(context):
    rounds = {"ci": 1, "quick": 3, "full": 5}[context.mode.name]
    return [
        Step("fitsize", [os.path.join(context.binaries, "cellsizing-timing"), "--jsonl", "--rounds", str(rounds),
                         "--many-views", ",".join(map(str, sizes(context)))]),
        Step("kiwisolver", [context.python, os.path.join(context.benchmarks, "compare", "many_views.py"), "--jsonl",
                            "--rounds", "1", "--sizes", ",".join(map(str, peer_sizes(context)))]),
    ]


def expectations(context):
    return [Expectation(f"many.{shape}", sizes(context), ("fitsize", "kiwisolver"), peer_sizes=peer_sizes(context))
            for shape in SHAPES]


def targets(context):
    doublings = [(1000, 2000), (2000, 4000), (4000, 8000), (8000, 16_000)]
    return ([Growth(f"{shape} of labels: growth from N = {a} to {b} at most 2.3×", f"many.{shape}", a, b, 2.3)
             for shape in SHAPES for a, b in doublings]
            + [Growth(f"{shape} of labels: peak memory growth from N = {a} to {b} at most 2.3×", f"many.{shape}",
                      a, b, 2.3, figure="peak_bytes")
               for shape in SHAPES for a, b in doublings]
            + [Absolute(f"{shape} of 10,000 labels sized in under 0.5 s", f"many.{shape}", 10_000, 0.5e9)
               for shape in SHAPES]
            + [MemoryAtMost(f"{shape} of 10,000 labels sized in under 100 MB (peak memory of the process)",
                            f"many.{shape}", 10_000, "peak_bytes", 100e6)
               for shape in SHAPES])


SUITE = Suite(
    name="manyviews", title="Many views in one cell", issue=18,
    summary=("One cell of N one-line labels (\"Label number i hello\", 15 points) at width 375: in a vertical "
             "stack view with spacing 4 pinned to the cell's margins, and in an anchor chain from the top margin "
             "to the bottom margin, 4 points apart (the `fitsize cells` templates of the same shapes). Each time "
             "is a new CellSizer building the cell, filling it and measuring it once, with the sizer's check "
             "that the height does not follow the fitting target (the teardown of the sized cell is not timed); "
             "the note gives the heap the sized cell holds. The memory targets read the peak resident memory of a "
             "new process that sizes the one cell and nothing else (start-up, runtime and fonts included), as a "
             "`fitsize cells` process would hold it: the median over rounds."),
    products=["cellsizing-timing"], steps=steps, expectations=expectations, targets=targets,
    charts=[("many-views", "Many views: one cell of N labels", ["many.stack", "many.chain"])],
    peers_note=("kiwisolver (PyPI) builds and solves the constraints the engine makes for the same cell, the "
                "labels' intrinsic sizes given as numbers; priorities map to strengths a thousand apart "
                "(many_views.py). It stops at N = 1000: its rows grow with the chain."),
)
