"""Yardstick from Python, over its C interface (include/yardstick.h) with ctypes: no compiled
extension. Point YARDSTICK_LIBRARY at libYardstickC.so (`swift build -c release --product
YardstickC` writes it to .build/release/), or put it where the dynamic loader looks.

    engine = Engine()                                  # the bundled fonts
    layout = engine.layout("Hello, world", width=120)  # lines as the engine measures them
    for line in layout.lines: print(line.utf8_start, line.utf8_end, line.top, line.height)
    heights = HeightsFile("table.bin")                 # yardstick measure ... --format bin
    top, height = heights.row(0)

    table = engine.open_csv("big.csv", "config.json")   # a table sized lazily, read as needed
    answer = table.scroll(0, 844)                      # measures the first screen only

Objects are freed when Python drops them, by `close()`, or at the end of a `with` block; any
use after `close()` raises ValueError. An engine is for one thread at a time (with its tables);
layouts and heights files may be read from any thread. Failures raise YardstickError with the
library's message; an integer that does not fit the C type raises OverflowError, an argument
of the wrong type TypeError.
"""
import ctypes
import json
import os

__all__ = ["Engine", "Layout", "Line", "HeightsFile", "Offsets", "Table", "YardstickError"]


class YardstickError(Exception):
    """A failed call: `status` is the ys_status, the message the library's."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class _TextOptions(ctypes.Structure):
    _fields_ = [("width", ctypes.c_double), ("font_size", ctypes.c_double), ("bold", ctypes.c_int), ("max_lines", ctypes.c_int),
                ("near_edge", ctypes.c_double), ("weight", ctypes.c_int), ("italic", ctypes.c_int)]


class Line(ctypes.Structure):
    """A laid-out line: its UTF-8 byte range, box, baseline, ascent, descent, width (points)."""
    _fields_ = [("utf8_start", ctypes.c_size_t), ("utf8_end", ctypes.c_size_t), ("top", ctypes.c_double),
                ("height", ctypes.c_double), ("baseline", ctypes.c_double), ("ascent", ctypes.c_double),
                ("descent", ctypes.c_double), ("width", ctypes.c_double), ("is_truncated", ctypes.c_int),
                ("near_edge", ctypes.c_int)]

    def __repr__(self):
        return "Line(bytes %d..%d, top %g, height %g, width %g%s)" % (
            self.utf8_start, self.utf8_end, self.top, self.height, self.width, ", truncated" if self.is_truncated else "")


class _GlyphRun(ctypes.Structure):
    _fields_ = [("font_path", ctypes.c_char_p), ("face_index", ctypes.c_uint32), ("font_size", ctypes.c_double),
                ("bidi_level", ctypes.c_uint32), ("x", ctypes.c_double), ("glyph_count", ctypes.c_size_t),
                ("glyph_ids", ctypes.POINTER(ctypes.c_uint32)), ("advances", ctypes.POINTER(ctypes.c_double)),
                ("x_offsets", ctypes.POINTER(ctypes.c_double)), ("y_offsets", ctypes.POINTER(ctypes.c_double)),
                ("clusters", ctypes.POINTER(ctypes.c_size_t))]


class _Frame(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("width", ctypes.c_double), ("height", ctypes.c_double),
                ("is_hidden", ctypes.c_int)]


class _Scroll(ctypes.Structure):
    _fields_ = [("y", ctypes.c_double), ("measured", ctypes.c_size_t), ("has_visible_rows", ctypes.c_int),
                ("first_row", ctypes.c_size_t), ("last_row", ctypes.c_size_t), ("total_height", ctypes.c_double)]


class _Element(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("cell", ctypes.c_size_t), ("x", ctypes.c_double), ("y", ctypes.c_double),
                ("width", ctypes.c_double), ("height", ctypes.c_double), ("text", ctypes.c_void_p), ("length", ctypes.c_size_t),
                ("font_size", ctypes.c_double), ("weight", ctypes.c_int), ("italic", ctypes.c_int),
                ("letter_spacing", ctypes.c_double), ("max_lines", ctypes.c_int), ("single_line", ctypes.c_int),
                ("clips", ctypes.c_int), ("text_height", ctypes.c_double), ("line_count", ctypes.c_size_t), ("lines", ctypes.POINTER(Line))]


class _Section(ctypes.Structure):
    _fields_ = [("first_row", ctypes.c_size_t), ("row_count", ctypes.c_size_t), ("header_top", ctypes.c_double),
                ("header_height", ctypes.c_double), ("footer_top", ctypes.c_double), ("footer_height", ctypes.c_double)]


_SIZE_MAX = 2**64 - 1 if ctypes.sizeof(ctypes.c_size_t) == 8 else 2**32 - 1
_CELL_TEXT, _CELL_END, _CELL_FAILED = 0, 1, 9
_CellCallback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t,
                                 ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t))


def _index(value, name):
    """A size_t argument: an int (not a bool) that fits, else TypeError or OverflowError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    if not 0 <= value <= _SIZE_MAX:
        raise OverflowError("%s %d is outside 0..%d" % (name, value, _SIZE_MAX))
    return value


