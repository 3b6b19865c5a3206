#include "CDigest.h"

#include <openssl/evp.h>

int ar_sha256(const void *data, size_t size, uint8_t digest[32]) {
    unsigned int length = 0;
    if (digest == NULL || (data == NULL && size > 0)) return 0;
    if (EVP_Digest(data, size, digest, &length, EVP_sha256(), NULL) != 1) return 0;
    return length == 32;
}

void *ar_sha256_begin(void) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return NULL;
    if (EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    return context;
}

int ar_sha256_update(void *state, const void *data, size_t size) {
    if (state == NULL || (data == NULL && size > 0)) return 0;
    if (size == 0) return 1;
    return EVP_DigestUpdate((EVP_MD_CTX *)state, data, size) == 1;
}

int ar_sha256_end(void *state, uint8_t digest[32]) {
    unsigned int length = 0;
    int ok;
    if (state == NULL) return 0;
    ok = digest != NULL && EVP_DigestFinal_ex((EVP_MD_CTX *)state, digest, &length) == 1 && length == 32;
    EVP_MD_CTX_free((EVP_MD_CTX *)state);
    return ok;
}

void ar_sha256_free(void *state) {
    EVP_MD_CTX_free((EVP_MD_CTX *)state);
}
