#!/usr/bin/env python3
"""`make test-web` (second part): js/heights.js, the browser's reader of heights files, in headless
Chromium against the Swift reader (through the Python binding) and `yardstick inspect`.

Files `yardstick measure` writes: a plain grid, a grid in sections, a shard, and two shards
merged; each read in the page (rows, columns, sections, the shard's numbers, `rowAt` at every
row's middle, and -1 where no row is) must equal the Swift reader's answers, and the plain
file's rows the `inspect --rows all` CSV. Damaged files (truncated, a byte flipped, another
magic, another version, a trailer that lies; with the checksum made right: a shard's index past
its count, a run past Int64, a row over the tallest) must be refused with the Swift reader's
message.

    YARDSTICK_LIBRARY=.build/debug/libYardstickC.so python3 Tests/Web/test_heights_js.py .build/debug/yardstick
"""
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zlib
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import yardstick  # noqa: E402

PAGE = """<!DOCTYPE html><html><body><script type="module">
import { HeightsFile } from './heights.js';
const names = %s;
const out = {};
for (const name of names) {
  const buffer = await (await fetch(name)).arrayBuffer();
  try {
    const f = new HeightsFile(buffer);
    const rows = [], at = [];
    for (let r = 0; r < f.rowCount; r++) {
      const row = f.row(r);
      rows.push([row.top, row.height]);
      at.push(row.height > 0 ? f.rowAt(row.top + row.height / 2) : null);
    }
    // Where no row is: above the table, past its end, on a section's footer line.
    const last = f.rowCount ? f.row(f.rowCount - 1) : { top: 0, height: 0 };
    const footer = f.sectionCount && !f.isShard ? f.section(0).footer : null; // (a shard's holds its numbers)
    const nowhere = [f.rowAt(-1), f.rowAt(last.top + last.height + 1), footer && footer.height > 0 ? f.rowAt(footer.top) : -1, f.rowAt(NaN)];
    out[name] = { rowCount: f.rowCount, rows, at, nowhere, columns: Array.from({ length: f.columnCount }, (_, c) => f.columnWidth(c)),
                  sections: Array.from({ length: f.sectionCount }, (_, s) => f.section(s)), shard: f.shard,
                  flags: [f.hasSectionLines, f.firstRowIsHeader, f.isShard] };
  } catch (e) {
    out[name] = { error: e.kind || String(e), message: e.message };
  }
}
await fetch('/report', { method: 'POST', body: JSON.stringify(out) });
</script></body></html>"""


