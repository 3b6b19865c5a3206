#include "CPNG.h"
#include "shared.h"

#include <png.h>
#include <setjmp.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* MARK: - Reading */

struct ar_png_reader {
    png_structp png;
    png_infop info;
    uint8_t *data;
    size_t size;
    size_t offset;
    uint32_t width;
    uint32_t height;
    uint32_t next_row;
    /* An interlaced image, decoded whole when opened; NULL otherwise. */
    uint8_t *whole;
    png_bytep *rows;
    /* The whole-stream way: the inflated, filtered rows (each a filter byte, then `channels` ×
       width bytes), unfiltered in place as they are read; NULL otherwise. */
    uint8_t *raw;
    size_t stride;
    uint32_t channels;
    int failed;
    int ended;
    struct message message;
};

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    struct ar_png_reader *reader = png_get_io_ptr(png);
    if (count > reader->size - reader->offset) { png_error(png, "the data ends early"); }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

void ar_png_reader_close(ar_png_reader *reader) {
    if (reader == NULL) { return; }
    if (reader->png != NULL) { png_destroy_read_struct(&reader->png, &reader->info, NULL); }
    free(reader->rows);
    free(reader->whole);
    free(reader->raw);
    free(reader->data);
    free(reader);
}

/* MARK: - The whole-stream way */

static int zlib_whole(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_size) {
    if (in_size > UINT32_MAX || out_size > UINT32_MAX) { return 1; }
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) { return 1; }
    /* Every IDAT chunk's CRC was checked: zlib's Adler-32 of the same bytes adds nothing. */
    (void)inflateValidate(&stream, 0);
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)in_size;
    stream.next_out = out;
    stream.avail_out = (uInt)out_size;
    int result = inflate(&stream, Z_FINISH);
    int status;
    if (result == Z_STREAM_END) {
        status = stream.total_out == out_size ? 0 : 2;
    } else if (result == Z_BUF_ERROR) {
        status = stream.avail_out == 0 ? 3 : 2;
    } else {
        status = 1;
    }
    inflateEnd(&stream);
    return status;
}

static ar_png_inflater whole_inflater = NULL;

void ar_png_set_whole_inflater(ar_png_inflater inflater) { __atomic_store_n(&whole_inflater, inflater, __ATOMIC_RELEASE); }

int ar_png_keep_freed_memory(size_t mapped_threshold, size_t trim_threshold) {
#if defined(__GLIBC__)
    if (mapped_threshold > INT32_MAX || trim_threshold > INT32_MAX) { return 0; }
    int mapped = mallopt(M_MMAP_THRESHOLD, (int)mapped_threshold);
    int trimmed = mallopt(M_TRIM_THRESHOLD, (int)trim_threshold);
    return mapped == 1 && trimmed == 1;
#else
    (void)mapped_threshold;
    (void)trim_threshold;
    return 0;
#endif
}

int ar_png_reader_is_whole_stream(const ar_png_reader *reader) { return reader != NULL && reader->raw != NULL; }

