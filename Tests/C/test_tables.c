/* Lazily sized tables through the C interface (ys_table_*), as a renderer uses them: a table
 * over the caller's rows through a callback, and a table over a CSV file read as needed. Built
 * and run by `make test-c`, also under AddressSanitizer. Exits non-zero if a check fails. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "yardstick.h"

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); failures++; } } while (0)

/* The caller's model: rows of three fields, held by the caller. */
typedef struct model {
    size_t count;
    char **names, **notes;
    size_t calls;        /* rows asked for (column 0 calls) */
    size_t fail_row;     /* the row whose callback fails (SIZE_MAX: none) */
    int endless;         /* never say YS_CELL_END */
} model;

static const char *columns[] = { "Name", "Status", "Notes" };

static int cell(void *context, size_t row, size_t column, const char **text, size_t *length) {
    model *m = context;
    if (m->endless) { *text = "x"; *length = 1; return YS_CELL_TEXT; }
    if (row == YS_HEADER_ROW) {
        if (column >= 3) return YS_CELL_END;
        *text = columns[column]; *length = strlen(columns[column]);
        return YS_CELL_TEXT;
    }
    if (row >= m->count) return 7; /* a row the model does not have: the table must never ask */
    if (row == m->fail_row) return 9;
    if (column == 0) m->calls++;
    switch (column) {
    case 0: *text = m->names[row]; break;
    case 1: *text = row % 3 ? "Shipped" : "Pending"; break;
    case 2: *text = m->notes[row]; break;
    default: return YS_CELL_END;
    }
    *length = strlen(*text);
    return YS_CELL_TEXT;
}

static char *note(size_t i) {
    size_t words = 1 + (i * 7) % 40;
    char *s = malloc(words * 6 + 1);
    s[0] = 0;
    for (size_t w = 0; w < words; w++) strcat(s, "words ");
    return s;
}

static void model_init(model *m, size_t count) {
    m->count = count;
    m->names = malloc(count * sizeof *m->names);
    m->notes = malloc(count * sizeof *m->notes);
    for (size_t i = 0; i < count; i++) {
        char name[32];
        snprintf(name, sizeof name, "Row %zu", i);
        m->names[i] = strdup(name);
        m->notes[i] = note(i);
    }
    m->calls = 0;
    m->fail_row = SIZE_MAX;
    m->endless = 0;
}

static void model_free(model *m) {
    for (size_t i = 0; i < m->count; i++) { free(m->names[i]); free(m->notes[i]); }
    free(m->names);
    free(m->notes);
}

static const char *list_config =
    "{\"layout\":\"list\",\"width\":390,\"rowHeightMode\":{\"automatic\":{\"estimated\":60,\"prefetchWindow\":4}},"
    "\"cell\":{\"vstack\":{\"spacing\":4,\"children\":[{\"text\":{\"column\":\"Name\",\"style\":\"headline\",\"lines\":1}},"
    "{\"text\":{\"column\":\"Notes\"}}]},\"insets\":{\"top\":8,\"leading\":16,\"bottom\":8,\"trailing\":16}}}";

