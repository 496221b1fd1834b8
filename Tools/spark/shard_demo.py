#!/usr/bin/env python3
"""Size a CSV table's rows on Apache Spark (local mode), one partition per shard.

Each partition receives its shard number through RDD.pipe and runs
`yardstick measure DATA.csv --max-column-width W --format bin --shard I/N`; the driver then joins
the shard files with `yardstick merge`. With --check it also measures the table in one run and
exits 1 unless the merged file is byte-identical to it.

    python3 Tools/spark/shard_demo.py --yardstick .build/release/yardstick --csv Data/sample.csv \
        --shards 4 --out out/spark [--max-column-width 250] [--check]
"""
import argparse
import filecmp
import os
import shlex
import subprocess
import sys
import time

from pyspark.sql import SparkSession


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--yardstick", required=True)
    p.add_argument("--csv", required=True)
    p.add_argument("--shards", type=int, default=4)
    p.add_argument("--out", required=True)
    p.add_argument("--max-column-width", default="250")
    p.add_argument("--check", action="store_true")
    a = p.parse_args()
    yardstick, csv, out = (os.path.abspath(x) for x in (a.yardstick, a.csv, a.out))
    os.makedirs(out, exist_ok=True)
    n = a.shards

    spark = (SparkSession.builder.master("local[%d]" % min(n, os.cpu_count() or 1))
             .appName("yardstick-shards").config("spark.ui.enabled", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    # One element, the shard number, per partition; each partition pipes it to a shell that
    # runs the CLI for that shard (one thread each: Spark runs the partitions side by side).
    script = ('read i; exec {y} measure {csv} --max-column-width {w} --format bin --threads 1 '
              '--shard "$i/{n}" --output {out}/shard-"$i".bin --progress none').format(
        y=shlex.quote(yardstick), csv=shlex.quote(csv), w=shlex.quote(a.max_column_width), n=n, out=shlex.quote(out))
    start = time.time()
    shards = spark.sparkContext.parallelize([str(i) for i in range(n)], n)
    summaries = shards.pipe("sh -c " + shlex.quote(script), checkCode=True).collect()
    spark.stop()
    files = [os.path.join(out, "shard-%d.bin" % i) for i in range(n)]
    merged = os.path.join(out, "merged.bin")
    subprocess.run([yardstick, "merge", *files, "--output", merged], check=True)
    seconds = time.time() - start
    rows = [line for line in summaries if line.startswith("rows:")]
    print("spark: %d shards measured and merged in %.2f s (%s)" % (n, seconds, "; ".join(rows)))
    print(subprocess.run([yardstick, "inspect", merged], check=True, capture_output=True, text=True).stdout, end="")
    if a.check:
        single = os.path.join(out, "single.bin")
        start = time.time()
        subprocess.run([yardstick, "measure", csv, "--max-column-width", a.max_column_width, "--format", "bin",
                        "--output", single, "--progress", "none"], check=True, capture_output=True)
        print("single run: %.2f s" % (time.time() - start))
        if not filecmp.cmp(merged, single, shallow=False):
            print("FAIL: the merged file differs from the single run's", file=sys.stderr)
            sys.exit(1)
        print("the merged file is byte-identical to the single run's")


if __name__ == "__main__":
    main()
