/*
 * Yardstick's C interface: text laid out as the engine measures it, and heights files read in
 * place, for renderers and tools not written in Swift. Link with -lYardstickC (the shared
 * library `swift build --product YardstickC` builds).
 *
 * Conventions:
 * - Every object is made by a `ys_..._create`/`open`/`layout` call and freed by its own
 *   `ys_..._free` (NULL is ignored). No Swift type crosses this boundary.
 * - Calls that can fail return a `ys_status`; on failure `ys_last_error()` describes it.
 * - Lengths are in points; text is UTF-8 (invalid sequences are laid out as U+FFFD); offsets
 *   into a text are byte offsets into the bytes given (an invalid sequence maps to its first
 *   byte). Paths must be UTF-8.
 * - An output pointer to a struct must not be NULL; one to a single number may be (it is skipped).
 * - The Swift runtime the library loads installs a crash backtracer (SIGSEGV and others) in the
 *   process; SWIFT_BACKTRACE=enable=no in the environment turns it off.
 *
 * Threads: an engine may be used by one thread at a time (guard it with your own lock, or make
 * one per thread). Layouts and heights files never change once made: read them from any
 * thread. A table (`ys_table`) uses its engine: use both from one thread at a time.
 * `ys_last_error()` is per thread.
 */
#ifndef YARDSTICK_H
#define YARDSTICK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ys_status {
    YS_OK = 0,
    YS_INVALID_ARGUMENT = 1, /* a NULL where an object or text is needed, a bad width, an index out of range */
    YS_FONT_ERROR = 2,       /* a font file that cannot be read or used */
    YS_IO_ERROR = 3,         /* a file that cannot be read */
    YS_FORMAT_ERROR = 4,     /* a file that is not what it should be (truncated, corrupt, another version) */
    YS_CONFIG_ERROR = 5      /* a sizing config that is not right (the message names the config's path) */
} ys_status;

/* What the last failed call on this thread said; "" when none has failed. Valid until the next
 * call on this thread. */
const char *ys_last_error(void);

/* ---- Engine: fonts and caches. ---- */
typedef struct ys_engine ys_engine;

/* An engine's caches grow with the distinct words it shapes (a few KB per distinct short text);
 * free it and make a new one to give that memory back. An engine over the bundled fonts (when include_bundled is non-zero; they sit in a Fonts folder
 * beside the library or the executable, or where YARDSTICK_FONTS says) and these font files,
 * which come first. */
ys_status ys_engine_create(const char *const *font_paths, size_t font_count, int include_bundled, ys_engine **engine);
void ys_engine_free(ys_engine *engine);

/* ---- Text layout. ---- */
typedef struct ys_text_options {
    double width;         /* the width lines wrap at, in points (> 0) */
    double font_size;     /* points; 0 means 17 (body at the default content size) */
    int bold;             /* non-zero: the bold face */
    int max_lines;        /* 0: no limit; else lines past it are cut, the last ending in an ellipsis */
    double near_edge;     /* a line within this many points of the width is flagged `near_edge` (0: 0.5) */
    int weight;           /* 1-1000 (400 regular, 600 semibold, 700 bold, ...); 0: 700 if `bold`, else 400 */
    int italic;           /* non-zero: italic (a family without one is measured upright) */
} ys_text_options;

typedef struct ys_line {
    size_t utf8_start, utf8_end; /* the line's bytes in the text */
    double top, height;          /* its box, from the text's top */
    double baseline;             /* from the text's top */
    double ascent, descent;
    double width;                /* of its glyphs, trailing spaces left out */
    int is_truncated;            /* it ends in an ellipsis */
    int near_edge;               /* its width is within `near_edge` points of the width, or past it
                                    (an overlong word): a renderer that rounds differently should
                                    reserve that room */
} ys_line;

typedef struct ys_text_layout ys_text_layout;

/* Lays out `length` bytes of `utf8` with `options` (NULL: width 0 is invalid, so options are required). */
ys_status ys_layout_text(ys_engine *engine, const char *utf8, size_t length, const ys_text_options *options, ys_text_layout **layout);
size_t ys_text_layout_line_count(const ys_text_layout *layout);
double ys_text_layout_width(const ys_text_layout *layout);
double ys_text_layout_height(const ys_text_layout *layout);
ys_status ys_text_layout_line(const ys_text_layout *layout, size_t index, ys_line *line);
void ys_text_layout_free(ys_text_layout *layout);