static void test_callback_table(ys_engine *engine) {
    model m;
    model_init(&m, 100000);
    ys_table *table = NULL;
    CHECK(ys_table_create(engine, list_config, strlen(list_config), m.count, cell, &m, &table) == YS_OK && table, "create: %s", ys_last_error());
    if (!table) { model_free(&m); return; }
    CHECK(m.calls == 0, "no row is read before it is measured (%zu)", m.calls);
    CHECK(ys_table_row_count(table) == m.count, "the row count");
    ys_scroll s;
    CHECK(ys_table_scroll(table, 0, 800, &s) == YS_OK, "scroll: %s", ys_last_error());
    CHECK(s.has_visible_rows && s.first_row == 0 && s.last_row > 2 && s.measured > 0 && s.measured < 40, "the first screen (%zu..%zu, %zu measured)",
          s.first_row, s.last_row, s.measured);
    CHECK(m.calls == s.measured, "only the measured rows are read (%zu calls, %zu measured)", m.calls, s.measured);
    /* Rows and offsets agree. */
    double previous_bottom = -1;
    for (size_t r = 0; r <= s.last_row; r++) {
        double top, height; int measured;
        CHECK(ys_table_row(table, r, &top, &height, &measured) == YS_OK && measured, "row %zu measured", r);
        CHECK(previous_bottom < 0 || fabs(top - previous_bottom) < 1e-9, "row %zu follows the one above", r);
        size_t at = SIZE_MAX;
        CHECK(ys_table_row_at(table, top + height / 2, &at) == YS_OK && at == r, "row_at the middle of row %zu gives %zu", r, at);
        previous_bottom = top + height;
    }
    /* Far down, anchored: the row at the top stays where it was. */
    CHECK(ys_table_scroll(table, 2500000, 800, &s) == YS_OK && s.has_visible_rows, "far: %s", ys_last_error());
    size_t anchor = s.first_row;
    double anchor_top, h; int measured;
    ys_table_row(table, anchor, &anchor_top, &h, &measured);
    double offset_in = s.y - anchor_top;
    /* The caller's row 5 changes, rows go in and out above the viewport: the anchor stays put. */
    free(m.notes[5]);
    m.notes[5] = note(39);
    CHECK(ys_table_replace_row(table, 5, NULL, NULL, 0) == YS_OK, "reload a row: %s", ys_last_error());
    CHECK(ys_table_delete_rows(table, 10, 3) == YS_OK, "delete: %s", ys_last_error());
    for (size_t i = 10; i + 3 < m.count; i++) { /* the model loses rows 10..12 */
        if (i < 13) { free(m.names[i]); free(m.notes[i]); }
        m.names[i] = m.names[i + 3]; m.notes[i] = m.notes[i + 3];
    }
    m.count -= 3;
    CHECK(ys_table_row_count(table) == m.count, "rows after the delete");
    double top_now, viewport = ys_table_viewport_top(table);
    ys_table_row(table, anchor - 3, &top_now, &h, &measured);
    CHECK(fabs((viewport - top_now) - offset_in) < 1.0 / 64, "the anchor row stays where it was on screen (%g against %g)", viewport - top_now, offset_in);
    CHECK(ys_table_scroll(table, viewport, 800, &s) == YS_OK && s.first_row == anchor - 3, "a scroll there shows it first: %s", ys_last_error());
    CHECK(ys_table_set_width(table, 300) == YS_OK, "width: %s", ys_last_error());
    CHECK(ys_table_set_width(table, -1) == YS_INVALID_ARGUMENT, "a bad width is refused");
    CHECK(ys_table_total_height(table) > 0, "a total height");
    /* Errors, never a crash. */
    CHECK(ys_table_row(table, m.count, NULL, NULL, NULL) == YS_INVALID_ARGUMENT, "a row past the end: %s", ys_last_error());
    CHECK(ys_table_row_at(table, -1, NULL) == YS_INVALID_ARGUMENT, "a negative y");
    CHECK(ys_table_row_at(table, ys_table_total_height(table) + 1, NULL) == YS_INVALID_ARGUMENT, "a y past the end");
    CHECK(ys_table_delete_rows(table, m.count, 1) != YS_OK, "deleting past the end: %s", ys_last_error());
    CHECK(ys_table_insert_rows(table, m.count + 5, 1) != YS_OK, "inserting past the end: %s", ys_last_error());
    CHECK(ys_table_scroll(table, NAN, 800, &s) == YS_INVALID_ARGUMENT, "a NaN offset: %s", ys_last_error());
    m.fail_row = m.count - 2;
    CHECK(ys_table_scroll(table, 1e12, 800, &s) != YS_OK, "a failing callback is an error");
    CHECK(strstr(ys_last_error(), "callback failed") != NULL, "saying so: %s", ys_last_error());
    m.fail_row = SIZE_MAX;
    CHECK(ys_table_scroll(table, 1e12, 800, &s) == YS_OK, "the table stays usable: %s", ys_last_error());
    ys_table_free(table);
    ys_table_free(NULL);

    /* Bad arguments and configs. */
    table = (ys_table *)1;
    CHECK(ys_table_create(NULL, list_config, strlen(list_config), 5, cell, &m, &table) == YS_INVALID_ARGUMENT && table == NULL, "no engine");
    CHECK(ys_table_create(engine, list_config, strlen(list_config), 5, NULL, &m, &table) == YS_INVALID_ARGUMENT, "no callback");
    CHECK(ys_table_create(engine, "{", 1, 5, cell, &m, &table) == YS_CONFIG_ERROR, "bad JSON: %s", ys_last_error());
    const char *grouped = "{\"layout\":\"grid\",\"sections\":{\"column\":\"Status\"}}";
    CHECK(ys_table_create(engine, grouped, strlen(grouped), 5, cell, &m, &table) == YS_CONFIG_ERROR, "sections: %s", ys_last_error());
    m.endless = 1;
    CHECK(ys_table_create(engine, list_config, strlen(list_config), 5, cell, &m, &table) != YS_OK, "a callback that never ends a row");
    CHECK(strstr(ys_last_error(), "YS_CELL_END") != NULL, "saying what to do: %s", ys_last_error());
    model_free(&m);
}

