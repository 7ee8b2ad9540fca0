"""Sizes every item of a feed on Spark: each partition is streamed through `fitsize cells`.

    spark-submit --driver-java-options -XX:+UseSerialGC \
        Examples/spark/size_feed.py --input items.jsonl --template cell.json \
        --width 320,375,414 --output heights.parquet [--fitsize PATH] [--key id]

The input is JSON lines (one item per line, read as text so that each line reaches the tool
as written) or Parquet (each row turned into a JSON object). Each partition is piped through
one `fitsize cells --output tsv` process by Spark itself (`RDD.pipe`), and the tab-separated
result lines are split by Spark's own `split` (cheaper than its JSON or CSV reader), so no row
passes through Python: the job costs little more than the tool.
The output is Parquet with one row per item and width: `key`, `width`, `height`,
`fingerprint` (the fonts' fingerprint, to invalidate stored heights when they change) and,
for an item the tool could not size, `error` with the item's `partition` and `line` (its
line in that partition) instead of a height. Such items never fail the job; a tool that
cannot run at all (a missing binary or template) does.

`--fitsize`, `--template` and `--fonts` are paths on the executors: files shipped with
`--files`/`--archives` are in an executor's working directory, so name them `./fitsize`,
`./cell.json`, `./fonts/Fonts`.

The job is deterministic: a partition run again (after a lost executor) gives the same rows.
"""

import argparse
import os

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

# The JVM options to submit the job with (`--driver-java-options`, which in local mode is also
# the executor's, and `spark.executor.extraJavaOptions` on a cluster). The JVM does little
# here but move lines between the input, the tool's processes and Parquet, so its own
# overheads weigh: -XX:+UseSerialGC replaces the default G1 collector, whose concurrent
# threads and heavier write barriers (in every compiled method, the row loops included) buy
# nothing on the small heaps of such a job. On 1,000,000 items in local[2], four runs each
# alternating (Benchmarks/compare/spark_feed.py --breakdown's groups, a busy machine), the
# JVM's CPU time went from a median 22.4 to 20.1 s (compiling 10.3 -> 9.3 s, the tasks
# 3.9 -> 3.2 s). The job's wall time did not measurably change there, where other work
# filled the cores; on a dedicated machine the CPU it frees would go to the tool's processes.
JAVA_OPTIONS = "-XX:+UseSerialGC"

# Spark fails a piped partition whose process exits with anything but 0; the tool exits 1
# when some items failed (each has its error line), which is not a failure of the partition.
EXIT_STATUS_1_IS_SUCCESS = '"$0" "$@"; status=$?; [ "$status" -le 1 ] || exit "$status"'


def command(fitsize, template, widths, key):
    """The command each partition's lines are piped through."""
    return ["/bin/sh", "-c", EXIT_STATUS_1_IS_SUCCESS, fitsize, "cells", "--template", template,
            "--width", ",".join(f"{w:g}" for w in widths), "--key", key, "--fingerprint", "--output", "tsv"]


def field(text):
    """A field of a tab-separated result line, decoded: only a field with a `%` was encoded."""
    return F.when(F.instr(text, "%") > 0, F.url_decode(text)).otherwise(text)


def size_feed(spark, input_path, template, widths, fitsize="fitsize", key="id", fonts=None, partitions=None):
    """The result rows of every item of `input_path`, as a DataFrame (not yet computed)."""
    jspark = spark._jsparkSession
    reader = jspark.read()
    if input_path.endswith(".parquet") or os.path.isdir(input_path):
        lines = reader.parquet(input_path).toJSON()
    else:
        lines = reader.textFile(input_path)
    rdd = lines.javaRDD()
    if partitions:
        rdd = rdd.repartition(partitions)
    environment = {"FITSIZE_FONTS_DIR": fonts} if fonts else {}
    results = rdd.pipe(command(fitsize, template, widths, key), environment)
    jvm = spark.sparkContext._jvm
    text = DataFrame(jspark.createDataset(results.rdd(), jvm.org.apache.spark.sql.Encoders.STRING()).toDF(), spark)
    # `fitsize cells --output tsv`: key, width, height, fingerprint for a sized item; key, line,
    # error for one the tool refused (its key empty when it has none). The piped partitions keep
    # their numbers: spark_partition_id() is the input partition an error line came from.
    parts = F.split(text["value"], "\t")
    sized = F.size(parts) == 4
    return text.select(
        F.when(sized | (parts[0] != ""), field(parts[0])).alias("key"),
        F.when(sized, parts[1].cast("double")).alias("width"),
        F.when(sized, parts[2].cast("double")).alias("height"),
        F.when(sized, field(parts[3])).alias("fingerprint"),
        F.when(~sized, field(parts[2])).alias("error"),
        F.spark_partition_id().cast("long").alias("partition"),
        F.when(~sized, parts[1].cast("long")).alias("line"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", required=True, help="JSON lines, or Parquet (a .parquet path or folder)")
    parser.add_argument("--template", required=True, help="the cell template's path on the executors")
    parser.add_argument("--width", required=True, help="widths in points, separated by commas")
    parser.add_argument("--output", required=True, help="the Parquet folder to write")
    parser.add_argument("--key", default="id", help="the item field printed as each result's key")
    parser.add_argument("--fitsize", default="fitsize", help="the tool's path on the executors")
    parser.add_argument("--fonts", help="the shipped fonts' folder on the executors (FITSIZE_FONTS_DIR)")
    parser.add_argument("--partitions", type=int, help="repartition the input into this many parts first")
    args = parser.parse_args()
    widths = [float(width) for width in args.width.split(",")]

    spark = SparkSession.builder.appName("fitsize: size a feed").getOrCreate()
    rows = size_feed(spark, args.input, args.template, widths, fitsize=args.fitsize, key=args.key, fonts=args.fonts,
                     partitions=args.partitions)
    rows.write.mode("overwrite").parquet(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
