"""What a suite declares: the tools to build, the commands to alternate, the scenarios that
must come back from each side, the issue's targets and the charts."""
from dataclasses import dataclass, field
from typing import Callable, Optional


@dataclass(frozen=True)
class Step:
    """One command that prints protocol records; every round runs each step once."""
    label: str  # who runs (fitsize, kiwisolver, ...), for messages
    argv: list
    stdin_path: Optional[str] = None


@dataclass(frozen=True)
class Expectation:
    """A scenario that must produce a record for each size and implementation."""
    scenario: str
    sizes: tuple  # (None,) for scenarios of one fixed size
    implementations: tuple  # fitsize first, then peers
    may_abort: tuple = ()  # implementations for which giving up is a documented result
    peer_sizes: Optional[tuple] = None  # where peers run, when they cannot afford every size

    def expects(self, implementation, n):
        if implementation == "fitsize" or self.peer_sizes is None:
            return n in self.sizes
        return n in self.peer_sizes

    @property
    def title(self):
        return self.scenario


@dataclass
class Context:
    """Paths and the mode, handed to every suite."""
    mode: object
    benchmarks: str  # the Benchmarks package folder
    root: str  # the repository
    python: str  # the venv's interpreter
    binaries: str  # Benchmarks/.build/release
    work: str  # a scratch folder for corpora and inputs


@dataclass
class Suite:
    name: str
    title: str
    issue: int
    summary: str
    products: list  # Benchmarks package products to build in release
    steps: Callable  # (Context) -> [Step]
    expectations: Callable  # (Context) -> [Expectation]
    targets: object = field(default_factory=list)  # a list, or (Context) -> list
    charts: list = field(default_factory=list)
    prepare: Optional[Callable] = None  # (Context) -> None, runs once before the rounds
    root_products: list = field(default_factory=list)  # root package products to build
    peers_note: str = ""
    # For a suite whose one tool measures both sides itself: how many times that tool runs, each
    # run a new process, the report taking the median of the runs' medians. Wall-clock medians
    # of one process move with where its memory and threads landed (on this 2-core virtual
    # machine, parallel sizing read 1.5-1.8x serial from one process to the next); several
    # processes even that out. (Context) -> int; one run by default.
    own_runs: Optional[Callable] = None
