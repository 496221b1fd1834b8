#!/usr/bin/env python3
"""Line starts from headless Chromium, the second reference engine (test-only).

Reads corpus records {"text": ..., "width": ...} (JSON Lines) and writes one result per
record, in order, in pango_breaks' format:

    {"lines": 2, "width": 84.5, "breaks": [0, 11]}

Each record becomes a <div> of its width in a page that loads the bundled fonts through
@font-face (file: URLs, in Yardstick's fallback order; the Korean face of the CJK collection
through local() and a private fontconfig setup that lists only the bundled fonts, so no
installed font takes part), with `white-space: pre-wrap; overflow-wrap: break-word`, 17px, `lang="en"` (as pango_breaks),
and `text-spacing-trim: space-all` (Chromium's default trims the spacing of full-width
punctuation, which neither UIKit nor Pango nor Yardstick does).
Line starts are read back with Range rects, one grapheme cluster at a time (Intl.Segmenter):
a cluster whose rect is lower than the line's starts a line, and so does the cluster after a
line feed. "width" is the widest line (Range rects, trailing spaces excluded).

Usage:
    python3 chromium_breaks.py [--fonts DIR] [--batch 2000] [--chromium chromium] < corpus.jsonl > chromium.jsonl

Needs Debian's `chromium` (apt-get install chromium). Python 3 standard library only.
"""

import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FONTS = os.path.normpath(os.path.join(HERE, "..", "..", "Fonts"))

# Yardstick's regular chain (Sources/YardstickFonts/BundledFonts.swift), file by file.
CHAIN = ["NotoSans-Regular.ttf", "EMOJI", "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansArmenian-Regular.ttf",
         "KR", "NotoSansCJK-Regular.ttc", "NotoSansSymbols2-Regular.ttf", "NotoSansBengali-Regular.ttf",
         "NotoSansDevanagari-Regular.ttf", "NotoSansGeorgian-Regular.ttf", "NotoSansGujarati-Regular.ttf",
         "NotoSansGurmukhi-Regular.ttf", "NotoSansKannada-Regular.ttf", "NotoSansKhmer-Regular.ttf", "NotoSansLao-Regular.ttf",
         "NotoSansMalayalam-Regular.ttf", "NotoSansMath-Regular.ttf", "NotoSansMongolian-Regular.ttf",
         "NotoSansMyanmar-Regular.ttf", "NotoSansSinhala-Regular.ttf", "NotoSansSymbols-Regular.ttf",
         "NotoSansTamil-Regular.ttf", "NotoSansTelugu-Regular.ttf", "NotoSerifTibetan-Regular.ttf",
         "NotoSansEthiopic-Regular.ttf", "NotoSansOriya-Regular.ttf", "NotoSansSyriac-Regular.ttf",
         "NotoSansThaana-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoColorEmoji.ttf"]
HANGUL = "U+1100-11FF, U+3130-318F, U+A960-A97F, U+AC00-D7AF, U+D7B0-D7FF"
# Emoji_Presentation characters (emoji-data.txt, Unicode 15) and the emoji planes: with an author
# font list, Chromium takes the first listed font that has a character, so without this 👍 would
# come from Noto Sans Symbols 2 in black and white (Pango and Yardstick take the color face).
EMOJI_PRESENTATION = ("U+1F000-1FAFF, U+231A-231B, U+23E9-23EC, U+23F0, U+23F3, U+25FD-25FE, U+2614-2615, U+2648-2653, "
                      "U+267F, U+2693, U+26A1, U+26AA-26AB, U+26BD-26BE, U+26C4-26C5, U+26CE, U+26D4, U+26EA, U+26F2-26F3, "
                      "U+26F5, U+26FA, U+26FD, U+2705, U+270A-270B, U+2728, U+274C, U+274E, U+2753-2755, U+2757, U+2795-2797, "
                      "U+27B0, U+27BF, U+2B1B-2B1C, U+2B50, U+2B55, U+E0020-E007F, U+FE0F, U+20E3, U+200D")

