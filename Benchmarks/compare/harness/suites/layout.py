"""Issue 4: the layout pass scenarios of the iOS 12 engine work, and their growth with n.
UIKit does not run on Linux, so there is no peer here: the target is the growth itself."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Growth, MemoryAtMost

SCENARIOS = ("row", "deep", "grid", "move", "remove")


# Samples per size. With no peer the suite runs in one round, so the tool itself must make the
# 1000-to-2000 ratio robust: it alternates the sizes sample by sample (a passing load weighs on
# both sides of the ratio alike) and builds a fresh scene for every sample; enough samples make
# the median of a step of a few hundred microseconds (`move`) stable on a shared machine.
REPETITIONS = {"ci": 1, "quick": 11, "full": 31}

# Issue 18, target 4 halves the heap per view each scene held when it was filed: the figures
# autolayout-timing printed at n = 2000 on 265b0c0, the last commit before the issue's work
# (`autolayout-timing --sizes 1000,2000`, "heap bytes per view"). Each scene's figure is read
# from one scenario's records; `move` and `remove` share the card scene.
FILED_HEAP_PER_VIEW = [("`row`", "row", 7560), ("`deep`", "deep", 7763), ("`grid`", "grid", 7271),
                       ("`move`, `remove`", "remove", 7667)]


def steps(context):
    mode = context.mode
    return [Step("fitsize", [os.path.join(context.binaries, "autolayout-timing"),
                             "--repetitions", str(REPETITIONS[mode.name]),
                             "--sizes", ",".join(map(str, mode.layout_sizes))])]


def expectations(context):
    return [Expectation(name, tuple(context.mode.layout_sizes), ("fitsize",)) for name in SCENARIOS]


SUITE = Suite(
    name="layout", title="Layout pass scenarios and their growth", issue=4,
    summary=("The five scenarios of the iOS 12 Auto Layout work at n views: a long row of siblings, a deep "
             "hierarchy, a collection-view-like grid, a subtree moved between parents and the removal of a "
             "subtree. Each time is one measured step (create, activate and first layout pass, or the change "
             "and the layout pass after it) on a scene built for that sample alone, after an untimed step at the "
             "same size and with the allocator's freed blocks merged beforehand (glibc is told to keep freed memory "
             "in the process rather than hand it back to the kernel, or each step would pay page faults for the "
             "scene freed before it: row grew 2.6–2.8× that way, 2.0–2.3× without); the tool takes its samples in rounds that visit every size, so that a load on the machine "
             "weighs on both sides of the growth ratio. Measured with callgrind, `move` costs the same at every n (86.9k "
             "instructions at n = 1000 and 86.3k at 2000): re-parenting reads the constraints installed on the "
             "card's ancestors rather than the card's n views, and the layout pass looks only at the views whose "
             "variables the solver wrote. The other four grow 1.99–2.00× in instructions (remove 44.2M → 88.4M, "
             "grid 228.8M → 457.4M): the work is linear. Their wall-clock growth beyond 2× is memory: last-level "
             "data misses grow 2.4–3.7× as the scene (its heap per view at n = 2000 is in the targets below) "
             "outgrows the 2 MB L2 cache (most of that heap is the solver's), so the ratio moves "
             "by about ±0.3 between runs on a shared machine. (The instruction counts are from before views "
             "stopped carrying weak-reference side tables, which lowered both sizes alike.) In full mode the "
             "tool runs three times, each a new process, and the report takes the median of the three medians."),
    products=["autolayout-timing"], steps=steps, expectations=expectations,
    own_runs=lambda context: 3 if context.mode.name == "full" else 1,
    targets=([Growth(f"`{name}`: growth from n = 1000 to 2000 at most 2.3×", name, 1000, 2000, 2.3) for name in SCENARIOS]
             + [Growth(f"`{name}` (#18): growth from n = 1000 to 2000 at most 2.2×", name, 1000, 2000, 2.2)
                for name in SCENARIOS]
             + [MemoryAtMost(f"{label} (#18): heap per view at n = 2000 at most half of the {bytes:,} bytes when the "
                             f"issue was filed", scenario, 2000, "heap_bytes_per_view", bytes / 2)
                for label, scenario, bytes in FILED_HEAP_PER_VIEW]),
    charts=[("layout", "Layout pass scenarios against n", list(SCENARIOS))],
    peers_note="No peer runs on Linux; the dotted line in the chart is linear growth from the smallest n.",
)
