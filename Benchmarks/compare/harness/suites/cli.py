"""Issue 8: `fitsize --batch` throughput on short labels from standard input."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Throughput


def steps(context):
    runs = 1 if context.mode.name == "ci" else 3 if context.mode.name == "quick" else 7
    return [Step("fitsize", [context.python, os.path.join(context.benchmarks, "compare", "cli_batch.py"), "--jsonl",
                             "--labels", str(context.mode.cli_labels), "--runs", str(runs),
                             "--binary", os.path.join(context.binaries, "fitsize")])]


def expectations(context):
    return [Expectation("batch", (context.mode.cli_labels,), ("fitsize",))]


def targets(labels):
    return [Throughput(f"Batch of {labels:,} short labels: at least 100,000 texts per second on 2 cores",
                       "batch", labels, 100_000)]


SUITE = Suite(
    name="cli", title="Command line tool: batch throughput", issue=8,
    summary=("Short labels, one per line, piped through `fitsize --batch` (one result per line, all cores); the "
             "whole process is timed, start-up and font loading included. The time is per label."),
    products=["fitsize"], steps=steps, expectations=expectations, targets=lambda context: targets(context.mode.cli_labels),
    peers_note="The issue sets an absolute throughput target rather than a peer.",
)
