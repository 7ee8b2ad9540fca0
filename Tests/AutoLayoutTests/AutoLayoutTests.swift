// Tests for AutoLayout.
