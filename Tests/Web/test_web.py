#!/usr/bin/env python3
"""`make test-web`: the browser renderer (examples/web) checked in headless Chromium.

Starts examples/web/server.py on a free port, opens the page in test mode on each table (the
sample grid, read from its CSV as needed, and a generated table of --rows rows given from a
function), and reads what the page found: it scrolls to --offsets random offsets and to the end,
from each three half-screens up into rows not measured yet, and at every stop checks each
visible label (a third table holds every kind of mandatory line break): the browser set its text
in as many lines as Yardstick measured, and it fits its
frame (DOM scrollHeight <= frame height + 1 px). Across a step up, the row drawn at the top
must stay where it was (<= 1 px) while the rows above it are measured. Passes when at least 99 %
of the labels checked agree and every anchor held; every miss is listed. Saves a screenshot of
each table (out/web/<table>.png).

    YARDSTICK_LIBRARY=.build/debug/libYardstickC.so python3 Tests/Web/test_web.py [--rows 1000000] [--offsets 50]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
WINDOW = (1280, 900)


def chromium_command(args, tmp, extra, url):
    """Chromium headless, with a private fontconfig listing only the bundled fonts, unhinted (the
    page loads them through @font-face; nothing installed may take part). Its environment too."""
    conf = os.path.join(tmp, "fonts.conf")
    with open(conf, "w") as f:
        f.write(f'<?xml version="1.0"?><fontconfig><dir>{os.path.join(ROOT, "Fonts")}</dir><cachedir>{tmp}/fc-cache</cachedir>'
                '<match target="pattern"><edit name="hinting" mode="assign"><bool>false</bool></edit>'
                '<edit name="hintstyle" mode="assign"><const>hintnone</const></edit></match></fontconfig>')
    env = dict(os.environ, FONTCONFIG_FILE=conf, HOME=tmp)
    cmd = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--hide-scrollbars",
           f"--user-data-dir={tmp}/profile", f"--window-size={WINDOW[0]},{WINDOW[1]}"] + extra + [url]
    return cmd, env


def check_table(args, base, name, tmp, report):
    """Runs the page's checks on table `name` (it posts its findings to the server, which
    writes them to `report`) and judges them."""
    if os.path.exists(report):
        os.remove(report)
    cmd, env = chromium_command(args, tmp, [], f"{base}?table={name}&test=1&seed={args.seed}&offsets={args.offsets}")
    browser = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + args.timeout
    try:
        while not os.path.exists(report):
            if browser.poll() is not None:
                sys.exit(f"test_web.py: Chromium ended (exit {browser.returncode}) before the page reported on {name}: {browser.stderr.read()[-3000:]}")
            if time.monotonic() > deadline:
                sys.exit(f"test_web.py: no report from the page on {name} in {args.timeout} s")
            time.sleep(0.2)
    finally:
        browser.kill()
        browser.wait()
    with open(report, encoding="utf-8") as f:
        result = json.load(f)
    cells, misses = result["cells"], result["misses"]
    agree = (cells - len(misses)) / cells if cells else 0.0
    moved = [a for a in result["anchors"] if a["after"] is None or abs(a["after"] - a["before"]) > 1.0]
    worst = max((abs(a["after"] - a["before"]) for a in result["anchors"] if a["after"] is not None), default=0.0)
    print(f"{name}: {result['offsets']} offsets (the end at y {result['end']['y']:.2f} of {result['end']['total_height']:.2f}), "
          f"{cells} visible labels, {cells - len(misses)} agree ({100 * agree:.2f} %); "
          f"{len(result['anchors'])} anchors across steps up ({result['steps_measuring']} steps measured rows), "
          f"largest move {worst:.3f} px")
    for miss in misses:
        print(f"  miss: row {miss['row']} width {miss['width']:.1f}: yardstick {miss['yardstick_lines']} line(s), "
              f"browser {miss['browser_lines']}; frame {miss['height']:.2f} px, scrollHeight {miss['scroll_height']}: {miss['text']!r}")
    for a in moved:
        print(f"  anchor moved: row {a['row']} from {a['before']:.3f} to {a['after']} px ({a['measured']} rows measured)")
    failures = []
    if cells < 100:
        failures.append(f"{name}: only {cells} labels were checked")
    if agree < 0.99:
        failures.append(f"{name}: {100 * agree:.2f} % of labels agree (at least 99 % must)")
    if moved:
        failures.append(f"{name}: {len(moved)} anchor(s) moved more than 1 px")
    if result["steps_measuring"] == 0:
        failures.append(f"{name}: no step up measured rows (the anchor check had nothing to hold)")
    end = result["end"]
    if abs(end["y"] + result["viewport_height"] - end["total_height"]) > 1.0:
        failures.append(f"{name}: the end is not reached (y {end['y']}, total {end['total_height']})")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--offsets", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    ap.add_argument("--budget", type=int, default=20_000, help="virtual time budget of a screenshot, ms")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per page")
    ap.add_argument("--screenshots", default=os.path.join(ROOT, "out", "web"))
    args = ap.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    report = os.path.join(args.screenshots, "report.json")
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "examples", "web", "server.py"), "--port", "0", "--rows", str(args.rows),
                               "--report", report], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        m = re.match(r"serving (http://\S+)", line)
        if not m:
            sys.exit(f"test_web.py: the server did not start ({line!r}, exit {server.poll()})")
        base = m.group(1)
        failures = []
        with tempfile.TemporaryDirectory(prefix="test-web-") as tmp:
            for name in ["sample", "million", "breaks"]:
                failures += check_table(args, base, name, tmp, report)
                shot = os.path.join(args.screenshots, f"{name}.png")
                cmd, env = chromium_command(args, tmp, [f"--screenshot={shot}", f"--virtual-time-budget={args.budget}"], f"{base}?table={name}&y=0")
                done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.timeout)
                if not os.path.isfile(shot) or os.path.getsize(shot) == 0:
                    failures.append(f"{name}: no screenshot ({done.stderr[-500:]})")
                else:
                    print(f"{name}: screenshot {os.path.relpath(shot, ROOT)}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    if failures:
        sys.exit("test_web.py: FAILED\n" + "\n".join(failures))
    print("browser renderer: all checks passed")


if __name__ == "__main__":
    main()
