/*
 * pango_breaks — test-only reference line breaker for Yardstick.
 *
 * Reads JSON Lines on stdin, one object per line:
 *     {"text": "...", "width": 250}
 * and writes one JSON line per input line:
 *     {"lines": N, "width": W, "height": H, "breaks": [0, 14, 31]}
 * where "breaks" are the UTF-8 byte offsets at which each PangoLayoutLine
 * starts (PangoLayoutLine.start_index), and width/height are the layout's
 * logical extents in points (doubles).  A malformed input line produces
 *     {"error": "..."}
 * so that output line N always corresponds to input line N.
 *
 * Settings (see README.md): PangoFT2 font map at 72 dpi (1pt == 1px), a
 * private FcConfig holding only the fonts of --fonts DIR, "Noto Sans <size>",
 * PANGO_WRAP_WORD_CHAR, auto direction, unrounded glyph positions, and
 * FC_HINTING=false / FC_HINT_STYLE=none on every font pattern (the only
 * metrics-hinting switch the FT2 backend has).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <glib.h>
#include <json-glib/json-glib.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <pango/pangofc-fontmap.h>

#ifndef DEFAULT_FONT_DIR
#define DEFAULT_FONT_DIR "/work/main/Fonts"
#endif

static gboolean opt_hinting = FALSE;

/*
 * The only rules in the private FcConfig (no font dirs, no aliases, no
 * system conf.d):
 *  - a user cache dir, so scanning --fonts doesn't print
 *    "Fontconfig error: No writable cache directories" on every run;
 *  - fontconfig's stock 10-scale-bitmap-fonts.conf logic: for a bitmap
 *    font (Noto Color Emoji is a CBDT font with a single 109 ppem strike)
 *    scale it to the requested pixel size through FC_MATRIX.  Without this
 *    the FT2 backend lays emoji out at the strike size (advance ~136 px at
 *    17 pt instead of ~21 px) and every emoji line gets ~128 px tall.
 */
static const char private_fc_rules[] =
  "<?xml version=\"1.0\"?>\n"
  "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
  "<fontconfig>\n"
  "  <cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
  "  <match target=\"font\">\n"
  "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
  "    <edit name=\"pixelsizefixupfactor\" mode=\"assign\">\n"
  "      <divide><name target=\"pattern\">pixelsize</name><name target=\"font\">pixelsize</name></divide>\n"
  "    </edit>\n"
  "  </match>\n"
  "  <match target=\"font\">\n"
  "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
  "    <test name=\"pixelsizefixupfactor\" compare=\"not_eq\"><double>1.0</double></test>\n"
  "    <edit name=\"matrix\" mode=\"assign\">\n"
  "      <times><name>matrix</name>\n"
  "        <matrix><name>pixelsizefixupfactor</name><double>0</double>\n"
  "                <double>0</double><name>pixelsizefixupfactor</name></matrix></times>\n"
  "    </edit>\n"
  "    <edit name=\"size\" mode=\"assign\">\n"
  "      <divide><name>size</name><name>pixelsizefixupfactor</name></divide>\n"
  "    </edit>\n"
  "  </match>\n"
  "</fontconfig>\n";

/* Applied by Pango to every pattern before fontconfig matching. */
static void
no_hinting_substitute (FcPattern *pattern, gpointer data)
{
  (void) data;
  if (opt_hinting)
    return;
  FcPatternDel (pattern, FC_HINTING);
  FcPatternAddBool (pattern, FC_HINTING, FcFalse);
  FcPatternDel (pattern, FC_HINT_STYLE);
  FcPatternAddInteger (pattern, FC_HINT_STYLE, FC_HINT_NONE);
  FcPatternDel (pattern, FC_AUTOHINT);
  FcPatternAddBool (pattern, FC_AUTOHINT, FcFalse);
}

static void
print_error (const char *msg)
{
  GString *s = g_string_new ("{\"error\": \"");
  for (const char *p = msg; *p; p++)
    {
      unsigned char c = (unsigned char) *p;
      if (c == '"' || c == '\\')
        g_string_append_printf (s, "\\%c", c);
      else if (c < 0x20)
        g_string_append_printf (s, "\\u%04x", c);
      else
        g_string_append_c (s, c);
    }
  g_string_append (s, "\"}");
  puts (s->str);
  g_string_free (s, TRUE);
}

