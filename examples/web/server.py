#!/usr/bin/env python3
"""A browser renderer over Yardstick: this server sizes tables lazily through the Python
binding, the page (index.html, app.js) virtual-scrolls them and draws each cell's elements at
their frames with the bundled fonts, the browser setting the text.

    swift build -c release --product YardstickC
    YARDSTICK_LIBRARY=.build/release/libYardstickC.so python3 examples/web/server.py [--port 8000] [--rows 1000000]

then open http://127.0.0.1:8000/ (`make web-demo` does both). Two tables: "sample", the sample
orders (Data/sample.csv, read as needed) as a SwiftDataTables grid (Data/sample-grid.json), and
"million", --rows generated rows (the sample's names, statuses and notes, each note ending in
" #<row>") that this server gives Yardstick from a function, as a product list (list.json);
and "breaks", 2,000 rows of texts holding every kind of mandatory line break, as the same list.

API (JSON): /api/tables; /api/<table>/scroll?y=Y&h=H: Yardstick scrolls to Y with a viewport H
tall (measuring what it meets, anchored) and answers the anchored y, the total height, the
header and footer bars and the rows meeting [y - 3H, y + 2H), measured ones with their elements.
Python standard library only, besides the binding.
"""
import argparse
import csv
import json
import os
import re
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import yardstick  # noqa: E402

FONTS = os.environ.get("YARDSTICK_FONTS") or os.path.join(ROOT, "Fonts")
WEIGHTS = {"Thin": 100, "ExtraLight": 200, "Light": 300, "Regular": 400, "Medium": 500, "SemiBold": 600, "Bold": 700,
           "ExtraBold": 800, "Black": 900}
# The engine's fallback order (Sources/YardstickFonts/BundledFonts.swift), family by family.
FAMILIES = ["NotoSans", "EMOJI", "NotoSansAdlam", "NotoSansHebrew", "NotoSansArabic", "NotoSansArmenian", "NotoSansCJK",
            "NotoSansSymbols2", "NotoSansOlChiki", "NotoSansTifinagh", "NotoSansBengali", "NotoSansDevanagari", "NotoSansGeorgian",
            "NotoSansGujarati", "NotoSansGurmukhi", "NotoSansKannada", "NotoSansKhmer", "NotoSansLao", "NotoSansMalayalam",
            "NotoSansMath", "NotoSansMongolian", "NotoSansMyanmar", "NotoSansChakma", "NotoSansNKo", "NotoSansSinhala",
            "NotoSansSymbols", "NotoSansTamil", "NotoSansTelugu", "NotoSerifTibetan", "NotoSansCanadianAboriginal",
            "NotoSansCherokee", "NotoSansCoptic", "NotoSansDeseret", "NotoSansEthiopic", "NotoSansOriya", "NotoSansOsage",
            "NotoSansShavian", "NotoSansSyriac", "NotoSansThaana", "NotoSansThai", "NotoSansVai", "NotoSansYi",
            "NotoSerifNyiakengPuachueHmong", "NotoColorEmoji"]
# Emoji_Presentation characters: with a font list, the browser takes the first listed font that
# has a character, so the colour face goes before Noto Sans Symbols 2 for these (as the engine).
EMOJI_RANGE = ("U+1F000-1FAFF, U+231A-231B, U+23E9-23EC, U+23F0, U+23F3, U+25FD-25FE, U+2614-2615, U+2648-2653, U+267F, "
               "U+2693, U+26A1, U+26AA-26AB, U+26BD-26BE, U+26C4-26C5, U+26CE, U+26D4, U+26EA, U+26F2-26F3, U+26F5, U+26FA, "
               "U+26FD, U+2705, U+270A-270B, U+2728, U+274C, U+274E, U+2753-2755, U+2757, U+2795-2797, U+27B0, U+27BF, "
               "U+2B1B-2B1C, U+2B50, U+2B55, U+E0020-E007F, U+FE0F, U+20E3, U+200D")


