#!/usr/bin/env python3
"""Same bytes as the build before: runs every command on every corpus the project has with two
builds of `yardstick` and compares standard output, standard error (temporary paths written as
$D), the exit status and every file a run writes. A refactoring that changes nothing must show
no difference; one that changes something must show exactly what it meant to.

    python3 Tools/differential/differential.py OLD_YARDSTICK NEW_YARDSTICK [--only SUBSTRING]

Both builds read the bundled fonts of this checkout ($YARDSTICK_FONTS, default Fonts/). Prints
one line per case and a summary; exits 1 when any case differs. Python 3 standard library only.
"""
import csv, json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def corpora(work):
    """The inputs: the sample, its cells as `layout` records, a generated rows table, the fuzz
    table, the pango sample strings, traces."""
    with open(os.path.join(ROOT, "Data/sample.csv"), newline="") as f:
        rows = list(csv.reader(f))
    with open(os.path.join(work, "cells.jsonl"), "w") as out:
        for i, row in enumerate(rows[1:3001]):
            for j, cell in enumerate(row):
                out.write(json.dumps({"text": cell, "width": [120, 250, 400][(i + j) % 3]}, ensure_ascii=False) + "\n")
    subprocess.run([sys.executable, os.path.join(ROOT, "Data/generate_rows.py"), "3000", "--notes", "20-200"],
                   stdout=open(os.path.join(work, "rows.csv"), "w"), check=True)
    with open(os.path.join(work, "notes.csv"), "w") as f:
        f.write("Title,Notes,Country\nGroceries,\"Milk, eggs and bread, then a longer list that wraps\",Japan\n"
                "مرحبا,نص عربي 👋🏽,France\nCall,,Japan\nReport,\"A much longer note that wraps over several lines, with a URL https://example.com/a/very/long/path\",Chile\n"
                "日本語のテキスト,折り返しのある長い日本語の文章です,Japan\nगृह,हिन्दी पाठ,India\n")
    # Three blocks of the streamed path (16,384 records each), values repeating in a column.
    subprocess.run([sys.executable, os.path.join(ROOT, "Data/generate_rows.py"), "40000", "--notes", "20-200"],
                   stdout=open(os.path.join(work, "rows-40k.csv"), "w"), check=True)
    # What a table reports: invalid UTF-8, characters no bundled font has (Runic), ragged rows,
    # empty fields, a height column; repeated so that the memo meets them again.
    with open(os.path.join(work, "messy.csv"), "wb") as f:
        f.write(b"Name,Status,Notes,H\n")
        for i in range(20000):
            note = [b"plain note", b"bad \xff\xfe bytes", "ᚠᚢᚦᚨᚱ runes".encode(), b"", "日本語のテキスト".encode()][i % 5]
            status = [b"ok", b"\xc3(", "ᚱ".encode(), b""][i % 4]
            height = b"" if i % 3 else str(20 + i % 7).encode()
            row = [f"name {i % 97}".encode(), status, b'"' + note + b' ' + str(i % 13).encode() + b'"', height]
            if i % 1000 == 7: row = row[:2]
            if i % 1000 == 9: row = row + [b"extra"]
            f.write(b",".join(row) + b"\n")
    with open(os.path.join(work, "height-column.json"), "w") as f:
        f.write('{"layout": "grid", "textLayout": "wrap", "maxColumnWidth": 150, "heightColumn": "H"}')
    with open(os.path.join(work, "tall.csv"), "w") as f:
        f.write("A\n" + "".join(f"short {i}\n" for i in range(20000)) + '"' + "word " * 400000 + '"\n')
    with open(os.path.join(work, "grouped.json"), "w") as f:
        f.write('{"layout": "grid", "textLayout": "wrap", "maxColumnWidth": 200, "interRowSpacing": 1.5, "sections": {"column": "Status", "header": {"height": 28}}, "footerHeight": 3}')
    with open(os.path.join(work, "narrow.json"), "w") as f:
        f.write('{"layout": "grid", "textLayout": "wrap", "maxColumnWidth": 40, "columnWidthMode": {"fixed": 40}}')
    with open(os.path.join(work, "shy.jsonl"), "w") as f:
        for w in range(30, 200, 7):
            for text in ["Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesell\u00adschaft", "in\u00adcom\u00adpre\u00adhen\u00adsi\u00adble words", "Ко\u00adмму\u00adни\u00adка\u00adция"]:
                f.write(json.dumps({"text": text, "width": w}) + "\n")
    with open(os.path.join(work, "bad.jsonl"), "w") as f:
        f.write('{"text":"ok","width":100}\n{"text":3}\n')


