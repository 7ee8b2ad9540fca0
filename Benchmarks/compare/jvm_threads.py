"""Where a process's CPU time goes: its threads' CPU seconds, read from /proc while it runs,
summed by what a JVM's threads do (for spark_feed.py --breakdown) or followed over time as the
cores its threads keep busy (for cli_cells.py --timeline).

A thread's counters vanish with it, so the process is sampled every few tenths of a second
and each thread's last reading is kept; the little a thread spends after the last sample is
missed. Linux only (it reads /proc).
"""
import os
import re
import time

TICKS = os.sysconf("SC_CLK_TCK")

# Thread names (as the kernel keeps them, cut to 15 characters) and what those threads do in
# a Spark job; the first pattern that matches a name names its group.
GROUPS = (
    (r"^C[12] CompilerThre", "JIT compilers"),
    (r"^stdin writer fo", "pipe writers (reading the input and writing it to the tool)"),
    (r"^Executor task l", "tasks (splitting the tool's lines, writing Parquet)"),
    (r"^Thread-\d+$", "unnamed threads (py4j's: the driver's calls, planning and code generation)"),
    (r"^(GC Thread|G1 )", "garbage collection"),
    (r"^java$", "main thread (start-up, spark-submit)"),
)


def group(name):
    """The group of thread `name`."""
    for pattern, label in GROUPS:
        if re.search(pattern, name):
            return label
    return "other threads"


def stat_fields(path):
    """The fields after the name of a /proc stat file (the state first), and the name."""
    with open(path, encoding="ascii", errors="replace") as handle:
        text = handle.read()
    return text[text.rindex(")") + 2:].split(), text[text.index("(") + 1:text.rindex(")")]


class ThreadCPU:
    """Samples child process `pid`'s threads until it ends: `seconds_by_group()` is the JVM's
    own CPU time, `total_seconds` that of the whole process tree (the tool's processes and
    Python included, as the kernel counts it when the process is reaped)."""

    def __init__(self, pid):
        self.pid = pid
        self.threads = {}  # thread id -> (name, CPU ticks)
        # Each sample: (seconds since the first, {thread id: CPU ticks}), for busy_cores().
        self.readings = []
        self.total_seconds = None
        self.exit_code = None
        self._start = None

    def sample(self):
        """Reads every thread's counters once."""
        try:
            tids = os.listdir(f"/proc/{self.pid}/task")
        except OSError:
            return
        now = time.monotonic()
        if self._start is None:
            self._start = now
        reading = {}
        for tid in tids:
            try:
                fields, name = stat_fields(f"/proc/{self.pid}/task/{tid}/stat")
                self.threads[tid] = (name, int(fields[11]) + int(fields[12]))  # utime + stime
                reading[tid] = self.threads[tid][1]
            except (OSError, ValueError, IndexError):
                continue  # the thread ended between the listing and the read
        self.readings.append((now - self._start, reading))

    def follow(self, interval=0.2):
        """Samples until the process exits, then reaps it; returns its exit code."""
        while True:
            self.sample()
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.total_seconds = usage.ru_utime + usage.ru_stime
                self.exit_code = os.waitstatus_to_exitcode(status)
                return self.exit_code
            time.sleep(interval)

    def seconds_by_group(self):
        """CPU seconds by thread group, largest first."""
        totals = {}
        for name, ticks in self.threads.values():
            totals[group(name)] = totals.get(group(name), 0) + ticks / TICKS
        return sorted(totals.items(), key=lambda item: -item[1])


def busy_cores(readings, interval):
    """The cores a process's threads kept busy in each `interval` seconds of its run, from
    ThreadCPU.readings: each thread's CPU time between two readings counts in the interval of
    the later one (a thread first seen counts from zero, since it started after the reading
    before). Readings at least a few times closer than `interval` keep the counting fair."""
    if not readings:
        return []

    def index(seconds):
        # A reading on a boundary (0.3 s, which divides to 2.999… tenths) opens the next interval.
        return int(seconds / interval + 1e-9)

    cores = [0.0] * (index(readings[-1][0]) + 1)
    last = {}
    for seconds, reading in readings:
        for tid, ticks in reading.items():
            cores[index(seconds)] += (ticks - last.get(tid, 0)) / TICKS / interval
            last[tid] = ticks
    return cores
