/* What CPNG's reading and writing halves share: libpng's error and warning handlers, which
   write the message where each call asked for it. Not part of the module's interface. */
#ifndef CPNG_SHARED_H
#define CPNG_SHARED_H

#include <png.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Where libpng's error handler writes its message: set by each call before it enters libpng. */
struct message {
    char *text;
    size_t size;
};

static inline void on_error(png_structp png, png_const_charp text) {
    struct message *message = png_get_error_ptr(png);
    if (message != NULL && message->text != NULL && message->size > 0) {
        snprintf(message->text, message->size, "%s", text ? text : "damaged data");
    }
    png_longjmp(png, 1);
}

static inline void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static inline void say(char *error, size_t error_size, const char *text) {
    if (error != NULL && error_size > 0) { snprintf(error, error_size, "%s", text); }
}

/* Unfilters row `y` of the whole stream's filtered rows `raw` (each a filter byte, then `channels`
   × `width` bytes; the row above already unfiltered) in place, and writes it to `out` as RGBA. */
void ar_png_unfilter_row(uint8_t *raw, size_t stride, uint32_t channels, uint32_t width, uint32_t y, uint8_t *out);

#endif
