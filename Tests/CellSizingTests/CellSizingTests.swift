// Tests for CellSizing.
