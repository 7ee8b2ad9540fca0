"""The solver against an independent optimiser: random systems in UIKit's shape, solved by
Fitsize's ConstraintSolver (the `solver-replay` tool) and by HiGHS, compared level by level.

Run it through Scripts/solver-oracle, which makes the virtual environment and builds the tool.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time
from fractions import Fraction

import highspy
import numpy as np

from exact_lp import ExactLP

REQUIRED = 1000
INF = highspy.kHighsInf
# UIKit's named priorities and their neighbours, which layouts use most, beside random ones.
COMMON_PRIORITIES = [1, 249, 250, 251, 499, 500, 501, 749, 750, 751, 999]
SMALL_COEFFICIENTS = [1, 1, 1, 2, 0.5, 3, 0.25]

DESCRIPTION = """\
Generates random constraint systems in UIKit's shape and solves each with Fitsize's
ConstraintSolver and with HiGHS, comparing the optimum level by level.

Each system has 2 to 6 variables and 6 to 30 operations: required and optional constraints
(priorities 1 to 999, UIKit's named ones and random ones; ==, <= and >=; 1 to 3 terms) added
and removed, constants changed, and edit variables added, given suggestions and removed,
interleaved. Coefficients have magnitudes in the range the solver accepts,
Solver.coefficientMagnitudes (1e-3 to 1e3); constants and suggestions have magnitudes from
1e-6 to 1e6. A quarter of the systems also get, at a random place, an add with a coefficient
from the rest of the range 1e-6 to 1e6 (below 1e-3 or above 1e3), drawn from a random
stream of its own so that the other operations are the same with or without it: the solver
must reject exactly those adds as out of range (valueOutOfRange), and since a rejected add
changes nothing, the rest of the system is compared as if it were not there.
With --shortfall, half of each system's optional equalities (chosen by a random stream of
their own, the rest of the system as without it) also get a priority for falling short of
zero, Constraint(_:equalWithExcessAt:shortfallAt:), which HiGHS is given as the two
inequalities it stands for: `<=` at the constraint's priority and `>=` at its shortfall's.

The solver documents strict priorities: each optional level's total error (the sum of its
constraints' absolute errors in their expressions' units, an edit variable's being its
distance from the suggestion) is minimised before the next level is considered, never
traded against a lower one. So HiGHS solves one LP per level, highest first, each with the
required constraints and every higher level's optimum fixed. A system matches when:
- every constraint Fitsize refused as unsatisfiable is infeasible with the required
  constraints held at that moment (HiGHS cannot meet it to round-off: the solver judges a
  conflict in the units of whichever row it lands in, so a smaller one may be refused);
- Fitsize's values meet every held required constraint within the solver's documented
  tolerance (32 billionths of the largest magnitude, times the largest coefficient);
- at every optional level, Fitsize's total error equals HiGHS's optimum within the error
  that tolerance allows in each of the level's constraints (see `level_tolerance`).
Each level's optimum is fixed for the levels below at the larger of the two totals, so
HiGHS has the freedom Fitsize took, plus a margin for HiGHS's own round-off that starts at a
few units of the total's last place (1e-15 of it) and widens tenfold only while the next
level is infeasible without it, never beyond the tolerance that level's comparison allowed.
The levels are compared with the optional constraints as given and, if that does not
match, once more with each one that Fitsize's values hold within the tolerance of its bound
moved to where they hold it (the solver takes such a difference for zero; both systems lie
within its tolerance of the given one): Fitsize matches when either does. A required row that Fitsize's values hold within the
tolerance of its bound is given to HiGHS where they hold it (the solver keeps a required row
only to its tolerance, and through a small coefficient that move can shift a level's optimum
by far more). Where the solver admitted a conflict within its tolerance, HiGHS's required
rows get the same allowance, in total no more than the conflict needs or Fitsize's values
take.

Where HiGHS gives no verdict on a pass (numerical trouble, a level left infeasible by its own
round-off in the levels fixed above it, or values that fail the exact check below), the same
LPs are solved again in exact rational arithmetic (Scripts/exact_lp.py), which decides them:
there a level fixed at the larger of the two totals needs no margin, since the exact optimum
is always reachable again, and Fitsize's totals are compared with the exact optima with the
same allowance (seeds 8730, 22016 and 24111 were undecided on HiGHS alone and match). A
system neither decides is counted as undecided, apart from matches and mismatches.

HiGHS's values count against Fitsize only once checked in exact rational arithmetic (HiGHS
meets a row within its own absolute feasibility tolerance, which at large values is far
more than round-off): a refusal is contradicted by values that meet every row to round-off
exactly, found by an exact simplex (Scripts/exact_lp.py) where HiGHS's fall short, and the
line names their largest magnitude; a level is mismatched only when HiGHS's values meet the
required rows and the levels above within the tolerances, or else the exact path decides.

`--minimise SEED` shrinks one mismatched system: it drops operations (with those that
name what they added: a constraint's removal and constant changes, an edit variable's
suggestions and removal) and terms while the system still mismatches in the same way (a
level, a refusal, a required row), and prints the smallest as a JSON line, with its mismatch
on standard error (a system that matches is printed as it is); `--replay-system FILE`
checks a system such a line gives.

