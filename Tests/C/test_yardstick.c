/* The C interface as a C program uses it (include/yardstick.h): built and run by `make test`
 * (make test-c), against the shared library, with a heights file and the CSV the same
 * `yardstick measure` run wrote. Exits non-zero at the first failed check. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "yardstick.h"

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); failures++; } } while (0)

static void test_layout(ys_engine *engine) {
    const char *text = "Headless row heights, shaped by HarfBuzz: مرحبا بالعالم and 日本語のテキスト too.";
    ys_text_options options = { .width = 120, .font_size = 0, .bold = 0, .max_lines = 0 };
    ys_text_layout *layout = NULL;
    CHECK(ys_layout_text(engine, text, strlen(text), &options, &layout) == YS_OK, "layout: %s", ys_last_error());
    size_t count = ys_text_layout_line_count(layout);
    CHECK(count >= 3, "a 120 pt column wraps this text (got %zu lines)", count);
    size_t next = 0;
    double bottom = 0;
    for (size_t i = 0; i < count; i++) {
        ys_line line;
        CHECK(ys_text_layout_line(layout, i, &line) == YS_OK, "line %zu: %s", i, ys_last_error());
        CHECK(line.utf8_start == next && line.utf8_end > line.utf8_start, "line %zu covers the bytes after the line before", i);
        CHECK(line.width > 0 && line.width <= 120 + 1e-9, "line %zu fits the width (%g)", i, line.width);
        CHECK(line.top >= bottom - 1e-9 && line.height > 0, "line %zu follows the one before", i);
        CHECK(line.baseline > line.top && line.baseline <= line.top + line.height, "line %zu's baseline is in its box", i);
        CHECK(!line.is_truncated, "no line is cut without max_lines");
        next = line.utf8_end;
        bottom = line.top + line.height;
    }
    CHECK(next == strlen(text), "the lines cover the whole text (%zu of %zu bytes)", next, strlen(text));
    CHECK(fabs(ys_text_layout_height(layout) - bottom) < 1e-9, "the height is the last line's bottom");
    ys_line line;
    CHECK(ys_text_layout_line(layout, count, &line) == YS_INVALID_ARGUMENT, "a line past the end is an error");
    CHECK(strstr(ys_last_error(), "outside") != NULL, "and says so: %s", ys_last_error());
    ys_text_layout_free(layout);

    /* Two lines at most: the second ends in an ellipsis. */
    options.max_lines = 2;
    CHECK(ys_layout_text(engine, text, strlen(text), &options, &layout) == YS_OK, "layout: %s", ys_last_error());
    CHECK(ys_text_layout_line_count(layout) == 2, "max_lines 2 gives 2 lines");
    CHECK(ys_text_layout_line(layout, 1, &line) == YS_OK && line.is_truncated, "the last line is cut");
    ys_text_layout_free(layout);

    /* Bad input: clear errors, no object. */
    options.width = 0;
    layout = (ys_text_layout *)1;
    CHECK(ys_layout_text(engine, text, strlen(text), &options, &layout) == YS_INVALID_ARGUMENT && layout == NULL, "width 0 is refused");
    CHECK(strstr(ys_last_error(), "width") != NULL, "the message names the width: %s", ys_last_error());
    options.width = NAN;
    CHECK(ys_layout_text(engine, text, strlen(text), &options, &layout) == YS_INVALID_ARGUMENT, "a NaN width is refused");
    options.width = 100;
    CHECK(ys_layout_text(NULL, text, strlen(text), &options, &layout) == YS_INVALID_ARGUMENT, "no engine is refused");
    CHECK(ys_layout_text(engine, NULL, 5, &options, &layout) == YS_INVALID_ARGUMENT, "no text is refused");
    /* Invalid UTF-8 is laid out as U+FFFD; offsets stay in the caller's bytes. */
    const char invalid[] = { 'a', (char)0xFF, 'b', ' ', (char)0xED, (char)0xA0, (char)0x80, 'z', (char)0xE2, (char)0x82 };
    CHECK(ys_layout_text(engine, invalid, sizeof invalid, &options, &layout) == YS_OK, "invalid UTF-8 is read as U+FFFD");
    ys_text_layout_line(layout, ys_text_layout_line_count(layout) - 1, &line);
    CHECK(line.utf8_end == sizeof invalid, "the last line ends at the text's end (%zu, %zu)", line.utf8_end, sizeof invalid);
    ys_glyph_runs *runs = NULL;
    CHECK(ys_text_layout_glyphs(layout, &runs) == YS_OK, "glyphs");
    for (size_t r = 0; r < ys_glyph_runs_count(runs, 0); r++) {
        ys_glyph_run run;
        ys_glyph_runs_get(runs, 0, r, &run);
        for (size_t g = 0; g < run.glyph_count; g++) CHECK(run.clusters[g] <= sizeof invalid, "cluster %zu in the bytes", run.clusters[g]);
    }
    ys_glyph_runs_free(runs);
    ys_text_layout_free(layout);

    /* Many lines: glyph runs cost a binary search a line, not a pass over the text. */
    size_t many = 200000;
    char *newlines = malloc(many);
    memset(newlines, '\n', many);
    options.max_lines = 0;
    CHECK(ys_layout_text(engine, newlines, many, &options, &layout) == YS_OK, "many lines");
    CHECK(ys_text_layout_glyphs(layout, &runs) == YS_OK && ys_glyph_runs_line_count(runs) == many + 1, "a run list per line");
    ys_glyph_runs_free(runs);
    ys_text_layout_free(layout);
    free(newlines);
    ys_text_layout_free(NULL);
}

