#include "shared.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The Paeth predictor without branches: pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|. */
static inline uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int pa = abs((int)b - (int)c), pb = abs((int)a - (int)c), pc = abs((int)a + (int)b - 2 * (int)c);
    int smallest = pb < pa ? pb : pa;
    smallest = pc < smallest ? pc : smallest;
    return pa == smallest ? a : pb == smallest ? b : c;
}

void ar_png_unfilter_row(uint8_t *raw, size_t stride, uint32_t channels, uint32_t width, uint32_t y, uint8_t *out) {
    size_t length = stride - 1, bpp = channels;
    uint8_t *row = raw + (size_t)y * stride;
    uint8_t filter = row[0];
    uint8_t *current = row + 1;
    const uint8_t *above = y > 0 ? current - stride : NULL;
    switch (filter) {
    case 1:
        for (size_t i = bpp; i < length; i++) { current[i] = (uint8_t)(current[i] + current[i - bpp]); }
        break;
    case 2:
        if (above != NULL) {
            for (size_t i = 0; i < length; i++) { current[i] = (uint8_t)(current[i] + above[i]); }
        }
        break;
    case 3:
        for (size_t i = 0; i < length; i++) {
            unsigned left = i >= bpp ? current[i - bpp] : 0, up = above != NULL ? above[i] : 0;
            current[i] = (uint8_t)(current[i] + ((left + up) >> 1));
        }
        break;
    case 4:
        for (size_t i = 0; i < length; i++) {
            uint8_t left = i >= bpp ? current[i - bpp] : 0, up = above != NULL ? above[i] : 0;
            uint8_t corner = i >= bpp && above != NULL ? above[i - bpp] : 0;
            current[i] = (uint8_t)(current[i] + paeth(left, up, corner));
        }
        break;
    default:
        break;
    }
    if (bpp == 4) {
        memcpy(out, current, length);
    } else {
        for (size_t x = 0; x < width; x++) {
            uint8_t pixel[4] = {current[3 * x], current[3 * x + 1], current[3 * x + 2], 0xFF};
            memcpy(out + 4 * x, pixel, 4);
        }
    }
}
