// A thin C shim over ICU (libicuuc). ICU renames its symbols per version with macros
// (ubrk_open → ubrk_open_72), which Swift cannot import; these unversioned functions can.
#ifndef YARDSTICK_ICU_H
#define YARDSTICK_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque ICU break iterator (UBreakIterator).
typedef struct yardstick_icu_break_iterator yardstick_icu_break_iterator;

enum { YS_BREAK_LINE = 0, YS_BREAK_CHARACTER = 1 };

/// Opens a break iterator for the root locale; NULL on failure (error code in *status).
yardstick_icu_break_iterator *yardstick_icu_break_open(int32_t kind, int32_t *status);
void yardstick_icu_break_close(yardstick_icu_break_iterator *it);
/// Points the iterator at UTF-16 text (not copied: keep it alive while iterating). Returns an ICU status (<= 0 is success).
int32_t yardstick_icu_break_set_text(yardstick_icu_break_iterator *it, const uint16_t *text, int32_t length);
/// Next boundary after the current one, or -1 at the end.
int32_t yardstick_icu_break_next(yardstick_icu_break_iterator *it);
/// Moves to the first boundary (0).
int32_t yardstick_icu_break_first(yardstick_icu_break_iterator *it);
/// Rule status of the boundary last returned (line: >= 100 means a mandatory break).
int32_t yardstick_icu_break_rule_status(yardstick_icu_break_iterator *it);

/// Opaque ICU bidi object (UBiDi).
typedef struct ys_bidi ys_bidi;
ys_bidi *yardstick_icu_bidi_open(void);
void yardstick_icu_bidi_close(ys_bidi *bidi);
/// Resolves embedding levels of one paragraph into levels[0..<length].
/// paragraph_level: 0 LTR, 1 RTL, 0xFE (UBIDI_DEFAULT_LTR) = first strong character, LTR if none.
/// Returns the paragraph's resolved level, or a negative ICU error code.
int32_t yardstick_icu_bidi_resolve(ys_bidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels);

/// UScriptCode of a code point (USCRIPT_COMMON = 0, USCRIPT_INHERITED = 1, USCRIPT_INVALID_CODE = -1).
int32_t yardstick_icu_script_of(uint32_t code_point);
/// True when the code point's Script_Extensions contain the script.
int32_t yardstick_icu_script_has(uint32_t code_point, int32_t script);
/// ISO 15924 tag of a script as a big-endian four-byte value ('Latn'), 0 if unknown.
uint32_t yardstick_icu_script_iso15924(int32_t script);

/// True when the code point has Emoji_Presentation=Yes (shown as color emoji by default).
int32_t yardstick_icu_is_emoji_presentation(uint32_t code_point);
/// True for Extended_Pictographic code points.
int32_t yardstick_icu_is_extended_pictographic(uint32_t code_point);
/// True for White_Space code points.
int32_t yardstick_icu_is_white_space(uint32_t code_point);

/// UGraphemeClusterBreak of a code point (0 Other, 1 Control, 3 Extend, 4 L, 8 T, 9 V, 10 SpacingMark, 11 Prepend, 12 RI, 17 ZWJ, …).
int32_t yardstick_icu_grapheme_cluster_break(uint32_t code_point);

/// ULineBreak class of a code point (2 = AL, alphabetic).
int32_t yardstick_icu_line_break_class(uint32_t code_point);

/// UCharDirection (bidi class) of a code point (0 L, 1 R, 2 EN, 5 AN, 13 AL, 17 NSM, …).
int32_t yardstick_icu_bidi_class(uint32_t code_point);
/// Bidi_Paired_Bracket_Type of a code point (0 none, 1 open, 2 close).
int32_t yardstick_icu_bidi_paired_bracket_type(uint32_t code_point);
/// Bidi_Paired_Bracket of a code point (itself when it has none).
uint32_t yardstick_icu_bidi_paired_bracket(uint32_t code_point);

/// UCharCategory of a code point (1–5 letters Lu Ll Lt Lm Lo, 6–8 marks Mn Me Mc, 9 Nd, …).
int32_t yardstick_icu_general_category(uint32_t code_point);

/// UEastAsianWidth of a code point (2 Halfwidth, 3 Fullwidth, 5 Wide; UAX #14's LB30 asks).
int32_t yardstick_icu_east_asian_width(uint32_t code_point);

/// The ICU version, e.g. "72.1".
const char *yardstick_icu_icu_version(void);

#ifdef __cplusplus
}
#endif
#endif
