"""The line format every timing tool and peer script prints (see ../README.md).

One JSON object per line on standard output:

    {"suite": "solver", "scenario": "b.build", "n": 1000, "implementation": "fitsize",
     "median_ns": 1234.5, "samples": 5, "unit": "run"}

Optional keys: "note" (a detail worth showing beside the number), "aborted" (the reason a
peer gave up on a scenario, when giving up is the scenario's documented result; median_ns is
then null), "peak_bytes" (the peak resident memory of a process doing one operation) and
"heap_bytes_per_view" (the heap a scenario's scene holds per view), for scenarios with a memory
target. Lines that do not start with "{" are commentary for people and are ignored.
"""
import json
import math
from dataclasses import dataclass
from typing import Optional

REQUIRED = ("suite", "scenario", "n", "implementation", "median_ns", "samples", "unit")


class ProtocolError(Exception):
    """A line that claims to be a record but is not a valid one."""


@dataclass(frozen=True)
class Record:
    suite: str
    scenario: str
    n: Optional[int]
    implementation: str
    median_ns: Optional[float]
    samples: int
    unit: str
    note: Optional[str] = None
    aborted: Optional[str] = None
    peak_bytes: Optional[int] = None
    heap_bytes_per_view: Optional[int] = None

    @property
    def key(self):
        return (self.suite, self.scenario, self.n, self.implementation)


def parse_line(line, source):
    try:
        fields = json.loads(line)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"{source}: not JSON ({error}): {line[:120]}") from None
    if not isinstance(fields, dict):
        raise ProtocolError(f"{source}: a record must be a JSON object: {line[:120]}")
    missing = [key for key in REQUIRED if key not in fields]
    if missing:
        raise ProtocolError(f"{source}: record lacks {', '.join(missing)}: {line[:120]}")
    median, aborted, n = fields["median_ns"], fields.get("aborted"), fields["n"]
    if median is None and not aborted:
        raise ProtocolError(f"{source}: median_ns is null without an 'aborted' reason: {line[:120]}")
    if median is not None and (not isinstance(median, (int, float)) or not math.isfinite(median) or median < 0):
        raise ProtocolError(f"{source}: median_ns must be a non-negative number: {line[:120]}")
    if n is not None and not isinstance(n, int):
        raise ProtocolError(f"{source}: n must be an integer or null: {line[:120]}")
    for key in ("peak_bytes", "heap_bytes_per_view"):
        count = fields.get(key)
        if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count <= 0):
            raise ProtocolError(f"{source}: {key} must be a positive integer: {line[:120]}")
    return Record(
        suite=str(fields["suite"]), scenario=str(fields["scenario"]), n=n,
        implementation=str(fields["implementation"]),
        median_ns=None if median is None else float(median), samples=int(fields["samples"]),
        unit=str(fields["unit"]), note=fields.get("note"), aborted=aborted,
        peak_bytes=fields.get("peak_bytes"), heap_bytes_per_view=fields.get("heap_bytes_per_view"))


def parse(text, source):
    """Every record in a tool's standard output, in order."""
    return [parse_line(line, source) for line in text.splitlines() if line.lstrip().startswith("{")]
