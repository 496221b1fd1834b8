#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H
#include FT_MULTIPLE_MASTERS_H

// FreeType's own message for an error code (Debian builds FreeType without
// FT_CONFIG_OPTION_ERROR_STRINGS, so FT_Error_String returns NULL): the list in fterrdef.h,
// expanded as fterrors.h documents. NULL for a code not in it.
#undef FTERRORS_H_
#undef FT_ERR_PREFIX
#define FT_ERR_PREFIX FT_Err_
#define FT_ERROR_START_LIST switch (error) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST }
static inline const char *yardstick_ft_error_message(int error) {
#include FT_ERRORS_H
    return 0;
}