/* ---- Glyph runs: what to draw, exactly the glyphs that were measured. ---- */
typedef struct ys_glyph_run {
    const char *font_path;     /* the face's file (valid while the runs object lives) */
    uint32_t face_index;       /* the face's index in that file (collections: .ttc) */
    double font_size;          /* points; advances and offsets are at this size */
    uint32_t bidi_level;       /* UAX #9 level: odd runs read right to left */
    double x;                  /* the run's start from the line's start, points */
    size_t glyph_count;
    const uint32_t *glyph_ids; /* in visual order (left to right) */
    const double *advances;    /* points */
    const double *x_offsets;   /* points, from the pen position */
    const double *y_offsets;   /* points, up from the baseline */
    const size_t *clusters;    /* per glyph: the UTF-8 offset in the text where its cluster starts
                                  (an appended hyphen's or ellipsis's glyphs: the line's end) */
} ys_glyph_run;

typedef struct ys_glyph_runs ys_glyph_runs;

/* Every line's glyph runs in visual order, with the hyphen of a broken word and the ellipsis
 * of a cut line appended. The arrays belong to the runs object. */
ys_status ys_text_layout_glyphs(const ys_text_layout *layout, ys_glyph_runs **runs);
size_t ys_glyph_runs_line_count(const ys_glyph_runs *runs);
size_t ys_glyph_runs_count(const ys_glyph_runs *runs, size_t line);
ys_status ys_glyph_runs_get(const ys_glyph_runs *runs, size_t line, size_t index, ys_glyph_run *run);
void ys_glyph_runs_free(ys_glyph_runs *runs);

/* ---- Heights files (`yardstick measure --format bin`), mapped and read in place. ---- */
typedef struct ys_heights_file ys_heights_file;

/* Opens and checks the file (structure and CRC-32). The file is mapped: it must not be truncated
 * or written in place while open (a truncated mapping is a SIGBUS, as with any mapped file);
 * replace it by renaming a new file over it, as yardstick does. */
ys_status ys_heights_file_open(const char *path, ys_heights_file **file);
size_t ys_heights_file_row_count(const ys_heights_file *file);
size_t ys_heights_file_column_count(const ys_heights_file *file);
/* Row `index`: its top and height in points (exact multiples of 1/64). */
ys_status ys_heights_file_row(const ys_heights_file *file, size_t index, double *top, double *height);
ys_status ys_heights_file_column_width(const ys_heights_file *file, size_t index, double *width);
/* Its sections: a table sized in sections has one per section shown, with its header and footer
 * (offsets and heights in points); otherwise one holding every row. */
typedef struct ys_section {
    size_t first_row, row_count;
    double header_top, header_height, footer_top, footer_height;
} ys_section;
size_t ys_heights_file_section_count(const ys_heights_file *file);
ys_status ys_heights_file_section(const ys_heights_file *file, size_t index, ys_section *section);
void ys_heights_file_free(ys_heights_file *file);

/* ---- A cell template fitted to a row: its height and every element's frame. ---- */
typedef struct ys_frame {
    double x, y, width, height; /* points, in the cell, margins included */
    int is_hidden;              /* an element that takes no space (an empty text) */
} ys_frame;

typedef struct ys_cell_fit ys_cell_fit;

/* Fits a template (the JSON a config's "cell" takes: text, box, vstack, hstack, constraints...)
 * to one row at `width`: the row's values are given by column name. */
ys_status ys_fit_cell(ys_engine *engine, const char *template_json, size_t json_length,
                      const char *const *column_names, const char *const *values, size_t column_count,
                      double width, ys_cell_fit **fit);
double ys_cell_fit_height(const ys_cell_fit *fit);
/* One frame per element, in the template's pre-order (the root first). */
size_t ys_cell_fit_frame_count(const ys_cell_fit *fit);
ys_status ys_cell_fit_frame(const ys_cell_fit *fit, size_t index, ys_frame *frame);
void ys_cell_fit_free(ys_cell_fit *fit);

/* ---- Sizing a table. ---- */

/* Sizes every row of a CSV file as a config file says (the JSON `yardstick measure --config`
 * takes: a SwiftDataTables grid or a list of cell templates, in sections or not), with the
 * engine's fonts, on all cores. The result is the heights file `--format bin` would write, in
 * memory: read it with the ys_heights_file calls (rows in table order; tops include headers and
 * the spacing between rows, heights do not) and free it with ys_heights_file_free. */
ys_status ys_size_table(ys_engine *engine, const char *csv_path, const char *config_path, ys_heights_file **table);

/* ---- A row-offset cache: heights and offsets of a scrolling list, O(log n) per call. ---- */
typedef struct ys_offsets ys_offsets;

