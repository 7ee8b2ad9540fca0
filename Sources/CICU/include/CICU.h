// A thin C shim over ICU's C API.
//
// ICU's headers rename every entry point with the library's major version
// (ubrk_open becomes ubrk_open_72) through preprocessor macros that Swift's
// importer cannot see through, so Swift calls these unversioned wrappers instead.
#ifndef FITSIZE_CICU_H
#define FITSIZE_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The ICU major version this shim was compiled against (for diagnostics).
int32_t fitsize_icu_version_major(void);

#ifdef __cplusplus
}
#endif

#endif
