"""A small linear program solved in exact rational arithmetic, for Scripts/solver_oracle.py.

HiGHS answers in floating point and calls a row met when it is within its own feasibility
tolerance of its bound; at values of 1e13 that absolute tolerance hides residuals far beyond
the round-off the oracle allows. The oracle checks such answers here, where no tolerance
exists: every number is the exact rational value of the float it came from.

The method is the textbook two-phase primal simplex on a dense tableau with Bland's rule
(lowest index enters, ties in the ratio test to the lowest basic index), which cannot cycle;
the systems are a few dozen rows and columns, so the dense form costs little.
"""
from fractions import Fraction


class ExactLP:
    """Minimise `costs · z` subject to rows `Σ coefficients · z (relation) bound`, where each
    column is free or non-negative. Build with `column` and `row`, then call `minimum`."""

    def __init__(self):
        self.free = []      # per column, whether it is free
        self.rows = []      # (dict column -> Fraction, relation, Fraction bound)

    def column(self, free):
        """Adds a column; returns its index."""
        self.free.append(free)
        return len(self.free) - 1

    def row(self, coefficients, relation, bound):
        """Adds `Σ coefficients[c] · z[c] (relation) bound`, relation one of "<=", ">=", "=="."""
        merged = {}
        for column, value in coefficients:
            merged[column] = merged.get(column, Fraction(0)) + Fraction(value)
        self.rows.append((merged, relation, Fraction(bound)))

    def minimum(self, costs):
        """The exact optimum as (value, z) with z the columns' values, or None when the rows
        are infeasible. `costs` maps columns to their cost; the caller keeps the program
        bounded (every cost on a non-negative column, as a relaxation's total is)."""
        # Standard form: a free column becomes the difference of two non-negative ones, an
        # inequality gains a slack, every bound is made non-negative, and each row starts
        # with an artificial column in the basis.
        split = []
        width = 0
        for free in self.free:
            split.append((width, width + 1) if free else (width, None))
            width += 2 if free else 1
        slack_of = {}
        for index, (_, relation, _) in enumerate(self.rows):
            if relation != "==":
                slack_of[index] = width
                width += 1
        artificial = width
        width += len(self.rows)
        tableau = []
        basis = []
        for index, (coefficients, relation, bound) in enumerate(self.rows):
            line = [Fraction(0)] * (width + 1)
            for column, value in coefficients.items():
                positive, negative = split[column]
                line[positive] += value
                if negative is not None:
                    line[negative] -= value
            if relation == "<=":
                line[slack_of[index]] = Fraction(1)
            elif relation == ">=":
                line[slack_of[index]] = Fraction(-1)
            line[width] = bound
            if bound < 0:
                line = [-value for value in line]
            line[artificial + index] = Fraction(1)
            tableau.append(line)
            basis.append(artificial + index)
        phase_one = [Fraction(0)] * artificial + [Fraction(1)] * len(self.rows) + [Fraction(0)]
        if self._optimise(tableau, basis, phase_one, width) > 0:
            return None
        # Artificial columns left basic at zero are pivoted out where a real column can
        # replace them; a row where none can is redundant and is dropped.
        for position in range(len(basis) - 1, -1, -1):
            if basis[position] < artificial:
                continue
            line = tableau[position]
            entering = next((c for c in range(artificial) if line[c] != 0), None)
            if entering is None:
                del tableau[position], basis[position]
            else:
                self._pivot(tableau, basis, position, entering, width)
        objective = [Fraction(0)] * (width + 1)
        for column, cost in costs.items():
            positive, negative = split[column]
            objective[positive] += Fraction(cost)
            if negative is not None:
                objective[negative] -= Fraction(cost)
        value = self._optimise(tableau, basis, objective, artificial)
        if value is None:
            raise ValueError("the program is unbounded below")
        solution = [Fraction(0)] * width
        for position, column in enumerate(basis):
            solution[column] = tableau[position][width]
        z = [solution[p] - (solution[n] if n is not None else 0) for p, n in split]
        return value, z

    @staticmethod
    def _pivot(tableau, basis, position, entering, width):
        line = tableau[position]
        pivot = line[entering]
        # Only the pivot row's non-zero entries change the others: the tableau is mostly zeros
        # (slack and artificial columns), and a Fraction operation costs far more than a test.
        nonzero = [c for c, value in enumerate(line) if value != 0]
        for c in nonzero:
            line[c] /= pivot
        for other, row in enumerate(tableau):
            factor = row[entering]
            if other != position and factor != 0:
                for c in nonzero:
                    row[c] -= factor * line[c]
        basis[position] = entering
        return nonzero

    def _optimise(self, tableau, basis, costs, usable):
        """Minimises `costs` (one per column, the last entry unused) over the columns below
        `usable`, from the feasible basis given; returns the optimum, or None if unbounded."""
        width = len(tableau[0]) - 1 if tableau else len(costs) - 1
        # The reduced costs, priced out once and then kept current by each pivot, as the
        # objective row of a tableau is (the last entry, beyond the columns, is unused).
        reduced = list(costs[:width]) + [Fraction(0)]
        for position, column in enumerate(basis):
            cost = costs[column]
            if cost != 0:
                for c, value in enumerate(tableau[position]):
                    if value != 0:
                        reduced[c] -= cost * value
        while True:
            entering = next((c for c in range(usable) if reduced[c] < 0), None)
            if entering is None:
                return sum(costs[column] * tableau[position][width] for position, column in enumerate(basis))
            best = None
            for position, row in enumerate(tableau):
                if row[entering] > 0:
                    ratio = row[width] / row[entering]
                    if best is None or ratio < best[0] or (ratio == best[0] and basis[position] < basis[best[1]]):
                        best = (ratio, position)
            if best is None:
                return None
            factor = reduced[entering]
            line = tableau[best[1]]
            for c in self._pivot(tableau, basis, best[1], entering, width):
                reduced[c] -= factor * line[c]
