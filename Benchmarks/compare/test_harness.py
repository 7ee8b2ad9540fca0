"""Checks of the harness itself (protocol, targets, report), without building or timing
anything: `Benchmarks/compare/.venv/bin/python -m unittest discover -s Benchmarks/compare`."""
import os
import tempfile
import types
import unittest

from harness import protocol, report, runner, targets
from harness.modes import CI
from harness.suite import Expectation, Suite


def median(ns, aborted=None, peak_bytes=None, heap_bytes_per_view=None):
    return runner.Median(median_ns=ns, samples=3, unit="run", aborted=aborted, peak_bytes=peak_bytes,
                         heap_bytes_per_view=heap_bytes_per_view)


class ProtocolTests(unittest.TestCase):
    def test_records_are_read_and_commentary_is_skipped(self):
        text = ('median ns/op\n{"suite": "solver", "scenario": "b.build", "n": 100, "implementation": "fitsize", '
                '"median_ns": 12.5, "samples": 3, "unit": "run", "note": "x"}\n| table |\n')
        [record] = protocol.parse(text, "tool")
        self.assertEqual(record.key, ("solver", "b.build", 100, "fitsize"))
        self.assertEqual(record.note, "x")

    def test_a_record_without_a_key_names_the_key(self):
        with self.assertRaisesRegex(protocol.ProtocolError, "lacks median_ns"):
            protocol.parse('{"suite": "s", "scenario": "a", "n": null, "implementation": "fitsize", '
                           '"samples": 1, "unit": "run"}', "tool")

    def test_a_null_median_needs_an_abort_reason(self):
        line = '{"suite": "s", "scenario": "a", "n": null, "implementation": "kiwi", "median_ns": null, "samples": 1, "unit": "run"'
        with self.assertRaisesRegex(protocol.ProtocolError, "aborted"):
            protocol.parse(line + "}", "tool")
        [record] = protocol.parse(line + ', "aborted": "gave up"}', "tool")
        self.assertEqual(record.aborted, "gave up")

    def test_memory_fields_are_read_and_must_be_positive_integers(self):
        line = '{"suite": "s", "scenario": "a", "n": 10, "implementation": "fitsize", "median_ns": 5, "samples": 1, "unit": "cell"'
        [record] = protocol.parse(line + ', "peak_bytes": 123456, "heap_bytes_per_view": 4800}', "tool")
        self.assertEqual((record.peak_bytes, record.heap_bytes_per_view), (123456, 4800))
        [record] = protocol.parse(line + "}", "tool")
        self.assertEqual((record.peak_bytes, record.heap_bytes_per_view), (None, None))
        for key in ("peak_bytes", "heap_bytes_per_view"):
            for bad in ('"12"', "0", "-5", "1.5", "true"):
                with self.assertRaisesRegex(protocol.ProtocolError, key):
                    protocol.parse(line + f', "{key}": {bad}}}', "tool")

    def test_the_median_over_rounds_of_each_memory_field_is_kept(self):
        records = [protocol.Record("s", "a", 10, "fitsize", 5.0, 1, "cell", peak_bytes=peak, heap_bytes_per_view=heap)
                   for peak, heap in ((300, 10), (100, 30), (200, 20))]
        self.assertEqual(runner.median_of(records).peak_bytes, 200)
        self.assertEqual(runner.median_of(records).heap_bytes_per_view, 20)

    def test_broken_json_is_an_error_not_a_skip(self):
        with self.assertRaisesRegex(protocol.ProtocolError, "not JSON"):
            protocol.parse('{"suite": ', "tool")


