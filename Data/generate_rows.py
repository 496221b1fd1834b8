#!/usr/bin/env python3
"""Write an N-row table of three text columns to standard output, for sizing benchmarks.

    python3 Data/generate_rows.py 1000000 > out/rows-1m.csv

Columns: Name (a customer name), Status (an order status: few distinct values) and Notes (an
order note of 20-1000 UTF-8 bytes in many languages, ending in " #<row>" so no two notes are
equal), taken from Data/sample.csv the way Benchmarks/SizingBenchmark takes them: row i uses
sample row i for the name and status and sample row 7i + 3 for the note (rows counted among the
sample's complete rows). Deterministic.
"""
import csv
import os
import sys

def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit("usage: generate_rows.py ROWS")
    rows = int(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "sample.csv"), newline="", encoding="utf-8") as f:
        records = list(csv.reader(f))
    header = records[0]
    source = [r for r in records[1:] if len(r) == len(header)]
    name, status, notes = header.index("customer"), header.index("status"), header.index("notes")
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["Name", "Status", "Notes"])
    n = len(source)
    for i in range(rows):
        out.writerow([source[i % n][name], source[i % n][status], source[(i * 7 + 3) % n][notes] + " #%d" % i])

if __name__ == "__main__":
    main()