/* `row_count` rows, each at `estimated_height` points until its height is set. Lengths are kept
 * in 1/64 pt (each rounded to the nearest), so every offset is exactly the sum of the heights
 * above it. A cache may be used by one thread at a time. */
ys_status ys_offsets_create(size_t row_count, double estimated_height, ys_offsets **offsets);
void ys_offsets_free(ys_offsets *offsets);
size_t ys_offsets_row_count(const ys_offsets *offsets);
double ys_offsets_total_height(const ys_offsets *offsets);
ys_status ys_offsets_set_heights(ys_offsets *offsets, size_t first_row, const double *heights, size_t count);
/* `count` estimated rows before row `at` (at == row count: at the end); rows removed. */
ys_status ys_offsets_insert_rows(ys_offsets *offsets, size_t at, size_t count);
ys_status ys_offsets_delete_rows(ys_offsets *offsets, size_t first_row, size_t count);
ys_status ys_offsets_row(const ys_offsets *offsets, size_t row, double *top, double *height);
/* The row at `y` (0 <= y < total height; y is taken down to its 1/64 pt). */
ys_status ys_offsets_row_at(const ys_offsets *offsets, double y, size_t *row);
/* Scroll anchoring: capture which row is at the viewport's top and how far into it; after heights
 * above change, `restore` gives the viewport top that keeps that row where it was on screen
 * (clamped to the content). */
ys_status ys_offsets_capture_anchor(ys_offsets *offsets, double viewport_top);
ys_status ys_offsets_restore_anchor(const ys_offsets *offsets, double viewport_height, double *viewport_top);

/* ---- A table sized lazily: rows measured as a viewport needs them. ---- */
typedef struct ys_table ys_table;

/* The row the column names are asked for. */
#define YS_HEADER_ROW SIZE_MAX
/* What a cell callback returns. */
enum { YS_CELL_TEXT = 0, YS_CELL_END = 1 };

/* Gives field `column` of row `row` (its position in the table now; YS_HEADER_ROW: the column
 * names): set *text (UTF-8, invalid sequences read as U+FFFD) and *length and return
 * YS_CELL_TEXT, or return YS_CELL_END past the row's last field (rows may be ragged, as CSV
 * records). Anything else fails the call that asked (its error names the row and column). The
 * table copies the text at once; it is asked on the thread of the call that needs it, and only
 * for the rows that call measures. A callback must not call back into the table. */
typedef int (*ys_cell_callback)(void *context, size_t row, size_t column, const char **text, size_t *length);

/* A table of `row_count` rows as a config says (the JSON `yardstick measure --config` takes;
 * `length` bytes), reading each row from `cell_callback` only when it is measured. Every row
 * starts estimated (or known, in a fixed mode); the column names are read first. A grid whose
 * column widths read the rows (the default estimate, sampling, maxMeasured) reads every row
 * once here. Configs that group rows into sections or read a height column are refused: size
 * them with ys_size_table. When the caller's rows change, tell the table as a UITableView is
 * told: ys_table_replace_row (fields NULL), ys_table_insert_rows, ys_table_delete_rows. */
ys_status ys_table_create(ys_engine *engine, const char *config_json, size_t length, size_t row_count,
                          ys_cell_callback cell_callback, void *context, ys_table **table);
/* A table over a CSV file (its first record names the columns) as a config file says, read as
 * needed: the first MiB of the file is read before this returns, the rest is indexed on a thread
 * of its own. Until a call needs a row past that first piece (a scroll reaching it, a row or a y
 * past it, an edit, ys_table_row_count), the table's rows past it are estimated; then the call
 * waits for the index and the count is corrected (anchored). Answers never depend on how far
 * the thread has come. A file that is not CSV past its first piece fails that call. A file changed while the
 * table is open (truncated, grown, replaced) is an error at the next call that reads it.
 * Configs that need every row first (sections grouped from a column, a height column) read the
 * whole file here. */
ys_status ys_table_open_csv(ys_engine *engine, const char *csv_path, const char *config_path, ys_table **table);

/* What a scroll did. */
typedef struct ys_scroll {
    double y;               /* the anchored viewport top (UIScrollView's contentOffset.y) */
    size_t measured;        /* rows this scroll measured */
    int has_visible_rows;   /* 0: no row meets the viewport (an empty table) */
    size_t first_row;       /* the first and last rows meeting the viewport, inclusive */
    size_t last_row;
    double total_height;    /* the table's height after measuring */
} ys_scroll;

/* Scrolls to `y`: the row at the viewport's top is anchored, the estimated rows meeting the
 * viewport (widened by the prefetch window) are measured, and the anchored top is returned. */