/* What a renderer draws: every element of a measured row, its text the row's, inside the row. */
static void test_cell_frames(ys_engine *engine) {
    model m;
    model_init(&m, 1000);
    ys_table *table = NULL;
    CHECK(ys_table_create(engine, list_config, strlen(list_config), m.count, cell, &m, &table) == YS_OK && table, "create: %s", ys_last_error());
    if (!table) { model_free(&m); return; }
    const ys_element *elements = NULL;
    size_t count = 99;
    CHECK(ys_table_cell_frames(table, 0, &elements, &count) == YS_INVALID_ARGUMENT && count == 0 && elements == NULL,
          "an estimated row has no frames yet: %s", ys_last_error());
    CHECK(strstr(ys_last_error(), "scroll to it") != NULL, "saying what to do: %s", ys_last_error());
    ys_scroll s;
    CHECK(ys_table_scroll(table, 0, 800, &s) == YS_OK, "scroll: %s", ys_last_error());
    for (size_t r = s.first_row; r <= s.last_row; r++) {
        double top, height; int measured;
        ys_table_row(table, r, &top, &height, &measured);
        CHECK(ys_table_cell_frames(table, r, &elements, &count) == YS_OK && count == 2, "row %zu: two labels (%zu): %s", r, count, ys_last_error());
        if (count != 2) continue;
        const char *want[2] = { m.names[r], m.notes[r] };
        double bottom = 0;
        for (size_t k = 0; k < 2; k++) {
            const ys_element *e = &elements[k];
            CHECK(e->kind == YS_ELEMENT_TEXT && e->cell == 0, "row %zu element %zu is a label", r, k);
            CHECK(e->length == strlen(want[k]) && memcmp(e->text, want[k], e->length) == 0, "row %zu element %zu shows the row's text", r, k);
            CHECK(e->line_count >= 1 && e->lines[e->line_count - 1].utf8_end <= e->length, "row %zu element %zu has its lines", r, k);
            double lines = e->lines[e->line_count - 1].top + e->lines[e->line_count - 1].height;
            CHECK(fabs(lines - e->text_height) < 0.01 && e->text_height <= e->height + 0.01, "row %zu element %zu: its lines fill its frame", r, k);
            CHECK(e->x >= 16 && e->x + e->width <= 390 - 16 + 1e-9, "row %zu element %zu inside the insets", r, k);
            if (e->y + e->height > bottom) bottom = e->y + e->height;
        }
        CHECK(elements[0].weight == 600 && elements[0].single_line == 0 && elements[0].max_lines == 1 && elements[0].clips && elements[0].font_size == 17,
              "a headline: semibold 17 pt, one line, clipped (%d, %d, %g)", elements[0].weight, elements[0].max_lines, elements[0].font_size);
        CHECK(elements[1].max_lines == 0 && !elements[1].clips && elements[1].line_count >= 1, "a note: no line limit");
        CHECK(fabs(bottom + 8 - height) < 0.01, "row %zu: its height is its elements' bottom plus the inset (%g, %g)", r, bottom + 8, height);
    }
    /* The caller's row changes without the table being told: its frames would not fit its height. */
    free(m.notes[1]);
    m.notes[1] = note(39);
    CHECK(ys_table_cell_frames(table, 1, &elements, &count) == YS_INVALID_ARGUMENT && strstr(ys_last_error(), "reload it") != NULL,
          "a changed row is not drawn at its old height: %s", ys_last_error());
    CHECK(ys_table_replace_row(table, 1, NULL, NULL, 0) == YS_OK, "reload: %s", ys_last_error());
    CHECK(ys_table_cell_frames(table, 1, &elements, &count) == YS_OK && count == 2 && elements[1].length == strlen(m.notes[1]),
          "then it is: %s", ys_last_error());
    CHECK(ys_table_cell_frames(table, 1, NULL, &count) == YS_OK && count == 2, "elements may be NULL (count only)");
    CHECK(ys_table_cell_frames(table, YS_HEADER_ROW, &elements, &count) == YS_OK && count == 0, "a list has no header bar");
    CHECK(ys_table_cell_frames(table, m.count, &elements, &count) == YS_INVALID_ARGUMENT, "a row past the end: %s", ys_last_error());
    CHECK(ys_table_cell_frames(table, m.count, &elements, &count) == YS_INVALID_ARGUMENT && strstr(ys_last_error(), "(1000 rows)") != NULL,
          "saying how many rows there are: %s", ys_last_error());
    CHECK(ys_table_cell_frames(NULL, 0, &elements, &count) == YS_INVALID_ARGUMENT, "no table");
    ys_table_free(table);

    /* A grid: a label per column, left to right; its header bar holds the column names. */
    const char *grid = "{\"layout\":\"grid\",\"textLayout\":\"wrap\",\"columnWidthMode\":{\"fixed\":150}}";
    CHECK(ys_table_create(engine, grid, strlen(grid), m.count, cell, &m, &table) == YS_OK && table, "a grid: %s", ys_last_error());
    if (table) {
        double top, height; int measured;
        CHECK(ys_table_row(table, YS_HEADER_ROW, &top, &height, &measured) == YS_OK && top == 0 && height > 0, "the header bar's place");
        CHECK(ys_table_cell_frames(table, YS_HEADER_ROW, &elements, &count) == YS_OK && count == 3, "the header bar: %zu", count);
        for (size_t k = 0; k < count && k < 3; k++) {
            CHECK(elements[k].length == strlen(columns[k]) && memcmp(elements[k].text, columns[k], elements[k].length) == 0, "title %zu", k);
            CHECK(elements[k].weight == 700, "titles are bold");
        }
        CHECK(ys_table_scroll(table, 0, 600, &s) == YS_OK, "scroll the grid: %s", ys_last_error());
        CHECK(ys_table_cell_frames(table, 7, &elements, &count) == YS_OK && count == 3, "a grid row: %zu labels", count);
        for (size_t k = 0; k < count; k++) CHECK(elements[k].cell == k && (k == 0 || elements[k].x > elements[k - 1].x), "cells left to right");
        CHECK(ys_table_row(table, YS_FOOTER_ROW, &top, &height, &measured) == YS_OK && fabs(top + height - ys_table_total_height(table)) < 1e-9,
              "the footer bar ends the table");
        ys_table_free(table);
    }
    model_free(&m);
}

