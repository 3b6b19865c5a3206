#ifndef ALBUMREPORT_CPNG_H
#define ALBUMREPORT_CPNG_H

#include <stddef.h>
#include <stdint.h>

/* Decodes the PNG in `data` to 8-bit RGBA exactly as stored: palettes and transparency chunks
   expanded, grey made RGB, 16-bit samples reduced to their high byte, no gamma or colour-space
   conversion (so a comparison sees the file's own values). libpng reports errors with longjmp,
   which must never cross Swift frames: it stays inside this C function.

   Returns 0 and sets *width, *height and *pixels (width × height × 4 bytes, freed with
   ar_png_free), or returns non-zero with a sentence in `error`: 1 not a PNG or damaged,
   2 larger than `max_pixels`, 3 out of memory. */
int ar_png_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t *width, uint32_t *height,
                       uint8_t **pixels, char *error, size_t error_size);

/* Frees what ar_png_decode_rgba returned. */
void ar_png_free(uint8_t *pixels);

#endif