Exit status: 0 when every decided system matches, 1 when any mismatches, 2 when the
solver-replay tool could not run or the system given is not one to check.
"""


def log_uniform(rng, low_exponent, high_exponent):
    return 10.0 ** rng.uniform(low_exponent, high_exponent)


class Generator:
    """Draws one system's operations, keeping track of what is held so that removals,
    constant changes and suggestions name things that exist."""

    def __init__(self, seed, shortfalls=False):
        self.seed = seed
        self.rng = random.Random(seed)
        self.shortfalls = shortfalls

    def number(self):
        rng = self.rng
        if rng.randrange(12) == 0:
            return 0.0
        return math.copysign(log_uniform(rng, -6, 6), rng.choice((-1, 1)))

    def coefficient(self):
        rng = self.rng
        magnitude = rng.choice(SMALL_COEFFICIENTS) if rng.randrange(10) < 6 else log_uniform(rng, -3, 3)
        return rng.choice((-1, 1)) * magnitude

    def priority(self, required_share):
        rng = self.rng
        if rng.random() < required_share:
            return REQUIRED
        return rng.choice(COMMON_PRIORITIES) if rng.random() < 0.5 else rng.randint(1, 999)

    def system(self):
        rng = self.rng
        count = rng.randint(2, 6)
        operations = []
        held = []
        edited = []
        next_id = 0
        for _ in range(rng.randint(6, 30)):
            choice = rng.randrange(100)
            if choice < 45 or not held and choice < 67:
                chosen = rng.sample(range(count), rng.randint(1, min(3, count)))
                operations.append({
                    "op": "add", "id": next_id,
                    "terms": [[v, self.coefficient()] for v in chosen],
                    "constant": self.number(),
                    "relation": rng.choice(("==", "<=", ">=")),
                    "priority": self.priority(0.45),
                })
                held.append(next_id)
                next_id += 1
            elif choice < 57:
                operations.append({"op": "remove", "id": held.pop(rng.randrange(len(held)))})
            elif choice < 67:
                operations.append({"op": "constant", "id": rng.choice(held), "value": self.number()})
            else:
                variable = rng.randrange(count)
                if variable in edited and rng.randrange(6) == 0:
                    operations.append({"op": "unedit", "variable": variable})
                    edited.remove(variable)
                    continue
                if variable not in edited:
                    operations.append({"op": "edit", "variable": variable, "priority": self.priority(0)})
                    edited.append(variable)
                operations.append({"op": "suggest", "variable": variable, "value": self.number()})
        operations = out_of_range_add(self.seed, count, operations)
        if self.shortfalls:
            operations = with_shortfalls(self.seed, operations)
        return {"variables": count, "operations": operations}


def with_shortfalls(seed, operations):
    """`operations` with half of the optional equalities' adds, chosen by a random stream of
    its own, given a shortfall priority (optional, UIKit's named ones and random ones)."""
    rng = random.Random(f"shortfall {seed}")
    changed = []
    for operation in operations:
        if operation["op"] == "add" and operation["relation"] == "==" and operation["priority"] != REQUIRED \
                and rng.randrange(2) == 0:
            shortfall = rng.choice(COMMON_PRIORITIES) if rng.random() < 0.5 else rng.randint(1, 999)
            operation = dict(operation, shortfall=shortfall)
        changed.append(operation)
    return changed


OUT_OF_RANGE_ID = 1_000_000


def out_of_range_add(seed, count, operations):
    """`operations` with, for a quarter of the seeds, one add at a random place whose terms
    include a coefficient outside Solver.coefficientMagnitudes (1e-6 to 1e-3, or 1e3 to 1e6),
    from a random stream of its own: the operations drawn before stay as they were."""
    rng = random.Random(f"out-of-range {seed}")
    if rng.randrange(4) != 0:
        return operations
    chosen = rng.sample(range(count), rng.randint(1, min(3, count)))
    terms = [[v, rng.choice((-1, 1)) * log_uniform(rng, -3, 3)] for v in chosen]
    outside = log_uniform(rng, -6, -3) if rng.randrange(2) == 0 else log_uniform(rng, 3, 6)
    terms[rng.randrange(len(terms))][1] = rng.choice((-1, 1)) * outside
    add = {
        "op": "add", "id": OUT_OF_RANGE_ID, "terms": terms,
        "constant": math.copysign(log_uniform(rng, -6, 6), rng.choice((-1, 1))),
        "relation": rng.choice(("==", "<=", ">=")),
        "priority": REQUIRED if rng.randrange(2) == 0 else rng.randint(1, 999),
    }
    place = rng.randint(0, len(operations))
    return operations[:place] + [add] + operations[place:]


def out_of_range(operation):
    """Whether an add has a coefficient outside Solver.coefficientMagnitudes."""
    return any(c != 0 and not (1e-3 <= abs(c) <= 1e3) for _, c in operation["terms"])


class Row:
    """A constraint `Σ terms + constant (relation) 0` at a priority; an optional equality may
    have a priority of its own for falling short of zero (`shortfall`)."""

    def __init__(self, terms, constant, relation, priority, shortfall=None):
        self.terms = [(int(v), float(c)) for v, c in terms]
        self.constant = float(constant)
        self.relation = relation
        self.priority = priority
        self.shortfall = shortfall

    def inequalities(self):
        """The rows HiGHS is given: this one, or for an equality with a shortfall priority
        the two inequalities it stands for."""
        if self.shortfall is None:
            return [self]
        return [Row(self.terms, self.constant, "<=", self.priority),
                Row(self.terms, self.constant, ">=", self.shortfall)]

    @property
    def largest_coefficient(self):
        return max((abs(c) for _, c in self.terms), default=0.0)

    def value(self, values):
        return sum(c * values[v] for v, c in self.terms) + self.constant

    def error(self, values):
        """How far the values are from meeting the constraint, in its expression's units."""
        value = self.value(values)
        if self.relation == "==":
            return abs(value)
        return max(0.0, value) if self.relation == "<=" else max(0.0, -value)


class State:
    """What a system holds after a prefix of its operations, as the solver saw them."""

    def __init__(self, count):
        self.count = count
        self.rows = {}
        self.edits = {}
        # The largest constant or suggestion ever given: the scale of the widest tolerance the
        # solver may have judged a held constraint by.
        self.largest = 1.0

    def held_largest(self):
        """The largest constant or suggestion held now: the scale of the narrowest tolerance
        the solver can judge a new constraint by."""
        magnitudes = [abs(r.constant) for r in self.rows.values()] + [abs(value) for _, value in self.edits.values()]
        return max([1.0] + magnitudes)

    def constraints(self):
        rows = [split for row in self.rows.values() for split in row.inequalities()]
        rows += [Row([(v, 1.0)], -value, "==", priority) for v, (priority, value) in self.edits.items()]
        return rows


def met(witness):
    """The evidence against a refusal: how large the values that meet it exactly are."""
    return f" (exact values up to {float(max(abs(v) for v in witness)):.3g} meet it)" if witness else ""


def replay(system, answer, solver):
    """Walks the operations as Fitsize answered them; returns the final state and the
    refusals HiGHS contradicts."""
    state = State(system["variables"])
    refused = set(answer["refused"])
    rejected = set(answer.get("rejected", []))
    contradictions = []
    for step, operation in enumerate(system["operations"]):
        op = operation["op"]
        if op == "add" and (step in rejected or out_of_range(operation)):
            # Rejected before anything is judged: its constant is no scale of any tolerance.
            if step not in rejected:
                contradictions.append(f"operation {step} (add {json.dumps(operation)}) was not rejected as out of range")
            elif not out_of_range(operation):
                contradictions.append(f"operation {step} (add {json.dumps(operation)}) was rejected, in range")
            continue
        if op in ("add", "constant", "suggest"):
            value = operation["constant"] if op == "add" else operation["value"]
            state.largest = max(state.largest, abs(value))
        if op == "add":
            row = Row(operation["terms"], operation["constant"], operation["relation"], operation["priority"],
                      operation.get("shortfall"))
            if step in refused:
                if row.priority != REQUIRED:
                    contradictions.append(f"operation {step} (add {json.dumps(operation)}) was refused")
                elif (witness := solver.satisfiable(state, row)) is not None:
                    contradictions.append(f"operation {step} (add {json.dumps(operation)}) was refused{met(witness)}")
            else:
                state.rows[operation["id"]] = row
        elif op == "remove":
            state.rows.pop(operation["id"], None)
        elif op == "constant":
            if operation["id"] not in state.rows:
                continue  # a constraint whose add was refused, as solver-replay skips it
            old = state.rows[operation["id"]]
            row = Row(old.terms, operation["value"], old.relation, old.priority, old.shortfall)
            if step in refused:
                others = State(state.count)
                others.rows = {k: r for k, r in state.rows.items() if k != operation["id"]}
                others.edits = state.edits
                witness = solver.satisfiable(others, row) if row.priority == REQUIRED else None
                if row.priority != REQUIRED or witness is not None:
                    contradictions.append(f"operation {step} (constant {operation['value']} of {operation['id']}) was refused"
                                          + (met(witness) if witness is not None else ""))
            else:
                state.rows[operation["id"]] = row
        elif op == "edit":
            state.edits[operation["variable"]] = (operation["priority"], 0.0)
        elif op == "suggest":
            if step in refused:
                contradictions.append(f"operation {step} (suggest) was refused")
            else:
                priority, _ = state.edits[operation["variable"]]
                state.edits[operation["variable"]] = (priority, operation["value"])
        elif op == "unedit":
            state.edits.pop(operation["variable"], None)
    return state, contradictions


def documented_tolerance(state, values):
    """The solver's documented accuracy, as its random property test states it: 32
    billionths of the largest magnitude held (constants, suggestions, and the terms' values)."""
    largest = state.largest
    for row in state.constraints():
        for v, c in row.terms:
            largest = max(largest, abs(c * values[v]))
    return 32e-9 * largest


class Undecided(Exception):
    """An LP gave no verdict (HiGHS's numerical trouble or round-off, or a witness that fails
    the exact check): the same question is put to the exact path, and where that too gives
    none the system is counted apart, neither matched nor mismatched."""


class HiGHS:
    """HiGHS, one instance reused for every LP."""

    name = "HiGHS"

    def __init__(self):
        self.highs = highspy.Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("primal_feasibility_tolerance", 1e-9)
        self.highs.setOptionValue("dual_feasibility_tolerance", 1e-9)

    def load(self, count, rows, slack_columns):
        """Variables x (free), then per row in `slack_columns` (row index -> how many) the
        non-negative error columns; returns the first error column of each such row."""
        highs = self.highs
        highs.clearModel()
        columns = count
        first_error = {}
        for index, number in slack_columns.items():
            first_error[index] = columns
            columns += number
        lower = np.full(columns, 0.0)
        lower[:count] = -INF
        highs.addVars(columns, lower, np.full(columns, INF))
        for index, row in enumerate(rows):
            indices = [v for v, _ in row.terms]
            values = [c for _, c in row.terms]
            # Repeated variables are summed, as the solver does.
            merged = {}
            for v, c in zip(indices, values):
                merged[v] = merged.get(v, 0.0) + c
            indices, values = list(merged), list(merged.values())
            if index in first_error:
                column = first_error[index]
                if row.relation == "==":
                    indices += [column, column + 1]
                    values += [-1.0, 1.0]
                else:
                    indices.append(column)
                    values.append(-1.0 if row.relation == "<=" else 1.0)
            lower_bound = -row.constant if row.relation in ("==", ">=") else -INF
            upper_bound = -row.constant if row.relation in ("==", "<=") else INF
            self.add_row(lower_bound, upper_bound, indices, values)
        return first_error, columns

    def add_row(self, lower, upper, indices, values):
        self.highs.addRow(lower, upper, len(indices), np.array(indices, dtype=np.int32), np.array(values, dtype=np.float64))

    def bound_columns(self, columns, upper):
        """Gives each of `columns` the upper bound `upper` (they are non-negative already)."""
        for column in columns:
            self.highs.changeColBounds(column, 0.0, upper)

    def cap(self, columns, bound):
        """Adds `Σ columns <= bound`, with room for HiGHS's round-off in summing them again."""
        self.add_row(-INF, bound + 1e-9 * max(1.0, bound), columns, [1.0] * len(columns))

    def level_fixes(self):
        """Where each optimised level is fixed for the levels below it."""
        return LevelFixes(self)

    def solution(self, count):
        """The first `count` columns' values at the last optimum."""
        return self.highs.getSolution().col_value[:count]

    @staticmethod
    def error(row, values):
        """How far Fitsize's values miss the row, in floating point as HiGHS's totals are."""
        return row.error(values)

    def solve(self, columns, costs):
        """The LP's optimum, or None when it is infeasible. A run that ends without a verdict
        (numerical trouble) is tried again without presolve, then with the interior point
        method, before HiGHS is given up on (Undecided; the exact path then decides)."""
        highs = self.highs
        cost = np.zeros(columns)
        for column, value in costs.items():
            cost[column] = value
        highs.changeColsCost(columns, np.arange(columns, dtype=np.int32), cost)
        statuses = []
        for presolve, method in (("choose", "simplex"), ("off", "simplex"), ("off", "ipm")):
            highs.setOptionValue("presolve", presolve)
            highs.setOptionValue("solver", method)
            highs.clearSolver()
            highs.run()
            status = highs.getModelStatus()
            if status == highspy.HighsModelStatus.kOptimal:
                return highs.getInfo().objective_function_value
            if status == highspy.HighsModelStatus.kInfeasible:
                return None
            statuses.append(highs.modelStatusToString(status))
        raise Undecided("HiGHS ended with " + ", then ".join(statuses))

    def satisfiable(self, state, new):
        """Values that meet `new` together with the required constraints held, to round-off
        (a trillionth of the largest magnitude held, in total over the rows in their
        variables' units), or None when there are none.

        Only such values contradict a refusal: the solver judges a conflict in the units of the
        row it lands in, and a conflict of 1e-7 in the new constraint's units can be one of
        1e-4 in another's, beyond the tolerance there (seed 4053).

        HiGHS's values are checked in exact arithmetic before they count: HiGHS meets a row
        within its own absolute feasibility tolerance, and at values of 1e11 or more that can
        leave a residual far beyond round-off (seed 32811: 3.8e-6 against 4.1e-7, at 3.4e13).
        Where they fall short, or HiGHS gives no verdict, the exact optimum of the same
        relaxation decides."""
        required = [r for r in state.rows.values() if r.priority == REQUIRED]
        # Each row divided by its largest coefficient, as the solver keeps a required row; the
        # new one relaxed by non-negative columns whose total is minimised.
        rows = [scaled(r) for r in required] + [scaled(new)]
        first, columns = self.load(state.count, rows, {len(required): 2})
        last = first[len(required)]
        threshold = Fraction(1e-12 * max(state.held_largest(), abs(new.constant)))
        try:
            optimum = self.solve(columns, {last: 1.0, last + 1: 1.0})
        except Undecided:
            return exactly_satisfiable(state.count, rows, threshold)
        if optimum is None or optimum > threshold:
            return None
        values = [Fraction(v) for v in self.solution(state.count)]
        if sum(exact_error(row, values) for row in rows) <= threshold:
            return values
        return exactly_satisfiable(state.count, rows, threshold)


def exact_error(row, values):
    """`Row.error` in exact arithmetic, at rational values."""
    value = sum(Fraction(c) * values[v] for v, c in row.terms) + Fraction(row.constant)
    if row.relation == "==":
        return abs(value)
    return max(Fraction(0), value) if row.relation == "<=" else max(Fraction(0), -value)


def exactly_satisfiable(count, rows, threshold):
    """Values that meet the rows to within `threshold` in total, found exactly (every row
    relaxed by non-negative columns whose total is minimised), or None."""
    program = ExactLP()
    variables = [program.column(free=True) for _ in range(count)]
    relaxations = []
    for row in rows:
        terms = [(variables[v], c) for v, c in row.terms]
        below = program.column(free=False)
        above = program.column(free=False)
        relaxations += [below, above]
        program.row(terms + [(below, 1), (above, -1)], row.relation, -Fraction(row.constant))
    found = program.minimum({column: 1 for column in relaxations})
    if found is None or found[0] > threshold:
        return None
    return found[1][:count]


def scaled(row):
    largest = row.largest_coefficient or 1.0
    return Row([(v, c / largest) for v, c in row.terms], row.constant / largest, row.relation, row.priority)


def as_held(row, values, tolerance):
    """The required row scaled as the solver keeps it, moved to where Fitsize's values hold it
    when they are within the documented tolerance of its bound: an equality at their residual,
    an inequality tight at their value.

    The solver keeps each required row only to its tolerance (a constant within it of zero
    is taken for zero), and where a small coefficient couples the row to the optimum, a move
    that size shifts a level's optimum by its inverse (seed 460: c10's row held 5.6e-4 tight
    of its bound, within its tolerance of 1.7e-2, and level 250 lost 494). The levels are
    compared for the rows as Fitsize held them: HiGHS may not use what Fitsize's tolerance
    gave up, and Fitsize must still be optimal for them."""
    held = scaled(row)
    value = held.value(values)
    if abs(value) > tolerance * max(1.0, row.largest_coefficient) / (row.largest_coefficient or 1.0):
        return held
    return Row(held.terms, held.constant - value, held.relation, held.priority)


def met_as_held(row, values, tolerance):
    """The optional row moved to where Fitsize's values hold it, when they are within the
    solver's tolerance of its bound (in its expression's units, up to its largest
    coefficient): an equality at their residual, an inequality tight at their value, as
    `as_held` moves a required row.

    The solver takes a constant within its tolerance of zero for zero, in any row (phase one
    leaves such a residue in the row it adds), so Fitsize's values are then the exact optimum of
    a system within tolerance of this one, and the levels below are that system's. Kept where
    it was, the row lets HiGHS take the difference the other way and buy error at a lower level
    through a steep coupling. Seed 78040: level 830's row -0.0143 v0 + 1.5e-6 == 0, missed by
    1.4e-4 (tolerance 0.0103), moves v0 by 0.01 and v1 by 546 times that. Seed 52264: level
    501's row -0.5 v1 + 1.7e-5 >= 0, held 7e-4 inside its bound, reaches v2 at level 414
    through 722.3."""
    value = row.value(values)
    if value == 0 or abs(value) > tolerance * max(1.0, row.largest_coefficient):
        return row
    return Row(row.terms, row.constant - value, row.relation, row.priority)


def level_tolerance(row_count, tolerance, largest_coefficient):
    """How far a level's total error may honestly differ from the exact optimum: each of the
    level's constraints may be off by the solver's tolerance in its variables' units, which is
    its tolerance times its largest coefficient in the expression's units; and so may each
    required row that holds the optimum in place. Twice that allows for HiGHS's side."""
    return 2 * (row_count + 1) * tolerance * max(1.0, largest_coefficient)


class LevelFixes:
    """The rows that fix each optimised level's total for the levels below it, each with a
    margin for HiGHS's round-off that starts at a few units of the total's last place (1e-15
    of it) and widens only while the next level is infeasible without it.

    Any margin is freedom HiGHS can trade for less error below, through a coupling that
    multiplies it many-fold (seed 5342: a margin of 8e-6 at level 750 bought 0.197 at level
    501, through coefficients 301 and 0.0124), so it is kept as small as HiGHS can work with,
    and never wider than the tolerance that level's comparison allowed Fitsize. Re-solving
    with the level fixed, HiGHS needs room only for summing the total again, a few units of
    its last place; it keeps its absolute feasibility tolerance (1e-9) on that row anyway. A
    trillionth of a total made of large constants is far more (seed 69923: 1.4e-7 of a level
    at 137,000, through a rate of 1/0.0013 and a chain of 2,600, bought 0.27 three levels
    down)."""

    def __init__(self, highs):
        self.highs = highs
        self.rows = []  # (row index, total, allowed)
        self.scale = 1e-15

    def margin(self, total, allowed):
        return min(self.scale * max(1.0, total), max(allowed, 1e-9 * max(1.0, total)))

    def fix(self, indices, total, allowed):
        self.rows.append((self.highs.highs.getNumRow(), total, allowed))
        self.highs.add_row(-INF, total + self.margin(total, allowed), indices, [1.0] * len(indices))

    def solve(self, columns, costs):
        """The level's optimum with the levels above fixed, widening their margins by tenfold
        steps while HiGHS finds it infeasible; None once they are as wide as allowed."""
        while True:
            optimum = self.highs.solve(columns, costs)
            if optimum is not None or not self.rows:
                return optimum
            if all(self.margin(total, allowed) >= max(allowed, 1e-9 * max(1.0, total))
                   for _, total, allowed in self.rows):
                return None
            self.scale *= 10
            for row, total, allowed in self.rows:
                self.highs.highs.changeRowBounds(row, -INF, total + self.margin(total, allowed))


class Exact:
    """The LPs `compare_levels` builds, solved in exact rational arithmetic (Scripts/exact_lp.py)
    with HiGHS's interface: the same rows, bounds and error columns, each number the exact
    value of the float it came from.

    HiGHS can leave a level infeasible once the levels above are fixed, its own round-off
    making the optimum it found for a level above unreachable again (seeds 8730, 22016, 24111),
    and no margin the comparison allows restores it. Here a level fixed at its exact optimum
    or above always leaves the next one feasible, so a level is fixed at exactly the larger of
    the two totals, with no margin: HiGHS's path gives the reference that freedom and only
    round-off more. It is slow (a dense tableau of Fractions, rebuilt for every LP), so the
    oracle uses it only where HiGHS gives no verdict."""

    name = "the exact simplex"

    def __init__(self):
        self.program = ExactLP()
        self.found = None

    def load(self, count, rows, slack_columns):
        """As `HiGHS.load`: variables (free), then each listed row's non-negative error columns,
        one below and one above an equality's bound, one on the far side of an inequality's."""
        program = self.program = ExactLP()
        for _ in range(count):
            program.column(free=True)
        first_error = {}
        for index, number in slack_columns.items():
            first_error[index] = program.column(free=False)
            for _ in range(number - 1):
                program.column(free=False)
        for index, row in enumerate(rows):
            terms = list(row.terms)
            if index in first_error:
                column = first_error[index]
                if row.relation == "==":
                    terms += [(column, -1), (column + 1, 1)]
                else:
                    terms.append((column, -1 if row.relation == "<=" else 1))
            program.row(terms, row.relation, -Fraction(row.constant))
        return first_error, len(program.free)

    def add_row(self, lower, upper, indices, values):
        """As `HiGHS.add_row`: `lower <= Σ values · columns <= upper`, either side infinite."""
        terms = list(zip(indices, values))
        if lower == upper:
            self.program.row(terms, "==", Fraction(lower))
            return
        if lower != -INF:
            self.program.row(terms, ">=", Fraction(lower))
        if upper != INF:
            self.program.row(terms, "<=", Fraction(upper))

    def bound_columns(self, columns, upper):
        for column in columns:
            self.program.row([(column, 1)], "<=", Fraction(upper))

    def cap(self, columns, bound):
        """Adds `Σ columns <= bound`, exactly: no round-off to make room for."""
        self.program.row([(column, 1) for column in columns], "<=", Fraction(bound))

    def level_fixes(self):
        return ExactFixes(self)

    def solve(self, columns, costs):
        """The exact optimum, or None when the rows are infeasible."""
        self.found = self.program.minimum(costs)
        return None if self.found is None else self.found[0]

    def solution(self, count):
        return self.found[1][:count]

    @staticmethod
    def error(row, values):
        """How far Fitsize's values miss the row, exactly."""
        return exact_error(row, [Fraction(v) for v in values])


class ExactFixes:
    """`LevelFixes` for the exact path: each level fixed at exactly the total given, which is
    at least its exact optimum, so the levels below stay feasible and need no margin."""

    def __init__(self, lp):
        self.lp = lp

    def fix(self, indices, total, allowed):
        self.lp.cap(indices, total)

    def solve(self, columns, costs):
        return self.lp.solve(columns, costs)


def compare(system, answer, highs):
    """The mismatches of one system, as sentences (empty when it matches)."""
    if "error" in answer:
        return [f"solver-replay: {answer['error']}"]
    values = answer["values"]
    if any(v is None for v in values):
        return ["a value is not finite"]
    state, mismatches = replay(system, answer, highs)
    tolerance = documented_tolerance(state, values)
    rows = state.constraints()
    required = [r for r in rows if r.priority == REQUIRED]
    for row in required:
        error = row.error(values)
        if error > tolerance * max(1.0, row.largest_coefficient):
            mismatches.append(f"required {row.terms} {row.constant:+} {row.relation} 0 off by {error:.6g}")
    given = [r for r in rows if r.priority != REQUIRED]
    if not given or mismatches:
        return mismatches
    # The optional rows as given, then as Fitsize's values hold them (`met_as_held`): both
    # systems lie within the solver's tolerance of the one it was given, and Fitsize matches
    # when it is the optimum of either. Which one it followed depends on whether a row's small
    # difference is a residue the rows keep (seed 52264) or round-off of its values (36445).
    held = [met_as_held(r, values, tolerance) for r in given]
    outcomes = []
    for optional in [given, held] if any(h is not g for h, g in zip(held, given)) else [given]:
        try:
            found = compare_levels(state, values, tolerance, required, optional, highs)
        except Undecided:
            # HiGHS gave no verdict on these LPs (its round-off left a level infeasible, it ran
            # into numerical trouble, or its values failed the exact check): the same LPs,
            # solved exactly, decide instead.
            try:
                found = compare_levels(state, values, tolerance, required, optional, Exact())
            except Undecided as reason:
                outcomes.append(reason)
                continue
        if not found:
            return []
        outcomes.append(found)
    for outcome in outcomes:
        if isinstance(outcome, list):
            return outcome
    raise outcomes[0]


def compare_levels(state, values, tolerance, required, optional, lp):
    """The mismatches of the optional levels, with these optional rows (empty when they all
    match), each level's LP solved by `lp`: HiGHS, or `Exact` where HiGHS gives no verdict."""
    mismatches = []
    levels = sorted({r.priority for r in optional}, reverse=True)
    # Required rows divided by their largest coefficient, as the solver keeps them, so that a
    # relaxation below is in their variables' units; each one as Fitsize's values hold it.
    ordered = [as_held(r, values, tolerance) for r in required] + optional
    slack = {len(required) + i: (2 if r.relation == "==" else 1) for i, r in enumerate(optional)}
    first, columns = lp.load(state.count, ordered, slack)
    if lp.solve(columns, {}) is None:
        # The solver admitted a conflict within its tolerance (a constraint it was given that
        # contradicts the others by less than the tolerance): HiGHS gets the same allowance,
        # every required row relaxed by up to the tolerance in its variables' units.
        slack.update({i: 2 for i in range(len(required))})
        first, columns = lp.load(state.count, ordered, slack)
        relaxations = [first[i] + k for i in range(len(required)) for k in (0, 1)]
        lp.bound_columns(relaxations, tolerance)
        needed = lp.solve(columns, {column: 1.0 for column in relaxations})
        if needed is None:
            mismatches.append("the required constraints held are infeasible even within the solver's tolerance")
            return mismatches
        # Only as much relaxation in all as the conflict needs, or as Fitsize's values take
        # if more: beyond that HiGHS would bend required rows the conflict has no part in and
        # buy optional error with them, which the solver never does (seed 1726).
        taken = sum(lp.error(ordered[i], values) for i in range(len(required)))
        lp.cap(relaxations, max(needed, taken))
    fixes = lp.level_fixes()
    fixed = []  # (members, total, allowed) of each level fixed so far
    for level in levels:
        members = [len(required) + i for i, r in enumerate(optional) if r.priority == level]
        costs = {}
        for index in members:
            width = 2 if ordered[index].relation == "==" else 1
            for k in range(width):
                costs[first[index] + k] = 1.0
        optimum = fixes.solve(columns, costs)
        if optimum is None:
            # Feasible before the higher levels were fixed, and still with each fixed as loosely
            # as its own comparison allowed Fitsize: HiGHS's round-off, which says nothing about
            # Fitsize (in exact arithmetic it cannot happen, the fixes being at least the optima).
            raise Undecided(f"level {level} is infeasible with the levels above fixed")
        ours = sum(lp.error(ordered[i], values) for i in members)
        allowed = level_tolerance(len(members) + len(required), tolerance,
                                  max(r.largest_coefficient for r in [ordered[i] for i in members] + required))
        if abs(ours - optimum) > allowed:
            if optimum < ours:
                check_witness(lp, state, ordered, len(required), tolerance, fixed, members, optimum, allowed, level)
            mismatches.append(f"level {level}: Fitsize's error {float(ours):.9g}, {lp.name}'s optimum {float(optimum):.9g} "
                              f"(allowed {allowed:.3g})")
            return mismatches
        fixed.append((members, max(ours, optimum), allowed))
        # The level's optimum is fixed for the levels below, at the larger of the two totals:
        # the LP then has the freedom Fitsize took and no more (beyond HiGHS's own round-off),
        # which it would otherwise trade for less error at the levels below.
        fixes.fix(list(costs), max(ours, optimum), allowed)
    return mismatches


def check_witness(lp, state, ordered, required_count, tolerance, fixed, members, optimum, allowed, level):
    """Checks in exact arithmetic that the LP's values for a level it found better than
    Fitsize's are a true witness: every required row met within the solver's tolerance, every
    level above within what its comparison allowed, and this level's total near the optimum
    the LP reported. HiGHS judges its rows by its own absolute feasibility tolerance, which at
    large values need not be the solver's; a witness that fails leaves the pass undecided,
    with the shortfall named, rather than mismatched on HiGHS's word (the exact path's values
    meet every row exactly, so only a required row relaxed for a conflict can fail there).

    The required rows are held to the solver's tolerance at the witness's own magnitudes
    where those are smaller than Fitsize's: values that the required rows force far out give
    Fitsize a tolerance that grows with them, and a witness that stays small may not spend
    it on missing a required row, which is what lets it stay small (seed 52730: the rows
    force v2 below -5.5e11, whose terms of 2.2e14 allow 7e6; HiGHS's v2 of 0 missed a row by
    2.1 and a chain of steep couplings carried that to v2)."""
    count = state.count
    solution = lp.solution(count)
    tolerance = min(tolerance, documented_tolerance(state, solution))
    values = [Fraction(v) for v in solution]
    for index in range(required_count):
        error = exact_error(ordered[index], values)
        if error > Fraction(tolerance):
            raise Undecided(f"level {level}: {lp.name}'s values miss a required row by {float(error):.3g}, "
                            f"beyond the tolerance {tolerance:.3g}")
    for above, total, margin in fixed:
        reached = sum(exact_error(ordered[i], values) for i in above)
        if reached > Fraction(total) + Fraction(margin):
            raise Undecided(f"level {level}: {lp.name}'s values give a level above {float(reached):.9g}, "
                            f"beyond its optimum {float(total):.9g} by more than {margin:.3g}")
    reached = sum(exact_error(ordered[i], values) for i in members)
    if reached > Fraction(optimum) + Fraction(allowed):
        raise Undecided(f"level {level}: {lp.name}'s values give {float(reached):.9g}, "
                        f"not its optimum {float(optimum):.9g}")


def kind(mismatch):
    """What a mismatch is about, for `--minimise` to keep: a level, a refusal or a required row."""
    for word in ("level", "was refused", "rejected", "required", "solver-replay", "not finite"):
        if word in mismatch:
            return word
    return mismatch


def dependants(operations, dropped):
    """`dropped` with every later operation that names what one of them added: a
    constraint's removal and constant changes, an edit variable's suggestions and removal
    (up to its next edit)."""
    closed = set(dropped)
    for index in sorted(dropped):
        operation = operations[index]
        if operation["op"] == "add":
            closed |= {later for later in range(index + 1, len(operations))
                       if operations[later]["op"] in ("remove", "constant")
                       and operations[later]["id"] == operation["id"]}
        elif operation["op"] == "edit":
            for later in range(index + 1, len(operations)):
                if operations[later].get("variable") == operation["variable"]:
                    if operations[later]["op"] == "edit":
                        break
                    closed.add(later)
    return closed


def replayed(replay, systems):
    """solver-replay's answers to `systems`, one each, in order; ReplayFailed when it did
    not run or answered a different number."""
    result = subprocess.run([replay], input="".join(json.dumps(s) + "\n" for s in systems),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise ReplayFailed(f"status {result.returncode}: {result.stderr.strip()}")
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    if len(answers) != len(systems):
        raise ReplayFailed(f"it answered {len(answers)} of {len(systems)} systems")
    return answers


def check_one(system, replay, highs):
    """The mismatches of one system (empty when it matches; a line solver-replay rejects is
    one, as in the full run), or None when it is undecided."""
    try:
        return compare(system, replayed(replay, [system])[0], highs)
    except Undecided:
        return None


class ReplayFailed(Exception):
    """solver-replay did not run."""


def minimise(system, replay, highs):
    """The smallest system found that mismatches as `system` does, by dropping one
    operation (with its dependants) or one term at a time until none can go; with its
    mismatches."""
    found = check_one(system, replay, highs)
    if not found:
        return system, found
    wanted = kind(found[0])

    def same(candidate):
        mismatches = check_one(candidate, replay, highs)
        return bool(mismatches) and kind(mismatches[0]) == wanted

    shrunk = True
    while shrunk:
        shrunk = False
        for index in reversed(range(len(system["operations"]))):
            if index >= len(system["operations"]):
                continue
            operations = system["operations"]
            dropped = dependants(operations, {index})
            candidate = dict(system, operations=[o for k, o in enumerate(operations) if k not in dropped])
            if same(candidate):
                system, shrunk = candidate, True
        for index in range(len(system["operations"])):
            term = 0
            while system["operations"][index]["op"] == "add" and term < len(system["operations"][index]["terms"]) > 1:
                operation = system["operations"][index]
                fewer = dict(operation, terms=[t for k, t in enumerate(operation["terms"]) if k != term])
                candidate = dict(system, operations=system["operations"][:index] + [fewer] + system["operations"][index + 1:])
                if same(candidate):
                    system, shrunk = candidate, True
                else:
                    term += 1
    return system, check_one(system, replay, highs)


def listed_seeds(text, parser):
    """The seeds `--seeds` names: numbers separated by commas, or every `seed N` in a file."""
    if text.startswith("@"):
        try:
            with open(text[1:]) as file:
                found = re.findall(r"\bseed (\d+)", file.read())
        except OSError as error:
            parser.error(f"--seeds: cannot read {text[1:]}: {error.strerror}")
        seeds = sorted({int(seed) for seed in found})
    else:
        try:
            seeds = [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            parser.error(f"--seeds takes comma-separated numbers or @FILE, not {text!r}")
    if not seeds:
        parser.error("--seeds names no seed")
    return seeds


def main():
    parser = argparse.ArgumentParser(
        prog="solver-oracle", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--long", action="store_true", help="check 100,000 systems instead of 5,000")
    parser.add_argument("--systems", type=int, help="check this many systems")
    parser.add_argument("--seed", type=int, default=0, help="the first system's seed (default 0)")
    parser.add_argument("--replay", required=True, help=argparse.SUPPRESS)
    parser.add_argument("--show", type=int, metavar="SEED", help="print one system as JSON and exit")
    parser.add_argument("--seeds", metavar="LIST",
                        help="check only these seeds: comma-separated numbers, or @FILE with every "
                             "\"seed N\" a file names (an earlier run's output)")
    parser.add_argument("--minimise", type=int, metavar="SEED",
                        help="shrink one mismatched system while it mismatches the same way; print it as JSON")
    parser.add_argument("--shortfall", action="store_true",
                        help="give half of the optional equalities a shortfall priority of their own")
    parser.add_argument("--replay-system", metavar="FILE",
                        help="check the system a JSON line in FILE gives (the last line), as --show or --minimise print it")
    arguments = parser.parse_args()
    if arguments.show is not None:
        print(json.dumps(Generator(arguments.show, arguments.shortfall).system()))
        return 0
    if arguments.minimise is not None or arguments.replay_system is not None:
        return one_system(arguments, parser)
    count = arguments.systems or (100_000 if arguments.long else 5_000)
    if count <= 0:
        parser.error("--systems must be positive")
    chosen = list(range(arguments.seed, arguments.seed + count))
    if arguments.seeds is not None:
        chosen = listed_seeds(arguments.seeds, parser)
    started = time.monotonic()
    highs = HiGHS()
    mismatched = 0
    undecided = 0
    batch = 2_000
    for start in range(0, len(chosen), batch):
        seeds = chosen[start:start + batch]
        systems = [Generator(seed, arguments.shortfall).system() for seed in seeds]
        try:
            answers = replayed(arguments.replay, systems)
        except ReplayFailed as failure:
            print(f"solver-oracle: solver-replay failed: {failure}", file=sys.stderr)
            return 2
        for seed, system, answer in zip(seeds, systems, answers):
            try:
                mismatches = compare(system, answer, highs)
            except Undecided as reason:
                undecided += 1
                print(f"seed {seed}: undecided: {reason}")
                continue
            if mismatches:
                mismatched += 1
                print(f"seed {seed}: " + "; ".join(mismatches))
    elapsed = time.monotonic() - started
    described = f"seeds {arguments.seed}..<{arguments.seed + count}" if arguments.seeds is None else "listed seeds"
    print(f"solver-oracle: {len(chosen)} systems ({described}), "
          f"{mismatched} mismatched, {undecided} undecided, {elapsed:.1f} s")
    return 1 if mismatched else 0


def one_system(arguments, parser):
    """--minimise and --replay-system: one system, its mismatches on standard error."""
    if arguments.replay_system is not None:
        try:
            with open(arguments.replay_system) as file:
                lines = [line for line in file.read().splitlines() if line.strip()]
            system = json.loads(lines[-1])
        except (OSError, IndexError, json.JSONDecodeError) as error:
            print(f"solver-oracle: --replay-system: {arguments.replay_system} holds no system: {error}", file=sys.stderr)
            return 2
        if not isinstance(system, dict) or "operations" not in system or "variables" not in system:
            print(f"solver-oracle: --replay-system: the last line of {arguments.replay_system} is not a system", file=sys.stderr)
            return 2
    else:
        system = Generator(arguments.minimise, arguments.shortfall).system()
    # HiGHS's constructor writes its banner to standard output, where --minimise prints the
    # system alone: the banner goes to standard error instead.
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        highs = HiGHS()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    try:
        if arguments.minimise is not None:
            system, found = minimise(system, arguments.replay, highs)
            print(json.dumps(system))
        else:
            found = check_one(system, arguments.replay, highs)
    except ReplayFailed as failure:
        print(f"solver-oracle: solver-replay failed: {failure}", file=sys.stderr)
        return 2
    if found is None:
        print("solver-oracle: undecided (neither HiGHS nor the exact path gave a verdict)", file=sys.stderr)
        return 0
    print("solver-oracle: " + ("; ".join(found) if found else "matches"), file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
