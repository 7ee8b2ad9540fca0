"""The targets the issues set, checked against the medians of one run. A target is met, not
met, or not measured (the mode did not run the sizes it needs); never asserted in tests."""
from dataclasses import dataclass
from typing import Optional

MET, NOT_MET, NOT_MEASURED = "met", "not met", "not measured"


def times(factor):
    """A speed factor people read at a glance: 3.2, 48.5, 4,730."""
    return f"{factor:,.0f}" if factor >= 100 else f"{factor:.3g}"


def format_ns(ns):
    if ns is None:
        return "—"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


@dataclass(frozen=True)
class Ratio:
    """Fitsize's median divided by a peer's at one scenario and size, at most `limit`."""
    text: str
    scenario: str
    n: Optional[int]
    peer: str
    limit: float

    def evaluate(self, medians):
        ours, theirs = medians.get((self.scenario, self.n, "fitsize")), medians.get((self.scenario, self.n, self.peer))
        if not ours or not theirs or ours.median_ns is None or theirs.median_ns is None or theirs.median_ns == 0:
            return NOT_MEASURED, "needs both sides at this size"
        ratio = ours.median_ns / theirs.median_ns
        speed = f"{times(1 / ratio)}× faster" if ratio < 1 else f"{times(ratio)}× slower" if ratio > 1 else "as fast"
        return (MET if ratio <= self.limit else NOT_MET), f"Fitsize ÷ {self.peer} = {ratio:.3g} ({speed})"


# The memory figures a record may carry besides its time: what each is called in a message and
# how its value reads.
MEMORY_FIGURES = {
    "peak_bytes": ("the peak memory", lambda count: f"{count / 1e6:.1f} MB"),
    "heap_bytes_per_view": ("the heap per view", lambda count: f"{count:,.0f} bytes per view"),
}


@dataclass(frozen=True)
class Growth:
    """Fitsize's median at the larger size divided by the one at the smaller, at most `limit`:
    of the time, or of a memory figure (`figure`, a key of MEMORY_FIGURES)."""
    text: str
    scenario: str
    small: int
    large: int
    limit: float
    implementation: str = "fitsize"
    figure: str = "median_ns"

    def evaluate(self, medians):
        a, b = medians.get((self.scenario, self.small, self.implementation)), medians.get((self.scenario, self.large, self.implementation))
        first, second = (getattr(a, self.figure) if a else None), (getattr(b, self.figure) if b else None)
        if not first or second is None:
            what = f"{MEMORY_FIGURES[self.figure][0]} at " if self.figure in MEMORY_FIGURES else ""
            return NOT_MEASURED, f"needs {what}n = {self.small} and n = {self.large} (full or quick mode)"
        growth = second / first
        text = f"{growth:.2f}× from n = {self.small} to {self.large}"
        if self.figure in MEMORY_FIGURES:
            show = MEMORY_FIGURES[self.figure][1]
            text += f" ({show(first)} to {show(second)})"
        return (MET if growth <= self.limit else NOT_MET), text


@dataclass(frozen=True)
class Absolute:
    """Fitsize's median at most `limit_ns`."""
    text: str
    scenario: str
    n: Optional[int]
    limit_ns: float

    def evaluate(self, medians):
        ours = medians.get((self.scenario, self.n, "fitsize"))
        if not ours or ours.median_ns is None:
            return NOT_MEASURED, "no Fitsize record"
        return (MET if ours.median_ns <= self.limit_ns else NOT_MET), format_ns(ours.median_ns)


@dataclass(frozen=True)
class MemoryAtMost:
    """A memory figure of Fitsize's at one size (`figure`, a key of MEMORY_FIGURES), at most
    `limit_bytes`."""
    text: str
    scenario: str
    n: Optional[int]
    figure: str
    limit_bytes: float

    def evaluate(self, medians):
        ours = medians.get((self.scenario, self.n, "fitsize"))
        name, show = MEMORY_FIGURES[self.figure]
        value = getattr(ours, self.figure) if ours else None
        if not value:
            return NOT_MEASURED, f"{name} at n = {self.n} was not recorded (full or quick mode)"
        return (MET if value <= self.limit_bytes else NOT_MET), show(value)


@dataclass(frozen=True)
class Throughput:
    """Operations per second (1e9 / median ns per operation) at least `minimum`."""
    text: str
    scenario: str
    n: Optional[int]
    minimum: float

    def evaluate(self, medians):
        ours = medians.get((self.scenario, self.n, "fitsize"))
        if not ours or not ours.median_ns:
            return NOT_MEASURED, "no Fitsize record"
        rate = 1e9 / ours.median_ns
        return (MET if rate >= self.minimum else NOT_MET), f"{rate:,.0f} per second"


@dataclass(frozen=True)
class Completes:
    """Every listed phase of Fitsize's run produced a time (the scenario ran to the end)."""
    text: str
    scenarios: tuple
    n: Optional[int] = None

    def evaluate(self, medians):
        records = [medians.get((scenario, self.n, "fitsize")) for scenario in self.scenarios]
        if any(record is None for record in records):
            return NOT_MEASURED, "no Fitsize record"
        done = all(record.median_ns is not None for record in records)
        total = sum(record.median_ns for record in records if record.median_ns is not None)
        return (MET if done else NOT_MET), f"all phases ran, {format_ns(total)} in all" if done else "aborted"
