#include "CPNG.h"
#include "shared.h"

#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* MARK: - Writing */

struct ar_png_writer {
    png_structp png;
    png_infop info;
    uint8_t *out;
    size_t size;
    size_t capacity;
    uint32_t width;
    uint32_t height;
    uint32_t next_row;
    /* 4 (RGBA) or 1 (a palette index). */
    uint32_t bytes_per_pixel;
    int failed;
    int ended;
    struct message message;
};

static void write_bytes(png_structp png, png_bytep data, png_size_t count) {
    struct ar_png_writer *writer = png_get_io_ptr(png);
    if (count > writer->capacity - writer->size) {
        size_t capacity = writer->capacity < 65536 ? 65536 : writer->capacity;
        while (count > capacity - writer->size) {
            if (capacity > SIZE_MAX / 2) { png_error(png, "the image is too large to encode"); }
            capacity *= 2;
        }
        uint8_t *grown = realloc(writer->out, capacity);
        if (grown == NULL) { png_error(png, "out of memory"); }
        writer->out = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->out + writer->size, data, count);
    writer->size += count;
}

static void flush_bytes(png_structp png) { (void)png; }

void ar_png_writer_close(ar_png_writer *writer) {
    if (writer == NULL) { return; }
    if (writer->png != NULL) { png_destroy_write_struct(&writer->png, &writer->info); }
    free(writer->out);
    free(writer);
}

/* Opens a writer: RGBA, or indexed when `palette` is given (`entries` RGB triples). */
static int open_writer(uint32_t width, uint32_t height, int level, int strategy, int filters, const uint8_t *palette,
                       int entries, ar_png_writer **out, char *error, size_t error_size) {
    *out = NULL;
    if (error != NULL && error_size > 0) { error[0] = 0; }
    if (width == 0 || height == 0 || width > 1000000 || height > 1000000) {
        say(error, error_size, "the image has no pixels or is too large");
        return 4;
    }
    if (palette != NULL && (entries < 1 || entries > 256)) {
        say(error, error_size, "a palette has 1 to 256 colours");
        return 4;
    }
    ar_png_writer *writer = calloc(1, sizeof(ar_png_writer));
    if (writer == NULL) {
        say(error, error_size, "out of memory");
        return 3;
    }
    writer->width = width;
    writer->height = height;
    writer->bytes_per_pixel = palette != NULL ? 1 : 4;
    writer->message.text = error;
    writer->message.size = error_size;
    writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->message, on_error, on_warning);
    if (writer->png == NULL) {
        ar_png_writer_close(writer);
        say(error, error_size, "out of memory");
        return 3;
    }
    writer->info = png_create_info_struct(writer->png);
    if (writer->info == NULL) {
        ar_png_writer_close(writer);
        say(error, error_size, "out of memory");
        return 3;
    }
    if (setjmp(png_jmpbuf(writer->png))) {
        ar_png_writer_close(writer);
        return 1;
    }
    png_set_write_fn(writer->png, writer, write_bytes, flush_bytes);
    png_set_IHDR(writer->png, writer->info, width, height, 8,
                 palette != NULL ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette != NULL) {
        png_color colors[256];
        for (int i = 0; i < entries; i++) {
            colors[i].red = palette[3 * i];
            colors[i].green = palette[3 * i + 1];
            colors[i].blue = palette[3 * i + 2];
        }
        png_set_PLTE(writer->png, writer->info, colors, entries);
    }
    png_set_compression_level(writer->png, level < 0 ? 0 : level > 9 ? 9 : level);
    png_set_compression_strategy(writer->png, strategy < 0 || strategy > 3 ? 0 : strategy);
    if (filters != 0) { png_set_filter(writer->png, PNG_FILTER_TYPE_BASE, filters); }
    png_write_info(writer->png, writer->info);
    *out = writer;
    return 0;
}

int ar_png_writer_open(uint32_t width, uint32_t height, int level, int strategy, int filters,
                       ar_png_writer **out, char *error, size_t error_size) {
    return open_writer(width, height, level, strategy, filters, NULL, 0, out, error, error_size);
}

int ar_png_writer_open_indexed(uint32_t width, uint32_t height, int level, int strategy, int filters,
                               const uint8_t *palette, int entries, ar_png_writer **out, char *error,
                               size_t error_size) {
    if (palette == NULL) {
        *out = NULL;
        say(error, error_size, "no palette");
        return 4;
    }
    return open_writer(width, height, level, strategy, filters, palette, entries, out, error, error_size);
}

int ar_png_writer_write_rows(ar_png_writer *writer, const uint8_t *rows, uint32_t count, char *error,
                             size_t error_size) {
    if (error != NULL && error_size > 0) { error[0] = 0; }
    if (writer == NULL || rows == NULL) {
        say(error, error_size, "no writer");
        return 4;
    }
    if (writer->failed) {
        say(error, error_size, "an earlier row could not be encoded");
        return 1;
    }
    if (count > writer->height - writer->next_row) {
        say(error, error_size, "more rows than the image has were written");
        return 4;
    }
    writer->message.text = error;
    writer->message.size = error_size;
    if (setjmp(png_jmpbuf(writer->png))) {
        writer->failed = 1;
        return 1;
    }
    size_t row_bytes = (size_t)writer->width * writer->bytes_per_pixel;
    for (uint32_t i = 0; i < count; i++) {
        png_write_row(writer->png, rows + (size_t)i * row_bytes);
        writer->next_row += 1;
    }
    return 0;
}

int ar_png_writer_finish(ar_png_writer *writer, size_t *size, char *error, size_t error_size) {
    *size = 0;
    if (error != NULL && error_size > 0) { error[0] = 0; }
    if (writer == NULL) {
        say(error, error_size, "no writer");
        return 4;
    }
    if (writer->failed) {
        say(error, error_size, "an earlier row could not be encoded");
        return 1;
    }
    if (writer->next_row != writer->height) {
        say(error, error_size, "not every row was written");
        return 4;
    }
    if (!writer->ended) {
        writer->message.text = error;
        writer->message.size = error_size;
        if (setjmp(png_jmpbuf(writer->png))) {
            writer->failed = 1;
            return 1;
        }
        png_write_end(writer->png, NULL);
        writer->ended = 1;
    }
    *size = writer->size;
    return 0;
}

void ar_png_writer_copy(const ar_png_writer *writer, uint8_t *out, size_t capacity) {
    if (writer == NULL || out == NULL || !writer->ended) { return; }
    memcpy(out, writer->out, capacity < writer->size ? capacity : writer->size);
}