static uint32_t big_endian(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

/* Tries the whole-stream way for a reader whose header says it may (8-bit RGB or RGBA, not
   interlaced, no tRNS): the IDAT chunks' data, CRC checked, joined, inflated; the filter types
   checked; every chunk after them CRC checked up to IEND. Returns 1 with reader->raw set, or 0
   with nothing changed (libpng reads it then). */
static int try_whole_stream(ar_png_reader *reader, uint32_t channels, size_t budget) {
    size_t stride = 1 + (size_t)reader->width * channels;
    if (budget == 0 || stride > budget / reader->height) { return 0; }
    size_t raw_size = stride * reader->height;
    /* libpng's own bound on an IDAT chunk's length (png_check_chunk_length): the rows and
       zlib's and deflate's overhead. */
    size_t idat_limit = raw_size + 6 + 5 * (raw_size / (stride > 32566 ? 32566 : stride) + 1);
    const uint8_t *data = reader->data;
    size_t size = reader->size;
    /* The chunks: IDATs in one run; after them only chunks whose CRC holds, up to IEND. */
    size_t offset = 8, idat_bytes = 0, first_idat = 0;
    int seen_idat = 0, after_idat = 0, ended = 0;
    while (offset + 12 <= size) {
        uint32_t length = big_endian(data + offset);
        if (length > size - offset - 12) { return 0; }
        const uint8_t *type = data + offset + 4;
        /* Anything libpng might judge differently is left to it: a chunk name that is not four
           letters, a length past PNG's 2^31 - 1, a chunk other than IDAT longer than the 8 MB
           libpng is allowed to read, an IDAT longer than libpng's bound, an IEND with data. */
        for (int i = 0; i < 4; i++) {
            uint8_t letter = type[i] & (uint8_t)~0x20;
            if (letter < 'A' || letter > 'Z') { return 0; }
        }
        int is_iend = memcmp(type, "IEND", 4) == 0;
        if (length > 0x7FFFFFFFu || (is_iend && length != 0)) { return 0; }
        if (memcmp(type, "IDAT", 4) == 0 ? length > idat_limit : length > 8000000u) { return 0; }
        uint32_t crc = (uint32_t)crc32(0L, type, (uInt)(4 + length));
        if (crc != big_endian(data + offset + 8 + length)) { return 0; }
        int is_idat = memcmp(type, "IDAT", 4) == 0;
        if (is_idat) {
            if (after_idat) { return 0; }
            if (!seen_idat) { first_idat = offset; }
            seen_idat = 1;
            idat_bytes += length;
        } else if (seen_idat) {
            after_idat = 1;
            /* After the image data only ancillary chunks (a lowercase first letter) and IEND:
               libpng's verdict on anything else is its own. */
            if ((type[0] & 0x20) == 0 && memcmp(type, "IEND", 4) != 0) { return 0; }
        }
        offset += 12 + (size_t)length;
        if (is_iend) {
            ended = 1;
            break;
        }
    }
    if (!seen_idat || !ended || idat_bytes < 2) { return 0; }
    uint8_t *joined = malloc(idat_bytes);
    uint8_t *raw = malloc(raw_size);
    if (joined == NULL || raw == NULL) {
        free(joined);
        free(raw);
        return 0;
    }
    size_t at = 0;
    for (offset = first_idat; offset + 12 <= size;) {
        uint32_t length = big_endian(data + offset);
        if (memcmp(data + offset + 4, "IDAT", 4) != 0) { break; }
        memcpy(joined + at, data + offset + 8, length);
        at += length;
        offset += 12 + (size_t)length;
    }
    /* A zlib stream declaring a window smaller than 32 KB (or a preset dictionary) is left to
       libpng, which enforces the window as it inflates row by row (libdeflate ignores it). */
    if (joined[0] != 0x78 || (joined[1] & 0x20) != 0 || ((unsigned)joined[0] << 8 | joined[1]) % 31 != 0) {
        free(joined);
        free(raw);
        return 0;
    }
    ar_png_inflater inflater = __atomic_load_n(&whole_inflater, __ATOMIC_ACQUIRE);
    int status = (inflater != NULL ? inflater : zlib_whole)(joined, idat_bytes, raw, raw_size);
    free(joined);
    int filters_ok = status == 0;
    for (uint32_t y = 0; filters_ok && y < reader->height; y++) {
        if (raw[(size_t)y * stride] > 4) { filters_ok = 0; }
    }
    if (!filters_ok) {
        free(raw);
        return 0;
    }
    reader->raw = raw;
    reader->stride = stride;
    reader->channels = channels;
    return 1;
}

/* Decodes an interlaced image whole (inside the caller's jump target, which frees the reader and
   with it both buffers). */
static int read_whole(ar_png_reader *reader, char *error, size_t error_size) {
    size_t row_bytes = (size_t)reader->width * 4;
    reader->rows = malloc(sizeof(png_bytep) * (size_t)reader->height);
    reader->whole = malloc(row_bytes * (size_t)reader->height);
    if (reader->rows == NULL || reader->whole == NULL) {
        say(error, error_size, "out of memory");
        return 3;
    }
    for (uint32_t y = 0; y < reader->height; y++) { reader->rows[y] = reader->whole + (size_t)y * row_bytes; }
    png_read_image(reader->png, reader->rows);
    png_read_end(reader->png, NULL);
    reader->ended = 1;
    free(reader->rows);
    reader->rows = NULL;
    return 0;
}

int ar_png_reader_open(const uint8_t *data, size_t size, uint64_t max_pixels, size_t whole_budget,
                       ar_png_reader **out, uint32_t *width, uint32_t *height, char *error, size_t error_size) {
    *out = NULL;
    *width = 0;
    *height = 0;
    if (error != NULL && error_size > 0) { error[0] = 0; }
    if (data == NULL || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        say(error, error_size, "it does not start with the PNG signature");
        return 1;
    }
    ar_png_reader *reader = calloc(1, sizeof(ar_png_reader));
    if (reader == NULL) {
        say(error, error_size, "out of memory");
        return 3;
    }
    reader->data = malloc(size);
    if (reader->data == NULL) {
        ar_png_reader_close(reader);
        say(error, error_size, "out of memory");
        return 3;
    }
    memcpy(reader->data, data, size);
    reader->size = size;
    reader->message.text = error;
    reader->message.size = error_size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->message, on_error, on_warning);
    if (reader->png == NULL) {
        ar_png_reader_close(reader);
        say(error, error_size, "out of memory");
        return 3;
    }
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        ar_png_reader_close(reader);
        say(error, error_size, "out of memory");
        return 3;
    }
    /* `reader` is not changed between here and a longjmp back (only what it points to). */
    if (setjmp(png_jmpbuf(reader->png))) {
        ar_png_reader_close(reader);
        return 1;
    }
    /* Limits before the first chunk is read: no ancillary chunk is needed to compare pixels, so
       text, profiles and private chunks are skipped unread (libpng still refuses any chunk
       longer than the malloc cap, from its header, before allocating for it). */
    png_set_user_limits(reader->png, 1000000, 1000000);
    png_set_chunk_cache_max(reader->png, 128);
    png_set_chunk_malloc_max(reader->png, 8000000);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    static const png_byte skipped[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf\0tIME\0pHYs\0bKGD\0hIST\0"
                                      "sBIT\0cHRM\0gAMA\0sRGB\0oFFs\0pCAL\0sCAL";
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, skipped, (int)(sizeof(skipped) / 5));
    /* zlib's Adler-32 of the inflated data is not checked: every chunk's CRC still is, and the
       checksum cost a tenth of decoding. */