def font_css():
    """@font-face rules for the bundled files, one CSS family per engine family (its weights and
    italics as descriptors), and --ys-fonts: the families in the engine's fallback order."""
    files = sorted(f for f in os.listdir(FONTS) if f.endswith((".ttf", ".otf", ".ttc")))
    rules, names = [], []
    for k, family in enumerate(FAMILIES):
        name = "ys%d" % k
        if family == "EMOJI":
            rules.append('@font-face { font-family: "%s"; src: url("/fonts/NotoColorEmoji.ttf"); unicode-range: %s; }' % (name, EMOJI_RANGE))
            names.append('"%s"' % name)
            continue
        for f in files:
            if f.rsplit(".", 1)[0] == family:  # a family of one file (the emoji)
                rules.append('@font-face { font-family: "%s"; src: url("/fonts/%s"); }' % (name, f))
                continue
            m = re.fullmatch(re.escape(family) + r"-(\w+?)(Italic)?\.(ttf|otf|ttc)", f)
            if not m or (m.group(1) not in WEIGHTS and m.group(1) != "Italic"):
                continue
            weight = 400 if m.group(1) == "Italic" else WEIGHTS[m.group(1)]
            italic = m.group(2) is not None or m.group(1) == "Italic"
            rules.append('@font-face { font-family: "%s"; src: url("/fonts/%s"); font-weight: %d; font-style: %s; }'
                         % (name, f, weight, "italic" if italic else "normal"))
        names.append('"%s"' % name)
    return "\n".join(rules) + "\n:root { --ys-fonts: %s; }\n" % ", ".join(names)


def generated_rows(count):
    """Rows of Name, Status, Notes from the sample, row i's note ending in " #i" (no two equal)."""
    with open(os.path.join(ROOT, "Data", "sample.csv"), encoding="utf-8", newline="") as f:
        sample = [r for r in csv.DictReader(f) if r.get("notes")]
    n = len(sample)
    return lambda i: [sample[i % n]["customer"], sample[i % n]["status"], sample[(7 * i + 3) % n]["notes"] + " #%d" % i]


# Texts with every kind of mandatory line break (UAX #14), for the third table: a renderer must
# break where the engine does.
BREAK_TEXTS = ["before\u2028after a line separator", "a paragraph\u2029and the next", "a\n\n\nb\n", "\n", "ends in a break\n",
               "carriage return\r\nline feed", "lone\rreturn", "form\u000cfeed", "next\u0085line", "vertical\u000btab",
               "\u05e9\u05dc\u05d5\u05dd\nwith a break", "plain text with no break at all, long enough to wrap twice in the list's labels"]


