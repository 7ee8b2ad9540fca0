// Tests for Typesetting.
