"""Entry point of Benchmarks/compare/run (which prepares the venv and calls this)."""
import argparse
import os
import sys
import time

from . import charts, machine, report, runner
from .modes import MODES
from .suite import Context
from .suites import ALL

HERE = os.path.dirname(os.path.abspath(__file__))
BENCHMARKS = os.path.dirname(os.path.dirname(HERE))
ROOT = os.path.dirname(BENCHMARKS)


def main():
    parser = argparse.ArgumentParser(prog="Benchmarks/compare/run", description=(
        "Builds the release timing tools, runs every scenario with Fitsize and with its peer alternately, "
        "and writes BENCHMARKS.md with tables, targets and charts."))
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--quick", dest="mode", action="store_const", const="quick", help="everyday run (default)")
    group.add_argument("--full", dest="mode", action="store_const", const="full", help="every size, more rounds")
    group.add_argument("--ci", dest="mode", action="store_const", const="ci",
                       help="smallest sizes, one round; report under Benchmarks/.build; exit status counts failures")
    parser.add_argument("--suite", action="append", choices=[suite.name for suite in ALL],
                        help="run only this suite (repeatable)")
    parser.add_argument("--no-build", action="store_true", help="use the release binaries already built")
    parser.add_argument("--output", help="where to write the report (default: BENCHMARKS.md, or "
                                         "Benchmarks/.build/compare-ci/BENCHMARKS.md with --ci)")
    args = parser.parse_args()
    mode = MODES[args.mode or "quick"]
    suites = [suite for suite in ALL if not args.suite or suite.name in args.suite]

    default_output = (os.path.join(BENCHMARKS, ".build", "compare-ci", "BENCHMARKS.md") if mode.name == "ci"
                      else os.path.join(ROOT, "BENCHMARKS.md"))
    output = os.path.abspath(args.output or default_output)
    work = os.path.join(BENCHMARKS, ".build", "compare-work")
    chart_folder = report.charts_folder(os.path.dirname(output))
    os.makedirs(work, exist_ok=True)
    os.makedirs(chart_folder, exist_ok=True)
    context = Context(mode=mode, benchmarks=BENCHMARKS, root=ROOT, python=sys.executable,
                      binaries=os.path.join(BENCHMARKS, ".build", "release"), work=work)

    start = time.monotonic()
    about = machine.describe(sys.executable)
    runner.log(f"compare: {mode.name} mode on {about['cpu']} ({about['cores']} cores), load {about['load']:.2f}")
    build_failures = {} if args.no_build else runner.build(context, suites)
    runs = [runner.run_suite(suite, context, build_failures) for suite in suites]

    drawn = {run.suite.name: charts.draw(run, chart_folder) for run in runs}
    command = "Benchmarks/compare/run" + {"quick": "", "full": " --full", "ci": " --ci"}[mode.name]
    report.write(output, runs, about, mode, command, drawn, time.monotonic() - start)

    passed = failed = 0
    for run in runs:
        for expectation in run.expectations:
            reasons = run.scenario_failures.get(expectation.scenario)
            if reasons:
                failed += 1
                print(f"FAIL {run.suite.name} {expectation.scenario}: " + "; ".join(r.splitlines()[0] for r in reasons))
            else:
                passed += 1
                print(f"ok   {run.suite.name} {expectation.scenario}")
    if not os.path.getsize(output):
        failed += 1
        print(f"FAIL report: {output} is empty")
    print(f"report: {output} ({time.monotonic() - start:.0f} s)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