SCRIPT = r"""
const records = JSON.parse(document.getElementById('data').textContent);
const seg = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
const enc = new TextEncoder();
document.fonts.ready.then(async () => {
  await Promise.all([...document.fonts].map(f => f.load().catch(() => null)));
  const box = document.getElementById('box');
  const out = [];
  for (const r of records) {
    const div = document.createElement('div');
    div.className = 'cell';
    div.style.width = r.width + 'px';
    div.textContent = r.text;
    box.appendChild(div);
    const node = div.firstChild;
    const breaks = [0];
    let lineTop = null, lineStart = 0, byte = 0, afterFeed = false, widest = 0, lineLeft = Infinity, lineRight = -Infinity;
    const finish = () => { if (lineRight > lineLeft) widest = Math.max(widest, lineRight - lineLeft); lineLeft = Infinity; lineRight = -Infinity; };
    if (node) {
      const range = document.createRange();
      for (const s of seg.segment(r.text)) {
        const start = s.index, end = start + s.segment.length;
        let top = null;
        if (s.segment !== '\n') {
          range.setStart(node, start); range.setEnd(node, end);
          const rects = range.getClientRects();
          if (rects.length) top = rects[0].top;
          if (rects.length && !/^\s+$/.test(s.segment)) {
            for (const q of rects) { lineLeft = Math.min(lineLeft, q.left); lineRight = Math.max(lineRight, q.right); }
          }
        }
        if (afterFeed) { finish(); breaks.push(byte); lineTop = top; afterFeed = false; }
        else if (top !== null && lineTop !== null && top > lineTop + 1) { finish(); breaks.push(byte); lineTop = top; }
        else if (lineTop === null) lineTop = top;
        if (s.segment === '\n' || s.segment === '\r\n') afterFeed = true;
        byte += enc.encode(s.segment).length;
      }
      if (afterFeed) { finish(); breaks.push(byte); }
      finish();
    }
    out.push(JSON.stringify({lines: breaks.length, width: Math.round(widest * 1000) / 1000, breaks}));
    box.removeChild(div);
  }
  const pre = document.createElement('pre');
  pre.id = 'out';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
});
"""


def page(records, fonts):
    faces = []
    families = []
    for k, name in enumerate(CHAIN):
        family = f"ys{k}"
        if name == "EMOJI":
            faces.append(f'@font-face {{ font-family: "{family}"; src: url("file://{fonts}/NotoColorEmoji.ttf"); unicode-range: {EMOJI_PRESENTATION}; }}')
        elif name == "KR":
            src = 'local("Noto Sans CJK KR")'
            faces.append(f'@font-face {{ font-family: "{family}"; src: {src}; unicode-range: {HANGUL}; }}')
        else:
            faces.append(f'@font-face {{ font-family: "{family}"; src: url("file://{fonts}/{name}"); }}')
        families.append(f'"{family}"')
    css = "\n".join(faces) + f"""
body {{ margin: 0; }}
.cell {{ font-family: {", ".join(families)}; font-size: 17px; white-space: pre-wrap; overflow-wrap: break-word;
         line-height: normal; font-kerning: normal; text-spacing-trim: space-all; }}"""
    data = json.dumps([{"text": r["text"], "width": r["width"]} for r in records], ensure_ascii=True).replace("</", "<\\/")
    return f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>{css}</style></head>
<body><div id="box"></div><script type="application/json" id="data">{data}</script><script>{SCRIPT}</script></body></html>"""


def run_batch(records, args, tmp):
    path = os.path.join(tmp, "page.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page(records, args.fonts))
    conf = os.path.join(tmp, "fonts.conf")
    with open(conf, "w") as f:
        # Unhinted outlines, as Yardstick and pango_breaks measure (hinting would round advances).
        f.write(f'<?xml version="1.0"?><fontconfig><dir>{args.fonts}</dir><cachedir>{tmp}/fc-cache</cachedir>'
                '<match target="pattern"><edit name="hinting" mode="assign"><bool>false</bool></edit>'
                '<edit name="hintstyle" mode="assign"><const>hintnone</const></edit>'
                '<edit name="antialias" mode="assign"><bool>true</bool></edit></match></fontconfig>')
    env = dict(os.environ, FONTCONFIG_FILE=conf, HOME=tmp)
    cmd = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--font-render-hinting=none",
           "--allow-file-access-from-files", f"--user-data-dir={tmp}/profile",
           f"--virtual-time-budget={args.budget}", "--dump-dom", "file://" + path]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.timeout)
    m = re.search(r'<pre id="out">(.*?)</pre>', done.stdout, re.S)
    if not m:
        sys.exit(f"chromium_breaks.py: no results from Chromium (exit {done.returncode}): {done.stderr[-2000:]}")
    lines = html.unescape(m.group(1)).split("\n")
    if len(lines) != len(records):
        sys.exit(f"chromium_breaks.py: {len(lines)} results for {len(records)} records")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fonts", default=DEFAULT_FONTS)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--budget", type=int, default=600000, help="virtual time budget, ms")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per batch")
    args = ap.parse_args()
    args.fonts = os.path.abspath(args.fonts)
    records = [json.loads(line) for line in sys.stdin if line.strip()]
    with tempfile.TemporaryDirectory(prefix="chromium-breaks-") as tmp:
        for i in range(0, len(records), args.batch):
            for line in run_batch(records[i:i + args.batch], args, tmp):
                sys.stdout.write(line + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
