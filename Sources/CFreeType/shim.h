#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H

/* FreeType's own message for an error code, from the error list in fterrdef.h (Debian
   builds FreeType without FT_CONFIG_OPTION_ERROR_STRINGS, so FT_Error_String returns NULL).
   This is the switch statement fterrors.h documents for building such a table; NULL for a
   code the list does not have. */
static inline const char *fitsize_FT_Error_Message(FT_Error error_code) {
#undef FTERRORS_H_
#define FT_ERROR_START_LIST switch (error_code) {
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return NULL;
}
