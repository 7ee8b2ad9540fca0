"""Issue 6: intrinsic sizes and layout of a screen of 100 labels of mixed lengths. The issue
asks for the cost to be recorded; it sets no peer and no target."""
import os

from ..suite import Expectation, Step, Suite

SCENARIOS = ("intrinsic", "screen-1line", "screen-wrap", "resize-wrap")


def steps(context):
    repetitions = 1 if context.mode.name == "ci" else 11 if context.mode.name == "quick" else 31
    return [Step("fitsize", [os.path.join(context.binaries, "controls-timing"),
                             "--repetitions", str(repetitions)])]


def expectations(context):
    return [Expectation(name, (100,), ("fitsize",)) for name in SCENARIOS]


SUITE = Suite(
    name="controls", title="Controls: a screen of 100 labels", issue=6,
    summary=("100 labels of mixed lengths: their intrinsic sizes; a screen of one-line labels and one of "
             "wrapping labels (create, activate, first layout pass, two passes for wrapping labels); and the "
             "wrapping screen re-laid out after a width change. Each time is one whole step for 100 labels."),
    products=["controls-timing"], steps=steps, expectations=expectations,
    peers_note="The issue sets no peer: the numbers are recorded for reference.",
)
