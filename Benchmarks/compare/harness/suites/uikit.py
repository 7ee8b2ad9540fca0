"""Issue 16: a timeline of a cell written for UIKit sized through FitsizeUIKit's UITableView
and its data source, against the same cell through CellSizer directly."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Ratio


def size(context):
    return {"ci": 100, "quick": 10_000, "full": 10_000}[context.mode.name]


def steps(context):
    rounds = {"ci": 1, "quick": 3, "full": 7}[context.mode.name]
    return [Step("fitsize", [os.path.join(context.binaries, "uikit-timing"), "--jsonl",
                             "--rounds", str(rounds), "--rows", str(size(context))])]


def expectations(context):
    return [Expectation("table.cold", (size(context),), ("fitsize", "cellsizer"))]


def targets(context):
    return [Ratio("UITableView and its data source: at most 1.1× CellSizer on the same cell", "table.cold",
                  size(context), "cellsizer", 1.1)]


SUITE = Suite(
    name="uikit", title="FitsizeUIKit: a UITableView against CellSizer", issue=16,
    summary=("N rows of Examples/uikit's TweetCell (written for UIKit: anchors, stack views, Dynamic Type, "
             "attributed text) at width 375, sized through a UITableView with the app's data source "
             "(reloadData, then the content size) and through a CellSizer of the same cell, rounds alternating, "
             "every round cold (no height kept, every word in the segment cache). The tool refuses to time when "
             "a row's two heights differ."),
    products=["uikit-timing"], steps=steps, expectations=expectations, targets=targets,
    own_runs=lambda context: 3 if context.mode.name == "full" else 1,
    charts=[],
    peers_note="cellsizer: the same cell sized by CellSizer directly, without the table view.",
)
