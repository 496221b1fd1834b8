"""Yardstick from Python, over its C interface (include/yardstick.h) with ctypes: no compiled
extension. Point YARDSTICK_LIBRARY at libYardstickC.so (`swift build -c release --product
YardstickC` writes it to .build/release/), or put it where the dynamic loader looks.

    engine = Engine()                                  # the bundled fonts
    layout = engine.layout("Hello, world", width=120)  # lines as the engine measures them
    for line in layout.lines: print(line.utf8_start, line.utf8_end, line.top, line.height)
    heights = HeightsFile("table.bin")                 # yardstick measure ... --format bin
    top, height = heights.row(0)

Objects are freed when Python drops them. An engine is for one thread at a time; layouts and
heights files may be read from any thread. Failures raise YardstickError with the library's
message.
"""
import ctypes
import os

__all__ = ["Engine", "Layout", "Line", "HeightsFile", "Offsets", "YardstickError"]


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


class _Section(ctypes.Structure):
    _fields_ = [("first_row", ctypes.c_size_t), ("row_count", ctypes.c_size_t), ("header_top", ctypes.c_double),
                ("header_height", ctypes.c_double), ("footer_top", ctypes.c_double), ("footer_height", ctypes.c_double)]


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
    return lib


_lib = _load()


def _check(status):
    if status != 0:
        raise YardstickError(status, _lib.ys_last_error().decode("utf-8", "replace"))


class Engine:
    """Fonts and caches: the bundled Noto fonts (unless include_bundled is False) after `fonts`."""

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

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.ys_engine_free(self._handle)
            self._handle = None

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
        options = _TextOptions(width, font_size, 1 if bold else 0, max_lines, near_edge, weight_value, 1 if italic else 0)
        handle = ctypes.c_void_p()
        _check(_lib.ys_layout_text(self._handle, data, len(data), ctypes.byref(options), ctypes.byref(handle)))
        return Layout(handle)


    def size_table(self, csv_path, config_path):
        """A CSV file sized as a config file says (`yardstick measure --config`): a HeightsFile
        in memory (rows in table order, sections with their header and footer)."""
        handle = ctypes.c_void_p()
        _check(_lib.ys_size_table(self._handle, os.fsencode(csv_path), os.fsencode(config_path), ctypes.byref(handle)))
        return HeightsFile(handle=handle)

    def fit_cell(self, template_json, row, width):
        """A cell template (a config's "cell" JSON) fitted to `row` (a dict of column name to
        text) at `width`: (height, frames), each frame a dict x, y, width, height, is_hidden."""
        data = template_json.encode("utf-8") if isinstance(template_json, str) else bytes(template_json)
        names = [str(k).encode("utf-8") for k in row]
        values = [str(v).encode("utf-8") for v in row.values()]
        if any(b"\0" in t for t in names + values):
            raise ValueError("a column name or value contains a NUL byte")
        n = len(names)
        handle = ctypes.c_void_p()
        _check(_lib.ys_fit_cell(self._handle, data, len(data), (ctypes.c_char_p * max(1, n))(*names),
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


class Layout:
    """A laid-out text: `lines`, `width` (the widest line) and `height`, in points."""

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
        _check(_lib.ys_text_layout_glyphs(self._handle, ctypes.byref(handle)))
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

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.ys_text_layout_free(self._handle)
            self._handle = None


class HeightsFile:
    """A heights file (`yardstick measure --format bin`), checked and mapped: `row(i)` gives
    (top, height) in points, `column_width(i)` a column's width."""

    def __init__(self, path=None, handle=None):
        if handle is None:
            handle = ctypes.c_void_p()
            _check(_lib.ys_heights_file_open(os.fsencode(path), ctypes.byref(handle)))
        self._handle = handle
        self.row_count = _lib.ys_heights_file_row_count(handle)
        self.column_count = _lib.ys_heights_file_column_count(handle)

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.ys_heights_file_free(self._handle)
            self._handle = None

    def __len__(self):
        return self.row_count

    def __getitem__(self, index):
        return self.row(index)

    def __iter__(self):
        return (self.row(k) for k in range(self.row_count))

    def row(self, index):
        if not 0 <= index < self.row_count:
            raise IndexError("row %d is outside 0..%d" % (index, self.row_count - 1))
        top, height = ctypes.c_double(), ctypes.c_double()
        _check(_lib.ys_heights_file_row(self._handle, index, ctypes.byref(top), ctypes.byref(height)))
        return top.value, height.value

    def sections(self):
        """Each section as a dict: first_row, row_count, header_top, header_height, footer_top, footer_height."""
        out = []
        for k in range(_lib.ys_heights_file_section_count(self._handle)):
            s = _Section()
            _check(_lib.ys_heights_file_section(self._handle, k, ctypes.byref(s)))
            out.append({name: getattr(s, name) for name, _ in _Section._fields_})
        return out

    def column_width(self, index):
        if not 0 <= index < self.column_count:
            raise IndexError("column %d is outside 0..%d" % (index, self.column_count - 1))
        width = ctypes.c_double()
        _check(_lib.ys_heights_file_column_width(self._handle, index, ctypes.byref(width)))
        return width.value


class Offsets:
    """A row-offset cache: `count` rows at `estimated_height` until set; heights and offsets
    exact in 1/64 pt; row frames, the row at y, scroll anchoring. One thread at a time."""

    def __init__(self, count, estimated_height):
        handle = ctypes.c_void_p()
        _check(_lib.ys_offsets_create(count, estimated_height, ctypes.byref(handle)))
        self._handle = handle

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.ys_offsets_free(self._handle)
            self._handle = None

    def __len__(self):
        return _lib.ys_offsets_row_count(self._handle)

    @property
    def total_height(self):
        return _lib.ys_offsets_total_height(self._handle)

    def set_heights(self, first_row, heights):
        values = (ctypes.c_double * max(1, len(heights)))(*heights)
        _check(_lib.ys_offsets_set_heights(self._handle, first_row, values, len(heights)))

    def insert_rows(self, at, count):
        _check(_lib.ys_offsets_insert_rows(self._handle, at, count))

    def delete_rows(self, first_row, count):
        _check(_lib.ys_offsets_delete_rows(self._handle, first_row, count))

    def row(self, index):
        """(top, height) of row `index`, in points."""
        if not 0 <= index < len(self):
            raise IndexError("row %d is outside 0..%d" % (index, len(self) - 1))
        top, height = ctypes.c_double(), ctypes.c_double()
        _check(_lib.ys_offsets_row(self._handle, index, ctypes.byref(top), ctypes.byref(height)))
        return top.value, height.value

    def row_at(self, y):
        row = ctypes.c_size_t()
        _check(_lib.ys_offsets_row_at(self._handle, y, ctypes.byref(row)))
        return row.value

    def capture_anchor(self, viewport_top):
        _check(_lib.ys_offsets_capture_anchor(self._handle, viewport_top))

    def restore_anchor(self, viewport_height):
        top = ctypes.c_double()
        _check(_lib.ys_offsets_restore_anchor(self._handle, viewport_height, ctypes.byref(top)))
        return top.value

