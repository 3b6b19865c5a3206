#ifndef ALBUMREPORT_CPNG_H
#define ALBUMREPORT_CPNG_H

#include <stddef.h>
#include <stdint.h>

/* libpng behind a few calls, row by row, so that a comparison holds a band of rows rather than
   whole images. libpng reports errors with longjmp, which must never cross Swift frames: every
   function below sets its own jump target and returns a status instead. Every status is 0 on
   success, or non-zero with a sentence in `error`: 1 not a PNG or damaged, 2 larger than
   `max_pixels`, 3 out of memory, 4 misuse (rows asked for past the end). */

/* A PNG being decoded, row by row, to 8-bit RGBA exactly as stored: palettes and transparency
   chunks expanded, grey made RGB, 16-bit samples reduced to their high byte, no gamma or
   colour-space conversion (so a comparison sees the file's own values). Ancillary chunks are
   skipped unread; none may be larger than 8 MB. An interlaced PNG is decoded whole when opened
   (its rows only exist after the last pass); a non-interlaced one a row at a time. */
typedef struct ar_png_reader ar_png_reader;

/* Opens the PNG in `data` (copied: the caller may free it) and reads its header: sets *width and
   *height, and *reader (freed with ar_png_reader_close; NULL on failure). */
int ar_png_reader_open(const uint8_t *data, size_t size, uint64_t max_pixels, ar_png_reader **reader,
                       uint32_t *width, uint32_t *height, char *error, size_t error_size);

/* Decodes the next `count` rows into `out` (count × width × 4 bytes). After the last row, the
   rest of the file is read and checked too. A reader that failed once fails again. */
int ar_png_reader_read_rows(ar_png_reader *reader, uint8_t *out, uint32_t count, char *error, size_t error_size);

/* Frees a reader (NULL is allowed). */
void ar_png_reader_close(ar_png_reader *reader);

/* A PNG being encoded, row by row, from 8-bit RGBA rows into memory. */
typedef struct ar_png_writer ar_png_writer;

/* Starts a width × height RGBA PNG at zlib `level` (0–9) with libpng's `filters` mask (0 for its
   default). */
int ar_png_writer_open(uint32_t width, uint32_t height, int level, int filters, ar_png_writer **writer, char *error,
                       size_t error_size);

/* Encodes the next `count` rows from `rows` (count × width × 4 bytes). */
int ar_png_writer_write_rows(ar_png_writer *writer, const uint8_t *rows, uint32_t count, char *error,
                             size_t error_size);

/* Ends the file once every row is written and sets *size to its length in bytes. */
int ar_png_writer_finish(ar_png_writer *writer, size_t *size, char *error, size_t error_size);

/* Copies the finished file's first `capacity` bytes (at most its length) into `out`. */
void ar_png_writer_copy(const ar_png_writer *writer, uint8_t *out, size_t capacity);

/* Frees a writer (NULL is allowed). */
void ar_png_writer_close(ar_png_writer *writer);

#endif