def _int(value, name):
    """An int (not a bool), else TypeError: for indices checked against a length (IndexError)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    return value


def _number(value, name):
    """A double argument: an int or a float (not a bool), else TypeError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("%s must be a number, not %s" % (name, type(value).__name__))
    return float(value)


def _text(value, name):
    """UTF-8 bytes of a str (a lone surrogate as U+FFFD) or bytes, else TypeError."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError("%s must be str or bytes, not %s" % (name, type(value).__name__))




class _Owned:
    """An object over a C handle: `close()` frees it (also at the end of a `with` block, or when
    Python drops it); any use after raises ValueError."""
    _free = None

    def close(self):
        handle = self.__dict__.get("_handle")
        if handle:
            type(self)._free(handle)
            self._handle = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _live(self):
        handle = self.__dict__.get("_handle")
        if not handle:
            raise ValueError("this %s is closed" % type(self).__name__)
        return handle


def _load():
    path = os.environ.get("YARDSTICK_LIBRARY", "libYardstickC.so")
    lib = ctypes.CDLL(path)
    P = ctypes.c_void_p
    lib.ys_last_error.restype = ctypes.c_char_p
    lib.ys_engine_create.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(P)]
    lib.ys_engine_free.argtypes = [P]
    lib.ys_layout_text.argtypes = [P, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(_TextOptions), ctypes.POINTER(P)]
    for name, result in [("ys_text_layout_line_count", ctypes.c_size_t), ("ys_text_layout_width", ctypes.c_double),
                         ("ys_text_layout_height", ctypes.c_double), ("ys_heights_file_row_count", ctypes.c_size_t),
                         ("ys_heights_file_column_count", ctypes.c_size_t)]:
        getattr(lib, name).argtypes = [P]
        getattr(lib, name).restype = result
    lib.ys_text_layout_line.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(Line)]
    lib.ys_text_layout_free.argtypes = [P]
    lib.ys_text_layout_glyphs.argtypes = [P, ctypes.POINTER(P)]
    lib.ys_glyph_runs_count.argtypes = [P, ctypes.c_size_t]
    lib.ys_glyph_runs_count.restype = ctypes.c_size_t
    lib.ys_glyph_runs_get.argtypes = [P, ctypes.c_size_t, ctypes.c_size_t, ctypes.POINTER(_GlyphRun)]
    lib.ys_glyph_runs_free.argtypes = [P]
    lib.ys_heights_file_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(P)]
    lib.ys_heights_file_row.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double)]
    lib.ys_heights_file_column_width.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_double)]
    lib.ys_heights_file_free.argtypes = [P]
    lib.ys_heights_file_section_count.argtypes = [P]
    lib.ys_heights_file_section_count.restype = ctypes.c_size_t
    lib.ys_heights_file_section.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(_Section)]
    lib.ys_size_table.argtypes = [P, ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(P)]
    lib.ys_fit_cell.argtypes = [P, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_char_p),
                                ctypes.c_size_t, ctypes.c_double, ctypes.POINTER(P)]
    lib.ys_cell_fit_height.argtypes = [P]
    lib.ys_cell_fit_height.restype = ctypes.c_double
    lib.ys_cell_fit_frame_count.argtypes = [P]
    lib.ys_cell_fit_frame_count.restype = ctypes.c_size_t
    lib.ys_cell_fit_frame.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(_Frame)]
    lib.ys_cell_fit_free.argtypes = [P]
    lib.ys_offsets_create.argtypes = [ctypes.c_size_t, ctypes.c_double, ctypes.POINTER(P)]
    lib.ys_offsets_free.argtypes = [P]
    lib.ys_offsets_row_count.argtypes = [P]
    lib.ys_offsets_row_count.restype = ctypes.c_size_t
    lib.ys_offsets_total_height.argtypes = [P]
    lib.ys_offsets_total_height.restype = ctypes.c_double
    lib.ys_offsets_set_heights.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t]
    lib.ys_offsets_insert_rows.argtypes = [P, ctypes.c_size_t, ctypes.c_size_t]
    lib.ys_offsets_delete_rows.argtypes = [P, ctypes.c_size_t, ctypes.c_size_t]
    lib.ys_offsets_row.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double)]
    lib.ys_offsets_row_at.argtypes = [P, ctypes.c_double, ctypes.POINTER(ctypes.c_size_t)]
    lib.ys_offsets_capture_anchor.argtypes = [P, ctypes.c_double]
    lib.ys_offsets_restore_anchor.argtypes = [P, ctypes.c_double, ctypes.POINTER(ctypes.c_double)]
    lib.ys_table_create.argtypes = [P, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, _CellCallback, P, ctypes.POINTER(P)]
    lib.ys_table_open_csv.argtypes = [P, ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(P)]
    lib.ys_table_free.argtypes = [P]
    lib.ys_table_scroll.argtypes = [P, ctypes.c_double, ctypes.c_double, ctypes.POINTER(_Scroll)]
    lib.ys_table_row.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_int)]
    lib.ys_table_row_at.argtypes = [P, ctypes.c_double, ctypes.POINTER(ctypes.c_size_t)]
    lib.ys_table_replace_row.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t]
    lib.ys_table_insert_rows.argtypes = [P, ctypes.c_size_t, ctypes.c_size_t]
    lib.ys_table_delete_rows.argtypes = [P, ctypes.c_size_t, ctypes.c_size_t]
    lib.ys_table_set_width.argtypes = [P, ctypes.c_double]
    lib.ys_table_cell_frames.argtypes = [P, ctypes.c_size_t, ctypes.POINTER(ctypes.POINTER(_Element)), ctypes.POINTER(ctypes.c_size_t)]
    for name, result in [("ys_table_row_count", ctypes.c_size_t), ("ys_table_total_height", ctypes.c_double),
                         ("ys_table_viewport_top", ctypes.c_double)]:
        getattr(lib, name).argtypes = [P]
        getattr(lib, name).restype = result
    return lib


_lib = _load()


def _check(status):
    if status != 0:
        raise YardstickError(status, _lib.ys_last_error().decode("utf-8", "replace"))


class Engine(_Owned):
    """Fonts and caches: the bundled Noto fonts (unless include_bundled is False) after `fonts`."""

    _free = staticmethod(lambda handle: _lib.ys_engine_free(handle))

    def __init__(self, fonts=(), include_bundled=True):
        if isinstance(fonts, (str, bytes, os.PathLike)):
            fonts = [fonts]  # one path, not its characters
        encoded = [os.fsencode(f) for f in fonts]
        if any(b"\0" in f for f in encoded):
            raise ValueError("a font path contains a NUL byte")
        paths = (ctypes.c_char_p * max(1, len(encoded)))(*encoded)
        handle = ctypes.c_void_p()
        _check(_lib.ys_engine_create(paths, len(encoded), 1 if include_bundled else 0, ctypes.byref(handle)))
        self._handle = handle

    WEIGHTS = {"ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500,
               "semibold": 600, "bold": 700, "heavy": 800, "black": 900}

    def layout(self, text, width, font_size=0, bold=False, max_lines=0, near_edge=0, weight=None, italic=False):
        """The text's lines at `width` points (font_size 0: 17 pt body; near_edge 0: 0.5 pt).
        `weight`: a UIKit name ("semibold") or 1-1000; None: bold (700) if `bold`, else regular."""
        if isinstance(text, str):
            data = text.encode("utf-8", "surrogatepass")  # (a lone surrogate is laid out as U+FFFD)
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError("text must be str or bytes, not %s" % type(text).__name__)
        if not 0 <= max_lines <= 2**31 - 1:
            raise ValueError("max_lines must be from 0 to 2**31 - 1")
        if weight is None:
            weight_value = 0
        elif isinstance(weight, str):
            if weight not in self.WEIGHTS:
                raise ValueError("weight must be one of %s or a number from 1 to 1000" % ", ".join(self.WEIGHTS))
            weight_value = self.WEIGHTS[weight]
        elif isinstance(weight, int) and not isinstance(weight, bool) and 1 <= weight <= 1000:
            weight_value = weight
        else:
            raise ValueError("weight must be a UIKit weight name or a number from 1 to 1000")
        options = _TextOptions(_number(width, "width"), _number(font_size, "font_size"), 1 if bold else 0, max_lines,
                               _number(near_edge, "near_edge"), weight_value, 1 if italic else 0)
        handle = ctypes.c_void_p()
        _check(_lib.ys_layout_text(self._live(), data, len(data), ctypes.byref(options), ctypes.byref(handle)))
        return Layout(handle)


    def size_table(self, csv_path, config_path):
        """A CSV file sized as a config file says (`yardstick measure --config`): a HeightsFile
        in memory (rows in table order, sections with their header and footer)."""
        handle = ctypes.c_void_p()
        _check(_lib.ys_size_table(self._live(), os.fsencode(csv_path), os.fsencode(config_path), ctypes.byref(handle)))
        return HeightsFile(handle=handle)

    def table(self, config, columns, rows, row_count=None):
        """A table sized lazily as `config` says (a config's JSON: str, bytes or a dict) over
        rows you hold: `rows` a sequence of rows (each a sequence of str or bytes fields) or a
        function of the row index giving one, read only when measured; `columns` the column
        names the config reads. `row_count` defaults to len(rows)."""
        data = json.dumps(config).encode("utf-8") if isinstance(config, dict) else _text(config, "config")
        if row_count is None:
            if callable(rows):
                raise TypeError("give row_count with a function of the row index")
            row_count = len(rows)
        source = _Rows(columns, rows)
        handle = ctypes.c_void_p()
        status = _lib.ys_table_create(self._live(), data, len(data), _index(row_count, "row_count"), source.callback, None,
                                      ctypes.byref(handle))
        if source.error is not None:
            raise source.error
        _check(status)
        return Table(handle, self, source)

    def open_csv(self, csv_path, config_path):
        """A table over a CSV file read as needed, as a config file says (`measure --replay`)."""
        handle = ctypes.c_void_p()
        _check(_lib.ys_table_open_csv(self._live(), os.fsencode(csv_path), os.fsencode(config_path), ctypes.byref(handle)))
        return Table(handle, self)

    def fit_cell(self, template_json, row, width):
        """A cell template (a config's "cell" JSON) fitted to `row` (a dict of column name to
        text) at `width`: (height, frames), each frame a dict x, y, width, height, is_hidden."""
        data = _text(template_json, "template_json")
        if not isinstance(row, dict):
            raise TypeError("row must be a dict of column name to text, not %s" % type(row).__name__)
        width = _number(width, "width")
        names = [str(k).encode("utf-8") for k in row]
        values = [str(v).encode("utf-8") for v in row.values()]
        if any(b"\0" in t for t in names + values):
            raise ValueError("a column name or value contains a NUL byte")
        n = len(names)
        handle = ctypes.c_void_p()
        _check(_lib.ys_fit_cell(self._live(), data, len(data), (ctypes.c_char_p * max(1, n))(*names),
                                (ctypes.c_char_p * max(1, n))(*values), n, width, ctypes.byref(handle)))
        try:
            frames = []
            for k in range(_lib.ys_cell_fit_frame_count(handle)):
                f = _Frame()
                _check(_lib.ys_cell_fit_frame(handle, k, ctypes.byref(f)))
                frames.append({"x": f.x, "y": f.y, "width": f.width, "height": f.height, "is_hidden": bool(f.is_hidden)})
            return _lib.ys_cell_fit_height(handle), frames
        finally:
            _lib.ys_cell_fit_free(handle)


class Layout(_Owned):
    """A laid-out text: `lines`, `width` (the widest line) and `height`, in points."""

    _free = staticmethod(lambda handle: _lib.ys_text_layout_free(handle))

    def __init__(self, handle):
        self._handle = handle
        self.width = _lib.ys_text_layout_width(handle)
        self.height = _lib.ys_text_layout_height(handle)
        self.lines = []
        for k in range(_lib.ys_text_layout_line_count(handle)):
            line = Line()
            _check(_lib.ys_text_layout_line(handle, k, ctypes.byref(line)))
            self.lines.append(line)

    def glyph_runs(self):
        """Per line, its glyph runs in visual order, as dicts: font_path, face_index, font_size,
        bidi_level, x, and per glyph glyph_ids, advances, x_offsets, y_offsets, clusters."""
        handle = ctypes.c_void_p()
        _check(_lib.ys_text_layout_glyphs(self._live(), ctypes.byref(handle)))
        try:
            result = []
            for line in range(len(self.lines)):
                runs = []
                for k in range(_lib.ys_glyph_runs_count(handle, line)):
                    run = _GlyphRun()
                    _check(_lib.ys_glyph_runs_get(handle, line, k, ctypes.byref(run)))
                    n = run.glyph_count
                    runs.append({"font_path": run.font_path.decode("utf-8", "replace"), "face_index": run.face_index,
                                 "font_size": run.font_size, "bidi_level": run.bidi_level, "x": run.x,
                                 "glyph_ids": run.glyph_ids[:n], "advances": run.advances[:n], "x_offsets": run.x_offsets[:n],
                                 "y_offsets": run.y_offsets[:n], "clusters": run.clusters[:n]})
                result.append(runs)
            return result
        finally:
            _lib.ys_glyph_runs_free(handle)


class HeightsFile(_Owned):
    """A heights file (`yardstick measure --format bin`), checked and mapped: `row(i)` gives
    (top, height) in points, `column_width(i)` a column's width."""

    _free = staticmethod(lambda handle: _lib.ys_heights_file_free(handle))

    def __init__(self, path=None, handle=None):
        if handle is None:
            handle = ctypes.c_void_p()
            _check(_lib.ys_heights_file_open(os.fsencode(path), ctypes.byref(handle)))
        self._handle = handle
        self.row_count = _lib.ys_heights_file_row_count(handle)
        self.column_count = _lib.ys_heights_file_column_count(handle)

    def __len__(self):
        self._live()
        return self.row_count

    def __getitem__(self, index):
        return self.row(index)

    def __iter__(self):
        return (self.row(k) for k in range(self.row_count))

    def row(self, index):
        if not 0 <= _int(index, "row") < self.row_count:
            raise IndexError("row %d is outside 0..%d" % (index, self.row_count - 1))
        top, height = ctypes.c_double(), ctypes.c_double()
        _check(_lib.ys_heights_file_row(self._live(), index, ctypes.byref(top), ctypes.byref(height)))
        return top.value, height.value

    def sections(self):
        """Each section as a dict: first_row, row_count, header_top, header_height, footer_top, footer_height."""
        out = []
        for k in range(_lib.ys_heights_file_section_count(self._live())):
            s = _Section()
            _check(_lib.ys_heights_file_section(self._live(), k, ctypes.byref(s)))
            out.append({name: getattr(s, name) for name, _ in _Section._fields_})
        return out

    def column_width(self, index):
        if not 0 <= _int(index, "column") < self.column_count:
            raise IndexError("column %d is outside 0..%d" % (index, self.column_count - 1))
        width = ctypes.c_double()
        _check(_lib.ys_heights_file_column_width(self._live(), index, ctypes.byref(width)))
        return width.value


class Offsets(_Owned):
    """A row-offset cache: `count` rows at `estimated_height` until set; heights and offsets
    exact in 1/64 pt; row frames, the row at y, scroll anchoring. One thread at a time."""

    _free = staticmethod(lambda handle: _lib.ys_offsets_free(handle))

    def __init__(self, count, estimated_height):
        handle = ctypes.c_void_p()
        _check(_lib.ys_offsets_create(_index(count, "count"), _number(estimated_height, "estimated_height"), ctypes.byref(handle)))
        self._handle = handle

    def __len__(self):
        return _lib.ys_offsets_row_count(self._live())

    @property
    def total_height(self):
        return _lib.ys_offsets_total_height(self._live())

    def set_heights(self, first_row, heights):
        heights = [_number(h, "a height") for h in heights]
        values = (ctypes.c_double * max(1, len(heights)))(*heights)
        _check(_lib.ys_offsets_set_heights(self._live(), _index(first_row, "first_row"), values, len(heights)))

    def insert_rows(self, at, count):
        _check(_lib.ys_offsets_insert_rows(self._live(), _index(at, "at"), _index(count, "count")))

    def delete_rows(self, first_row, count):
        _check(_lib.ys_offsets_delete_rows(self._live(), _index(first_row, "first_row"), _index(count, "count")))

    def row(self, index):
        """(top, height) of row `index`, in points."""
        if not 0 <= _int(index, "row") < len(self):
            raise IndexError("row %d is outside 0..%d" % (index, len(self) - 1))
        top, height = ctypes.c_double(), ctypes.c_double()
        _check(_lib.ys_offsets_row(self._live(), index, ctypes.byref(top), ctypes.byref(height)))
        return top.value, height.value

    def row_at(self, y):
        row = ctypes.c_size_t()
        _check(_lib.ys_offsets_row_at(self._live(), _number(y, "y"), ctypes.byref(row)))
        return row.value

    def capture_anchor(self, viewport_top):
        _check(_lib.ys_offsets_capture_anchor(self._live(), _number(viewport_top, "viewport_top")))

    def restore_anchor(self, viewport_height):
        top = ctypes.c_double()
        _check(_lib.ys_offsets_restore_anchor(self._live(), _number(viewport_height, "viewport_height"), ctypes.byref(top)))
        return top.value



class Table(_Owned):
    """A table sized lazily as a config says (`ys_table_*`): rows measured as a viewport needs
    them. Make one with `Engine.table(config, columns, rows)` (rows the caller holds: a
    sequence of rows, or a function of the row index, read only when measured) or
    `Engine.open_csv(csv_path, config_path)` (a file read as needed). After your rows change,
    tell it as a UITableView is told: `reload_row`, `insert_rows`, `delete_rows`. One thread at a
    time, with its engine. `close()` frees it (or use `with`); any use after raises ValueError."""

    _free = staticmethod(lambda handle: _lib.ys_table_free(handle))

    def __init__(self, handle, engine, source=None):
        self._handle = handle
        self._engine = engine  # (kept alive: the table uses it)
        self._source = source

    def _call(self, function, *args):
        handle = self._live()
        if self._source is not None:
            self._source.changed()  # (a row is read once per call)
        status = function(handle, *args)
        if self._source is not None and self._source.error is not None:
            error, self._source.error = self._source.error, None
            raise error  # what the rows function raised
        _check(status)

    def __len__(self):
        count = _lib.ys_table_row_count(self._live())
        message = _lib.ys_last_error().decode("utf-8", "replace")
        if count == 0 and message.startswith("ys_table_row_count"):
            raise YardstickError(3, message)
        return count

    @property
    def total_height(self):
        """Points; rows not measured at their estimates."""
        return _lib.ys_table_total_height(self._live())

    @property
    def viewport_top(self):
        """The viewport's top as anchored now: where to put the scroll view after an edit."""
        return _lib.ys_table_viewport_top(self._live())

    def scroll(self, y, viewport_height):
        """Scrolls to `y` (anchored, measuring what the viewport meets): a dict y, measured,
        first_row and last_row (None when no row is in view), total_height."""
        answer = _Scroll()
        self._call(_lib.ys_table_scroll, _number(y, "y"), _number(viewport_height, "viewport_height"), ctypes.byref(answer))
        visible = bool(answer.has_visible_rows)
        return {"y": answer.y, "measured": answer.measured, "first_row": answer.first_row if visible else None,
                "last_row": answer.last_row if visible else None, "total_height": answer.total_height}

    def row(self, index):
        """(top, height, measured) of row `index`, in points."""
        top, height, measured = ctypes.c_double(), ctypes.c_double(), ctypes.c_int()
        self._call(_lib.ys_table_row, _index(index, "row"), ctypes.byref(top), ctypes.byref(height), ctypes.byref(measured))
        return top.value, height.value, bool(measured.value)

    def row_at(self, y):
        row = ctypes.c_size_t()
        self._call(_lib.ys_table_row_at, _number(y, "y"), ctypes.byref(row))
        return row.value

    def reload_row(self, index):
        """Row `index` changed in your rows: read again and measured again, anchored."""
        self._call(_lib.ys_table_replace_row, _index(index, "row"), None, None, 0)

    def replace_row(self, index, fields):
        """Row `index` of a CSV table replaced by `fields` (str or bytes each), held by the table."""
        data = [_text(f, "a field") for f in fields]
        n = len(data)
        pointers = (ctypes.c_char_p * max(1, n))(*data)
        lengths = (ctypes.c_size_t * max(1, n))(*[len(d) for d in data])
        self._call(_lib.ys_table_replace_row, _index(index, "row"), pointers, lengths, n)

    def insert_rows(self, at, count):
        self._call(_lib.ys_table_insert_rows, _index(at, "at"), _index(count, "count"))

    def delete_rows(self, first_row, count):
        self._call(_lib.ys_table_delete_rows, _index(first_row, "first_row"), _index(count, "count"))

    def set_width(self, width):
        self._call(_lib.ys_table_set_width, _number(width, "width"))

    def cell_frames(self, index):
        """What measured row `index` shows, for drawing it: a list of elements, each a dict with
        kind ("text" or "box"), cell, x, y, width, height (points from the row's top-left) and, for
        a text, text, font_size, weight, italic, letter_spacing, max_lines, single_line,
        clips, text_height and lines (Line, byte offsets into the text's UTF-8). An estimated row
        raises YardstickError (scroll to it first), and so does a row of yours changed since it
        was measured (reload_row it first)."""
        return self._elements(_index(index, "row"))

    def header(self):
        """(top, height, elements) of the table's header (a grid's column titles; height 0 and
        no elements for a list)."""
        return self._band(_SIZE_MAX)

    def footer(self):
        """(top, height, elements) of the table's footer, as `header`."""
        return self._band(_SIZE_MAX - 1)

    def _band(self, row):
        top, height, measured = ctypes.c_double(), ctypes.c_double(), ctypes.c_int()
        self._call(_lib.ys_table_row, row, ctypes.byref(top), ctypes.byref(height), ctypes.byref(measured))
        return top.value, height.value, self._elements(row)

    def _elements(self, row):
        pointer, count = ctypes.POINTER(_Element)(), ctypes.c_size_t()
        self._call(_lib.ys_table_cell_frames, row, ctypes.byref(pointer), ctypes.byref(count))
        out = []
        for k in range(count.value):  # (copied now: the table's memory lasts until its next answer)
            e = pointer[k]
            element = {"kind": "text" if e.kind == 0 else "box", "cell": e.cell, "x": e.x, "y": e.y, "width": e.width, "height": e.height}
            if e.kind == 0:
                element.update(text=ctypes.string_at(e.text, e.length).decode("utf-8") if e.length else "", font_size=e.font_size,
                               weight=e.weight, italic=bool(e.italic), letter_spacing=e.letter_spacing, max_lines=e.max_lines,
                               single_line=bool(e.single_line), clips=bool(e.clips), text_height=e.text_height,
                               lines=[Line.from_buffer_copy(e.lines[i]) for i in range(e.line_count)])
            out.append(element)
        return out


class _Rows:
    """The cell callback over the caller's rows: a sequence of rows or a function of the index.
    A row is read once for all its fields; what the function raises is kept and raised again by
    the call that asked."""

    def __init__(self, columns, rows):
        self.columns = [_text(c, "a column name") for c in columns]
        self.rows = rows
        self.error = None
        self.cached = (None, None)
        self.held = None  # the bytes handed out last (valid until the next call)
        self.callback = _CellCallback(self._cell)

    def _fields(self, row):
        if self.cached[0] != row:
            fields = self.rows(row) if callable(self.rows) else self.rows[row]
            self.cached = (row, [_text(f, "a field") for f in fields])
        return self.cached[1]

    def _cell(self, _context, row, column, text, length):
        try:
            fields = self.columns if row == _SIZE_MAX else self._fields(row)
            if column >= len(fields):
                return _CELL_END
            self.held = fields[column]
            text[0] = self.held
            length[0] = len(self.held)
            return _CELL_TEXT
        except Exception as error:  # (nothing may cross into C)
            self.error = error
            return _CELL_FAILED

    def changed(self):
        """Forget the row read last (the caller's rows changed)."""
        self.cached = (None, None)
