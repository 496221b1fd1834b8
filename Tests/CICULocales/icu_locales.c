#include "icu_locales.h"

#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

int32_t ys_test_locale_count(void) { return uloc_countAvailable(); }

const char *ys_test_locale_id(int32_t i) { return uloc_getAvailable(i); }

int32_t ys_test_exemplars(const char *locale, uint32_t *out, int32_t cap) {
    UErrorCode status = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale, &status);
    if (U_FAILURE(status)) return -1;
    USet *set = ulocdata_getExemplarSet(data, NULL, 0, ULOCDATA_ES_STANDARD, &status);
    ulocdata_close(data);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    int32_t items = uset_getItemCount(set);
    for (int32_t k = 0; k < items; k++) {
        UChar32 first, last;
        UChar string[256];
        UErrorCode itemStatus = U_ZERO_ERROR;
        int32_t length = uset_getItem(set, k, &first, &last, string, 256, &itemStatus);
        if (U_FAILURE(itemStatus)) { uset_close(set); return -1; }
        if (length == 0) {
            for (UChar32 c = first; c <= last; c++) { if (count < cap) out[count] = (uint32_t)c; count++; }
        } else {
            int32_t j = 0;
            while (j < length) {
                UChar32 c;
                U16_NEXT(string, j, length, c);
                if (count < cap) out[count] = (uint32_t)c;
                count++;
            }
        }
    }
    uset_close(set);
    return count;
}

static int32_t to_utf8(const UChar *name, int32_t length, char *out, int32_t cap) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, cap, &written, name, length, &status);
    if (U_FAILURE(status) || written >= cap) return -1;
    out[written] = 0;
    return written;
}

int32_t ys_test_display_name(const char *locale, const char *in_locale, char *out, int32_t cap) {
    UChar name[512];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayName(locale, in_locale, name, 512, &status);
    if (U_FAILURE(status) || length >= 512) return -1;
    return to_utf8(name, length, out, cap);
}

int32_t ys_test_display_country(const char *locale, const char *in_locale, char *out, int32_t cap) {
    UChar name[512];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayCountry(locale, in_locale, name, 512, &status);
    if (U_FAILURE(status) || length >= 512) return -1;
    return to_utf8(name, length, out, cap);
}