static void test_glyphs(ys_engine *engine) {
    const char *text = "Glyphs to draw: مرحبا بالعالم, 日本語, and a last line that is cut off somewhere.";
    ys_text_options options = { .width = 150, .font_size = 15, .bold = 0, .max_lines = 3, .near_edge = 0 };
    ys_text_layout *layout = NULL;
    ys_glyph_runs *runs = NULL;
    CHECK(ys_layout_text(engine, text, strlen(text), &options, &layout) == YS_OK, "layout: %s", ys_last_error());
    CHECK(ys_text_layout_glyphs(layout, &runs) == YS_OK && runs != NULL, "glyphs: %s", ys_last_error());
    size_t lines = ys_text_layout_line_count(layout);
    CHECK(ys_glyph_runs_line_count(runs) == lines, "runs for every line");
    int right_to_left = 0, ellipsis = 0;
    for (size_t l = 0; l < lines; l++) {
        ys_line line;
        ys_text_layout_line(layout, l, &line);
        size_t count = ys_glyph_runs_count(runs, l);
        CHECK(count > 0, "line %zu has runs", l);
        double x = 0, advance = 0;
        for (size_t r = 0; r < count; r++) {
            ys_glyph_run run;
            CHECK(ys_glyph_runs_get(runs, l, r, &run) == YS_OK, "run %zu of line %zu: %s", r, l, ys_last_error());
            FILE *font = fopen(run.font_path, "rb");
            CHECK(font != NULL, "the run's font file opens: %s", run.font_path);
            if (font) fclose(font);
            CHECK(run.font_size == 15 && run.glyph_count > 0, "a run of glyphs at the size asked");
            CHECK(fabs(run.x - x) < 1e-9, "runs follow each other (%g, %g)", run.x, x);
            for (size_t g = 0; g < run.glyph_count; g++) {
                CHECK(run.clusters[g] >= line.utf8_start && run.clusters[g] <= line.utf8_end, "glyph %zu's cluster is in its line", g);
                x += run.advances[g];
                advance += run.advances[g];
                (void)run.glyph_ids[g]; (void)run.x_offsets[g]; (void)run.y_offsets[g];
            }
            if (run.bidi_level & 1) right_to_left = 1;
            if (line.is_truncated && r == count - 1) ellipsis = run.clusters[0] == line.utf8_end;
        }
        CHECK(advance + 1e-6 >= line.width, "line %zu: the glyphs span its width (%g, %g)", l, advance, line.width);
    }
    CHECK(right_to_left, "the Arabic words are a right-to-left run");
    CHECK(ellipsis, "the cut line ends in the ellipsis's run");
    ys_glyph_run run;
    CHECK(ys_glyph_runs_get(runs, lines, 0, &run) == YS_INVALID_ARGUMENT, "a line past the end is an error");
    ys_glyph_runs_free(runs);
    ys_glyph_runs_free(NULL);
    ys_text_layout_free(layout);

    /* Near the edge: a line as wide as the width is flagged; in a wide column it is not. */
    const char *word = "Edge";
    options.max_lines = 0;
    options.width = 1000;
    CHECK(ys_layout_text(engine, word, strlen(word), &options, &layout) == YS_OK, "layout: %s", ys_last_error());
    ys_line line;
    ys_text_layout_line(layout, 0, &line);
    CHECK(!line.near_edge, "a short word in 1000 pt is not near the edge");
    double natural = line.width;
    ys_text_layout_free(layout);
    options.width = natural + 0.25;
    CHECK(ys_layout_text(engine, word, strlen(word), &options, &layout) == YS_OK, "layout: %s", ys_last_error());
    ys_text_layout_line(layout, 0, &line);
    CHECK(line.near_edge, "a word 0.25 pt short of the width is near it (default 0.5 pt)");
    ys_text_layout_free(layout);
    options.near_edge = 0.1;
    CHECK(ys_layout_text(engine, word, strlen(word), &options, &layout) == YS_OK, "layout: %s", ys_last_error());
    ys_text_layout_line(layout, 0, &line);
    CHECK(!line.near_edge, "but not within 0.1 pt");
    ys_text_layout_free(layout);
}