def break_rows(count):
    """Rows whose names and notes hold line breaks of every kind."""
    n = len(BREAK_TEXTS)
    return lambda i: [BREAK_TEXTS[i % n] + " %d" % i, BREAK_TEXTS[(i // n) % n], BREAK_TEXTS[(i * 5 + 1) % n] + " #%d" % i]


class Tables:
    """The tables this server shows, and one lock: an engine is used by one thread at a time."""

    def __init__(self, rows):
        self.lock = threading.Lock()
        self.engine = yardstick.Engine()
        with open(os.path.join(HERE, "list.json"), encoding="utf-8") as f:
            self.list_config = json.load(f)
        self.tables = {
            "sample": self.engine.open_csv(os.path.join(ROOT, "Data", "sample.csv"), os.path.join(ROOT, "Data", "sample-grid.json")),
            "million": self.engine.table(self.list_config, ["Name", "Status", "Notes"], generated_rows(rows), row_count=rows),
            "breaks": self.engine.table(self.list_config, ["Name", "Status", "Notes"], break_rows(2000), row_count=2000),
        }

    def width(self, name, header):
        """The table's width: a list's cell width, a grid's columns (each title's frame ends 30
        pt before its column: the sort indicator's room)."""
        if name != "sample":
            return self.list_config["width"]
        return max((e["x"] + e["width"] + 30 for e in header), default=0)

    def scroll(self, name, y, height):
        table = self.tables[name]
        with self.lock:
            answer = table.scroll(y, height)
            header, footer = table.header(), table.footer()
            rows = []
            total = table.total_height
            top = max(answer["y"] - 3 * height, 0.0)
            if total > 0:
                r = table.row_at(min(max(top, header[1]), max(total - footer[1] - 1e-3, header[1])))
                while r < len(table):
                    row_top, row_height, measured = table.row(r)
                    if row_top > answer["y"] + 2 * height:
                        break
                    rows.append({"row": r, "top": row_top, "height": row_height, "measured": measured,
                                 "elements": [plain(e) for e in table.cell_frames(r)] if measured else []})
                    r += 1
        return {"y": answer["y"], "total_height": answer["total_height"], "measured": answer["measured"],
                "first_row": answer["first_row"], "last_row": answer["last_row"], "width": self.width(name, header[2]),
                "header": {"top": header[0], "height": header[1], "elements": [plain(e) for e in header[2]]},
                "footer": {"top": footer[0], "height": footer[1], "elements": [plain(e) for e in footer[2]]}, "rows": rows}


def plain(element):
    """An element as JSON: its lines as dicts."""
    out = dict(element)
    if "lines" in out:
        out["lines"] = [{"start": l.utf8_start, "end": l.utf8_end, "top": l.top, "height": l.height, "width": l.width,
                         "truncated": bool(l.is_truncated)} for l in out["lines"]]
    return out


# The tallest viewport a scroll may ask for: an answer holds at most five of them.
MAX_VIEWPORT = 10_000

STATIC = {"/": ("index.html", "text/html; charset=utf-8"), "/index.html": ("index.html", "text/html; charset=utf-8"),
          "/app.js": ("app.js", "text/javascript; charset=utf-8")}


def handler(tables, css, report=None):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send(self, status, body, kind):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store" if kind.startswith("application/json") else "max-age=3600")
            self.end_headers()
            self.wfile.write(body)

        def fail(self, status, message):
            self.send(status, json.dumps({"error": message}).encode(), "application/json")

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            if url.path in STATIC:
                name, kind = STATIC[url.path]
                with open(os.path.join(HERE, name), "rb") as f:
                    return self.send(200, f.read(), kind)
            if url.path == "/fonts.css":
                return self.send(200, css.encode(), "text/css; charset=utf-8")
            if url.path.startswith("/fonts/"):
                name = url.path[len("/fonts/"):]
                path = os.path.join(FONTS, name)
                if "/" in name or name.startswith(".") or not os.path.isfile(path):
                    return self.fail(404, "no font %r" % name)
                with open(path, "rb") as f:
                    return self.send(200, f.read(), "font/ttf")
            if url.path == "/api/tables":
                return self.send(200, json.dumps(sorted(tables.tables)).encode(), "application/json")
            m = re.fullmatch(r"/api/(\w+)/scroll", url.path)
            if m and m.group(1) in tables.tables:
                try:
                    y, height = float(query["y"][0]), float(query["h"][0])
                except (KeyError, ValueError):
                    return self.fail(400, "scroll takes y and h, numbers")
                if not 0 < height <= MAX_VIEWPORT:
                    return self.fail(400, "h must be above 0 and at most %d (a viewport's height)" % MAX_VIEWPORT)
                try:
                    answer = tables.scroll(m.group(1), y, height)
                except yardstick.YardstickError as error:
                    return self.fail(400, str(error))
                return self.send(200, json.dumps(answer).encode(), "application/json")
            return self.fail(404, "no such page: %s" % url.path)

        def do_POST(self):
            # A test page's findings (`make test-web`), written where --report says.
            if self.path != "/api/report" or not report:
                return self.fail(404, "no such page: %s" % self.path)
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            with open(report + ".tmp", "wb") as f:
                f.write(body)
            os.replace(report + ".tmp", report)
            return self.send(200, b"{}", "application/json")
    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=8000, help="0: any free port (printed)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--rows", type=int, default=1_000_000, help="rows of the generated table")
    ap.add_argument("--report", help="where a test page's findings go (make test-web)")
    args = ap.parse_args()
    if args.rows < 1:
        sys.exit("--rows must be at least 1")
    tables = Tables(args.rows)
    server = ThreadingHTTPServer((args.host, args.port), handler(tables, font_css(), args.report))
    print("serving http://%s:%d/" % (args.host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
