#!/usr/bin/env python3
"""Turn a CSV of sample cells into a line-breaking corpus (JSON Lines).

Every non-empty cell becomes three records, one per width (120, 250, 400 by
default):

    {"text": "...", "width": 120, "row": 3, "col": 1}

"row"/"col" are 0-based positions in the CSV (row 0 is the header row, which
is skipped unless --keep-header); tools that only read "text" and "width"
ignore them.

Usage:
    python3 make_corpus.py [CSV] [-o corpus.jsonl] [--widths 120,250,400]
                           [--keep-header] [--fallback]

CSV defaults to /work/main/Data/sample.csv (relative: ../../Data/sample.csv
from this script).  With --fallback, a small built-in multilingual list is
used when the CSV doesn't exist (or always, if no CSV is given and none is
found).  Python 3 standard library only.
"""

import argparse
import csv
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CSV = os.path.normpath(os.path.join(HERE, "..", "..", "Data", "sample.csv"))

# Small multilingual fallback list (used only with --fallback when the CSV is
# missing).  Chosen to exercise the script groups compare.py reports on and
# the usual line-breaking edge cases.
FALLBACK = [
    "The quick brown fox jumps over the lazy dog.",
    "Quarterly revenue grew 12.5% year over year, beating analyst expectations.",
    "Supercalifragilisticexpialidocious",
    "See https://example.com/a/very/long/path/that/does/not/fit?query=string&x=1",
    "First line\nSecond line, which is somewhat longer than the first one\n\nAfter a blank line",
    "trailing newline\n",
    "trailing spaces     ",
    "   leading spaces",
    "tab\tseparated\tvalues\there",
    "état, naïve café — “quoted” text… and more",
    "مرحبا بالعالم، هذا نص عربي طويل لاختبار التفاف الأسطر.",
    "السعر 1,250 دولار (شامل الضريبة) حتى 2024-12-31",
    "שלום עולם, זהו טקסט עברי ארוך כדי לבדוק את גלישת השורות.",
    "המחיר הוא 99.90 ₪ כולל מע\"מ",
    "नमस्ते दुनिया, यह पंक्ति विभाजन का परीक्षण करने के लिए एक लंबा हिंदी पाठ है।",
    "क्षत्रिय श्रृंखला द्वितीय",
    "สวัสดีชาวโลก นี่คือข้อความภาษาไทยที่ยาวเพื่อทดสอบการตัดบรรทัด",
    "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ",
    "你好世界，这是一段用于测试换行的较长中文文本。我们需要看看它如何断行。",
    "日本語のテキストは「禁則処理」が必要です。句読点、括弧など。",
    "한국어 텍스트 줄 바꿈 테스트입니다. 띄어쓰기가 있습니다.",
    "Party time 🎉🎉 with family 👨‍👩‍👧‍👦 and flags 🇺🇸🇯🇵 😀 done",
    "👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽",
    "Mixed English עברית and العربية in one cell",
    "12345678901234567890123456789012345678901234567890",
    "Hello,world;no spaces:here-just/punctuation",
    "Ελληνικά και Русский текст для проверки",
]


def cells_from_csv(path, skip_header):
    # newline="" so quoted cells keep their embedded newlines exactly.
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.reader(f)
        for r, row in enumerate(reader):
            if skip_header and r == 0:
                continue
            for c, cell in enumerate(row):
                if cell != "":
                    yield r, c, cell


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="?", default=DEFAULT_CSV, help="input CSV (default: %(default)s)")
    ap.add_argument("-o", "--output", default="-", help="output JSONL (default: stdout)")
    ap.add_argument("--widths", default="120,250,400", help="comma-separated widths in points (default: %(default)s)")
    ap.add_argument("--keep-header", action="store_true",
                    help="also use the CSV's first row (a header row in Data/sample.csv; skipped by default)")
    ap.add_argument("--fallback", action="store_true",
                    help="use the built-in multilingual list if the CSV doesn't exist")
    args = ap.parse_args()

    widths = [float(w) if "." in w else int(w) for w in args.widths.split(",") if w.strip()]

    if os.path.exists(args.csv):
        cells = list(cells_from_csv(args.csv, not args.keep_header))
        source = args.csv
    elif args.fallback:
        cells = [(i, 0, t) for i, t in enumerate(FALLBACK)]
        source = "built-in fallback list"
    else:
        sys.exit(f"make_corpus.py: {args.csv} not found (use --fallback for the built-in list)")

    out = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    n = 0
    for r, c, text in cells:
        for w in widths:
            # ensure_ascii=False keeps the file readable; raw U+2028/U+2029
            # are legal in JSON strings and pango_breaks splits lines on "\n"
            # only.  json.dumps escapes control characters, incl. \n and \r.
            out.write(json.dumps({"text": text, "width": w, "row": r, "col": c}, ensure_ascii=False) + "\n")
            n += 1
    if out is not sys.stdout:
        out.close()
    print(f"make_corpus.py: {len(cells)} cells x {len(widths)} widths = {n} records from {source}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
