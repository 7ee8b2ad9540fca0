// A thin C shim over ICU's C API.
//
// ICU's headers rename every entry point with the library's major version
// (ubrk_open becomes ubrk_open_72) through preprocessor macros that Swift's
// importer cannot see through, so Swift calls these unversioned wrappers instead.
// Every function reports failure through its return value (a negative number or
// NULL) rather than ICU's UErrorCode, so Swift never needs ICU's headers.
#ifndef FITSIZE_CICU_H
#define FITSIZE_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The ICU major version this shim was compiled against (for diagnostics).
int32_t fitsize_icu_version_major(void);

/// An opaque ICU break iterator (UBreakIterator).
typedef struct fitsize_break_iterator fitsize_break_iterator;

/// Which boundaries a break iterator finds.
typedef enum {
    /// UAX #14 line break opportunities (UBRK_LINE).
    FITSIZE_BREAK_LINE = 0,
    /// UAX #29 extended grapheme cluster boundaries (UBRK_CHARACTER).
    FITSIZE_BREAK_CHARACTER = 1
} fitsize_break_kind;

/// Opens a break iterator for the root locale; NULL when ICU fails (for example
/// when its data is missing). `error` receives ICU's error name when non-NULL.
fitsize_break_iterator *fitsize_break_open(fitsize_break_kind kind, const char **error);

/// Releases a break iterator from fitsize_break_open.
void fitsize_break_close(fitsize_break_iterator *iterator);

/// Points the iterator at UTF-16 text, which must outlive its use. Returns 0 on success.
int32_t fitsize_break_set_text(fitsize_break_iterator *iterator, const uint16_t *text, int32_t length);

/// The next boundary after the current one, or -1 at the end of the text.
int32_t fitsize_break_next(fitsize_break_iterator *iterator);

/// Moves to the start of the text and returns 0.
int32_t fitsize_break_first(fitsize_break_iterator *iterator);

/// Whether the boundary just returned by fitsize_break_next is a mandatory
/// (hard) line break: its rule status is in ICU's UBRK_LINE_HARD range.
int32_t fitsize_break_is_hard(fitsize_break_iterator *iterator);

/// An opaque ICU bidi object (UBiDi).
typedef struct fitsize_bidi fitsize_bidi;

/// Opens a bidi object; NULL on failure.
fitsize_bidi *fitsize_bidi_open(void);

/// Releases a bidi object.
void fitsize_bidi_close(fitsize_bidi *bidi);

/// Runs the Unicode Bidirectional Algorithm over one paragraph of UTF-16 text whose
/// base direction comes from its first strong character (left-to-right when it has
/// none). The text must outlive later queries. Returns the number of level runs, or
/// -1 on failure.
int32_t fitsize_bidi_set_paragraph(fitsize_bidi *bidi, const uint16_t *text, int32_t length);

/// The resolved paragraph embedding level (0 left-to-right, 1 right-to-left).
int32_t fitsize_bidi_paragraph_level(fitsize_bidi *bidi);

/// The embedding level of every code unit of the text last given to
/// `fitsize_bidi_set_paragraph`, in logical order (owned by the bidi object, valid until
/// its next paragraph); NULL on failure. (ICU's run-at-a-position query searches the runs
/// from the first, which made finding all runs quadratic in their number.)
const uint8_t *fitsize_bidi_levels(fitsize_bidi *bidi);

#ifdef __cplusplus
}
#endif

#endif
