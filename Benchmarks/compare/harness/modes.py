"""How much each run measures: quick (everyday, under five minutes), full, and ci (quick at the
smallest sizes, proving every scenario runs on both sides; timings are never asserted)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    name: str
    rounds: int  # alternating Fitsize/peer rounds per suite
    repetitions: int  # timed runs per scenario inside one round
    solver_sizes: tuple
    kiwi_sizes: tuple  # kiwisolver's re-add grows steeply (about 10 s at n = 1000), so it stops earlier
    kiwi_repetitions: int
    layout_sizes: tuple
    cell_sizes: tuple
    cli_labels: int
    step_timeout: int  # seconds one tool run may take before it counts as failed


QUICK = Mode("quick", rounds=3, repetitions=3, solver_sizes=(100, 500, 1000, 2000), kiwi_sizes=(100, 500, 1000),
             kiwi_repetitions=1,
             layout_sizes=(100, 500, 1000, 2000), cell_sizes=(10, 100, 1000),
             cli_labels=20_000, step_timeout=600)
FULL = Mode("full", rounds=5, repetitions=5, solver_sizes=(100, 250, 500, 1000, 2000, 4000),
            kiwi_sizes=(100, 250, 500, 1000, 2000), kiwi_repetitions=1,
            layout_sizes=(100, 250, 500, 1000, 2000), cell_sizes=(10, 100, 1000, 10_000),
            cli_labels=100_000, step_timeout=3600)
CI = Mode("ci", rounds=1, repetitions=1, solver_sizes=(100,), kiwi_sizes=(100,), kiwi_repetitions=1, layout_sizes=(100,), cell_sizes=(10,),
          cli_labels=1_000, step_timeout=600)

MODES = {mode.name: mode for mode in (QUICK, FULL, CI)}
