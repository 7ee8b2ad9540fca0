"""Issue 2: the constraint solver against kiwisolver on scenarios (a)-(d); issue 18's small
systems: (a) again, (b) in both orders and the cell-shaped system (e)."""
import os

from ..suite import Expectation, Step, Suite
from ..targets import Completes, Growth, Ratio

PHASES = {"a": ("build", "resize"), "b": ("build", "resize", "build_width_first"),
          "c": ("build", "remove", "readd"), "d": ("add", "resolve", "remove"), "e": ("solve", "change")}
SIZED = ("b", "c")


def steps(context):
    mode = context.mode
    def arguments(repetitions, sizes):
        return ["--repetitions", str(repetitions), "--sizes", ",".join(map(str, sizes)), "a", "b", "c", "d", "e"]
    return [
        Step("fitsize", [os.path.join(context.binaries, "solver-timing")] + arguments(mode.repetitions, mode.solver_sizes)),
        Step("kiwisolver", [context.python, os.path.join(context.benchmarks, "compare", "solver_compare.py"), "--jsonl"]
             + arguments(mode.kiwi_repetitions, mode.kiwi_sizes)),
    ]


def expectations(context):
    result = []
    for scenario, phases in PHASES.items():
        sizes = context.mode.solver_sizes if scenario in SIZED else (None,)
        for phase in phases:
            result.append(Expectation(f"{scenario}.{phase}", tuple(sizes), ("fitsize", "kiwisolver"),
                                      may_abort=("kiwisolver",) if scenario == "d" else (),
                                      peer_sizes=tuple(context.mode.kiwi_sizes) if scenario in SIZED else None))
    return result


TARGETS = [
    Ratio("(b) build at n = 1000: at least 20× faster than kiwisolver", "b.build", 1000, "kiwisolver", 1 / 20),
    Ratio("(c) build at n = 1000: at least 20× faster than kiwisolver", "c.build", 1000, "kiwisolver", 1 / 20),
    Ratio("(c) removal at n = 1000: at least 20× faster than kiwisolver", "c.remove", 1000, "kiwisolver", 1 / 20),
    Ratio("(a) build: not slower than kiwisolver", "a.build", None, "kiwisolver", 1.0),
    Ratio("(a) resize over 6 window sizes: not slower than kiwisolver", "a.resize", None, "kiwisolver", 1.0),
    Completes("(d) add/delete runs to the end", ("d.add", "d.resolve", "d.remove")),
] + [
    Growth(f"({s}) {phase}: growth from n = 1000 to 2000 at most 2.3×", f"{s}.{phase}", 1000, 2000, 2.3)
    for s in SIZED for phase in PHASES[s] if phase != "build_width_first"
] + [
    Ratio("(a) build (#18): at least 2× faster than kiwisolver", "a.build", None, "kiwisolver", 1 / 2),
    Ratio("(a) resize over 6 window sizes (#18): at least 2× faster than kiwisolver", "a.resize", None,
          "kiwisolver", 1 / 2),
    Ratio("(b) build at n = 1000, width suggested after the siblings (#18): at least 25× faster than kiwisolver",
          "b.build", 1000, "kiwisolver", 1 / 25),
    Ratio("(b) build at n = 1000, width suggested before the siblings (#18): at least 25× faster than kiwisolver",
          "b.build_width_first", 1000, "kiwisolver", 1 / 25),
    Ratio("(e) cell-shaped system solved from scratch (#18): at least 3× faster than kiwisolver", "e.solve", None,
          "kiwisolver", 1 / 3),
    Ratio("(e) cell-shaped system after one constant change (#18): at least 3× faster than kiwisolver", "e.change",
          None, "kiwisolver", 1 / 3),
]

SUITE = Suite(
    name="solver", title="Constraint solver vs kiwisolver", issue=2,
    summary=("(a) an Enaml-like form (35 variables, 111 constraints, 2 edit variables, 6 window sizes); "
             "(b) n independent label-like siblings, build then suggest the container width, and built again with "
             "the width suggested first (`b.build_width_first`); "
             "(c) a chained row of n siblings in a 1000-point container, build, remove the middle link, add it back; "
             "(d) the classic Cassowary add/delete benchmark (900 constraints over 900 variables, 10,000 re-solves); "
             "(e) a cell-shaped system (issue #18: 40 constraints over 22 variables, chains of == and >=, priorities "
             "250/750/1000, an edit width) solved from scratch, then after one constant change (a title wrapping to "
             "two lines: a change of constant in place in Fitsize, a removal and an add in kiwisolver, which has no "
             "such change). Each time is one run of the phase; (e) runs ten times as many repetitions as the others."),
    products=["solver-timing"], steps=steps, expectations=expectations, targets=TARGETS,
    charts=[("solver-build", "Solver: build time against n", ["b.build", "b.build_width_first", "c.build"]),
            ("solver-change", "Solver: changes against n", ["b.resize", "c.remove", "c.readd"])],
    peers_note=("kiwisolver (PyPI), driven from Python through its C++ core; priorities map to strengths as plain "
                "numbers. kiwisolver runs one repetition per round and stops at a smaller n than Fitsize: its "
                "re-add in (c) takes about 10 s at n = 1000 and grows steeply."),
)
