#!/usr/bin/env python3
"""Inter (variable) at every weight 100-900, upright and italic, at several sizes: Yardstick's
line starts and widths against Pango 1.50 on the same files with @wght=W (test-only).

    check_weights.py --yardstick Y --pango P [--fonts DIR] [--cells N]

The corpus: distinct cells of Data/sample.csv that Inter covers (Latin, Greek, Cyrillic), each at
widths 120 and 250 pt, and on one line (their natural width). Per weight, size and slant: the
share of texts whose line starts equal Pango's, and the largest natural-width difference among
the texts at most 250 pt wide (a cell's width; beyond, see docs/fonts.md). Fails (exit 1) below
99.5 % or past 0.02 pt. Also shown: the largest natural-width difference of all texts. Also shown, not judged: the largest difference of the
wrapped texts' widest lines where the starts agree (a word broken with a hyphen: Pango shapes the
hyphen with the word, Yardstick adds the hyphen's own width)."""
import argparse, csv, json, os, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))


def corpus(limit):
    texts, seen = [], set()
    with open(os.path.join(ROOT, "Data/sample.csv"), newline="", encoding="utf-8") as f:
        rows = csv.reader(f)
        next(rows)
        for row in rows:
            for cell in row:
                # Latin, Greek and Cyrillic letters and common punctuation: what Inter maps.
                if cell and cell not in seen and all(ord(c) < 0x0530 or 0x2010 <= ord(c) <= 0x2027 for c in cell):
                    seen.add(cell)
                    texts.append(cell)
                    if len(texts) == limit:
                        return texts
    return texts


def run(args, records, stdin_path):
    out = subprocess.run(args, stdin=open(stdin_path, "rb"), capture_output=True, check=False)
    if out.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(args), out.stderr.decode()))
    lines = [json.loads(l) for l in out.stdout.decode().splitlines() if l.strip()]
    if len(lines) != records:
        sys.exit("%s: %d answers to %d records" % (args[0], len(lines), records))
    return lines


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yardstick", required=True)
    p.add_argument("--pango", required=True)
    p.add_argument("--fonts", default=os.path.join(ROOT, "Fonts"))
    p.add_argument("--cells", type=int, default=300)
    p.add_argument("--sizes", default="12,17,28")
    a = p.parse_args()
    texts = corpus(a.cells)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "corpus.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for t in texts:
                for w in (120, 250, 100000):
                    f.write(json.dumps({"text": t, "width": w}, ensure_ascii=False) + "\n")
        n = 3 * len(texts)
        # Pango sees only the two Inter files (no fallback is needed for this corpus).
        fontdir = os.path.join(tmp, "fonts")
        os.mkdir(fontdir)
        for name in ("Inter-roman.var.ttf", "Inter-italic.var.ttf"):
            os.symlink(os.path.join(a.fonts, name), os.path.join(fontdir, name))
        worst_share, worst_width, worst_wrapped, worst_long, failed = 1.0, 0.0, 0.0, 0.0, False
        print("%-8s %5s %6s %11s %14s %14s %14s" % ("slant", "size", "weight", "same starts", "natural |dw|", "all natural", "wrapped |dw|"))
        for italic in (False, True):
            font = os.path.join(a.fonts, "Inter-italic.var.ttf" if italic else "Inter-roman.var.ttf")
            for size in a.sizes.split(","):
                for weight in range(100, 1000, 100):
                    ys = [a.yardstick, "layout", "--font", font, "--weight", str(weight), "--size", size, "--input", path]
                    pg = [a.pango, "--fonts", fontdir, "--family", "Inter", "--weight", str(weight), "--size", size,
                          "--variations", "wght=%d" % weight]
                    if italic:
                        ys.append("--italic")
                        pg.append("--italic")
                    ours, ref = run(ys, n, path), run(pg, n, path)
                    wrapped = [k for k in range(n) if k % 3 != 2]
                    same = [k for k in wrapped if ours[k]["breaks"] == ref[k]["breaks"]]
                    share = len(same) / len(wrapped)
                    natural = max((abs(ours[k]["width"] - ref[k]["width"]) for k in range(2, n, 3) if ref[k]["width"] <= 250), default=0.0)
                    longest = max(abs(ours[k]["width"] - ref[k]["width"]) for k in range(2, n, 3))
                    worst_long = max(worst_long, longest)
                    dw = max((abs(ours[k]["width"] - ref[k]["width"]) for k in same), default=0.0)
                    worst_share, worst_width = min(worst_share, share), max(worst_width, natural)
                    worst_wrapped = max(worst_wrapped, dw)
                    bad = share < 0.995 or natural > 0.02
                    failed |= bad
                    print("%-8s %5s %6d %10.2f%% %14.4f %14.4f %14.4f%s" % ("italic" if italic else "upright", size, weight, 100 * share,
                                                                          natural, longest, dw, "  <-- FAIL" if bad else ""))
        print("%d texts x 2 widths x 9 weights x %d sizes x 2 slants: worst %.2f %% same line starts, worst natural width "
              "%.4f pt up to 250 pt (%.4f pt over all; wrapped: %.4f pt)"
              % (len(texts), len(a.sizes.split(",")), 100 * worst_share, worst_width, worst_long, worst_wrapped))
        sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
