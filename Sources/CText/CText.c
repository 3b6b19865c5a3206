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

/* fontconfig ranks fonts by the languages of the process's locale ($LC_ALL, $LC_CTYPE, $LANG)
   as well as by the language a pattern asks for: under LANG=zh_CN.UTF-8 even a pattern asking
   for Japanese gets Noto Sans CJK SC. The same report would then take other fonts in another
   shell. The report's own --locale and the text decide instead: fontconfig's default language
   is fixed to "en" (which prefers no Han form) before main runs, before any thread exists. */
__attribute__((constructor)) static void ar_fix_fontconfig_language(void) { setenv("FC_LANG", "en", 1); }
