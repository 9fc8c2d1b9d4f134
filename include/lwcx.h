/*
 * lwcx — fast, verified lightweight and symmetric post-quantum cryptography.
 *
 * One header, plain C11. Every primitive has a reference implementation
 * ("ref") and optimized ones; the library picks the fastest one this CPU
 * supports the first time a primitive is used (no init call needed). Any
 * implementation can be forced with lwcx_impl_select() or with the
 * environment variable LWCX_IMPL, e.g. LWCX_IMPL="kcc23p4:portable" or
 * LWCX_IMPL="ref" (a bare name applies to every primitive that has it).
 *
 * All functions return LWCX_OK (0) or a negative lwcx_status; they never
 * abort on bad input.
 */
#ifndef LWCX_H
#define LWCX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define LWCX_API
#else
#define LWCX_API __attribute__((visibility("default")))
#endif

#define LWCX_VERSION_STRING "0.1.0"

/* ------------------------------------------------------------------ */
/* Status codes                                                        */
/* ------------------------------------------------------------------ */
typedef enum lwcx_status {
    LWCX_OK = 0,
    LWCX_ERR_NULL = -1,        /* a required pointer was NULL */
    LWCX_ERR_LENGTH = -2,      /* a length is out of range or not a multiple of the block */
    LWCX_ERR_AUTH = -3,        /* authentication tag mismatch: no plaintext released */
    LWCX_ERR_NO_IMPL = -4,     /* no such primitive or implementation */
    LWCX_ERR_UNSUPPORTED = -5, /* implementation not supported by this CPU or build */
    LWCX_ERR_ARG = -6          /* another argument is invalid */
} lwcx_status;

/* A static, human-readable message for a status code. */
LWCX_API const char *lwcx_strerror(int status);
LWCX_API const char *lwcx_version(void);

/* ------------------------------------------------------------------ */
/* CPU features and the implementation registry                        */
/* ------------------------------------------------------------------ */
enum {
    LWCX_CPU_SSSE3 = 1u << 0,
    LWCX_CPU_SSE41 = 1u << 1,
    LWCX_CPU_AVX2 = 1u << 2,   /* includes the OS (XCR0) check for YMM state */
    LWCX_CPU_BMI2 = 1u << 3,
    LWCX_CPU_PCLMUL = 1u << 4,
    LWCX_CPU_VPCLMUL = 1u << 5,
    LWCX_CPU_AESNI = 1u << 6,
    LWCX_CPU_AVX512 = 1u << 7, /* F+BW+VL, with the OS (XCR0) check for ZMM state */
    LWCX_CPU_GFNI = 1u << 8,   /* Galois-field instructions (VEX forms need AVX) */
    LWCX_CPU_NEON = 1u << 16,  /* aarch64 Advanced SIMD */
    LWCX_CPU_PMULL = 1u << 17, /* aarch64 64x64 polynomial multiply */
    LWCX_CPU_ARMAES = 1u << 18
};

/* Features detected on this CPU (detected once, thread-safe). */
LWCX_API uint32_t lwcx_cpu_features(void);
/* Writes a space-separated list of feature names; returns buf. */
LWCX_API const char *lwcx_cpu_features_string(uint32_t features, char *buf, size_t len);
/* The CPU's model name, or "unknown". */
LWCX_API const char *lwcx_cpu_model(void);

typedef struct lwcx_impl_info {
    const char *primitive;   /* e.g. "kcc23p4" */
    const char *name;        /* e.g. "avx2" */
    const char *description; /* one line: the strategy */
    uint32_t features;       /* LWCX_CPU_* bits required */
    unsigned batch;          /* natural batch width (blocks or lanes per step) */
    int available;           /* compiled in and supported by this CPU */
    int selected;            /* currently used by the public API */
} lwcx_impl_info;

/* Primitives: index 0..lwcx_primitive_count()-1; NULL past the end. */
LWCX_API size_t lwcx_primitive_count(void);
LWCX_API const char *lwcx_primitive_name(size_t index);
LWCX_API const char *lwcx_primitive_description(const char *primitive);

/* Implementations of one primitive, in order of preference (fastest first). */
LWCX_API size_t lwcx_impl_count(const char *primitive);
LWCX_API int lwcx_impl_get(const char *primitive, size_t index, lwcx_impl_info *info);

/* Force an implementation by name, or pass name = NULL to return to automatic
 * selection. Fails with LWCX_ERR_UNSUPPORTED if this CPU lacks its features.
 * Process-wide; not meant to be changed while other threads use the primitive. */
LWCX_API int lwcx_impl_select(const char *primitive, const char *name);
/* Name of the implementation currently used (selecting it now if needed). */
LWCX_API const char *lwcx_impl_selected(const char *primitive);

/* Zeroes memory in a way the compiler may not remove. */
LWCX_API void lwcx_wipe(void *p, size_t len);
/* Constant-time comparison: 0 if equal, -1 otherwise. */
LWCX_API int lwcx_ct_compare(const void *a, const void *b, size_t len);

