#!/usr/bin/env python3
"""Spark's overhead on a feed: Examples/spark/size_feed.py in local[2] mode against
`fitsize cells` alone, on the same generated feed items at width 375.

Both are whole processes, timed alternately (tool, job, tool, job, ...): the job's time
includes starting the JVM, reading the JSON lines, one `fitsize cells` per partition and
writing Parquet; the tool's reads the file and writes its lines to /dev/null, with `--fingerprint --output tsv`
as the job runs it. Must run with the Python of .build/spark-venv (made by Examples/spark/test), which has
pyspark.

With --class-archive the JVM maps the classes of Spark it loads from a class-data archive
(Java's application class-data sharing) instead of reading and verifying them from the jars
at every start: the archive is made by one untimed job on 1,000 items when the file does not
exist yet, as a machine running the job often would make it once.

With --breakdown it runs the job once more, untimed, and prints where its CPU time went: the
JVM's by what its threads do (JIT compilers, the pipe writers that read the input and feed the
tool, the tasks that split the tool's lines and write Parquet, the driver, garbage
collection), and the tool's processes and Python as the rest of the job's total.

    Benchmarks/compare/spark_feed.py [--items 1000000] [--runs 3] [--binary PATH] [--class-archive FILE] [--jsonl]
        [--breakdown] [--java-options=OPTIONS]

--java-options adds JVM options after the job's own (JAVA_OPTIONS in size_feed.py), to try one
against the job as shipped.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cli_cells import make_feed_items  # noqa: E402
from cli_batch import ROOT  # noqa: E402
from jvm_threads import ThreadCPU  # noqa: E402

TEMPLATE = os.path.join(ROOT, "Examples", "feed", "cell.json")


def timed(command, environment=None, stdin=None):
    start = time.perf_counter()
    subprocess.run(command, check=True, env=environment, stdin=stdin, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def breakdown(job, environment, tool, n):
    """Runs the job once, sampling its JVM's threads, and the tool once; prints the CPU seconds."""
    start = time.perf_counter()
    # spark-submit's scripts exec the JVM, so the process started is the JVM.
    process = subprocess.Popen(job, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    threads = ThreadCPU(process.pid)
    status = threads.follow()
    process.returncode = status
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"spark_feed: the job exited with status {status}")
    before = os.times()
    tool_wall = timed(tool)
    after = os.times()
    tool_cpu = after.children_user - before.children_user + after.children_system - before.children_system
    groups = threads.seconds_by_group()
    jvm = sum(seconds for _, seconds in groups)
    say = lambda text: print(text, file=sys.stderr)  # noqa: E731
    say(f"Spark job on {n:,} items: {wall:.1f} s wall, {threads.total_seconds:.1f} s of CPU time in all; "
        f"the tool alone: {tool_wall:.1f} s wall, {tool_cpu:.1f} s of CPU time")
    say(f"  JVM threads: {jvm:.1f} s")
    for label, seconds in groups:
        say(f"    {seconds:6.1f} s  {label}")
    say(f"  the tool's processes and Python (the rest): {threads.total_seconds - jvm:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--partitions", type=int, default=0,
                        help="repartition the input first (a shuffle); default: Spark's own split of the file")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "fitsize"))
    parser.add_argument("--class-archive", help="the JVM's class-data archive (made first when missing)")
    parser.add_argument("--jsonl", action="store_true", help="print lines of the harness protocol")
    parser.add_argument("--java-options", default="",
                        help="JVM options to submit the job with after the job's own (to try one)")
    parser.add_argument("--breakdown", action="store_true",
                        help="run the job once more and print its CPU time by JVM thread group (to standard error)")
    args = parser.parse_args()
    import pyspark  # only here, so that --help works anywhere
    sys.path.insert(0, os.path.join(ROOT, "Examples", "spark"))
    from size_feed import JAVA_OPTIONS  # the JVM options the job is submitted with

    folder = tempfile.mkdtemp(prefix="fitsize-spark-bench-")
    try:
        data = os.path.join(folder, "items.jsonl")
        with open(data, "w", encoding="utf-8") as handle:
            for item in make_feed_items(args.items):
                handle.write(json.dumps(item) + "\n")
        environment = dict(os.environ, SPARK_HOME=os.path.dirname(pyspark.__file__), PYSPARK_PYTHON=sys.executable,
                           PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
        submit = os.path.join(os.path.dirname(sys.executable), "spark-submit")

        def job_command(java_options, input_path):
            # The job's own options, and the class-data archive's after them.
            command = [submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                       "--driver-java-options", " ".join([JAVA_OPTIONS] + ([java_options] if java_options else []))]
            command += [os.path.join(ROOT, "Examples", "spark", "size_feed.py"), "--input", input_path,
                        "--template", TEMPLATE, "--width", "375", "--output", os.path.join(folder, "heights.parquet"),
                        "--fitsize", args.binary]
            if args.partitions:
                command += ["--partitions", str(args.partitions)]
            return command

        java_options = args.java_options or None
        if args.class_archive:
            archive = os.path.abspath(args.class_archive)
            if not os.path.exists(archive):
                sample = os.path.join(folder, "sample.jsonl")
                with open(data, encoding="utf-8") as source, open(sample, "w", encoding="utf-8") as handle:
                    handle.writelines(line for _, line in zip(range(1000), source))
                os.makedirs(os.path.dirname(archive), exist_ok=True)
                timed(job_command(f"-XX:ArchiveClassesAtExit={archive}", sample), environment)
            java_options = " ".join(filter(None, [args.java_options, f"-XX:SharedArchiveFile={archive}"]))
        job = job_command(java_options, data)
        tool = [args.binary, "cells", "--template", TEMPLATE, "--width", "375", "--fingerprint", "--output", "tsv", "--data", data]
        tool_times, job_times = [], []
        for _ in range(args.runs):
            tool_times.append(timed(tool))
            job_times.append(timed(job, environment))
        if args.breakdown:
            breakdown(job, environment, tool, args.items)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    n = args.items
    tool_median, job_median = statistics.median(tool_times), statistics.median(job_times)
    if args.jsonl:
        for implementation, value, note in (
            ("fitsize", job_median, f"spark-submit --master local[2], "
                                    f"{args.partitions or 'the file split into'} partitions"
                                    f"{', classes from a class-data archive' if args.class_archive else ''}: "
                                    f"{n / job_median:,.0f} items/s; runs {', '.join(f'{t:.1f}' for t in job_times)} s"),
            ("tool alone", tool_median, f"fitsize cells: {n / tool_median:,.0f} items/s; "
                                        f"runs {', '.join(f'{t:.1f}' for t in tool_times)} s"),
        ):
            print(json.dumps({"suite": "feed", "scenario": "spark", "n": n, "implementation": implementation,
                              "median_ns": value * 1e9 / n, "samples": args.runs, "unit": "item", "note": note}))
    else:
        print(f"{n:,} items, {args.runs} runs each, alternating: tool alone {tool_median:.1f} s "
              f"({n / tool_median:,.0f} items/s), Spark local[2] {job_median:.1f} s ({n / job_median:,.0f} items/s): "
              f"{job_median / tool_median:.2f}×")


if __name__ == "__main__":
    main()
