#include "yardstick_icu.h"
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>
#include <unicode/uchar.h>

yardstick_icu_break_iterator *yardstick_icu_break_open(int32_t kind, int32_t *status) {
    UErrorCode err = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(kind == YS_BREAK_CHARACTER ? UBRK_CHARACTER : UBRK_LINE, "", NULL, 0, &err);
    if (status) *status = (int32_t)err;
    if (U_FAILURE(err)) { if (it) ubrk_close(it); return NULL; }
    return (yardstick_icu_break_iterator *)it;
}

void yardstick_icu_break_close(yardstick_icu_break_iterator *it) { if (it) ubrk_close((UBreakIterator *)it); }

int32_t yardstick_icu_break_set_text(yardstick_icu_break_iterator *it, const uint16_t *text, int32_t length) {
    UErrorCode err = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)it, (const UChar *)text, length, &err);
    return (int32_t)err;
}

int32_t yardstick_icu_break_next(yardstick_icu_break_iterator *it) { return ubrk_next((UBreakIterator *)it); }
int32_t yardstick_icu_break_first(yardstick_icu_break_iterator *it) { return ubrk_first((UBreakIterator *)it); }
int32_t yardstick_icu_break_rule_status(yardstick_icu_break_iterator *it) { return ubrk_getRuleStatus((UBreakIterator *)it); }

ys_bidi *yardstick_icu_bidi_open(void) { return (ys_bidi *)ubidi_open(); }
void yardstick_icu_bidi_close(ys_bidi *bidi) { if (bidi) ubidi_close((UBiDi *)bidi); }

int32_t yardstick_icu_bidi_resolve(ys_bidi *bidi, const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels) {
    UErrorCode err = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &err);
    if (U_FAILURE(err)) return -(int32_t)err;
    const UBiDiLevel *resolved = ubidi_getLevels((UBiDi *)bidi, &err);
    if (U_FAILURE(err)) return -(int32_t)err;
    if (length > 0) memcpy(levels, resolved, (size_t)length);
    return (int32_t)ubidi_getParaLevel((UBiDi *)bidi);
}

int32_t yardstick_icu_script_of(uint32_t code_point) {
    UErrorCode err = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)code_point, &err);
    return U_FAILURE(err) ? -1 : (int32_t)code;
}

int32_t yardstick_icu_script_has(uint32_t code_point, int32_t script) {
    return uscript_hasScript((UChar32)code_point, (UScriptCode)script) ? 1 : 0;
}

uint32_t yardstick_icu_script_iso15924(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    if (!name || strlen(name) != 4) return 0;
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
           ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

const char *yardstick_icu_icu_version(void) { return U_ICU_VERSION; }

int32_t yardstick_icu_is_emoji_presentation(uint32_t code_point) { return u_hasBinaryProperty((UChar32)code_point, UCHAR_EMOJI_PRESENTATION) ? 1 : 0; }
int32_t yardstick_icu_is_extended_pictographic(uint32_t code_point) { return u_hasBinaryProperty((UChar32)code_point, UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0; }
int32_t yardstick_icu_is_white_space(uint32_t code_point) { return u_isUWhiteSpace((UChar32)code_point) ? 1 : 0; }
int32_t yardstick_icu_grapheme_cluster_break(uint32_t code_point) { return u_getIntPropertyValue((UChar32)code_point, UCHAR_GRAPHEME_CLUSTER_BREAK); }
int32_t yardstick_icu_line_break_class(uint32_t code_point) { return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK); }
int32_t yardstick_icu_bidi_class(uint32_t code_point) { return u_charDirection((UChar32)code_point); }
int32_t yardstick_icu_bidi_paired_bracket_type(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
}
uint32_t yardstick_icu_bidi_paired_bracket(uint32_t code_point) { return (uint32_t)u_getBidiPairedBracket((UChar32)code_point); }
int32_t yardstick_icu_general_category(uint32_t code_point) { return u_charType((UChar32)code_point); }
int32_t yardstick_icu_east_asian_width(uint32_t code_point) { return u_getIntPropertyValue((UChar32)code_point, UCHAR_EAST_ASIAN_WIDTH); }
