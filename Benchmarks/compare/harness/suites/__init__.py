"""The suites the harness runs, one module each, in the order BENCHMARKS.md shows them."""
from . import solver, text, layout, controls, cells, shapes, manyviews, uikit, cli, feed

ALL = [solver.SUITE, text.SUITE, layout.SUITE, controls.SUITE, cells.SUITE, shapes.SUITE, manyviews.SUITE, uikit.SUITE, cli.SUITE, feed.SUITE]