def cases():
    sample, fuzz, bench = "$R/Data/sample.csv", "$R/Tests/Fuzz/config", "$R/Benchmarks/configs"
    c = [
        ("layout cells", "layout --input $W/cells.jsonl --output $D/out.jsonl"),
        ("layout cells, 1 thread", "layout --input $W/cells.jsonl --threads 1 --output $D/out.jsonl"),
        ("layout --widths", "layout --input $W/cells.jsonl --widths 90,250,600 --output $D/out.jsonl"),
        ("layout headline semibold", "layout --input $W/cells.jsonl --width 200 --style headline --output $D/out.jsonl"),
        ("layout --weight light --italic", "layout --input $W/cells.jsonl --weight light --italic --output $D/out.jsonl"),
        ("layout --max-lines 2 --no-hyphens", "layout --input $W/cells.jsonl --max-lines 2 --no-hyphens --output $D/out.jsonl"),
        ("layout soft hyphens", "layout --input $W/shy.jsonl --output $D/out.jsonl"),
        ("layout pango samples", "layout --input $R/Tools/pango-reference/samples.jsonl --output $D/out.jsonl"),
        ("layout a bad line", "layout --input $W/bad.jsonl --output $D/out.jsonl"),
        ("measure plain csv", f"measure {sample} --max-column-width 250 --output $D/out.csv"),
        ("measure plain bin + inspect", f"measure {sample} --max-column-width 250 --format bin --output $D/out.bin && $Y inspect $D/out.bin --rows all --output $D/inspect.txt"),
        ("measure plain shards + merge", f"measure {sample} --max-column-width 250 --format bin --shard 0/2 --output $D/s0.bin && "
                                         f"$Y measure {sample} --max-column-width 250 --format bin --shard 1/2 --output $D/s1.bin && $Y merge $D/s0.bin $D/s1.bin --output $D/out.bin"),
        ("measure plain --cache twice", f"measure {sample} --max-column-width 250 --cache $D/cache --output $D/a.csv && $Y measure {sample} --max-column-width 250 --cache $D/cache --output $D/out.csv"),
        ("measure plain rows, category", "measure $W/rows.csv --max-column-width 200 --category accessibilityLarge --output $D/out.csv"),
        ("measure --config sample-grid", f"measure {sample} --config $R/Data/sample-grid.json --output $D/out.csv"),
        ("measure --config sample-grid jsonl", f"measure {sample} --config $R/Data/sample-grid.json --format jsonl --output $D/out.jsonl"),
        ("measure --config sample-grid bin", f"measure {sample} --config $R/Data/sample-grid.json --format bin --output $D/out.bin"),
        ("measure --config stdin", f"measure - --config $R/Data/sample-grid.json --output $D/out.csv < {sample}"),
        ("measure --config --cache twice", f"measure {sample} --config $R/Data/sample-grid.json --cache $D/c --output $D/a.csv && $Y measure {sample} --config $R/Data/sample-grid.json --cache $D/c --output $D/out.csv"),
        ("measure --config shards + merge", f"measure {sample} --config $R/Data/sample-grid.json --format bin --shard 0/2 --output $D/s0.bin && "
                                            f"$Y measure {sample} --config $R/Data/sample-grid.json --format bin --shard 1/2 --output $D/s1.bin && $Y merge $D/s0.bin $D/s1.bin --output $D/out.bin"),
    ]
    for name in ["grid-wrap", "list-product", "list-product-constraints"]:
        c.append((f"measure --config {name}", f"measure $W/rows.csv --config {bench}/{name}.json --output $D/out.csv"))
    for name in ["grid-wrap", "list-product"]:
        c.append((f"measure --config {name}, 3 blocks", f"measure $W/rows-40k.csv --config {bench}/{name}.json --output $D/out.csv"))
        c.append((f"measure --config {name}, messy", f"measure $W/messy.csv --config {bench}/{name}.json --format jsonl --output $D/out.jsonl"))
    c += [
        ("measure --config grid-wrap, 1 thread", f"measure $W/rows-40k.csv --config {bench}/grid-wrap.json --threads 1 --output $D/out.csv"),
        ("measure --config messy cache twice", f"measure $W/messy.csv --config {bench}/grid-wrap.json --cache $D/c --output $D/a.csv && "
                                               f"$Y measure $W/messy.csv --config {bench}/grid-wrap.json --cache $D/c --output $D/out.csv"),
        ("measure --config messy shards", f"measure $W/messy.csv --config {bench}/grid-wrap.json --format bin --shard 1/3 --output $D/out.bin"),
        ("measure --config height column", "measure $W/messy.csv --config $W/height-column.json --output $D/out.csv"),
        ("error: a row too tall", "measure $W/tall.csv --config $W/narrow.json --output $D/out.csv"),
        ("measure --config stdin messy", f"measure - --config {bench}/grid-wrap.json --format jsonl --output $D/out.jsonl < $W/messy.csv"),
        ("measure --config stdin list 3 blocks", f"measure - --config {bench}/list-product.json --output $D/out.csv < $W/rows-40k.csv"),
        ("measure --config --system-fallback", f"measure $W/notes.csv --config {fuzz}/grid-columns.json --system-fallback --format jsonl --output $D/out.jsonl"),
        ("measure --config --system-fallback grid", f"measure $W/messy.csv --config {bench}/grid-wrap.json --system-fallback --output $D/out.csv"),
        ("measure plain messy", "measure $W/messy.csv --max-column-width 150 --output $D/out.csv"),
    ]
    for name in ["constraints", "grid-columns", "list", "sample-grid", "sections"]:
        table = sample if name == "sample-grid" else "$W/notes.csv"
        c.append((f"measure --config fuzz/{name}", f"measure {table} --config {fuzz}/{name}.json --format jsonl --output $D/out.jsonl"))
    c += [
        ("measure --config sections csv", f"measure $W/notes.csv --config {fuzz}/sections.json --output $D/out.csv"),
        ("measure --config sections csv, 3 blocks", f"measure $W/rows-40k.csv --config $W/grouped.json --output $D/out.csv"),
        ("measure --replay sections", f"measure $W/notes.csv --config {fuzz}/sections.json --replay $R/Tests/Fuzz/trace/sizing.jsonl --output $D/out.jsonl"),
        ("offsets trace", "offsets --input $R/Tests/Fuzz/trace/offsets.jsonl --output $D/out.jsonl"),
        ("render sample rows 0-5", f"render {sample} --config $R/Data/sample-grid.json --rows 0-5 --scale 1 --output $D/out.png"),
        ("render --text", "render --text 'Hello, world: مرحبا 日本語 👋🏽' --width 150 --output $D/out.png"),
        ("error: no such file", "measure $W/none.csv --max-column-width 100"),
        ("error: bad config", f"measure {sample} --config $W/bad.jsonl"),
        ("error: unknown format", f"measure {sample} --max-column-width 100 --format xml"),
        ("error: config and max width", f"measure {sample} --config $R/Data/sample-grid.json --max-column-width 100"),
    ]
    return c


