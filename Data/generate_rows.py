#!/usr/bin/env python3
"""Write an N-row table of three text columns to standard output, for sizing benchmarks.

    python3 Data/generate_rows.py 1000000 > out/rows-1m.csv
    python3 Data/generate_rows.py 1000000 --notes 20-200 > out/rows-1m-short.csv

Columns: Name (a customer name), Status (an order status: few distinct values) and Notes (an
order note in many languages, ending in " #<row>" so no two notes are equal), taken from
Data/sample.csv the way Benchmarks/SizingBenchmark takes them: row i uses sample row i for the
name and status and sample row 7i + 3 for the note (rows counted among the sample's complete
rows). By default notes are 20-1000 UTF-8 bytes; `--notes MIN-MAX` keeps only the sample notes
whose text, suffix included, has MIN to MAX bytes (issue 19's table: 20-200). Deterministic.
"""
import csv
import os
import sys

def main():
    args = sys.argv[1:]
    low, high = 0, None
    if len(args) == 3 and args[1] == "--notes":
        try:
            low, high = (int(x) for x in args[2].split("-"))
        except ValueError:
            sys.exit("--notes takes MIN-MAX, e.g. 20-200")
        args = args[:1]
    if len(args) != 1 or not args[0].isdigit():
        sys.exit("usage: generate_rows.py ROWS [--notes MIN-MAX]")
    rows = int(args[0])
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "sample.csv"), newline="", encoding="utf-8") as f:
        records = list(csv.reader(f))
    header = records[0]
    source = [r for r in records[1:] if len(r) == len(header)]
    name, status, notes = header.index("customer"), header.index("status"), header.index("notes")
    note_texts = [r[notes] for r in source]
    if high is not None:
        # The " #<row>" suffix takes at most 9 bytes for fewer than 10^7 rows.
        note_texts = [t for t in note_texts if low <= len(t.encode()) and len(t.encode()) + 9 <= high]
        if not note_texts:
            sys.exit("no sample note fits --notes %d-%d" % (low, high))
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["Name", "Status", "Notes"])
    n, m = len(source), len(note_texts)
    for i in range(rows):
        out.writerow([source[i % n][name], source[i % n][status], note_texts[(i * 7 + 3) % m] + " #%d" % i])

if __name__ == "__main__":
    main()
