"""The suites the harness runs, one module each, in the order BENCHMARKS.md shows them."""
from . import solver, text, layout, controls, cells, cli, feed

ALL = [solver.SUITE, text.SUITE, layout.SUITE, controls.SUITE, cells.SUITE, cli.SUITE, feed.SUITE]