def run(binary, command, work, out_dir):
    env = dict(os.environ, YARDSTICK_FONTS=os.environ.get("YARDSTICK_FONTS", os.path.join(ROOT, "Fonts")))
    script = command.replace("$Y", binary).replace("$R", ROOT).replace("$W", work).replace("$D", out_dir)
    p = subprocess.run(["/bin/bash", "-c", f"{binary} {script}" if not command.startswith("$") else script],
                       capture_output=True, env=env)
    files = {}
    for name in sorted(os.listdir(out_dir)):
        path = os.path.join(out_dir, name)
        if os.path.isfile(path):
            files[name] = open(path, "rb").read()
    clean = lambda b: b.replace(out_dir.encode(), b"$D").replace(work.encode(), b"$W")
    # (Timings and the like are not the output: a summary's seconds line is left out.)
    timing = (b"seconds:", b"cells per second:", b"rows per second:")
    err = b"\n".join(l for l in clean(p.stderr).split(b"\n") if not l.startswith(timing))
    out = b"\n".join(l for l in clean(p.stdout).split(b"\n") if not l.startswith(timing))
    return p.returncode, out, err, files


def same_but_hash(binary, a, b, work):
    """Whether two heights files differ only in their configuration hash (what produced them:
    the fonts' bytes are part of it), by `inspect` of both."""
    if not a or not b or not a.startswith(b"YSHT") or not b.startswith(b"YSHT"):
        return False
    texts = []
    for k, data in enumerate((a, b)):
        path = os.path.join(work, f"hash{k}.bin")
        open(path, "wb").write(data)
        out = subprocess.run([binary, "inspect", path, "--rows", "all"], capture_output=True).stdout
        texts.append([l for l in out.split(b"\n") if not l.startswith((b"configuration hash:", b"checksum:", b"heights file:"))])
    return texts[0] == texts[1]


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    old, new = os.path.abspath(args[0]), os.path.abspath(args[1])
    only = args[args.index("--only") + 1] if "--only" in args else ""
    work = tempfile.mkdtemp(prefix="yardstick-diff-")
    corpora(work)
    differ = 0
    all_cases = [c for c in cases() if only in c[0]]
    for name, command in all_cases:
        results = []
        for binary in (old, new):
            out_dir = os.path.join(work, "run")
            shutil.rmtree(out_dir, ignore_errors=True)
            os.makedirs(out_dir)
            results.append(run(binary, command, work, out_dir))
        (sa, oa, ea, fa), (sb, ob, eb, fb) = results
        what = []
        if sa != sb: what.append(f"status {sa} → {sb}")
        if oa != ob: what.append("standard output")
        if ea != eb: what.append("standard error")
        for f in sorted(set(fa) | set(fb)):
            if f.startswith("cache") or f in ("c",): continue
            if fa.get(f) != fb.get(f):
                what.append(f"file {f}" + (" (its configuration hash only)" if same_but_hash(new, fa.get(f), fb.get(f), work) else ""))
        size = sum(len(v) for v in fb.values()) + len(ob)
        print(f"{'same ' if not what else 'DIFF '} {name:<42} status {sb}, {size:,} bytes" + ("" if not what else ": " + ", ".join(what)))
        if what:
            differ += 1
            if oa != ob:
                print("    old stdout: " + oa.decode(errors="replace")[-300:].replace("\n", " | "))
                print("    new stdout: " + ob.decode(errors="replace")[-300:].replace("\n", " | "))
            if ea != eb:
                print("    old stderr: " + ea.decode(errors="replace")[:300].replace("\n", " | "))
                print("    new stderr: " + eb.decode(errors="replace")[:300].replace("\n", " | "))
    print(f"\n{len(all_cases) - differ} of {len(all_cases)} cases the same bytes")
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
