// Test-only: ICU's locales, their exemplar sets and display names (libicui18n), for the test
// that every character of every locale has a bundled glyph. Unversioned names Swift can import.
#ifndef YARDSTICK_ICU_LOCALES_H
#define YARDSTICK_ICU_LOCALES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How many locales ICU lists (uloc_countAvailable).
int32_t ys_test_locale_count(void);
/// The id of locale i ("ff_Adlm_GN"), valid for the process.
const char *ys_test_locale_id(int32_t i);
/// The code points of a locale's standard exemplar set (multi-character elements expanded),
/// written to out up to cap; returns how many there are (more than cap: call again), -1 on error.
int32_t ys_test_exemplars(const char *locale, uint32_t *out, int32_t cap);
/// The display name of `locale` in `in_locale`, UTF-8, NUL-terminated in out (cap bytes);
/// returns its length, -1 on error or when it does not fit.
int32_t ys_test_display_name(const char *locale, const char *in_locale, char *out, int32_t cap);
/// The display name of `locale`'s country (region) in `in_locale`, as above (0: it has none).
int32_t ys_test_display_country(const char *locale, const char *in_locale, char *out, int32_t cap);

#ifdef __cplusplus
}
#endif

#endif