static void test_heights_file(const char *bin, const char *csv) {
    ys_heights_file *file = NULL;
    CHECK(ys_heights_file_open(bin, &file) == YS_OK, "open %s: %s", bin, ys_last_error());
    FILE *text = fopen(csv, "r");
    CHECK(text != NULL, "open %s", csv);
    if (!text || !file) return;
    char buffer[256];
    CHECK(fgets(buffer, sizeof buffer, text) && strcmp(buffer, "row,height,offset\n") == 0, "the CSV's header line");
    size_t rows = 0;
    long row;
    double height, offset;
    while (fscanf(text, "%ld,%lf,%lf\n", &row, &height, &offset) == 3) {
        double top = -1, h = -1;
        CHECK(ys_heights_file_row(file, (size_t)row, &top, &h) == YS_OK, "row %ld: %s", row, ys_last_error());
        CHECK(top == offset && h == height, "row %ld: %g at %g in the file, %g at %g in the CSV", row, h, top, height, offset);
        rows++;
    }
    fclose(text);
    CHECK(rows > 0 && rows == ys_heights_file_row_count(file), "as many rows (%zu and %zu)", rows, ys_heights_file_row_count(file));
    double width = 0;
    CHECK(ys_heights_file_column_count(file) > 0 && ys_heights_file_column_width(file, 0, &width) == YS_OK && width > 0, "column widths");
    CHECK(ys_heights_file_row(file, rows, &height, &offset) == YS_INVALID_ARGUMENT, "a row past the end is an error");
    ys_heights_file_free(file);

    file = (ys_heights_file *)1;
    CHECK(ys_heights_file_open("/nonexistent/heights.bin", &file) == YS_IO_ERROR && file == NULL, "a missing file: %s", ys_last_error());
    CHECK(ys_heights_file_open(csv, &file) == YS_FORMAT_ERROR, "a CSV is not a heights file: %s", ys_last_error());
    CHECK(strstr(ys_last_error(), "not a Yardstick heights file") != NULL, "and says so: %s", ys_last_error());
}

