// Tests for ConstraintSolver.
