#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
    char *error;
    size_t error_size;
};

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    struct reader *reader = png_get_io_ptr(png);
    if (count > reader->size - reader->offset) { png_error(png, "the data ends early"); }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

static void on_error(png_structp png, png_const_charp message) {
    struct reader *reader = png_get_error_ptr(png);
    snprintf(reader->error, reader->error_size, "%s", message ? message : "damaged data");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int ar_png_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t *width, uint32_t *height,
                       uint8_t **pixels, char *error, size_t error_size) {
    *pixels = NULL;
    if (error_size > 0) { error[0] = 0; }
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(error, error_size, "it does not start with the PNG signature");
        return 1;
    }
    struct reader reader = {data, size, 0, error, error_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, on_error, on_warning);
    if (png == NULL) { snprintf(error, error_size, "out of memory"); return 3; }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(error, error_size, "out of memory");
        return 3;
    }
    uint8_t *volatile out = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(out);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    /* Limits before the first chunk is read: no ancillary chunk is needed to compare pixels, so
       text, profiles and private chunks are skipped unread (libpng still refuses any chunk
       longer than the malloc cap, from its header, before allocating for it). */
    png_set_user_limits(png, 1000000, 1000000);
    png_set_chunk_cache_max(png, 128);
    png_set_chunk_malloc_max(png, 8000000);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    static const png_byte skipped[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf\0tIME\0pHYs\0bKGD\0hIST\0"
                                      "sBIT\0cHRM\0gAMA\0sRGB\0oFFs\0pCAL\0sCAL";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, (int)(sizeof(skipped) / 5));
    png_set_read_fn(png, &reader, read_bytes);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if (w == 0 || h == 0 || (uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(error, error_size, "it declares %u × %u pixels", (unsigned)w, (unsigned)h);
        png_destroy_read_struct(&png, &info, NULL);
        return 2;
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) { png_set_palette_to_rgb(png); }
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) { png_set_expand_gray_1_2_4_to_8(png); }
    if (png_get_valid(png, info, PNG_INFO_tRNS)) { png_set_tRNS_to_alpha(png); }
    if (depth == 16) { png_set_strip_16(png); }
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) { png_set_gray_to_rgb(png); }
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        snprintf(error, error_size, "its pixel layout is not supported");
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    out = malloc((size_t)w * (size_t)h * 4);
    rows = malloc(sizeof(png_bytep) * (size_t)h);
    if (out == NULL || rows == NULL) {
        free(out);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        snprintf(error, error_size, "out of memory");
        return 3;
    }
    for (png_uint_32 y = 0; y < h; y++) { rows[y] = out + (size_t)y * (size_t)w * 4; }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *width = w;
    *height = h;
    *pixels = out;
    return 0;
}

void ar_png_free(uint8_t *pixels) { free(pixels); }