/* A table sized through the C interface is the file `measure --config --format bin` wrote. */
static void test_size_table(ys_engine *engine, const char *csv, const char *config, const char *bin) {
    ys_heights_file *sized = NULL, *written = NULL;
    CHECK(ys_size_table(engine, csv, config, &sized) == YS_OK, "size %s: %s", csv, ys_last_error());
    CHECK(ys_heights_file_open(bin, &written) == YS_OK, "open %s: %s", bin, ys_last_error());
    if (!sized || !written) return;
    size_t rows = ys_heights_file_row_count(written);
    CHECK(rows > 0 && ys_heights_file_row_count(sized) == rows, "as many rows (%zu)", rows);
    for (size_t r = 0; r < rows; r++) {
        double a, b, c, d;
        ys_heights_file_row(sized, r, &a, &b);
        ys_heights_file_row(written, r, &c, &d);
        CHECK(a == c && b == d, "row %zu: %g at %g against %g at %g", r, b, a, d, c);
    }
    ys_section one, two;
    CHECK(ys_heights_file_section_count(sized) == 1 && ys_heights_file_section(sized, 0, &one) == YS_OK
          && ys_heights_file_section(written, 0, &two) == YS_OK, "one section");
    CHECK(one.row_count == rows && one.footer_top == two.footer_top && one.header_height == two.header_height, "the same section");
    CHECK(ys_heights_file_section(sized, 1, &one) == YS_INVALID_ARGUMENT, "no second section");
    ys_heights_file_free(sized);
    ys_heights_file_free(written);

    /* A config that is not right names its path; a missing CSV is an I/O error. */
    FILE *f = fopen("out/ctest/bad-config.json", "w");
    if (f) { fputs("{\"layout\": \"grid\", \"maxColumnWidth\": -3}", f); fclose(f); }
    sized = (ys_heights_file *)1;
    CHECK(ys_size_table(engine, csv, "out/ctest/bad-config.json", &sized) == YS_CONFIG_ERROR && sized == NULL, "a bad config: %s", ys_last_error());
    CHECK(strstr(ys_last_error(), "maxColumnWidth") != NULL, "naming its path: %s", ys_last_error());
    CHECK(ys_size_table(engine, "/nonexistent/table.csv", config, &sized) == YS_IO_ERROR, "a missing CSV: %s", ys_last_error());
}

/* A template fitted to a row: the height, and frames that sit inside the cell in pre-order. */
static void test_fit_cell(ys_engine *engine) {
    const char *template = "{\"vstack\": {\"spacing\": 4, \"children\": [{\"text\": {\"column\": \"Name\", \"style\": \"headline\"}}, "
                           "{\"text\": {\"column\": \"Notes\"}}, {\"text\": {\"column\": \"Extra\"}}]}, "
                           "\"insets\": {\"top\": 8, \"leading\": 16, \"bottom\": 8, \"trailing\": 16}}";
    const char *names[] = { "Name", "Notes", "Extra" };
    const char *values[] = { "Ada Lovelace", "A longer note that wraps onto a second line in a narrow cell", "" };
    ys_cell_fit *fit = NULL;
    CHECK(ys_fit_cell(engine, template, strlen(template), names, values, 3, 200, &fit) == YS_OK, "fit: %s", ys_last_error());
    double height = ys_cell_fit_height(fit);
    CHECK(height > 16 && ys_cell_fit_frame_count(fit) == 4, "a height and 4 frames (got %g, %zu)", height, ys_cell_fit_frame_count(fit));
    ys_frame root, name, notes, extra;
    ys_cell_fit_frame(fit, 0, &root);
    ys_cell_fit_frame(fit, 1, &name);
    ys_cell_fit_frame(fit, 2, &notes);
    ys_cell_fit_frame(fit, 3, &extra);
    CHECK(name.x >= 16 && name.y >= 8 && notes.y >= name.y + name.height + 4 - 1e-9, "the texts stack inside the insets");
    CHECK(notes.y + notes.height <= height - 8 + 1e-9 && notes.height > name.height, "the notes wrap and fit the cell");
    CHECK(extra.is_hidden && !notes.is_hidden, "an empty text is hidden");
    CHECK(ys_cell_fit_frame(fit, 4, &root) == YS_INVALID_ARGUMENT, "no fifth frame");
    ys_cell_fit_free(fit);
    ys_cell_fit_free(NULL);
    const char *bad = "{\"vstack\": {\"children\": [{\"text\": {\"column\": \"Nope\"}}]}}";
    fit = (ys_cell_fit *)1;
    CHECK(ys_fit_cell(engine, bad, strlen(bad), names, values, 3, 200, &fit) == YS_CONFIG_ERROR && fit == NULL, "an unknown column: %s", ys_last_error());
    CHECK(strstr(ys_last_error(), "Nope") != NULL, "named: %s", ys_last_error());
    CHECK(ys_fit_cell(engine, "{", 1, names, values, 3, 200, &fit) == YS_CONFIG_ERROR, "not JSON: %s", ys_last_error());
    CHECK(ys_fit_cell(engine, template, strlen(template), names, values, 3, 0, &fit) == YS_INVALID_ARGUMENT, "width 0");
}

