"""Checks of busy_cores (cli_cells.py --timeline): the cores a process's threads kept busy in
each interval, from readings of their CPU ticks."""
import unittest

from jvm_threads import TICKS, busy_cores


def ticks(seconds):
    return round(seconds * TICKS)


class BusyCoresTests(unittest.TestCase):
    def test_two_threads_busy_then_one_give_two_cores_then_one(self):
        readings = [(0.0, {"1": 0}), (0.1, {"1": ticks(0.1), "2": ticks(0.1)}),
                    (0.2, {"1": ticks(0.2), "2": ticks(0.2)}), (0.3, {"1": ticks(0.3), "2": ticks(0.2)})]
        # A reading at the end of an interval counts in the next one: the readings at 0.1 and
        # 0.2 s fall in intervals 1 and 2.
        self.assertEqual([round(cores, 6) for cores in busy_cores(readings, 0.1)], [0.0, 2.0, 2.0, 1.0])

    def test_a_thread_first_seen_late_counts_its_time_from_zero(self):
        readings = [(0.0, {"1": 0}), (0.25, {"1": ticks(0.05), "7": ticks(0.1)})]
        self.assertEqual([round(cores, 6) for cores in busy_cores(readings, 0.5)], [0.3])

    def test_a_thread_gone_from_a_reading_counts_nothing_more(self):
        readings = [(0.0, {"1": ticks(0.1)}), (0.1, {}), (0.2, {"2": ticks(0.1)})]
        self.assertEqual([round(cores, 6) for cores in busy_cores(readings, 0.1)], [1.0, 0.0, 1.0])

    def test_no_readings_give_no_intervals(self):
        self.assertEqual(busy_cores([], 0.1), [])


if __name__ == "__main__":
    unittest.main()
