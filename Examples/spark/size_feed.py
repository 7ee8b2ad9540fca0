"""Sizes every item of a feed on Spark: each partition is streamed through `fitsize cells`.

    spark-submit Examples/spark/size_feed.py --input items.jsonl --template cell.json \
        --width 320,375,414 --output heights.parquet [--fitsize PATH] [--key id]

The input is JSON lines (one item per line, read as text so that each line reaches the tool
as written) or Parquet (each row turned into a JSON object). Each partition starts one
`fitsize cells` process, writes the partition's lines to it and reads its results as they
come, so a partition is never held in memory whole. The output is Parquet with one row per
item and width: `key`, `width`, `height`, `fingerprint` (the fonts' fingerprint, to
invalidate stored heights when they change) and, for an item the tool could not size,
`error` with the item's `partition` and `line` in it instead of a height. Such items never fail
the job; a tool that cannot run at all (a missing binary or template) does.

The job is deterministic: a partition run again (after a lost executor) gives the same rows.
"""

import argparse
import json
import os
import subprocess
import threading

from pyspark import SparkFiles
from pyspark.sql import SparkSession
from pyspark.sql.types import DoubleType, LongType, StringType, StructField, StructType

SCHEMA = StructType([
    StructField("key", StringType(), True),
    StructField("width", DoubleType(), True),
    StructField("height", DoubleType(), True),
    StructField("fingerprint", StringType(), True),
    StructField("error", StringType(), True),
    StructField("partition", LongType(), False),
    StructField("line", LongType(), True),
])


def resolve(path):
    """A file shipped with --files (found by its name in SparkFiles), else the path as given."""
    if path is None:
        return None
    try:
        shipped = SparkFiles.get(os.path.basename(path))
        if os.path.exists(shipped):
            return shipped
    except Exception:  # no SparkContext here (a test calling size_partition directly)
        pass
    return path


def key_text(value):
    """A result key as text: strings as they are, numbers as JSON writes them."""
    return value if isinstance(value, str) else json.dumps(value)


def size_partition(index, lines, fitsize, template, widths, key, fonts=None):
    """Yields the result rows of one partition's lines, in order, from one `fitsize cells`."""
    command = [fitsize, "cells", "--template", template, "--width", ",".join(f"{w:g}" for w in widths),
               "--key", key, "--fingerprint"]
    environment = dict(os.environ)
    if fonts:
        environment["FITSIZE_FONTS_DIR"] = fonts
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=environment)
    failure = []

    def feed():
        # A separate thread writes, so that the tool's output is read while input still flows.
        try:
            for line in lines:
                process.stdin.write(line.encode("utf-8") + b"\n")
        except BrokenPipeError:
            failure.append("fitsize stopped reading its input")
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    stderr = []
    reader = threading.Thread(target=lambda: stderr.append(process.stderr.read()), daemon=True)
    reader.start()
    for raw in process.stdout:
        result = json.loads(raw)
        if "error" in result:
            yield (key_text(result["key"]) if "key" in result else None, None, None, None,
                   result["error"], index, result.get("line"))
        else:
            yield (key_text(result["key"]), float(result.get("width", widths[0])), float(result["height"]),
                   result.get("fingerprint"), None, index, None)
    writer.join()
    status = process.wait()
    reader.join()
    # Exit status 1 means some items failed (each has its error row); anything else means the
    # tool could not do its work, and the partition fails (Spark retries it, then the job).
    if status not in (0, 1) or failure:
        message = b"".join(stderr).decode("utf-8", "replace").strip()
        raise RuntimeError(f"fitsize cells failed on partition {index} (status {status}): {message or failure}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="JSON lines, or Parquet (a .parquet path or folder)")
    parser.add_argument("--template", required=True, help="the cell template (shipped with --files on a cluster)")
    parser.add_argument("--width", required=True, help="widths in points, separated by commas")
    parser.add_argument("--output", required=True, help="the Parquet folder to write")
    parser.add_argument("--key", default="id", help="the item field printed as each result's key")
    parser.add_argument("--fitsize", default="fitsize", help="the tool's path (shipped with --files on a cluster)")
    parser.add_argument("--fonts", help="the shipped fonts' folder on the executors (FITSIZE_FONTS_DIR)")
    parser.add_argument("--partitions", type=int, help="repartition the input into this many parts first")
    args = parser.parse_args()
    widths = [float(width) for width in args.width.split(",")]

    spark = SparkSession.builder.appName("fitsize: size a feed").getOrCreate()
    if args.input.endswith(".parquet") or os.path.isdir(args.input):
        lines = spark.read.parquet(args.input).toJSON()
    else:
        lines = spark.sparkContext.textFile(args.input)
    if args.partitions:
        lines = lines.repartition(args.partitions)
    fitsize, template, fonts, key = args.fitsize, args.template, args.fonts, args.key
    rows = lines.mapPartitionsWithIndex(
        lambda index, part: size_partition(index, part, resolve(fitsize), resolve(template), widths, key, fonts))
    spark.createDataFrame(rows, SCHEMA).write.mode("overwrite").parquet(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
