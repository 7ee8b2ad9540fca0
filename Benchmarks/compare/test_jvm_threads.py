"""Checks of jvm_threads (spark_feed.py --breakdown), without Java: a Python child that spends
CPU time in a thread it names is sampled as the JVM would be."""
import subprocess
import sys
import unittest

from jvm_threads import ThreadCPU, group

# Names its one extra thread as a JVM names a JIT compiler thread, keeps it busy for
# 0.4 s of CPU time, then exits with status 3.
CHILD = r"""
import ctypes, threading, time, sys
def spin():
    ctypes.CDLL(None).prctl(15, b"C2 CompilerThre", 0, 0, 0)  # PR_SET_NAME
    end = time.thread_time() + 0.4
    while time.thread_time() < end:
        pass
worker = threading.Thread(target=spin)
worker.start()
worker.join()
sys.exit(3)
"""


class GroupTests(unittest.TestCase):
    def test_spark_thread_names_fall_in_their_groups(self):
        self.assertEqual(group("C1 CompilerThre"), "JIT compilers")
        self.assertEqual(group("stdin writer fo"), "pipe writers (reading the input and writing it to the tool)")
        self.assertEqual(group("Executor task l"), "tasks (splitting the tool's lines, writing Parquet)")
        self.assertTrue(group("Thread-4").startswith("unnamed threads"))
        self.assertEqual(group("GC Thread#1"), "garbage collection")
        self.assertEqual(group("java"), "main thread (start-up, spark-submit)")

    def test_a_name_that_only_contains_a_pattern_is_another_thread(self):
        self.assertEqual(group("MyThread-4x"), "other threads")
        self.assertEqual(group("javac"), "other threads")


class ThreadCPUTests(unittest.TestCase):
    def test_a_named_busy_thread_is_counted_in_its_group_and_the_exit_code_is_kept(self):
        process = subprocess.Popen([sys.executable, "-c", CHILD])
        threads = ThreadCPU(process.pid)
        status = threads.follow(interval=0.05)
        process.returncode = status
        self.assertEqual(status, 3)
        by_group = dict(threads.seconds_by_group())
        # The thread's last sample is at most one interval before its end.
        self.assertGreaterEqual(by_group.get("JIT compilers", 0), 0.2)
        self.assertGreaterEqual(threads.total_seconds, by_group["JIT compilers"])


if __name__ == "__main__":
    unittest.main()
