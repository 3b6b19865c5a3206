#ifndef ALBUMREPORT_CGD_SHIM_H
#define ALBUMREPORT_CGD_SHIM_H

#include <gd.h>
#include <gd_errors.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdarg.h>
#include <zlib.h>
#include <libdeflate.h>
#include <stdio.h>

/* gd exposes several accessors as macros, which Swift cannot import; these wrap them. */

static inline int ar_gd_width(gdImagePtr im) { return gdImageSX(im); }
static inline int ar_gd_height(gdImagePtr im) { return gdImageSY(im); }
static inline int ar_gd_is_truecolor(gdImagePtr im) { return gdImageTrueColor(im); }
static inline int ar_gd_truecolor_alpha(int r, int g, int b, int a) { return gdTrueColorAlpha(r, g, b, a); }

/* Direct access to one row of a truecolor image (tpixels[y]); the caller owns bounds checks. */
static inline int *ar_gd_truecolor_row(gdImagePtr im, int y) { return im->tpixels[y]; }

/* gd reports decoder problems (a truncated JPEG, a bad PNG chunk) through one global callback
   that prints to stderr by default. The formatted message is handed to a plain C callback so
   that Swift can route it to its logger without touching va_list. */
typedef void (*ar_gd_message_sink)(int priority, const char *message);
static ar_gd_message_sink ar_gd_sink = 0;
static inline void ar_gd_forward_error(int priority, const char *format, va_list args) {
    char buffer[512];
    vsnprintf(buffer, sizeof buffer, format, args);
    if (ar_gd_sink) { ar_gd_sink(priority, buffer); }
}
static inline void ar_gd_set_message_sink(ar_gd_message_sink sink) {
    ar_gd_sink = sink;
    gdSetErrorMethod(ar_gd_forward_error);
}

/* FreeType face fields used for vertical metrics (the struct is imported, but keep access in one place). */
static inline long ar_ft_units_per_em(FT_Face face) { return face->units_per_EM; }
static inline long ar_ft_ascender(FT_Face face) { return face->ascender; }
static inline long ar_ft_descender(FT_Face face) { return face->descender; }

#endif