static void test_csv_table(ys_engine *engine, const char *csv, const char *config, const char *bin) {
    ys_table *table = NULL;
    CHECK(ys_table_open_csv(engine, csv, config, &table) == YS_OK && table, "open %s: %s", csv, ys_last_error());
    ys_heights_file *sized = NULL;
    CHECK(ys_heights_file_open(bin, &sized) == YS_OK, "open %s: %s", bin, ys_last_error());
    if (!table || !sized) return;
    size_t rows = ys_table_row_count(table);
    CHECK(rows == ys_heights_file_row_count(sized), "as many rows as measure wrote (%zu)", rows);
    /* Scroll through: every row's height is the eager run's. */
    ys_scroll s;
    double y = 0;
    for (int step = 0; step < 400 && y < ys_table_total_height(table); step++) {
        CHECK(ys_table_scroll(table, y, 700, &s) == YS_OK, "scroll: %s", ys_last_error());
        y = s.y + 700;
    }
    for (size_t r = 0; r < rows; r++) {
        double top, height, etop, eheight; int measured;
        ys_table_row(table, r, &top, &height, &measured);
        ys_heights_file_row(sized, r, &etop, &eheight);
        CHECK(measured && top == etop && height == eheight, "row %zu: %g at %g against %g at %g", r, height, top, eheight, etop);
    }
    const char *fields[] = { "1", "edited customer", "a much longer address that wraps over several lines of its column, then more" };
    size_t lengths[] = { 1, strlen(fields[1]), strlen(fields[2]) };
    CHECK(ys_table_replace_row(table, 3, fields, lengths, 3) == YS_OK, "replace: %s", ys_last_error());
    CHECK(ys_table_replace_row(table, 3, NULL, NULL, 0) == YS_OK, "read again: %s", ys_last_error());
    CHECK(ys_table_insert_rows(table, 0, 2) == YS_OK && ys_table_row_count(table) == rows + 2, "insert: %s", ys_last_error());
    ys_heights_file_free(sized);
    ys_table_free(table);
    table = (ys_table *)1;
    CHECK(ys_table_open_csv(engine, "/nonexistent/t.csv", config, &table) == YS_IO_ERROR && table == NULL, "a missing file: %s", ys_last_error());
}

