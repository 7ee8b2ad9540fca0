"""Issue 17: `fitsize cells` on the feed template, whole processes, against the library's
CellSizer batch on the same items, and what each extra width of one pass costs."""
import os
import subprocess

from ..suite import Expectation, Step, Suite
from ..targets import Ratio, Throughput

WIDTHS = "375,320,414"


def items_path(context):
    return os.path.join(context.work, f"feed-items-{context.mode.cli_labels}.jsonl")


# Spark's overhead is judged at a million items (its start-up is seconds); quick and ci runs
# only prove the job runs.
SPARK_ITEMS = {"ci": 2_000, "quick": 100_000, "full": 1_000_000}


def spark_python(context):
    return os.path.join(context.root, ".build", "spark-venv", "bin", "python")


def prepare(context):
    subprocess.run([context.python, os.path.join(context.benchmarks, "compare", "cli_cells.py"),
                    "--items", str(context.mode.cli_labels), "--write-items", items_path(context)], check=True)
    # The job's environment, as Examples/spark/test makes it.
    subprocess.run([os.path.join(context.root, "Scripts", "python-env"), os.path.join(context.root, ".build", "spark-venv"),
                    os.path.join(context.root, "Examples", "spark", "requirements.txt"), "pyspark"],
                   check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, CALLER="compare/run"))


def runs(context):
    return {"ci": 1, "quick": 2, "full": 3}[context.mode.name]


def steps(context):
    return [
        Step("fitsize", [context.python, os.path.join(context.benchmarks, "compare", "cli_cells.py"), "--jsonl",
                         "--items", str(context.mode.cli_labels), "--runs", str(runs(context)), "--widths", WIDTHS,
                         "--binary", os.path.join(context.binaries, "fitsize")]),
        Step("cellsizer", [os.path.join(context.binaries, "cellsizing-timing"), "--jsonl", "--items", items_path(context),
                           "--rounds", str(runs(context))]),
        Step("spark", [spark_python(context), os.path.join(context.benchmarks, "compare", "spark_feed.py"), "--jsonl",
                       "--items", str(SPARK_ITEMS[context.mode.name]), "--runs", "1" if context.mode.name == "ci" else "2",
                       "--binary", os.path.join(context.binaries, "fitsize"),
                       "--class-archive", os.path.join(context.work, "spark-classes.jsa")]),
    ]


def expectations(context):
    n = (context.mode.cli_labels,)
    return [
        Expectation("cli.cells", n, ("fitsize", "cellsizer")),
        Expectation("cli.cells-widths", n, ("fitsize", "one width")),
        Expectation("spark", (SPARK_ITEMS[context.mode.name],), ("fitsize", "tool alone")),
    ]


def targets(context):
    n = context.mode.cli_labels
    return [
        Throughput(f"`fitsize cells`, {n:,} feed items at one width: at least 100,000 items per second on 2 cores",
                   "cli.cells", n, 100_000),
        Ratio(f"`fitsize cells` against CellSizer's batch on the same {n:,} items: the tool at most 1.2×",
              "cli.cells", n, "cellsizer", 1.2),
        Ratio(f"Three widths in one pass against one ({n:,} items): at most 1.8× (each extra width at most 40% "
              "of the first)", "cli.cells-widths", n, "one width", 1.8),
        Ratio(f"Spark local[2] against the tool alone on {SPARK_ITEMS[context.mode.name]:,} items: at most 1.5× "
              "(the issue's bar is at 1,000,000)", "spark", SPARK_ITEMS[context.mode.name], "tool alone", 1.5),
    ]


SUITE = Suite(
    name="feed", title="Sizing a feed: `fitsize cells` against the library", issue=17,
    summary=("Generated feed items (Examples/feed's template: five parts, eight texts, a headline of 3 to 30 "
             "words) piped through `fitsize cells --width 375` as whole processes (start-up, template and "
             "JSON lines included, output discarded), against `CellSizer.heights` on all cores over the same "
             "items decoded beforehand (`cellsizer`, in `cellsizing-timing --items`); and the tool at "
             f"`--width {WIDTHS}` against one width, runs alternating; and Examples/spark/size_feed.py in "
             "`local[2]` mode (4 partitions, Parquet out, the job's JVM options) against the tool alone on the same items, whole processes "
             "alternating, JVM start-up included (the JVM maps Spark's classes from a class-data archive that an "
             "untimed 1,000-item job made first). Times per item; the notes give CPU time and items per second."),
    products=["fitsize", "cellsizing-timing"], steps=steps, expectations=expectations, targets=targets,
    prepare=prepare,
    peers_note=("cellsizer: the library's own batch on the same items, which the tool's overhead is measured against; "
                "tool alone: `fitsize cells` on the items Spark sizes, for Spark's overhead."),
)