class TargetTests(unittest.TestCase):
    def test_ratio_is_fitsize_over_peer(self):
        target = targets.Ratio("20x", "b.build", 1000, "kiwi", 1 / 20)
        self.assertEqual(target.evaluate({("b.build", 1000, "fitsize"): median(1),
                                          ("b.build", 1000, "kiwi"): median(40)})[0], targets.MET)
        self.assertEqual(target.evaluate({("b.build", 1000, "fitsize"): median(1),
                                          ("b.build", 1000, "kiwi"): median(10)})[0], targets.NOT_MET)
        self.assertEqual(target.evaluate({})[0], targets.NOT_MEASURED)

    def test_growth_compares_two_sizes(self):
        target = targets.Growth("growth", "row", 1000, 2000, 2.3)
        self.assertEqual(target.evaluate({("row", 1000, "fitsize"): median(10),
                                          ("row", 2000, "fitsize"): median(25)})[0], targets.NOT_MET)
        self.assertEqual(target.evaluate({("row", 1000, "fitsize"): median(10),
                                          ("row", 2000, "fitsize"): median(21)})[0], targets.MET)

    def test_peak_growth_compares_the_peaks_not_the_times(self):
        target = targets.Growth("peak", "many.stack", 1000, 2000, 2.3, figure="peak_bytes")
        fast_but_big = {("many.stack", 1000, "fitsize"): median(10, peak_bytes=40e6),
                        ("many.stack", 2000, "fitsize"): median(11, peak_bytes=100e6)}
        status, text = target.evaluate(fast_but_big)
        self.assertEqual(status, targets.NOT_MET)
        self.assertIn("2.50×", text)
        slow_but_small = {("many.stack", 1000, "fitsize"): median(10, peak_bytes=40e6),
                          ("many.stack", 2000, "fitsize"): median(50, peak_bytes=80e6)}
        self.assertEqual(target.evaluate(slow_but_small)[0], targets.MET)
        self.assertEqual(target.evaluate({("many.stack", 1000, "fitsize"): median(10),
                                          ("many.stack", 2000, "fitsize"): median(20)})[0], targets.NOT_MEASURED)

    def test_memory_at_most_reads_its_figure_at_its_size(self):
        cases = (("peak_bytes", "many.chain", 10_000, 100e6, 99e6, 101e6, "99.0 MB"),
                 ("heap_bytes_per_view", "row", 2000, 3993, 3990, 4806, "3,990 bytes per view"))
        for figure, scenario, n, limit, under, over, shown in cases:
            target = targets.MemoryAtMost("memory", scenario, n, figure, limit)
            self.assertEqual(target.evaluate({(scenario, n, "fitsize"): median(1, **{figure: under})}),
                             (targets.MET, shown))
            self.assertEqual(target.evaluate({(scenario, n, "fitsize"): median(1, **{figure: over})})[0], targets.NOT_MET)
            # A record without the figure, or the figure at another size, is not a measurement.
            self.assertEqual(target.evaluate({(scenario, n, "fitsize"): median(1)})[0], targets.NOT_MEASURED)
            self.assertEqual(target.evaluate({(scenario, n // 2, "fitsize"): median(1, **{figure: under})})[0],
                             targets.NOT_MEASURED)

    def test_throughput_is_per_second(self):
        target = targets.Throughput("rate", "batch", 10, 100_000)
        self.assertEqual(target.evaluate({("batch", 10, "fitsize"): median(5_000)})[0], targets.MET)
        self.assertEqual(target.evaluate({("batch", 10, "fitsize"): median(20_000)})[0], targets.NOT_MET)


class BuildTests(unittest.TestCase):
    def test_the_tool_and_its_peer_are_built_as_shipped_and_the_other_timing_tools_as_usual(self):
        context = types.SimpleNamespace(benchmarks="/repo/Benchmarks")
        release = ["swift", "build", "-c", "release", "--package-path", "/repo/Benchmarks", "--product"]
        self.assertEqual(runner.build_command(context, "fitsize"), release + ["fitsize", "--static-swift-stdlib"])
        self.assertEqual(runner.build_command(context, "cellsizing-timing"),
                         release + ["cellsizing-timing", "--static-swift-stdlib"])
        self.assertEqual(runner.build_command(context, "autolayout-timing"), release + ["autolayout-timing"])

    def test_each_product_is_built_once_and_the_statically_linked_first(self):
        suites = [types.SimpleNamespace(products=products) for products in
                  (["solver-timing"], ["fitsize", "cellsizing-timing"], ["cellsizing-timing"], ["autolayout-timing"])]
        self.assertEqual(runner.build_order(suites),
                         ["fitsize", "cellsizing-timing", "solver-timing", "autolayout-timing"])


class ReportTests(unittest.TestCase):
    def test_report_shows_medians_ratios_targets_and_failures(self):
        suite = Suite(name="solver", title="Solver", issue=2, summary="summary", products=[],
                      steps=lambda context: [], expectations=lambda context: [],
                      targets=[targets.Ratio("at least 20x faster", "b.build", 100, "kiwisolver", 1 / 20)])
        run = runner.SuiteRun(suite)
        run.expectations = [Expectation("b.build", (100,), ("fitsize", "kiwisolver")),
                            Expectation("d.add", (None,), ("fitsize", "kiwisolver"))]
        run.targets = suite.targets
        run.medians = {("b.build", 100, "fitsize"): median(1_000), ("b.build", 100, "kiwisolver"): median(50_000)}
        run.scenario_failures = {"d.add": ["fitsize: exited with status 1"]}
        machine = {"date": "today", "cpu": "CPU", "cores": 2, "memory": "1 GiB", "os": "os", "swift": "swift",
                   "python": "python", "peers": "peers", "load": 0.0}
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "BENCHMARKS.md")
            report.write(path, [run], machine, CI, "Benchmarks/compare/run --ci", {"solver": [("chart", "s.png")]}, 1)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        self.assertIn("| `b.build` | 100 | run | 1 µs | 50 µs | 0.02 (50× faster) |", text)
        self.assertIn("| #2 | at least 20x faster | Fitsize ÷ kiwisolver = 0.02 (50× faster) | ✅ met |", text)
        self.assertIn("- `d.add`: fitsize: exited with status 1", text)
        self.assertIn("![chart](Benchmarks/charts/s.png)", text)

    def test_before_and_after_record_is_carried_into_the_report(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, report.BEFORE_AND_AFTER)
            self.assertEqual(report.before_and_after(path), [])
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("\n| measure | before | after |\n|---|---:|---:|\n| x | 2 | 1 |\n\n")
            section = report.before_and_after(path)
        self.assertEqual(section[0], "## Hot-path changes, before and after")
        self.assertEqual(section[-2], "| measure | before | after |\n|---|---:|---:|\n| x | 2 | 1 |")


if __name__ == "__main__":
    unittest.main()
