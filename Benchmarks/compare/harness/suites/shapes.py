"""Issue 18, target 1: four cell shapes, each sized by CellSizer against hand-written frame
arithmetic over the same PreparedText layouts, cold and after a width change, with the
engine's own cost per cell on a row of its own."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Ratio

SHAPES = ("two-labels", "media-row", "stack-buttons", "feed")


def size(context):
    return {"ci": 10, "quick": 300, "full": 1000}[context.mode.name]


def steps(context):
    rounds = {"ci": 1, "quick": 3, "full": 7}[context.mode.name]
    return [Step("fitsize", [os.path.join(context.binaries, "cellsizing-timing"), "--jsonl",
                             "--rounds", str(rounds), "--shapes", str(size(context))])]


def expectations(context):
    n = (size(context),)
    return ([Expectation(f"shape.{shape}.{kind}", n, ("fitsize", "manual"))
             for shape in SHAPES for kind in ("cold", "width-change")]
            + [Expectation(f"shape.{shape}.engine", n, ("fitsize",)) for shape in SHAPES])


def targets(context):
    n = size(context)
    return [Ratio(f"{shape} cell, {label}: at most 1.3× its manual layout", f"shape.{shape}.{kind}", n, "manual", 1.3)
            for shape in SHAPES for kind, label in (("cold", "cold"), ("width-change", "after 375 → 320"))]


SUITE = Suite(
    name="shapes", title="Cell shapes: constraint cells vs manual layout", issue=18,
    summary=("N items of four cell shapes at width 375: two labels (a wrapping title and a one-line subtitle, "
             "8-point insets); an image and three labels (a name with lower compression resistance than the "
             "timestamp beside it, a wrapping body under the name); a vertical stack view of a title, a wrapping "
             "body and a horizontal stack of three buttons; the feed cell. Each is sized by CellSizer (an empty "
             "height cache, every word in the segment cache) and by hand with frame arithmetic over the same "
             "PreparedText layouts the labels make, rounds alternating; then again after the sizer was used at "
             "375 and changed to 320 (`width-change`). `engine` is the constraint cell's time less the manual "
             "layout's: the engine's own cost per cell (views, intrinsic sizes, solver). The tool refuses to time "
             "a shape whose two heights differ on any item at either width."),
    products=["cellsizing-timing"], steps=steps, expectations=expectations, targets=targets,
    own_runs=lambda context: 3 if context.mode.name == "full" else 1,
    charts=[],
    peers_note="manual: the same cell computed with plain frame arithmetic over the same text measurement.",
)