/* Does the raw JSON line contain the escape \u0000 (outside of \\)? */
static gboolean
has_escaped_nul (const char *p)
{
  for (; *p; p++)
    if (*p == '\\')
      {
        if (p[1] == 'u' && p[2] == '0' && p[3] == '0' && p[4] == '0' && p[5] == '0')
          return TRUE;
        if (p[1])
          p++; /* skip the escaped character, e.g. the second \ of \\ */
      }
  return FALSE;
}

/* Shortest decimal that round-trips (values are multiples of 1/1024). */
static void
append_shortest_double (GString *s, double v)
{
  char buf[64];
  for (int prec = 1; prec <= 17; prec++)
    {
      char fmt[16];
      g_snprintf (fmt, sizeof fmt, "%%.%dg", prec);
      g_ascii_formatd (buf, sizeof buf, fmt, v);
      if (g_ascii_strtod (buf, NULL) == v)
        {
          g_string_append (s, buf);
          return;
        }
    }
  g_ascii_formatd (buf, sizeof buf, "%.17g", v);
  g_string_append (s, buf);
}

int
main (int argc, char **argv)
{
  char *font_dir = NULL;
  char *family = NULL;
  char *lang = NULL;
  char *variations = NULL;
  int weight = 400;
  gboolean italic = FALSE;
  double size = 17.0;
  gboolean round_positions = FALSE;
  gboolean no_hyphens = FALSE;
  gboolean debug = FALSE;

  GOptionEntry entries[] = {
    { "fonts", 0, 0, G_OPTION_ARG_FILENAME, &font_dir,
      "Font directory (default " DEFAULT_FONT_DIR ")", "DIR" },
    { "size", 0, 0, G_OPTION_ARG_DOUBLE, &size,
      "Font size in points (default 17)", "PT" },
    { "family", 0, 0, G_OPTION_ARG_STRING, &family,
      "Font family (default \"Noto Sans\")", "NAME" },
    { "weight", 0, 0, G_OPTION_ARG_INT, &weight,
      "Font weight, 100-1000 (default 400)", "N" },
    { "italic", 0, 0, G_OPTION_ARG_NONE, &italic,
      "Italic (default: upright)", NULL },
    { "variations", 0, 0, G_OPTION_ARG_STRING, &variations,
      "Font variations, as \"wght=600\" (a font description's @wght=600)", "AXES" },
    { "lang", 0, 0, G_OPTION_ARG_STRING, &lang,
      "Context language (default \"en\")", "TAG" },
    { "round-positions", 0, 0, G_OPTION_ARG_NONE, &round_positions,
      "Round glyph positions (default: off)", NULL },
    { "hinting", 0, 0, G_OPTION_ARG_NONE, &opt_hinting,
      "Leave FC_HINTING alone (default: forced off)", NULL },
    { "no-hyphens", 0, 0, G_OPTION_ARG_NONE, &no_hyphens,
      "Don't insert hyphens at intra-word breaks (default: Pango's default, insert)", NULL },
    { "debug", 0, 0, G_OPTION_ARG_NONE, &debug,
      "Print per-line details and fonts used to stderr", NULL },
    { NULL }
  };

  GError *err = NULL;
  GOptionContext *octx = g_option_context_new ("< corpus.jsonl > results.jsonl");
  g_option_context_set_summary (octx,
      "Pango 1.50 reference line breaker: reads {\"text\",\"width\"} JSON lines,\n"
      "writes {\"lines\",\"width\",\"height\",\"breaks\"} JSON lines.");
  g_option_context_add_main_entries (octx, entries, NULL);
  if (!g_option_context_parse (octx, &argc, &argv, &err))
    {
      fprintf (stderr, "pango_breaks: %s\n", err->message);
      return 2;
    }
  g_option_context_free (octx);

  if (!font_dir)
    font_dir = g_strdup (DEFAULT_FONT_DIR);
  if (!family)
    family = g_strdup ("Noto Sans");
  if (!lang)
    lang = g_strdup ("en");
  if (!(size > 0))
    {
      fprintf (stderr, "pango_breaks: --size must be > 0\n");
      return 2;
    }

  /* Private fontconfig configuration: only the fonts in font_dir. */
  FcConfig *config = FcConfigCreate ();
  if (!FcConfigParseAndLoadFromMemory (config, (const FcChar8 *) private_fc_rules, FcTrue))
    {
      fprintf (stderr, "pango_breaks: cannot load built-in fontconfig rules\n");
      return 2;
    }
  if (!FcConfigAppFontAddDir (config, (const FcChar8 *) font_dir))
    {
      fprintf (stderr, "pango_breaks: cannot add font dir %s\n", font_dir);
      return 2;
    }
  FcFontSet *fs = FcConfigGetFonts (config, FcSetApplication);
  if (!fs || fs->nfont == 0)
    {
      fprintf (stderr, "pango_breaks: no fonts found in %s\n", font_dir);
      return 2;
    }
  if (debug)
    {
      fprintf (stderr, "fonts in private config: %d faces\n", fs->nfont);
      for (int i = 0; i < fs->nfont; i++)
        {
          FcChar8 *fam = NULL, *sty = NULL;
          FcPatternGetString (fs->fonts[i], FC_FAMILY, 0, &fam);
          FcPatternGetString (fs->fonts[i], FC_STYLE, 0, &sty);
          fprintf (stderr, "  %s / %s\n", fam, sty);
        }
    }

  PangoFontMap *fontmap = pango_ft2_font_map_new ();
  pango_ft2_font_map_set_resolution (PANGO_FT2_FONT_MAP (fontmap), 72.0, 72.0);
  pango_fc_font_map_set_config (PANGO_FC_FONT_MAP (fontmap), config);
  pango_fc_font_map_set_default_substitute (PANGO_FC_FONT_MAP (fontmap),
                                            no_hinting_substitute, NULL, NULL);
  FcConfigDestroy (config); /* fontmap holds its own reference */

  PangoContext *ctx = pango_font_map_create_context (fontmap);
  pango_context_set_round_glyph_positions (ctx, round_positions);
  pango_context_set_language (ctx, pango_language_from_string (lang));
  pango_context_set_base_dir (ctx, PANGO_DIRECTION_LTR); /* default; auto_dir overrides per paragraph */

  PangoFontDescription *desc = pango_font_description_new ();
  pango_font_description_set_family (desc, family);
  pango_font_description_set_size (desc, (gint) lround (size * PANGO_SCALE));
  pango_font_description_set_weight (desc, (PangoWeight) weight);
  if (italic)
    pango_font_description_set_style (desc, PANGO_STYLE_ITALIC);
  if (variations)
    pango_font_description_set_variations (desc, variations);
  pango_context_set_font_description (ctx, desc);

  PangoLayout *layout = pango_layout_new (ctx);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_auto_dir (layout, TRUE);
  if (no_hyphens)
    {
      PangoAttrList *attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }

  JsonParser *parser = json_parser_new ();
  GIOChannel *in = g_io_channel_unix_new (0);
  g_io_channel_set_encoding (in, NULL, NULL); /* raw bytes */
  /* Explicit "\n": auto-detection would also split on a raw U+2029 inside
     a JSON string. */
  g_io_channel_set_line_term (in, "\n", 1);
  char *line = NULL;
  gsize len = 0, term = 0;
  long lineno = 0;

  while (g_io_channel_read_line (in, &line, &len, &term, &err) == G_IO_STATUS_NORMAL)
    {
      lineno++;
      line[term] = '\0';
      /* Skip blank lines entirely (no output), so they can't desync counts
         in a way that's hard to notice: a blank input line is not a record. */
      if (strspn (line, " \t\r\n") == strlen (line))
        {
          g_free (line);
          continue;
        }

      if (has_escaped_nul (line))
        {
          /* json-glib hands strings back NUL-terminated, so "\u0000" would
             silently truncate the text; refuse instead. */
          char *m = g_strdup_printf ("line %ld: text contains \\u0000, unsupported", lineno);
          print_error (m);
          g_free (m);
          g_free (line);
          continue;
        }

      if (!json_parser_load_from_data (parser, line, -1, &err))
        {
          char *m = g_strdup_printf ("line %ld: %s", lineno, err->message);
          print_error (m);
          g_free (m);
          g_clear_error (&err);
          g_free (line);
          continue;
        }
      JsonNode *root = json_parser_get_root (parser);
      JsonObject *obj = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
      JsonNode *tn = obj ? json_object_get_member (obj, "text") : NULL;
      JsonNode *wn = obj ? json_object_get_member (obj, "width") : NULL;
      if (!tn || json_node_get_value_type (tn) != G_TYPE_STRING ||
          !wn || JSON_NODE_TYPE (wn) != JSON_NODE_VALUE ||
          (json_node_get_value_type (wn) != G_TYPE_INT64 &&
           json_node_get_value_type (wn) != G_TYPE_DOUBLE))
        {
          char *m = g_strdup_printf ("line %ld: need {\"text\": string, \"width\": number}", lineno);
          print_error (m);
          g_free (m);
          g_free (line);
          continue;
        }
      const char *text = json_node_get_string (tn);
      double width = json_node_get_value_type (wn) == G_TYPE_INT64
                     ? (double) json_node_get_int (wn) : json_node_get_double (wn);

      if (!g_utf8_validate (text, -1, NULL))
        {
          /* json-glib turns lone surrogates etc. into something; be strict. */
          char *m = g_strdup_printf ("line %ld: text is not valid UTF-8", lineno);
          print_error (m);
          g_free (m);
          g_free (line);
          continue;
        }

      pango_layout_set_text (layout, text, -1);
      pango_layout_set_width (layout, width < 0 ? -1 : (int) lround (width * PANGO_SCALE));

      PangoRectangle logical;
      pango_layout_get_extents (layout, NULL, &logical);

      GString *out = g_string_new ("{\"lines\": ");
      int n = pango_layout_get_line_count (layout);
      g_string_append_printf (out, "%d, \"width\": ", n);
      append_shortest_double (out, logical.width / (double) PANGO_SCALE);
      g_string_append (out, ", \"height\": ");
      append_shortest_double (out, logical.height / (double) PANGO_SCALE);
      g_string_append (out, ", \"breaks\": [");
      GSList *l = pango_layout_get_lines_readonly (layout);
      int i = 0;
      for (; l; l = l->next, i++)
        {
          PangoLayoutLine *pl = l->data;
          g_string_append_printf (out, i ? ", %d" : "%d", pl->start_index);
          if (debug)
            {
              PangoRectangle lr;
              pango_layout_line_get_extents (pl, NULL, &lr);
              fprintf (stderr, "  line %d: start=%d len=%d width=%.3f para_start=%d dir=%s |%.*s|\n",
                       i, pl->start_index, pl->length, lr.width / (double) PANGO_SCALE,
                       pl->is_paragraph_start,
                       pl->resolved_dir == PANGO_DIRECTION_RTL ? "rtl" : "ltr",
                       pl->length, text + pl->start_index);
              for (GSList *r = pl->runs; r; r = r->next)
                {
                  PangoGlyphItem *run = r->data;
                  PangoFontDescription *fd = pango_font_describe (run->item->analysis.font);
                  char *fds = pango_font_description_to_string (fd);
                  fprintf (stderr, "    run [%d,+%d) font=\"%s\" hinted=%d glyphs=%d width=%.4f\n",
                           run->item->offset, run->item->length, fds,
                           PANGO_IS_FC_FONT (run->item->analysis.font)
                             ? (int) PANGO_FC_FONT (run->item->analysis.font)->is_hinted : -1,
                           run->glyphs->num_glyphs,
                           pango_glyph_string_get_width (run->glyphs) / (double) PANGO_SCALE);
                  g_free (fds);
                  pango_font_description_free (fd);
                }
            }
        }
      g_string_append (out, "]}");
      puts (out->str);
      fflush (stdout);
      g_string_free (out, TRUE);
      g_free (line);
    }
  if (err)
    {
      fprintf (stderr, "pango_breaks: read error: %s\n", err->message);
      return 1;
    }

  g_io_channel_unref (in);
  g_object_unref (parser);
  g_object_unref (layout);
  pango_font_description_free (desc);
  g_object_unref (ctx);
  g_object_unref (fontmap);
  g_free (font_dir);
  g_free (family);
  g_free (lang);
  return 0;
}