/* The row-offset cache against a plain array model (lengths in 1/64 pt, as the cache keeps them). */
static void test_offsets(void) {
    enum { N = 2000 };
    static long long model[N + 500];
    size_t n = N;
    ys_offsets *offsets = NULL;
    CHECK(ys_offsets_create(N, 44, &offsets) == YS_OK, "create: %s", ys_last_error());
    for (size_t r = 0; r < n; r++) model[r] = 44 * 64;
    unsigned seed = 12345;
    for (int round = 0; round < 200; round++) {
        seed = seed * 1103515245u + 12345u;
        size_t first = (seed >> 8) % n, count = 1 + (seed >> 20) % 20;
        if (first + count > n) count = n - first;
        double heights[20];
        for (size_t k = 0; k < count; k++) {
            heights[k] = (double)((seed >> (k % 16)) % 9000) / 100.0; /* 0 to 89.99 pt, not multiples of 1/64 */
            model[first + k] = llround(heights[k] * 64);
        }
        CHECK(ys_offsets_set_heights(offsets, first, heights, count) == YS_OK, "set: %s", ys_last_error());
        if (round % 50 == 49) { /* insert then delete rows */
            CHECK(ys_offsets_insert_rows(offsets, 10, 5) == YS_OK, "insert: %s", ys_last_error());
            memmove(model + 15, model + 10, (n - 10) * sizeof model[0]);
            for (int k = 0; k < 5; k++) model[10 + k] = 44 * 64;
            n += 5;
            CHECK(ys_offsets_delete_rows(offsets, 3, 2) == YS_OK, "delete: %s", ys_last_error());
            memmove(model + 3, model + 5, (n - 5) * sizeof model[0]);
            n -= 2;
        }
    }
    CHECK(ys_offsets_row_count(offsets) == n, "row count %zu", ys_offsets_row_count(offsets));
    long long y = 0;
    for (size_t r = 0; r < n; r++) {
        double top, height;
        CHECK(ys_offsets_row(offsets, r, &top, &height) == YS_OK, "row %zu", r);
        CHECK(top == y / 64.0 && height == model[r] / 64.0, "row %zu: %g at %g, model %g at %g", r, height, top, model[r] / 64.0, y / 64.0);
        if (model[r] > 0) {
            size_t at = 0;
            CHECK(ys_offsets_row_at(offsets, (y + model[r] / 2) / 64.0, &at) == YS_OK && at == r, "row at the middle of row %zu is %zu", r, at);
        }
        y += model[r];
    }
    CHECK(ys_offsets_total_height(offsets) == y / 64.0, "the total is the sum");
    size_t at;
    CHECK(ys_offsets_row_at(offsets, y / 64.0 + 1, &at) == YS_INVALID_ARGUMENT, "no row past the end");
    double top0, height0;
    ys_offsets_row(offsets, 0, &top0, &height0);
    if (height0 > 0) CHECK(ys_offsets_row_at(offsets, height0 - 1e-9, &at) == YS_OK && at == 0, "just short of row 0's end is row 0");

    /* Anchoring: row 1500 stays on screen when rows above it change. */
    double top1500, h, restored;
    ys_offsets_row(offsets, 1500, &top1500, &h);
    CHECK(ys_offsets_capture_anchor(offsets, top1500 + 3) == YS_OK, "capture");
    double tall[100];
    for (int k = 0; k < 100; k++) tall[k] = 120;
    CHECK(ys_offsets_set_heights(offsets, 100, tall, 100) == YS_OK, "taller rows above");
    ys_offsets_row(offsets, 1500, &top1500, &h);
    CHECK(ys_offsets_restore_anchor(offsets, 600, &restored) == YS_OK && restored == top1500 + 3, "restored %g, row at %g", restored, top1500);
    CHECK(ys_offsets_set_heights(offsets, n, tall, 1) == YS_INVALID_ARGUMENT, "a row past the end: %s", ys_last_error());
    double bad = NAN;
    CHECK(ys_offsets_set_heights(offsets, 0, &bad, 1) == YS_INVALID_ARGUMENT, "a NaN height");
    ys_offsets_free(offsets);
    ys_offsets_free(NULL);
}

/* Weights: each of the nine is its own face (wider as it gets heavier), 0 follows `bold`, a
 * weight outside 1-1000 is refused; italic is its own face. */
