#!/usr/bin/env python3
"""Tracking (`trak`) and optical size (`opsz`) against HarfBuzz with the point size set
(uharfbuzz from PyPI: a current HarfBuzz, test-only), on test fonts built from bundled faces by
make_test_fonts.py.

    check_fonts.py --yardstick Y [--fonts DIR]

For each size and text: Yardstick's one-line width (`layout --font F --size S`) against
HarfBuzz's advance sum with `ptem` (tracking) or `opsz` (optical size) set to S. Fails (exit 1)
past 0.01 pt."""
import argparse, json, os, subprocess, sys, tempfile

import uharfbuzz as hb

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
TEXTS = ["Hello world", "The quick brown fox jumps over the lazy dog", "Typography: AV To Wa fi ffl 1/2",
         "Résumé, naïve café", "Ελληνικά και Кириллица", "e\u0301e\u0301 x\u0323\u0307", "12,345.67 — (ok)"]
SIZES = [3, 6, 9, 11, 12, 13, 14.5, 17, 20, 22, 28, 34, 50, 72, 100]
SCALE = 1 << 16  # HarfBuzz positions at 1/65536 em: no rounding worth the name


def harfbuzz_width(path, text, size, tracking):
    font = hb.Font(hb.Face(hb.Blob.from_file_path(path)))
    font.scale = (SCALE, SCALE)
    if tracking:
        font.ptem = size
    else:
        font.set_variations({"opsz": size})
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf)
    return sum(p.x_advance for p in buf.glyph_positions) * size / SCALE


def yardstick_widths(y, path, size, extra=()):
    records = "".join(json.dumps({"text": t, "width": 100000}, ensure_ascii=False) + "\n" for t in TEXTS)
    out = subprocess.run([y, "layout", "--font", path, "--size", str(size), *extra], input=records.encode(), capture_output=True)
    if out.returncode != 0:
        sys.exit("yardstick failed: %s" % out.stderr.decode())
    return [json.loads(l)["width"] for l in out.stdout.decode().splitlines()], out.stderr.decode()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yardstick", required=True)
    p.add_argument("--fonts", default=os.path.join(ROOT, "Fonts"))
    p.add_argument("--checks", default="trak", help="trak, opsz or trak,opsz")
    a = p.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "make_test_fonts.py"), a.fonts, tmp], check=True)
        for name, tracking in (("tracked.ttf", True), ("opsz.ttf", False)):
            if ("trak" if tracking else "opsz") not in a.checks.split(","):
                continue
            path = os.path.join(tmp, name)
            worst = 0.0
            for size in SIZES:
                ours, warnings = yardstick_widths(a.yardstick, path, size)
                if warnings:
                    print("warning from yardstick: " + warnings.strip())
                for text, width in zip(TEXTS, ours):
                    ref = harfbuzz_width(path, text, size, tracking)
                    worst = max(worst, abs(width - ref))
                    if abs(width - ref) > 0.01:
                        failed = True
                        print("%s %g pt %r: yardstick %.4f, HarfBuzz %.4f" % (name, size, text, width, ref))
            print("%s (%s): %d texts x %d sizes, largest width difference %.4f pt"
                  % (name, "trak at the point size" if tracking else "opsz at the point size", len(TEXTS), len(SIZES), worst))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
