#ifndef ALBUMREPORT_CTEXT_H
#define ALBUMREPORT_CTEXT_H

#include <stdint.h>

/* The text engine's C parts that cannot be Swift-imported headers. */

/* Writes the line-break opportunities (UAX #14, tailored for `locale`) of the UTF-16 `text`
   into `out`, as UTF-16 offsets in ascending order including 0 and `length`, and returns how
   many there are, or -1 when ICU fails. ICU stays behind this one call: its headers clash with
   the copy of ICU inside Swift's Foundation when imported into Swift, and its functions carry a
   version suffix through macros (ubrk_open is ubrk_open_72) that Swift cannot call. */
int32_t ar_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *out, int32_t capacity);

#endif