def run(*args):
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"test_heights_js.py: {' '.join(args)} failed: {done.stderr}")
    return done.stdout


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    ys = os.path.abspath(sys.argv[1])
    chromium = shutil.which("chromium") or "chromium"
    with tempfile.TemporaryDirectory(prefix="heights-js-") as tmp:
        p = lambda name: os.path.join(tmp, name)
        with open(os.path.join(ROOT, "Data", "sample.csv"), encoding="utf-8") as f:
            head = "".join(f.readlines()[:600])
        with open(p("t.csv"), "w", encoding="utf-8") as f:
            f.write(head)
        with open(p("sections.json"), "w") as f:
            json.dump({"layout": "grid", "textLayout": "wrap", "sections": {"column": "status"}}, f)
        run(ys, "measure", p("t.csv"), "--max-column-width", "200", "--format", "bin", "--output", p("plain.bin"))
        run(ys, "measure", p("t.csv"), "--config", p("sections.json"), "--format", "bin", "--output", p("sections.bin"))
        big = p("big.csv")
        with open(big, "w", encoding="utf-8") as f:
            f.write(head.splitlines(keepends=True)[0] + "".join(head.splitlines(keepends=True)[1:]) * 15)
        for i in range(2):
            run(ys, "measure", big, "--max-column-width", "200", "--format", "bin", "--shard", f"{i}/2", "--output", p(f"s{i}.bin"))
        run(ys, "merge", p("s0.bin"), p("s1.bin"), "--output", p("merged.bin"))
        good = ["plain.bin", "sections.bin", "s1.bin", "merged.bin"]
        plain = open(p("plain.bin"), "rb").read()
        damaged = {"truncated.bin": plain[:-10], "flipped.bin": plain[:40] + bytes([plain[40] ^ 1]) + plain[41:],
                   "magic.bin": b"XSHT" + plain[4:], "version.bin": plain[:8] + (2).to_bytes(4, "little") + plain[12:],
                   "trailer.bin": plain[:-64] + (17).to_bytes(8, "little") + plain[-56:], "tiny.bin": plain[:20]}
        def fixed(data):
            """The bytes with their CRC-32 made right again (damage the checksum does not catch)."""
            return data[:-8] + zlib.crc32(data[:-8]).to_bytes(8, "little")
        def put(data, at, value, size=8, signed=False):
            return data[:at] + value.to_bytes(size, "little", signed=signed) + data[at + size:]
        shard = open(p("s1.bin"), "rb").read()
        sections_at = int.from_bytes(shard[-64 + 32:-64 + 40], "little")
        damaged["shard-index.bin"] = fixed(put(shard, sections_at + 32, 5, signed=True))      # index 5 of 2
        damaged["shard-first-row.bin"] = fixed(put(shard, sections_at, 2**63 - 1))            # a run past Int64
        damaged["tallest-row.bin"] = fixed(put(plain, 16 + 8, 2**30, signed=True))            # over the tallest row
        for name, data in damaged.items():
            with open(p(name), "wb") as f:
                f.write(data)
        shutil.copy(os.path.join(ROOT, "js", "heights.js"), p("heights.js"))
        names = good + list(damaged)
        with open(p("index.html"), "w") as f:
            f.write(PAGE % json.dumps(names))

        report = {}

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **k):
                super().__init__(*a, directory=tmp, **k)

            def log_message(self, *a):
                pass

            def do_POST(self):
                report["data"] = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                self.send_response(200)
                self.end_headers()

        Handler.extensions_map[".js"] = "text/javascript"
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        browser = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp}/profile",
                                    f"http://127.0.0.1:{server.server_address[1]}/index.html"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ, HOME=tmp))
        deadline = time.monotonic() + 120
        while "data" not in report and time.monotonic() < deadline and browser.poll() is None:
            time.sleep(0.1)
        browser.kill()
        browser.wait()
        server.shutdown()
        if "data" not in report:
            sys.exit("test_heights_js.py: the page reported nothing")
        got = report["data"]
        failures = []
        checked_rows = 0
        for name in good:
            js = got[name]
            if "error" in js:
                failures.append(f"{name}: refused: {js['message']}")
                continue
            ref = yardstick.HeightsFile(p(name))
            rows = [list(ref.row(r)) for r in range(len(ref))]
            if js["rows"] != rows:
                failures.append(f"{name}: rows differ from the Swift reader's")
            expected_at = [r if rows[r][1] > 0 else None for r in range(len(rows))]
            if js["at"] != expected_at:
                failures.append(f"{name}: rowAt differs at {[r for r in range(len(rows)) if js['at'][r] != expected_at[r]][:5]}")
            if js["columns"] != [ref.column_width(c) for c in range(ref_columns(ref))]:
                failures.append(f"{name}: column widths differ")
            sections = [{"firstRow": s["first_row"], "rowCount": s["row_count"], "header": {"top": s["header_top"], "height": s["header_height"]},
                         "footer": {"top": s["footer_top"], "height": s["footer_height"]}} for s in ref.sections()]
            if js["sections"] != sections:
                failures.append(f"{name}: sections differ: {js['sections'][:2]} against {sections[:2]}")
            if js["nowhere"] != [-1, -1, -1, -1]:
                failures.append(f"{name}: rowAt outside every row gives {js['nowhere']}")
            checked_rows += len(rows)
            print(f"{name}: {len(rows)} rows, {len(js['columns'])} columns, {len(sections)} sections, shard {js['shard']}: as the Swift reader")
        # The plain file's rows as `inspect --rows all` prints them (the very bytes --format csv writes).
        csv = run(ys, "inspect", p("plain.bin"), "--rows", "all").splitlines()
        lines = [csv[0]] + [f"{r},{fmt(h)},{fmt(t)}" for r, (t, h) in enumerate(got["plain.bin"]["rows"])]
        if lines != csv:
            failures.append("plain.bin: rows differ from inspect --rows all")
        else:
            print(f"plain.bin: {len(csv) - 1} rows as inspect --rows all prints them")
        if got["s1.bin"].get("shard", {}) and got["s1.bin"]["shard"]["index"] != 1:
            failures.append(f"s1.bin: shard {got['s1.bin']['shard']}")
        for name in damaged:
            try:
                yardstick.HeightsFile(p(name))
                swift = "accepted"
            except yardstick.YardstickError as e:
                swift = str(e)
            js = got[name]
            print(f"{name}: refused ({js.get('error')}: {js.get('message')}); the Swift reader: {swift}")
            if "error" not in js:
                failures.append(f"{name}: accepted by heights.js")
            elif swift == "accepted":
                failures.append(f"{name}: accepted by the Swift reader")
            elif js["message"] != swift:
                failures.append(f"{name}: heights.js says {js['message']!r}, the Swift reader {swift!r}")
        if failures:
            sys.exit("test_heights_js.py: FAILED\n" + "\n".join(failures))
        print(f"heights.js: {checked_rows} rows in {len(good)} files as the Swift reader reads them, {len(damaged)} damaged files refused as it refuses them")


def ref_columns(ref):
    return yardstick._lib.ys_heights_file_column_count(ref._live())


def fmt(x):
    """A length as --format csv prints it (the shortest decimal of a multiple of 1/64)."""
    return str(int(x)) if x == int(x) else repr(x)


def kinds_agree(kind, swift):
    words = {"notAHeightsFile": "not a Yardstick heights file", "truncated": "truncated", "unsupportedVersion": "version",
             "inconsistent": "corrupt", "checksumMismatch": "checksum"}
    return words.get(kind, "\0") in swift


if __name__ == "__main__":
    main()
