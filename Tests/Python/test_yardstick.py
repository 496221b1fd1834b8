"""The Python binding (python/yardstick.py) against the shared library, run by `make test-c`:
python3 Tests/Python/test_yardstick.py HEIGHTS.bin HEIGHTS.csv (YARDSTICK_LIBRARY set)."""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
import yardstick  # noqa: E402


def main(bin_path, csv_path):
    engine = yardstick.Engine()
    text = "Headless row heights, shaped by HarfBuzz: مرحبا بالعالم and 日本語のテキスト too."
    layout = engine.layout(text, width=120)
    assert len(layout.lines) >= 3, layout.lines
    assert layout.lines[0].utf8_start == 0 and layout.lines[-1].utf8_end == len(text.encode("utf-8"))
    for before, after in zip(layout.lines, layout.lines[1:]):
        assert before.utf8_end == after.utf8_start and after.top >= before.top + before.height - 1e-9
    assert abs(layout.height - (layout.lines[-1].top + layout.lines[-1].height)) < 1e-9
    runs = layout.glyph_runs()
    assert len(runs) == len(layout.lines) and all(line_runs for line_runs in runs)
    assert any(run["bidi_level"] % 2 == 1 for line_runs in runs for run in line_runs)  # the Arabic words
    assert all(os.path.exists(run["font_path"]) and len(run["glyph_ids"]) == len(run["advances"]) > 0
               for line_runs in runs for run in line_runs)
    wide = engine.layout("Edge", width=1000)
    assert not wide.lines[0].near_edge
    assert engine.layout("Edge", width=wide.lines[0].width + 0.25).lines[0].near_edge
    # Weights: a name is its number, each of the nine its own face, bold=True is 700.
    fox = "The quick brown fox jumps over the lazy dog"
    widths = [engine.layout(fox, 1000, weight=w).lines[0].width for w in range(100, 1000, 100)]
    assert widths == sorted(widths) and len(set(widths)) == 9, widths
    assert engine.layout(fox, 1000, weight="semibold").lines[0].width == widths[5]
    assert engine.layout(fox, 1000, bold=True).lines[0].width == widths[6]
    assert engine.layout(fox, 1000, italic=True).lines[0].width != widths[3]
    for bad in ("extrabold", 0, 1001, True):
        try:
            engine.layout(fox, 1000, weight=bad)
            raise AssertionError("weight %r was accepted" % (bad,))
        except ValueError:
            pass
    cut = engine.layout(text, width=120, max_lines=2)
    assert len(cut.lines) == 2 and cut.lines[-1].is_truncated
    try:
        engine.layout(text, width=0)
        raise AssertionError("width 0 was accepted")
    except yardstick.YardstickError as error:
        assert error.status == 1 and "width" in str(error), error
    try:
        yardstick.Engine(fonts=["/nonexistent/font.ttf"])
        raise AssertionError("a missing font was accepted")
    except yardstick.YardstickError as error:
        assert error.status == 2 and "/nonexistent/font.ttf" in str(error), error

    heights = yardstick.HeightsFile(bin_path)
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(heights)
    for r in rows:
        top, height = heights.row(int(r["row"]))
        assert (top, height) == (float(r["offset"]), float(r["height"])), (r, top, height)
    assert heights.column_width(0) > 0
    assert list(heights)[:3] == [heights[0], heights[1], heights[2]]
    for bad in (len(heights), 2**64, -1):
        try:
            heights.row(bad)
            raise AssertionError("row %d was read" % bad)
        except IndexError:
            pass
    for call in (lambda: engine.layout(text, 100, max_lines=2**32 + 1), lambda: engine.layout(5, 100)):
        try:
            call()
            raise AssertionError("a bad argument was taken")
        except (ValueError, TypeError):
            pass
    try:
        yardstick.Engine("/nonexistent/one-font.ttf")  # one path, not a list of characters
        raise AssertionError("a missing font was accepted")
    except yardstick.YardstickError as error:
        assert "/nonexistent/one-font.ttf" in str(error), error
    try:
        yardstick.HeightsFile(csv_path)
        raise AssertionError("a CSV opened as a heights file")
    except yardstick.YardstickError as error:
        assert error.status == 4, error
    # A table sized from a config; a template fitted to a row; the offsets cache.
    config = os.path.join(os.path.dirname(__file__), "..", "..", "Data", "sample-grid.json")
    sized = engine.size_table(csv_path.replace("table-heights.csv", "table.csv"), config)
    assert len(sized) > 0 and sized.sections()[0]["row_count"] == len(sized)
    height, frames = engine.fit_cell('{"vstack": {"children": [{"text": {"column": "Name"}}, {"text": {"column": "Notes"}}]}}',
                                     {"Name": "Ada", "Notes": ""}, 200)
    assert height > 0 and len(frames) == 3 and frames[2]["is_hidden"] and not frames[1]["is_hidden"], frames
    offsets = yardstick.Offsets(100, 44)
    offsets.set_heights(10, [20.5, 30.25])
    assert offsets.row(11) == (10 * 44 + 20.5, 30.25) and offsets.total_height == 98 * 44 + 50.75
    assert offsets.row_at(10 * 44 + 20.5 + 30) == 11
    offsets.capture_anchor(offsets.row(50)[0] + 5)
    offsets.set_heights(0, [100.0] * 5)
    assert offsets.restore_anchor(600) == offsets.row(50)[0] + 5
    # (config.bin: what `measure --config Data/sample-grid.json --format bin` wrote for table.csv, make test-c)
    tables(engine, csv_path.replace("table-heights.csv", "table.csv"), config, yardstick.HeightsFile(csv_path.replace("table-heights.csv", "config.bin")))
    checks(engine)
    print("Python binding: all checks passed")


