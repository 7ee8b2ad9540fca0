"""Issue 4: the layout pass scenarios of the iOS 12 engine work, and their growth with n.
UIKit does not run on Linux, so there is no peer here: the target is the growth itself."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Growth

SCENARIOS = ("row", "deep", "grid", "move", "remove")


def steps(context):
    mode = context.mode
    return [Step("fitsize", [os.path.join(context.binaries, "autolayout-timing"),
                             "--repetitions", str({"ci": 1, "quick": 5, "full": 9}[mode.name]),
                             "--sizes", ",".join(map(str, mode.layout_sizes))])]


def expectations(context):
    return [Expectation(name, tuple(context.mode.layout_sizes), ("fitsize",)) for name in SCENARIOS]


SUITE = Suite(
    name="layout", title="Layout pass scenarios and their growth", issue=4,
    summary=("The five scenarios of the iOS 12 Auto Layout work at n views: a long row of siblings, a deep "
             "hierarchy, a collection-view-like grid, a subtree moved between parents and the removal of a "
             "subtree. Each time is one measured step (create, activate and first layout pass, or the change "
             "and the layout pass after it)."),
    products=["autolayout-timing"], steps=steps, expectations=expectations,
    targets=[Growth(f"`{name}`: growth from n = 1000 to 2000 at most 2.3×", name, 1000, 2000, 2.3) for name in SCENARIOS],
    charts=[("layout", "Layout pass scenarios against n", list(SCENARIOS))],
    peers_note="No peer runs on Linux; the dotted line in the chart is linear growth from the smallest n.",
)