static void test_weights(ys_engine *engine) {
    const char *text = "The quick brown fox jumps over the lazy dog";
    double previous = 0;
    for (int w = 100; w <= 900; w += 100) {
        ys_text_options options = { .width = 1000, .font_size = 17, .weight = w };
        ys_text_layout *layout = NULL;
        if (ys_layout_text(engine, text, strlen(text), &options, &layout) != YS_OK) { CHECK(0, "weight %d: %s", w, ys_last_error()); return; }
        double width = ys_text_layout_width(layout);
        CHECK(width > previous, "weight %d is wider than the one before (%.3f after %.3f)", w, width, previous);
        previous = width;
        ys_text_layout_free(layout);
    }
    double widths[3];
    ys_text_options asked[3] = { { .width = 1000, .font_size = 17, .bold = 1 }, { .width = 1000, .font_size = 17, .weight = 700 },
                                 { .width = 1000, .font_size = 17, .italic = 1 } };
    for (int k = 0; k < 3; k++) {
        ys_text_layout *layout = NULL;
        CHECK(ys_layout_text(engine, text, strlen(text), &asked[k], &layout) == YS_OK, "layout %d: %s", k, ys_last_error());
        widths[k] = layout ? ys_text_layout_width(layout) : 0;
        ys_text_layout_free(layout);
    }
    CHECK(widths[0] == widths[1], "bold is weight 700 (%.3f, %.3f)", widths[0], widths[1]);
    CHECK(widths[2] > 0 && widths[2] != widths[1], "italic is its own face (%.3f)", widths[2]);
    ys_text_options bad = { .width = 100, .weight = 1001 };
    ys_text_layout *layout = NULL;
    CHECK(ys_layout_text(engine, text, strlen(text), &bad, &layout) == YS_INVALID_ARGUMENT && layout == NULL, "weight 1001 is refused");
    CHECK(strstr(ys_last_error(), "weight") != NULL, "naming the weight: %s", ys_last_error());
}

/* Resident memory in pages (Linux), to see that freed objects are freed. */
static long resident_pages(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, resident = 0;
    if (f) { if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = 0; fclose(f); }
    return resident;
}

/* Thousands of layouts made and freed: memory stays where it was. */
static void test_no_growth(ys_engine *engine) {
    const char *text = "A row of a table, laid out again and again: every object is freed by its own call.";
    ys_text_options options = { .width = 90, .font_size = 15, .bold = 1, .max_lines = 0 };
    long before = 0;
    for (int round = 0; round < 2; round++) {
        if (round == 1) before = resident_pages();
        for (int k = 0; k < 20000; k++) {
            ys_text_layout *layout = NULL;
            if (ys_layout_text(engine, text, strlen(text), &options, &layout) != YS_OK) { CHECK(0, "layout %d: %s", k, ys_last_error()); return; }
            ys_text_layout_free(layout);
        }
    }
    long grown = resident_pages() - before;
    CHECK(grown < 256, "20,000 layouts made and freed grew memory by %ld pages", grown);
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: test_yardstick HEIGHTS.bin HEIGHTS.csv TABLE.csv CONFIG.json CONFIG-HEIGHTS.bin\n"); return 2; }
    CHECK(strcmp(ys_last_error(), "") == 0, "no error before any call");
    ys_engine *engine = NULL;
    const char *missing[] = { "/nonexistent/font.ttf" };
    CHECK(ys_engine_create(missing, 1, 1, &engine) == YS_FONT_ERROR && engine == NULL, "a missing font is an error");
    CHECK(strstr(ys_last_error(), "/nonexistent/font.ttf") != NULL, "naming the file: %s", ys_last_error());
    CHECK(ys_engine_create(NULL, 0, 1, &engine) == YS_OK && engine != NULL, "the bundled fonts: %s", ys_last_error());
    test_layout(engine);
    test_glyphs(engine);
    test_weights(engine);
    test_size_table(engine, argv[3], argv[4], argv[5]);
    test_offsets();
    test_fit_cell(engine);
    if (getenv("YS_CHECK_GROWTH")) test_no_growth(engine); /* (not under AddressSanitizer: its quarantine keeps freed memory) */
    ys_engine_free(engine);
    ys_engine_free(NULL);
    test_heights_file(argv[1], argv[2]);
    if (failures) { fprintf(stderr, "%d check(s) failed\n", failures); return 1; }
    printf("C interface: all checks passed\n");
    return 0;
}