#ifdef PNG_IGNORE_ADLER32
    if (png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON) == PNG_OPTION_INVALID) {
        /* This libpng cannot skip it: the checksum is checked, which only costs time. */
    }
#endif
    png_set_read_fn(reader->png, reader, read_bytes);
    png_read_info(reader->png, reader->info);
    png_uint_32 w = png_get_image_width(reader->png, reader->info);
    png_uint_32 h = png_get_image_height(reader->png, reader->info);
    if (w == 0 || h == 0 || (uint64_t)w * (uint64_t)h > max_pixels) {
        if (error != NULL && error_size > 0) {
            snprintf(error, error_size, "it declares %u × %u pixels", (unsigned)w, (unsigned)h);
        }
        ar_png_reader_close(reader);
        return 2;
    }
    int color = png_get_color_type(reader->png, reader->info);
    int depth = png_get_bit_depth(reader->png, reader->info);
    if (color == PNG_COLOR_TYPE_PALETTE) { png_set_palette_to_rgb(reader->png); }
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) { png_set_expand_gray_1_2_4_to_8(reader->png); }
    int transparency = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
    if (transparency) { png_set_tRNS_to_alpha(reader->png); }
    if (depth == 16) { png_set_strip_16(reader->png); }
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) { png_set_gray_to_rgb(reader->png); }
    if (!(color & PNG_COLOR_MASK_ALPHA) && !transparency) { png_set_filler(reader->png, 0xFF, PNG_FILLER_AFTER); }
    int passes = png_set_interlace_handling(reader->png);
    png_read_update_info(reader->png, reader->info);
    if (png_get_rowbytes(reader->png, reader->info) != (size_t)w * 4) {
        say(error, error_size, "its pixel layout is not supported");
        ar_png_reader_close(reader);
        return 1;
    }
    reader->width = w;
    reader->height = h;
    if (passes == 1 && depth == 8 && !transparency &&
        (color == PNG_COLOR_TYPE_RGB || color == PNG_COLOR_TYPE_RGB_ALPHA)) {
        try_whole_stream(reader, color == PNG_COLOR_TYPE_RGB ? 3 : 4, whole_budget);
    }
    if (passes > 1) {
        int status = read_whole(reader, error, error_size);
        if (status != 0) {
            ar_png_reader_close(reader);
            return status;
        }
    }
    *width = w;
    *height = h;
    *out = reader;
    return 0;
}

int ar_png_reader_read_rows(ar_png_reader *reader, uint8_t *out, uint32_t count, char *error, size_t error_size) {
    if (error != NULL && error_size > 0) { error[0] = 0; }
    if (reader == NULL || out == NULL) {
        say(error, error_size, "no reader");
        return 4;
    }
    if (reader->failed) {
        say(error, error_size, "an earlier row could not be read");
        return 1;
    }
    if (count > reader->height - reader->next_row) {
        say(error, error_size, "rows were asked for past the end of the image");
        return 4;
    }
    size_t row_bytes = (size_t)reader->width * 4;
    if (reader->raw != NULL) {
        for (uint32_t i = 0; i < count; i++) {
            ar_png_unfilter_row(reader->raw, reader->stride, reader->channels, reader->width, reader->next_row,
                                out + (size_t)i * row_bytes);
            reader->next_row += 1;
        }
        return 0;
    }
    if (reader->whole != NULL) {
        memcpy(out, reader->whole + (size_t)reader->next_row * row_bytes, (size_t)count * row_bytes);
        reader->next_row += count;
        return 0;
    }
    reader->message.text = error;
    reader->message.size = error_size;
    if (setjmp(png_jmpbuf(reader->png))) {
        reader->failed = 1;
        return 1;
    }
    for (uint32_t i = 0; i < count; i++) {
        png_read_row(reader->png, out + (size_t)i * row_bytes, NULL);
        reader->next_row += 1;
    }
    if (reader->next_row == reader->height && !reader->ended) {
        reader->ended = 1;
        png_read_end(reader->png, NULL);
    }
    return 0;
}
