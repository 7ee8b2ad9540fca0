#include "CICU.h"
#include <unicode/uversion.h>
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/utypes.h>

int32_t fitsize_icu_version_major(void) { return U_ICU_VERSION_MAJOR_NUM; }

fitsize_break_iterator *fitsize_break_open(fitsize_break_kind kind, const char **error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == FITSIZE_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *iterator = ubrk_open(type, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (error) *error = u_errorName(status);
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return (fitsize_break_iterator *)iterator;
}

void fitsize_break_close(fitsize_break_iterator *iterator) {
    if (iterator) ubrk_close((UBreakIterator *)iterator);
}

int32_t fitsize_break_set_text(fitsize_break_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t fitsize_break_next(fitsize_break_iterator *iterator) {
    int32_t boundary = ubrk_next((UBreakIterator *)iterator);
    return boundary == UBRK_DONE ? -1 : boundary;
}

int32_t fitsize_break_first(fitsize_break_iterator *iterator) {
    return ubrk_first((UBreakIterator *)iterator);
}

int32_t fitsize_break_is_hard(fitsize_break_iterator *iterator) {
    int32_t status = ubrk_getRuleStatus((UBreakIterator *)iterator);
    return status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
}

fitsize_bidi *fitsize_bidi_open(void) { return (fitsize_bidi *)ubidi_open(); }

void fitsize_bidi_close(fitsize_bidi *bidi) {
    if (bidi) ubidi_close((UBiDi *)bidi);
}

int32_t fitsize_bidi_set_paragraph(fitsize_bidi *bidi, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    if (U_FAILURE(status)) return -1;
    int32_t runs = ubidi_countRuns((UBiDi *)bidi, &status);
    return U_FAILURE(status) ? -1 : runs;
}

int32_t fitsize_bidi_paragraph_level(fitsize_bidi *bidi) {
    return ubidi_getParaLevel((UBiDi *)bidi);
}

const uint8_t *fitsize_bidi_levels(fitsize_bidi *bidi) {
    UErrorCode status = U_ZERO_ERROR;
    const UBiDiLevel *levels = ubidi_getLevels((UBiDi *)bidi, &status);
    return U_FAILURE(status) ? NULL : levels;
}
