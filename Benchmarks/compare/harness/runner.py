"""Builds the release tools and runs each suite's steps in alternating rounds, collecting
protocol records and every failure with its reason."""
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Optional

from . import protocol


def log(message):
    print(message, file=sys.stderr, flush=True)


@dataclass
class Median:
    """The median over rounds of one (scenario, n, implementation)."""
    median_ns: Optional[float]
    samples: int
    unit: str
    note: Optional[str] = None
    aborted: Optional[str] = None
    peak_bytes: Optional[float] = None  # the median over rounds, where the tool reports one
    heap_bytes_per_view: Optional[float] = None  # likewise


@dataclass
class SuiteRun:
    suite: object
    medians: dict = field(default_factory=dict)  # (scenario, n, implementation) -> Median
    failures: dict = field(default_factory=dict)  # step label -> reason
    scenario_failures: dict = field(default_factory=dict)  # scenario -> [reasons]
    expectations: list = field(default_factory=list)
    targets: list = field(default_factory=list)
    seconds: float = 0.0

    def passed(self, expectation):
        return expectation.scenario not in self.scenario_failures


def median_of(records):
    """The median over rounds of one (scenario, n, implementation)'s records: of the times, and
    of each memory figure the records carry."""
    def middle(values):
        values = [value for value in values if value is not None]
        return statistics.median(values) if values else None

    aborted = next((r.aborted for r in records if r.aborted), None)
    times = middle(r.median_ns for r in records)
    return Median(
        median_ns=None if aborted else times, samples=sum(r.samples for r in records), unit=records[-1].unit,
        note=records[-1].note, aborted=aborted, peak_bytes=middle(r.peak_bytes for r in records),
        heap_bytes_per_view=middle(r.heap_bytes_per_view for r in records))


def tail(text, lines=12):
    return "\n".join(text.strip().splitlines()[-lines:])


# Products linked as the tool is shipped: the tool goes to Spark's executors, which have no
# Swift toolchain, with the Swift runtime and Foundation linked in (README, "Sizing a whole
# feed"). `cellsizing-timing` is linked the same way because it stands for the tool: its
# `CellSizer` batch is the tool's peer, and its peak-memory child is read as a `fitsize cells`
# process would hold it, without the pages a dynamically linked runtime adds to every process.
STATIC_STDLIB_PRODUCTS = {"fitsize", "cellsizing-timing"}


def build_command(context, product):
    """The `swift build` arguments that build `product` in release."""
    command = ["swift", "build", "-c", "release", "--package-path", context.benchmarks, "--product", product]
    if product in STATIC_STDLIB_PRODUCTS:
        command.append("--static-swift-stdlib")
    return command


def build_order(suites):
    """The products the suites need, each once, the statically linked ones first: switching
    the link between builds makes `swift build` redo work that products linked alike share."""
    products = dict.fromkeys(product for suite in suites for product in suite.products)
    return sorted(products, key=lambda product: product not in STATIC_STDLIB_PRODUCTS)


def build(context, suites):
    """Builds every product the suites need in release; returns {product: reason} for failures."""
    failures = {}
    products = build_order(suites)
    for product in products:
        command = build_command(context, product)
        log(f"build: {' '.join(command)}")
        start = time.monotonic()
        try:
            result = subprocess.run(command, capture_output=True, text=True)
        except OSError as error:
            failures[product] = f"cannot run `swift build`: {error}"
            log(failures[product])
            continue
        if result.returncode != 0:
            failures[product] = f"`{' '.join(command)}` failed:\n{tail(result.stdout + result.stderr)}"
            log(failures[product])
        else:
            log(f"build: {product} ready ({time.monotonic() - start:.0f} s)")
    return failures


def run_step(step, context):
    """The step's records, or raises RuntimeError with the reason it failed."""
    try:
        result = subprocess.run(step.argv, capture_output=True, text=True, cwd=context.root,
                                timeout=context.mode.step_timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{step.label}: no result within {context.mode.step_timeout} s") from None
    except OSError as error:
        raise RuntimeError(f"{step.label}: cannot run {step.argv[0]}: {error}") from None
    if result.returncode != 0:
        raise RuntimeError(f"{step.label}: `{' '.join(os.path.basename(a) for a in step.argv[:3])} ...` exited with "
                           f"status {result.returncode}:\n{tail(result.stderr or result.stdout)}")
    try:
        return protocol.parse(result.stdout, step.label)
    except protocol.ProtocolError as error:
        raise RuntimeError(str(error)) from None


def run_suite(suite, context, build_failures):
    run = SuiteRun(suite)
    run.expectations = suite.expectations(context)
    run.targets = suite.targets(context) if callable(suite.targets) else list(suite.targets)
    start = time.monotonic()
    missing = [build_failures[product] for product in suite.products if product in build_failures]
    if missing:
        for expectation in run.expectations:
            run.scenario_failures[expectation.scenario] = missing
        return run
    if suite.prepare:
        try:
            suite.prepare(context)
        except (subprocess.SubprocessError, OSError) as error:
            for expectation in run.expectations:
                run.scenario_failures[expectation.scenario] = [f"preparing the suite failed: {error}"]
            return run

    steps = suite.steps(context)
    samples = {}  # (scenario, n, implementation) -> [Record]
    # Rounds alternate Fitsize with peers that run in other processes; a suite whose tool
    # measures both sides itself (or has no peer) takes its own medians in one run.
    rounds = context.mode.rounds if len(steps) > 1 else (suite.own_runs(context) if suite.own_runs else 1)
    for round_index in range(rounds):
        # Alternate who goes first, so that neither side always runs on a warmer machine.
        ordered = steps if round_index % 2 == 0 else list(reversed(steps))
        for step in ordered:
            if step.label in run.failures:
                continue
            log(f"{suite.name}: round {round_index + 1}/{rounds}: {step.label}")
            try:
                records = run_step(step, context)
            except RuntimeError as error:
                run.failures[step.label] = str(error)
                log(f"{suite.name}: FAILED {error}")
                continue
            for record in records:
                if record.suite != suite.name:
                    run.failures[step.label] = f"{step.label} printed a record of suite {record.suite!r}"
                    continue
                samples.setdefault((record.scenario, record.n, record.implementation), []).append(record)

    for key, records in samples.items():
        run.medians[key] = median_of(records)

    for expectation in run.expectations:
        reasons = []
        for implementation in expectation.implementations:
            for n in expectation.sizes:
                if not expectation.expects(implementation, n):
                    continue
                found = run.medians.get((expectation.scenario, n, implementation))
                size = "" if n is None else f" at n = {n}"
                if found is None:
                    reason = run.failures.get(implementation) or "; ".join(run.failures.values())
                    reasons.append(f"{implementation}{size}: " + (reason or "printed no record"))
                elif found.aborted and implementation not in expectation.may_abort:
                    reasons.append(f"{implementation}{size}: aborted ({found.aborted})")
        if reasons:
            run.scenario_failures[expectation.scenario] = reasons
    run.seconds = time.monotonic() - start
    return run
