#include "CText.h"

#include <stdlib.h>
#include <unicode/ubrk.h>

int32_t ar_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) { return -1; }
    int32_t count = 0;
    for (int32_t position = ubrk_first(iterator); position != UBRK_DONE && count < capacity;
         position = ubrk_next(iterator)) {
        out[count++] = position;
    }
    ubrk_close(iterator);
    return count;
}
