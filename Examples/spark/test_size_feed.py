"""Runs the Spark job in local[2] mode on generated items and checks it against the tool.

    python test_size_feed.py FITSIZE [--items N]

Every height the job writes must equal the one `fitsize cells` prints for the same item
directly; no item may be lost or written twice; bad items must become error rows, not a
failed job, whose partition and line lead back to the item; and the job run twice must give
the same rows (what a retried partition after a lost executor relies on).
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TEMPLATE = os.path.join(ROOT, "Examples", "posts", "cell.json")
WORDS = ("the quick brown fox jumps over a lazy dog while seven bright stars watch "
         "from far above in silence and wonder why everything moves so fast").split()


def items(count):
    """`count` posts from a fixed seed, and three bad lines among them (by their keys or lines)."""
    rng = random.Random(20)
    lines = []
    for index in range(count):
        item = {"id": f"post-{index}", "author": f"Author {index % 97}", "handle": f"h{index % 31}",
                "time": f"{index % 59}m", "body": " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 60))),
                "replies": index % 13, "reposts": index % 7, "likes": index % 101}
        if index % 5 == 0:
            item["photo"] = {"height": 80 + index % 200}
        lines.append(json.dumps(item))
    lines[1000] = '{"id": "post-1000", "author": "broken'  # not JSON
    lines[2000] = json.dumps({"id": "post-2000", "author": "A", "handle": "h", "time": "1m"})  # no body
    lines[3000] = json.dumps({**json.loads(lines[3000]), "photo": {"height": 1e20}})  # out of range
    return lines


def direct(fitsize, path):
    """The tool's own results for the file: {key: height}, the keys it refused, its fingerprint."""
    done = subprocess.run([fitsize, "cells", "--template", TEMPLATE, "--width", "375", "--key", "id",
                           "--fingerprint", "--data", path], capture_output=True, text=True)
    assert done.returncode == 1, f"expected exit status 1 (some items failed), got {done.returncode}: {done.stderr}"
    heights, errors, fingerprints = {}, [], set()
    for line in done.stdout.splitlines():
        result = json.loads(line)
        if "error" in result:
            errors.append(result.get("key"))
        else:
            heights[result["key"]] = result["height"]
            fingerprints.add(result["fingerprint"])
    return heights, errors, fingerprints


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("fitsize")
    parser.add_argument("--items", type=int, default=200_000)
    args = parser.parse_args()
    fitsize = os.path.abspath(args.fitsize)
    folder = tempfile.mkdtemp(prefix="fitsize-spark-")
    try:
        data = os.path.join(folder, "items.jsonl")
        lines = items(args.items)
        with open(data, "w") as file:
            file.write("\n".join(lines) + "\n")
        expected, refused, fingerprints = direct(fitsize, data)
        assert len(expected) == args.items - 3 and len(fingerprints) == 1, (len(expected), fingerprints)

        # The job, as a user submits it (spark-submit from the same environment).
        output = os.path.join(folder, "heights.parquet")
        # spark-submit finds Spark and Python through the environment: this environment's.
        import pyspark
        environment = dict(os.environ, SPARK_HOME=os.path.dirname(pyspark.__file__), PYSPARK_PYTHON=sys.executable,
                           PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
        submit = os.path.join(os.path.dirname(sys.executable), "spark-submit")
        from size_feed import JAVA_OPTIONS
        done = subprocess.run([submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                               "--driver-java-options", JAVA_OPTIONS, os.path.join(HERE, "size_feed.py"), "--input", data, "--template", TEMPLATE,
                               "--width", "375", "--output", output, "--fitsize", fitsize, "--partitions", "4"],
                              capture_output=True, text=True, env=environment)
        assert done.returncode == 0, f"spark-submit failed ({done.returncode}):\n{done.stderr[-4000:]}"

        from pyspark.sql import SparkSession
        spark = SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false").getOrCreate()
        rows = spark.read.parquet(output).collect()
        sized = [row for row in rows if row.error is None]
        failed = [row for row in rows if row.error is not None]
        keys = [row.key for row in sized]
        assert len(keys) == len(set(keys)), "an item was written twice"
        assert set(keys) == set(expected), f"{len(set(expected) - set(keys))} items lost"
        wrong = [row.key for row in sized if row.height != expected[row.key] or row.width != 375]
        assert not wrong, f"{len(wrong)} heights differ from the tool's, e.g. {wrong[:5]}"
        assert {row.fingerprint for row in sized} == fingerprints
        assert len(failed) == 3, f"expected 3 error rows, got {len(failed)}: {failed}"
        assert sorted(k for k in (row.key for row in failed) if k) == sorted(k for k in refused if k)
        assert all(row.line is not None and row.partition is not None for row in failed)
        # An error row's partition and line lead back to its item: the line'th line of that
        # input partition is the bad item.
        parts = spark.sparkContext.textFile(data).repartition(4).glom().collect()
        for row in failed:
            line = parts[row.partition][row.line - 1]
            assert row.key is None or row.key in line, (row, line)

        # The job is deterministic (a partition Spark runs again gives the same rows): two
        # runs at two widths give identical rows, one per item and width.
        sys.path.insert(0, HERE)
        from size_feed import size_feed
        part = os.path.join(folder, "part.jsonl")
        with open(part, "w") as file:
            file.write("\n".join(lines[:5_000]) + "\n")
        runs = [sorted(size_feed(spark, part, TEMPLATE, [320.0, 414.0], fitsize=fitsize, partitions=3).collect(),
                       key=lambda row: (str(row.key), row.width or 0, row.line or 0)) for _ in range(2)]
        spark.stop()
        assert runs[0] == runs[1], "two runs of the job differ"
        assert len(runs[0]) == 2 * (5_000 - 3) + 3, len(runs[0])  # three bad lines, one row each
        assert {row.width for row in runs[0] if row.error is None} == {320.0, 414.0}
        print(f"spark test: {len(sized)} heights equal the tool's, {len(failed)} error rows, "
              f"no item lost or repeated, two runs identical")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