LIST = {"layout": "list", "width": 390, "rowHeightMode": {"automatic": {"estimated": 60, "prefetchWindow": 4}},
        "cell": {"vstack": {"spacing": 4, "children": [{"text": {"column": "Name", "style": "headline", "lines": 1}},
                                                        {"text": {"column": "Notes"}}]}}}


def tables(engine, table_csv, config, heights):
    """Lazy tables: over rows Python holds (read only when measured), over a CSV file."""
    rows = [["Row %d" % i, "note words " * (1 + i % 30)] for i in range(50000)]
    asked = []

    def row(i):
        asked.append(i)
        return rows[i]
    with engine.table(LIST, ["Name", "Notes"], row, row_count=len(rows)) as table:
        first = table.scroll(0, 800)
        assert first["first_row"] == 0 and 0 < first["measured"] == len(set(asked)) < 40, (first, len(asked))
        top, height, measured = table.row(first["last_row"])
        assert measured and table.row_at(top + height / 2) == first["last_row"]
        far = table.scroll(1e6, 800)
        anchor = far["first_row"]
        into = far["y"] - table.row(anchor)[0]
        rows[2][1] = "a note that got much longer " * 20
        table.reload_row(2)
        del rows[5:8]
        table.delete_rows(5, 3)
        rows[10:10] = [["New", "inserted"]]
        table.insert_rows(10, 1)
        assert len(table) == len(rows) == 50000 - 2
        assert abs(table.viewport_top - table.row(anchor - 2)[0] - into) < 1 / 64, "the anchor row stays put"
        # What a renderer draws: the row's texts, from the rows it was measured from.
        shown = table.scroll(table.viewport_top, 800)["first_row"]
        elements = table.cell_frames(shown)
        assert [e["text"] for e in elements] == rows[shown], (elements, rows[shown])
        assert elements[0]["weight"] == 600 and elements[0]["lines"][0].utf8_end <= len(rows[shown][0].encode())
        assert sum(line.height for line in elements[1]["lines"]) <= elements[1]["height"] + 0.01
        assert table.header() == (0.0, 0.0, []), table.header()
        try:
            table.cell_frames(len(rows) - 1)
            raise AssertionError("an estimated row was drawn")
        except yardstick.YardstickError as error:
            assert "scroll to it" in str(error), error
        table.set_width(300)
    for use in (lambda: table.scroll(0, 10), lambda: len(table), lambda: table.row(0)):
        try:
            use()
            raise AssertionError("a closed table answered")
        except ValueError:
            pass

    def failing(i):
        if i == 3:
            raise KeyError("row 3 is gone")
        return rows[i]
    table = engine.table(LIST, ["Name", "Notes"], failing, row_count=100)
    try:
        table.scroll(0, 800)
        raise AssertionError("the rows function's error was lost")
    except KeyError:
        pass
    table.close()
    table.close()  # (twice is fine)
    with engine.open_csv(table_csv, config) as table:
        y = 0.0
        while y < table.total_height:
            y = table.scroll(y, 700)["y"] + 700
        assert len(table) == len(heights)
        for r in range(len(heights)):
            top, height, measured = table.row(r)
            assert measured and (top, height) == heights[r], (r, top, height, heights[r])
        top, height, titles = table.header()
        with open(table_csv, encoding="utf-8") as f:
            names = next(csv.reader(f))
        assert top == 0 and height > 0 and [e["text"] for e in titles] == names, titles


def checks(engine):
    """What ctypes does not check: integers outside the C type, wrong types, closed objects."""
    for call, error in [(lambda: yardstick.Offsets(2**64 + 5, 44), OverflowError), (lambda: yardstick.Offsets(-1, 44), OverflowError),
                        (lambda: yardstick.Offsets(True, 44), TypeError), (lambda: yardstick.Offsets(5, "44"), TypeError),
                        (lambda: yardstick.Offsets(5, 44).set_heights(2**64, [5]), OverflowError),
                        (lambda: engine.fit_cell(5, {}, 100), TypeError), (lambda: engine.fit_cell("{}", ["x"], 100), TypeError),
                        (lambda: engine.fit_cell('{"text": {"column": "A"}}', {"A": "x"}, 2**64), yardstick.YardstickError),
                        (lambda: engine.table(LIST, ["Name"], [["x"]], row_count=2**64), OverflowError),
                        (lambda: engine.table(LIST, ["Name"], lambda i: ["x"]), TypeError)]:
        try:
            call()
            raise AssertionError("taken: %s" % error.__name__)
        except error:
            pass
    for make in (lambda: yardstick.Offsets(3, 44), lambda: engine.layout("x", 100), yardstick.Engine):
        with make() as thing:
            pass
        try:
            len(thing) if isinstance(thing, yardstick.Offsets) else (thing.glyph_runs() if isinstance(thing, yardstick.Layout) else thing.layout("x", 10))
            raise AssertionError("a closed %s answered" % type(thing).__name__)
        except ValueError:
            pass


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
