#!/usr/bin/env python3
"""The iOS profile's line heights against the iOS system font's, per Dynamic Type style at
the large category.

iOS's figures: UIFont.systemFont(ofSize:).lineHeight as published for 15 pt (17.900391),
17 pt (20.287109375) and 20 pt (23.8671875) (sources in the README's "Matching iOS"); all
three are size x 2444/2048 (SF Pro's ascender 1950 + descender 494 units a 2048 em, no
leading), which gives the other sizes. A UILabel of n lines is n x lineHeight, rounded up to
the pixel (1/3 pt on a 3x iPhone).

Ours: `yardstick layout --profile ios` of one and of three lines at each style.

    python3 Tools/ios-reference/line_heights.py [path/to/yardstick]
"""
import json, math, subprocess, sys

STYLES = [("largeTitle", 34), ("title1", 28), ("title2", 22), ("title3", 20), ("headline", 17), ("body", 17),
          ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption1", 12), ("caption2", 11)]
PUBLISHED = {15: 17.900391, 17: 20.287109375, 20: 23.8671875}
SF_LINE = 2444 / 2048


def ours(binary, style, text):
    out = subprocess.run([binary, "layout", "--profile", "ios", "--style", style, "--width", "100000"],
                         input=json.dumps({"text": text}) + "\n", capture_output=True, text=True, check=True).stdout
    return json.loads(out)["height"]


def up(v, scale=3):
    return math.ceil(v * scale - 1e-9) / scale


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/yardstick"
    print("| style | pt | iOS line | iOS 1 line (3x) | ours | Δ px | iOS 3 lines | ours | Δ px |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    worst = 0
    for style, size in STYLES:
        ios = PUBLISHED.get(size, size * SF_LINE)
        one, three = ours(binary, style, "Hg"), ours(binary, style, "Hg\nHg\nHg")
        d1, d3 = round((one - up(ios)) * 3), round((three - up(3 * ios)) * 3)
        worst = max(worst, abs(d1), abs(d3))
        mark = "" if size in PUBLISHED else "*"
        print(f"| {style} | {size} | {ios:.3f}{mark} | {up(ios):.3f} | {one:.3f} | {d1:+d} | {up(3 * ios):.3f} | {three:.3f} | {d3:+d} |")
    print(f"\n(* size x 2444/2048, from the published sizes) largest distance: {worst} px at 3x")


if __name__ == "__main__":
    main()