ys_status ys_table_scroll(ys_table *table, double y, double viewport_height, ys_scroll *answer);
/* A row's top (headers and spacing above included) and height (without spacing), and whether
 * it is measured (else estimated). YS_HEADER_ROW, YS_FOOTER_ROW: the header's and footer's (height
 * 0 when there is none). */
ys_status ys_table_row(const ys_table *table, size_t row, double *top, double *height, int *measured);
/* The row at `y` (0 <= y < total height); YS_INVALID_ARGUMENT on a header, footer or past the end. */
ys_status ys_table_row_at(const ys_table *table, double y, size_t *row);
/* Row `row` changed: measured again (anchored). fields NULL: read again (from the callback; a CSV
 * table's from the file, or the fields that replaced it); else its `field_count` fields
 * (`lengths` bytes each), which a CSV table holds from now on (a callback table reads its rows
 * from the callback only: change them there). */
ys_status ys_table_replace_row(ys_table *table, size_t row, const char *const *fields, const size_t *lengths, size_t field_count);
/* `count` rows inserted before row `at` (at == row count: at the end), estimated until measured:
 * a callback table reads them from the callback; a CSV table holds them empty until replaced. */
ys_status ys_table_insert_rows(ys_table *table, size_t at, size_t count);
ys_status ys_table_delete_rows(ys_table *table, size_t first_row, size_t count);
/* A new width (a list's cell width, a grid's frame): measured rows fitted again, anchored. */
ys_status ys_table_set_width(ys_table *table, double width);
/* The exact row count (a CSV table's whole index first; 0 and ys_last_error() if that fails). */
size_t ys_table_row_count(const ys_table *table);
/* The viewport's top as anchored now: the last scroll's, kept on its row through the changes
 * since (0 before any scroll). Where to put the scroll view after an edit. */
double ys_table_viewport_top(const ys_table *table);
/* The height now: rows not measured at their estimates (a CSV table's rows past its first MiB
 * too, until a call needs the whole index). */
double ys_table_total_height(const ys_table *table);
void ys_table_free(ys_table *table);

/* ---- Drawing a table's rows: every element of a row, where it sits and what it shows. ---- */
/* The row ys_table_cell_frames and ys_table_row take for the table's footer (YS_HEADER_ROW: its
 * header): a grid's column-title bars. */
#define YS_FOOTER_ROW (SIZE_MAX - 1)
enum { YS_ELEMENT_TEXT = 0, YS_ELEMENT_BOX = 1 };

typedef struct ys_element {
    int kind;                   /* YS_ELEMENT_TEXT: a label; YS_ELEMENT_BOX: an image view or spacer with a size */
    size_t cell;                /* the cell it is in: a grid's column; 0 in a list */
    double x, y, width, height; /* points from the row's top-left: a label's frame less its insets
                                   (its lines centred vertically in it, as UILabel draws), a box's frame */
    /* A label's (0 or NULL for a box): */
    const char *text;           /* the UTF-8 it shows, `length` bytes, not NUL-terminated: the row's field
                                   as measured (invalid sequences replaced by U+FFFD); lines index into it */
    size_t length;
    double font_size;           /* points */
    int weight;                 /* 1-1000 */
    int italic;
    double letter_spacing;      /* points after each cluster, the face's own tracking included */
    int max_lines;              /* 0: no limit */
    int single_line;            /* one line, cut with an ellipsis (a grid cell that does not wrap) */
    int clips;                  /* lines past max_lines are cut off without an ellipsis (else the last ends in one) */
    double text_height;         /* the lines' height */
    size_t line_count;
    const ys_line *lines;       /* the lines as measured (tops from the text's top; near_edge: within 0.5 pt) */
} ys_element;

/* Every element row `row` shows, cell by cell (a cell's labels in its layout's order, then its
 * boxes): what a renderer draws. The row is read again and must be measured (the ys_table_scroll
 * that showed it measured it), so the frames are those its height came from: an estimated row is
 * YS_INVALID_ARGUMENT, and so is a callback table's row whose fields changed since it was
 * measured (they give another height): tell the table first (ys_table_replace_row, fields NULL),
 * as a UITableView is told. YS_HEADER_ROW
 * and YS_FOOTER_ROW give a grid's column-title bars (*count 0 for a table without one, a list);
 * ys_table_row gives where those bars sit. The array and the texts and lines it points to belong
 * to the table: valid until its next ys_table_cell_frames or ys_table_free. Text is drawn with
 * the engine's fonts at the weight and size given; for the exact glyphs, lay a label's text out
 * with ys_layout_text at the same width. */
ys_status ys_table_cell_frames(ys_table *table, size_t row, const ys_element **elements, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