/* ------------------------------------------------------------------ */
/* kcc23-p4: 64-bit block, 64-bit key, 80 rounds                       */
/* (SPECK-like key schedule, SIMON-like round function)                */
/*                                                                      */
/* Byte conventions: a block is two 32-bit words w0, w1, each stored    */
/* little-endian, w0 first; a key likewise. On little-endian machines   */
/* this is exactly the memory of the official uint32_t[2] arrays.       */
/* ------------------------------------------------------------------ */
#define LWCX_KCC23P4_BLOCK_BYTES 8
#define LWCX_KCC23P4_KEY_BYTES 8
#define LWCX_KCC23P4_ROUNDS 80

/* An expanded key: the 80 round keys. Wipe with lwcx_wipe() after use. */
typedef struct lwcx_kcc23p4_key {
    uint32_t rk[LWCX_KCC23P4_ROUNDS];
} lwcx_kcc23p4_key;

/* Many keys: block i of in (8*nblocks bytes) is processed under key i of keys
 * (8*nblocks bytes). out may equal in. This is the official harness shape. */
LWCX_API int lwcx_kcc23p4_encrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys,
                                       size_t nblocks);
LWCX_API int lwcx_kcc23p4_decrypt_keys(uint8_t *out, const uint8_t *in, const uint8_t *keys,
                                       size_t nblocks);

/* One key: expand once, then ECB or CTR over any number of blocks. */
LWCX_API int lwcx_kcc23p4_expand_key(lwcx_kcc23p4_key *ks, const uint8_t key[8]);
/* ECB: len must be a multiple of 8. out may equal in. */
LWCX_API int lwcx_kcc23p4_ecb_encrypt(const lwcx_kcc23p4_key *ks, uint8_t *out, const uint8_t *in,
                                      size_t len);
LWCX_API int lwcx_kcc23p4_ecb_decrypt(const lwcx_kcc23p4_key *ks, uint8_t *out, const uint8_t *in,
                                      size_t len);
/* CTR (encryption and decryption are the same operation), any length.
 * Counter block j (j = 0, 1, ...) is the 64-bit little-endian integer
 * iv + j (mod 2^64), where iv is read as a little-endian 64-bit integer; so
 * w0 is its low 32 bits and w1 its high 32 bits. Keystream block j is the
 * encryption of counter block j, XORed into bytes 8j..8j+7.
 * With a 64-bit block, never encrypt more than 2^32 blocks under one key,
 * and never reuse a counter range under the same key. out may equal in. */
LWCX_API int lwcx_kcc23p4_ctr(const lwcx_kcc23p4_key *ks, const uint8_t iv[8], uint8_t *out,
                              const uint8_t *in, size_t len);

/* ------------------------------------------------------------------ */
/* kcc24-p6: the 2024 contest AEAD ("modified GCM": CTR mode with an    */
/* 8-byte ARX block cipher, 8-byte tag over GF(2^64))                   */
/*                                                                      */
/* Messages are 0..255 bytes. Only the first 8*floor(len/8) bytes are   */
/* encrypted and authenticated, as the contest specifies: these         */
/* functions read and write exactly lwcx_kcc24p6_processed_len(len)     */
/* bytes of the input and output, and never touch the trailing          */
/* len % 8 bytes of either buffer. The nonce is fixed by the design     */
/* (counter block i = [i, 12 34 56 78 9A BC DE]), so a key must never   */
/* encrypt two different messages; and the tag depends only on the     */
/* ciphertext and its length, not on the key, so it detects changes to  */
/* the ciphertext but not a wrong key. This is a contest cipher, not a  */
/* general-purpose AEAD.                                                */
/* ------------------------------------------------------------------ */
#define LWCX_KCC24P6_KEY_BYTES 8
#define LWCX_KCC24P6_TAG_BYTES 8
#define LWCX_KCC24P6_MAX_BYTES 255

/* The number of bytes that are encrypted and authenticated: 8*floor(len/8). */
LWCX_API size_t lwcx_kcc24p6_processed_len(size_t len);

/* Encrypts and tags. ct may equal pt. Errors: LWCX_ERR_NULL, LWCX_ERR_LENGTH (len > 255). */
LWCX_API int lwcx_kcc24p6_encrypt(uint8_t *ct, uint8_t tag[8], const uint8_t *pt, size_t len,
                                  const uint8_t key[8]);
/* Recomputes the tag over ct and compares it in constant time; only if it
 * matches is pt written. On LWCX_ERR_AUTH nothing is written. pt may equal ct. */
LWCX_API int lwcx_kcc24p6_decrypt(uint8_t *pt, const uint8_t *ct, size_t len, const uint8_t tag[8],
                                  const uint8_t key[8]);

/* ------------------------------------------------------------------ */
/* SPARKLE permutations                                                 */
/* ------------------------------------------------------------------ */
/* Permutes a 32-, 48- or 64-byte state (SPARKLE256/384/512; words are
 * little-endian, x0 y0 x1 y1 ...) with the given number of steps (1..12;
 * the design uses 7/10, 7/11 and 8/12 slim/big steps). */
LWCX_API int lwcx_sparkle_permute(uint8_t *state, size_t state_bytes, unsigned steps);

#ifdef __cplusplus
}
#endif
#endif /* LWCX_H */
