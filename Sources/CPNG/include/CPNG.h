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
   *height, and *reader (freed with ar_png_reader_close; NULL on failure).

   An 8-bit RGB or RGBA PNG, not interlaced, without a transparency chunk, whose filtered rows
   take at most `whole_budget` bytes is decoded differently, faster, with the same pixels: its
   IDAT chunks (each CRC checked) are inflated at once by the process's whole-stream inflater
   (ar_png_set_whole_inflater; zlib's inflate by default) and its rows unfiltered as they are
   read. Should anything about it not be exactly right (a CRC, the inflated size, a filter type,
   the chunks after the image data), the PNG is read by libpng as any other, with libpng's
   verdict. A `whole_budget` of 0 reads every PNG with libpng. */
int ar_png_reader_open(const uint8_t *data, size_t size, uint64_t max_pixels, size_t whole_budget,
                       ar_png_reader **reader, uint32_t *width, uint32_t *height, char *error, size_t error_size);

/* Whether the reader decodes the whole-stream way (see ar_png_reader_open). */
int ar_png_reader_is_whole_stream(const ar_png_reader *reader);

/* A whole-stream zlib inflater: inflates the zlib stream `in` into `out`; returns 0 when it gave
   exactly `out_size` bytes, 1 when the stream is damaged, 2 when it gives fewer bytes, 3 more. */
typedef int (*ar_png_inflater)(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_size);

/* Sets the whole-stream inflater of the process (NULL: zlib's). Call it before any reader opens. */
void ar_png_set_whole_inflater(ar_png_inflater inflater);

/* Makes malloc keep freed blocks for reuse, for a process that allocates and frees buffers of the
   same few sizes over and over (a comparison's bands, inflated images, picture rows): blocks under
   `mapped_threshold` bytes come from its heaps, which give memory back only beyond
   `trim_threshold` bytes free at their top. Returns 1 when the C library took both (glibc), 0
   otherwise (nothing changes). */
int ar_png_keep_freed_memory(size_t mapped_threshold, size_t trim_threshold);

/* Decodes the next `count` rows into `out` (count × width × 4 bytes). After the last row, the
   rest of the file is read and checked too. A reader that failed once fails again. */
int ar_png_reader_read_rows(ar_png_reader *reader, uint8_t *out, uint32_t count, char *error, size_t error_size);

/* Frees a reader (NULL is allowed). */
void ar_png_reader_close(ar_png_reader *reader);

/* A PNG being encoded, row by row, from 8-bit RGBA rows into memory. */
typedef struct ar_png_writer ar_png_writer;

/* Starts a width × height RGBA PNG at zlib `level` (0–9) and `strategy` (zlib's Z_DEFAULT_STRATEGY
   0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3) with libpng's `filters` mask (0 for its default). */
int ar_png_writer_open(uint32_t width, uint32_t height, int level, int strategy, int filters,
                       ar_png_writer **writer, char *error, size_t error_size);

/* The same for an 8-bit indexed PNG whose palette is `entries` (1–256) RGB triples in `palette`;
   rows are then one byte, a palette index, a pixel. */
int ar_png_writer_open_indexed(uint32_t width, uint32_t height, int level, int strategy, int filters,
                               const uint8_t *palette, int entries, ar_png_writer **writer, char *error,
                               size_t error_size);

/* Encodes the next `count` rows from `rows` (count × width × 4 bytes, or × 1 for an indexed PNG). */
int ar_png_writer_write_rows(ar_png_writer *writer, const uint8_t *rows, uint32_t count, char *error,
                             size_t error_size);

/* Ends the file once every row is written and sets *size to its length in bytes. */
int ar_png_writer_finish(ar_png_writer *writer, size_t *size, char *error, size_t error_size);

/* Copies the finished file's first `capacity` bytes (at most its length) into `out`. */
void ar_png_writer_copy(const ar_png_writer *writer, uint8_t *out, size_t capacity);

/* Frees a writer (NULL is allowed). */
void ar_png_writer_close(ar_png_writer *writer);

#endif
