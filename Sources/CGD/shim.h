#ifndef ALBUMREPORT_CGD_SHIM_H
#define ALBUMREPORT_CGD_SHIM_H

#include <gd.h>
#include <gd_errors.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <zlib.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <fribidi/fribidi.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* gd exposes several accessors as macros, which Swift cannot import; these wrap them. */

static inline int ar_gd_width(gdImagePtr im) { return gdImageSX(im); }
static inline int ar_gd_height(gdImagePtr im) { return gdImageSY(im); }
static inline int ar_gd_is_truecolor(gdImagePtr im) { return gdImageTrueColor(im); }
static inline int ar_gd_truecolor_alpha(int r, int g, int b, int a) { return gdTrueColorAlpha(r, g, b, a); }

/* Direct access to one row of a truecolor image (tpixels[y]), or NULL when the image is not
   truecolor or `y` is outside it. */
static inline int *ar_gd_truecolor_row(gdImagePtr im, int y) {
    if (im == NULL || !im->trueColor || im->tpixels == NULL || y < 0 || y >= im->sy) { return NULL; }
    return im->tpixels[y];
}

/* The rows of a truecolor image made by ar_gd_create_chunked, a chunk at a time: as many rows as
   fit in 256 KiB (one at least). */
static inline int ar_gd_rows_per_chunk(int sx) {
    size_t row = sizeof(int) * (size_t)(sx > 0 ? sx : 1);
    size_t rows = ((size_t)256 << 10) / row;
    return rows > 0 ? (int)rows : 1;
}

/* A truecolor image of `sx` × `sy` pixels, left as they are (the caller fills them, with an
   opaque colour first: a translucent one blends with what is there), whose rows
   come from malloc a chunk of rows at a time: gdImageCreateTrueColor callocs every row apart,
   2,556 calls a card, each taking the C library's heap lock and clearing its row. The chunks
   stay under malloc's mapping threshold, so a freed canvas's memory serves the next one, and
   the other allocations of a run, as libgd's own rows did. libgd keeps the rows in `tpixels`
   and derives only `sy` and the clip's bottom `cy2` from the height, so the image is made one
   row tall and then given the chunks' rows. Destroy it with ar_gd_destroy_chunked only. NULL
   when memory runs out (nothing is left allocated then). */
static inline gdImagePtr ar_gd_create_chunked(int sx, int sy) {
    /* libgd's own limit on the pixel count (its overflow check of sx × sy). */
    if (sx <= 0 || sy <= 0 || sx > INT_MAX / sy) { return NULL; }
    int **rows = malloc(sizeof(int *) * (size_t)sy);
    if (rows == NULL) { return NULL; }
    gdImagePtr im = gdImageCreateTrueColor(sx, 1);
    if (im == NULL || im->tpixels == NULL) {
        if (im != NULL) { gdImageDestroy(im); }
        free(rows);
        return NULL;
    }
    int chunk = ar_gd_rows_per_chunk(sx);
    for (int y = 0; y < sy; y += chunk) {
        int count = sy - y < chunk ? sy - y : chunk;
        int *block = malloc(sizeof(int) * (size_t)sx * (size_t)count);
        if (block == NULL) {
            for (int made = 0; made < y; made += chunk) { free(rows[made]); }
            free(rows);
            gdImageDestroy(im);
            return NULL;
        }
        for (int i = 0; i < count; i++) { rows[y + i] = block + (size_t)i * (size_t)sx; }
    }
    gdFree(im->tpixels[0]);
    gdFree(im->tpixels);
    im->tpixels = rows;
    im->sy = sy;
    im->cy2 = sy - 1;
    return im;
}

/* Destroys an image made by ar_gd_create_chunked: its chunks and row table, then the rest as
   libgd does. */
static inline void ar_gd_destroy_chunked(gdImagePtr im) {
    if (im == NULL) { return; }
    if (im->tpixels != NULL) {
        int chunk = ar_gd_rows_per_chunk(im->sx);
        for (int y = 0; y < im->sy; y += chunk) { free(im->tpixels[y]); }
        free(im->tpixels);
        im->tpixels = NULL;
    }
    gdImageDestroy(im);
}

/* FreeType face fields used for vertical metrics (the struct is imported, but keep access in one place). */
static inline long ar_ft_ascender(FT_Face face) { return face->ascender; }
static inline long ar_ft_descender(FT_Face face) { return face->descender; }

/* FreeType flags are macros with casts; these read them. */
static inline int ar_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int ar_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int ar_ft_load_color(void) { return FT_LOAD_COLOR; }
static inline int ar_ft_load_no_hinting(void) { return FT_LOAD_NO_HINTING; }
static inline int ar_ft_load_no_bitmap(void) { return FT_LOAD_NO_BITMAP; }

/* FriBidi's paragraph types are macros. This resolves the embedding level of each of `length`
   code points (UAX #9) for a paragraph of direction `base` (0 left to right, 1 right to left,
   -1 from its first strong character) and returns the paragraph's direction (0 or 1), or -1
   when FriBidi fails. */
static inline int ar_bidi_levels(const uint32_t *text, int length, int base, int8_t *levels) {
    if (length <= 0) { return base == 1 ? 1 : 0; }
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
    if (types == NULL || brackets == NULL) { free(types); free(brackets); return -1; }
    fribidi_get_bidi_types(text, length, types);
    fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiParType direction = base == 0 ? FRIBIDI_PAR_LTR : (base == 1 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON);
    FriBidiLevel maximum = fribidi_get_par_embedding_levels_ex(
        types, brackets, length, &direction, (FriBidiLevel *)levels);
    free(types);
    free(brackets);
    if (maximum == 0) { return -1; }
    return FRIBIDI_IS_RTL(direction) ? 1 : 0;
}

/* The direction of a paragraph from its first strong character (UAX #9 P2–P3): 1 right to
   left, 0 left to right or no strong character. */
static inline int ar_bidi_paragraph_direction(const uint32_t *text, int length) {
    if (length <= 0) { return 0; }
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    if (types == NULL) { return 0; }
    fribidi_get_bidi_types(text, length, types);
    FriBidiParType direction = fribidi_get_par_direction(types, length);
    free(types);
    return FRIBIDI_IS_RTL(direction) ? 1 : 0;
}

/* Asks Linux to back `length` bytes at `address` with huge pages and to fault them all in now, in
   one call, instead of 4 KiB page by page as they are first written. Only advice: 0 when both were
   taken, -1 otherwise (an older kernel or C library; the pages then arrive on first write). */
static inline int ar_prefault_huge(void *address, size_t length) {
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MADV_POPULATE_WRITE)
    int huge = madvise(address, length, MADV_HUGEPAGE);
    int populated = madvise(address, length, MADV_POPULATE_WRITE);
    return huge == 0 && populated == 0 ? 0 : -1;
#else
    (void)address;
    (void)length;
    return -1;
#endif
}

#endif