/* A file changed under an open table: an error naming it at the next read, no fault. */
static void test_changed_file(ys_engine *engine, const char *dir) {
    char path[512];
    snprintf(path, sizeof path, "%s/changing.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) { CHECK(0, "cannot write %s", path); return; }
    fputs("Name,Status,Notes\n", f);
    for (int i = 0; i < 40000; i++) fprintf(f, "Row %d,Shipped,\"%s\"\n", i, i % 2 ? "a short note" : "a longer note that wraps, with a comma");
    fclose(f);
    char config[512];
    snprintf(config, sizeof config, "%s/changing.json", dir);
    f = fopen(config, "w");
    fputs(list_config, f);
    fclose(f);
    ys_table *table = NULL;
    CHECK(ys_table_open_csv(engine, path, config, &table) == YS_OK, "open: %s", ys_last_error());
    if (!table) return;
    ys_scroll s;
    CHECK(ys_table_scroll(table, 0, 800, &s) == YS_OK, "the first screen: %s", ys_last_error());
    /* The row count is exact (it waits for the index): rows go in at its end. */
    size_t rows = ys_table_row_count(table);
    CHECK(rows == 40000, "the exact row count (%zu)", rows);
    CHECK(ys_table_insert_rows(table, rows, 5) == YS_OK && ys_table_row_count(table) == rows + 5, "insert at the end: %s", ys_last_error());
    CHECK(ys_table_delete_rows(table, 0, rows + 5) == YS_OK && ys_table_row_count(table) == 0, "delete every row: %s", ys_last_error());
    ys_table_free(table);
    CHECK(ys_table_open_csv(engine, path, config, &table) == YS_OK, "open again: %s", ys_last_error());
    if (!table) return;
    CHECK(ys_table_scroll(table, 0, 800, &s) == YS_OK, "the first screen: %s", ys_last_error());
    f = fopen(path, "w"); /* truncated, then a little written */
    fputs("Name,Status,Notes\nx,y,z\n", f);
    fclose(f);
    CHECK(ys_table_scroll(table, 1e9, 800, &s) == YS_IO_ERROR, "a far scroll after the file changed: %s", ys_last_error());
    CHECK(strstr(ys_last_error(), "changing.csv") != NULL, "naming the file: %s", ys_last_error());
    ys_table_free(table);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: test_tables TABLE.csv CONFIG.json CONFIG-HEIGHTS.bin SCRATCH-DIR\n"); return 2; }
    ys_engine *engine = NULL;
    CHECK(ys_engine_create(NULL, 0, 1, &engine) == YS_OK, "the bundled fonts: %s", ys_last_error());
    if (!engine) return 1;
    test_callback_table(engine);
    test_cell_frames(engine);
    test_csv_table(engine, argv[1], argv[2], argv[3]);
    test_changed_file(engine, argv[4]);
    ys_engine_free(engine);
    if (failures) { fprintf(stderr, "%d check(s) failed\n", failures); return 1; }
    printf("C tables: all checks passed\n");
    return 0;
}
