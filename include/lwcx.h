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
 *
 * Buffers: each function says which of its buffers may share memory. "out
 * may equal in": that output may be the very same buffer as that input
 * (the same address; any other overlap is refused). "may overlap in any
 * way": any overlap gives the same result as separate buffers. Otherwise
 * every output is disjoint from every other argument (keys, nonces, tags,
 * IVs, other inputs and outputs, contexts). The block-cipher, AEAD, hash and
 * stream calls, and AIMer's key generation and signing, check the buffers
 * of each call: an overlap they do not allow returns LWCX_ERR_ARG before
 * anything is written, whichever implementation runs. A batch call (_many)
 * checks each message's buffers against each other, not against other
 * messages'; an incremental call cannot see earlier calls' buffers.
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

/* A status that must not be dropped: GNU compilers warn when a caller
 * ignores it (an error in lwcx's own builds). Define LWCX_NODISCARD empty
 * before including this header to turn it off. */
#ifndef LWCX_NODISCARD
#if defined(__GNUC__) || defined(__clang__)
#define LWCX_NODISCARD __attribute__((warn_unused_result))
#else
#define LWCX_NODISCARD
#endif
#endif

/* The version, written only here (CMake reads it from these lines). */
#define LWCX_VERSION_MAJOR 0
#define LWCX_VERSION_MINOR 1
#define LWCX_VERSION_PATCH 0
#define LWCX_VERSION_STR_(x) #x
#define LWCX_VERSION_XSTR_(x) LWCX_VERSION_STR_(x)
#define LWCX_VERSION_STRING                                                                        \
    LWCX_VERSION_XSTR_(LWCX_VERSION_MAJOR) "." LWCX_VERSION_XSTR_(LWCX_VERSION_MINOR) "."          \
        LWCX_VERSION_XSTR_(LWCX_VERSION_PATCH)

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
    LWCX_ERR_ARG = -6,         /* another argument is invalid */
    LWCX_ERR_NOMEM = -7,       /* out of memory */
    LWCX_ERR_FORMAT = -8,      /* malformed or foreign data (a stream header, a key-search record) */
    LWCX_ERR_IMPL_ENV = -9     /* LWCX_IMPL names an unknown or unavailable implementation */
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
    LWCX_CPU_BMI1 = 1u << 9,   /* andn and the other BMI1 bit instructions */
    /* not an instruction set: AVX-512 whose 512-bit operations run at full
     * width (Intel's AVX-512 cores, AMD from Zen 5), not as two 256-bit
     * halves (Zen 4); the automatic choice asks for it where only then does
     * the zmm kernel beat the ymm one */
    LWCX_CPU_ZMM_FULL = 1u << 10,
    LWCX_CPU_VBMI = 1u << 11,  /* AVX-512 VBMI byte permutes (vpermb); only with AVX-512 */
    LWCX_CPU_VBMI2 = 1u << 12, /* AVX-512 VBMI2 concatenate-and-shift (vpshldw); only with AVX-512 */
    LWCX_CPU_NEON = 1u << 16,  /* aarch64 Advanced SIMD */
    LWCX_CPU_PMULL = 1u << 17, /* aarch64 64x64 polynomial multiply */
    LWCX_CPU_ARMAES = 1u << 18,
    LWCX_CPU_SHA3 = 1u << 19   /* aarch64 ARMv8.2 SHA3: EOR3, RAX1, XAR, BCAX */
};

/* Features detected on this CPU (detected once, thread-safe). */
LWCX_API uint32_t lwcx_cpu_features(void);
/* Writes a space-separated list of feature names; returns buf. */
LWCX_API const char *lwcx_cpu_features_string(uint32_t features, char *buf, size_t len);
/* The CPU's model name, or "unknown". */
LWCX_API const char *lwcx_cpu_model(void);

/* One implementation of one primitive: a handle from the registry, valid for
 * the life of the process. Every operation has a form ending in _with that
 * takes a handle as its first argument and runs exactly that implementation
 * (LWCX_ERR_UNSUPPORTED if this machine cannot run it, LWCX_ERR_NO_IMPL if it
 * belongs to another primitive); a NULL handle means the automatic choice,
 * which is what the forms without _with use. No global state is involved,
 * so tests, benchmarks and bindings can run any implementation from any
 * thread. */
typedef struct lwcx_impl lwcx_impl;

/* Primitives: index 0..lwcx_primitive_count()-1; NULL past the end. */
LWCX_API size_t lwcx_primitive_count(void);
LWCX_API const char *lwcx_primitive_name(size_t index);
LWCX_API const char *lwcx_primitive_description(const char *primitive);

/* Implementations of one primitive, in order of preference (fastest first):
 * index 0..lwcx_impl_count()-1, NULL past the end or for an unknown primitive. */
LWCX_API size_t lwcx_impl_count(const char *primitive);
LWCX_API const lwcx_impl *lwcx_impl_at(const char *primitive, size_t index);
/* By name; NULL if the primitive or the implementation is unknown. */
LWCX_API const lwcx_impl *lwcx_impl_find(const char *primitive, const char *name);

/* What a handle is (NULL or "" / 0 for a NULL handle). */
LWCX_API const char *lwcx_impl_name(const lwcx_impl *impl);        /* e.g. "avx2" */
LWCX_API const char *lwcx_impl_primitive(const lwcx_impl *impl);   /* e.g. "kcc23p4" */
LWCX_API const char *lwcx_impl_description(const lwcx_impl *impl); /* one line: the strategy */
LWCX_API uint32_t lwcx_impl_features(const lwcx_impl *impl);       /* LWCX_CPU_* bits required */
LWCX_API unsigned lwcx_impl_batch(const lwcx_impl *impl); /* natural batch (blocks or lanes per step) */
/* 1 if this machine can run it; otherwise 0 and, when why is not NULL, *why
 * gets a static reason ("needs avx2", "no CUDA device", ...). */
LWCX_API int lwcx_impl_available(const lwcx_impl *impl, const char **why);
/* A GPU implementation's devices (cuda: every CUDA device; opencl: every
 * GPU, or those lwcx_opencl_set_devices or LWCX_OPENCL_DEVICE name): a key
 * search through it runs one thread per device by default (threads = 0).
 * 0 for a CPU implementation or an unavailable one. */
LWCX_API unsigned lwcx_impl_devices(const lwcx_impl *impl);
/* Work a device implementation (cuda, opencl) finished on the CPU because
 * a device call failed in the middle of an operation: the results are
 * right (the same kernel bodies run on the CPU), but the device did not
 * compute them. Returns how many operations (ECB, CTR, many-keys calls,
 * key-search ranges) fell back since the process started, counted for the
 * backend (every cipher's cuda together); *batches (may be NULL) gets the
 * batches of 32 blocks or keys they held, *why (may be NULL) the first
 * failure in words, or NULL. Compare before and after a call to learn
 * whether it ran on the device. 0 for a CPU implementation. Emulation
 * (LWCX_CUDA_EMULATE) is no fallback. */
LWCX_API uint64_t lwcx_impl_fallbacks(const lwcx_impl *impl, uint64_t *batches, const char **why);
/* The OpenCL devices the opencl implementation uses: indices (each at most
 * 1000) into all platforms' devices in the order the ICD loader lists them;
 * n = 0: the default, every GPU and accelerator (a CPU device only when
 * named). Overrides LWCX_OPENCL_DEVICE, the user's choice when no list is
 * set. Takes effect only before opencl's first use (any call, its
 * availability, lwcx_impl_devices): afterwards another list fails with
 * LWCX_ERR_ARG. LWCX_ERR_ARG for more than 16 devices or an index above
 * 1000, LWCX_ERR_NULL for devices NULL with n > 0. */
LWCX_API LWCX_NODISCARD int lwcx_opencl_set_devices(const unsigned *devices, size_t n);
/* The CUDA devices the cuda implementation uses: ordinals as the driver
 * lists them (after CUDA_VISIBLE_DEVICES), each at most 1000; n = 0: the
 * default, every device. With LWCX_CUDA_EMULATE, indices into the emulated
 * devices. Bulk calls (ECB, CTR, many keys) are shared among the devices
 * used, and a key search runs a thread on each. Takes effect only before
 * cuda's first use (any call, its availability, lwcx_impl_devices):
 * afterwards another list fails with LWCX_ERR_ARG; a device that does not
 * exist makes cuda unavailable, saying so. LWCX_ERR_ARG for more than 16
 * devices or an index above 1000, LWCX_ERR_NULL for devices NULL with
 * n > 0. */
LWCX_API LWCX_NODISCARD int lwcx_cuda_set_devices(const unsigned *devices, size_t n);
/* 1 if its running time and memory addresses do not depend on the key or
 * other secrets; 0 for implementations that index tables with key bits
 * (e.g. PRESENT and GIFT ref). */
LWCX_API int lwcx_impl_constant_time(const lwcx_impl *impl);

/* The automatic choice for a primitive (made now if not yet): LWCX_IMPL's
 * entry, else the selection policy's default (docs/design/selection.md;
 * lwcx_impl_explain shows it for this machine). NULL for an unknown
 * primitive or an invalid LWCX_IMPL. One exception when nothing is named
 * (LWCX_IMPL, lwcx_impl_select): one-key ECB and CTR calls of a block
 * cipher from 1 MiB (LWCX_CUDA_AUTO_BYTES) run on a CUDA GPU if present. */
LWCX_API const lwcx_impl *lwcx_impl_auto(const char *primitive);
/* Checks the environment variable LWCX_IMPL: a comma-separated list of
 * "primitive:impl" or bare "impl" entries (a bare name applies to every
 * primitive that has it; a primitive-specific entry wins). Returns LWCX_OK
 * if it is unset or valid; LWCX_ERR_IMPL_ENV if an entry names an unknown
 * primitive or implementation or one this machine cannot run, with a
 * message in msg (cap bytes, may be NULL). While it is invalid, every
 * operation that uses the automatic choice fails with LWCX_ERR_IMPL_ENV. */
LWCX_API LWCX_NODISCARD int lwcx_impl_env_check(char *msg, size_t cap);

/* Force the automatic choice of a primitive by name, or pass name = NULL to
 * return to automatic selection. Fails with LWCX_ERR_UNSUPPORTED if this
 * machine cannot run it, and with LWCX_ERR_IMPL_ENV while LWCX_IMPL is invalid. Process-wide: not meant to be changed while other
 * threads use the primitive (use the _with forms instead). */
LWCX_API LWCX_NODISCARD int lwcx_impl_select(const char *primitive, const char *name);
/* Name of the implementation the automatic choice uses (choosing it now if
 * needed), or NULL (unknown primitive, invalid LWCX_IMPL). */
LWCX_API const char *lwcx_impl_selected(const char *primitive);

/* The selection policy of a primitive as it applies on this machine, as
 * text: for each call kind (a block cipher's many keys, one key by call
 * size, key search; one kind for the others) the implementation chosen, and
 * for each implementation in order of preference the condition under which
 * the automatic choice takes it and whether it holds here (what
 * `lwcx list --explain` prints). Writes at most cap bytes to buf, always
 * NUL-terminated when cap > 0 (buf may be NULL when cap is 0), and returns
 * the length of the whole text, as snprintf does; 0 for an unknown
 * primitive. */
LWCX_API size_t lwcx_impl_explain(const char *primitive, char *buf, size_t cap);

/* The call kinds the selection policy tells apart for a primitive, by
 * index: "many_keys", "one_key", "key_search" (block ciphers),
 * "many_states", "one_state_256", "one_state_384", "one_state_512"
 * (sparkle), "every_call" (the others). Index 0 is the default. NULL past
 * the last, or for an unknown primitive. */
LWCX_API const char *lwcx_impl_call_kind(const char *primitive, size_t index);
/* The implementation the automatic choice runs for calls of one kind on
 * this machine, for a call of len bytes where the kind's choice depends on
 * the size ("one_key"; len is ignored otherwise). *source (may be NULL)
 * says why: "named" (LWCX_IMPL, lwcx_impl_select), "wisdom" (this
 * machine's wisdom file), "table" (the shipped table for this CPU) or
 * "policy" (the rules by instruction set). NULL for an unknown primitive
 * or kind, or an invalid LWCX_IMPL. A GPU's crossover is left out: the
 * CPU's choice is given. */
LWCX_API const lwcx_impl *lwcx_impl_auto_call(const char *primitive, const char *kind, size_t len,
                                              const char **source);

/* The wisdom file (written by `lwcx tune`): for call kinds, the
 * implementation measured fastest on this machine, tried before the
 * shipped table and the rules. Read once, on first use, from LWCX_WISDOM
 * (a path, or "off"), else $XDG_CONFIG_HOME/lwcx/wisdom, else
 * ~/.config/lwcx/wisdom; used only when made on this CPU (vendor, family,
 * model, stepping, features) by this version, and whole: a damaged file,
 * or one naming an implementation this machine cannot run, is ignored.
 * lwcx_wisdom_status writes where it is read from and whether it is used
 * (snprintf's conventions). */
LWCX_API size_t lwcx_wisdom_status(char *buf, size_t cap);
typedef struct lwcx_wisdom_pick {
    const char *primitive, *kind, *impl; /* kind: one of lwcx_impl_call_kind */
} lwcx_wisdom_pick;
/* Writes a wisdom file for this machine with n choices, at path (NULL: the
 * file lwcx_wisdom_status names), replacing it whole (a new file renamed
 * over it); where (cap bytes, may be NULL) gets the path. LWCX_ERR_ARG for a
 * choice the reader would refuse (an unknown primitive, kind or
 * implementation, one not usable here or a device's, a kind twice), or
 * when the file cannot be written; LWCX_ERR_NULL for NULL fields. Takes
 * effect in processes started afterwards. */
LWCX_API LWCX_NODISCARD int lwcx_wisdom_save(const char *path, const lwcx_wisdom_pick *picks, size_t n, char *where,
                                             size_t cap);

/* Zeroes memory in a way the compiler may not remove. */
LWCX_API void lwcx_wipe(void *p, size_t len);
/* Constant-time comparison: 0 if equal, -1 otherwise. */
LWCX_API LWCX_NODISCARD int lwcx_ct_compare(const void *a, const void *b, size_t len);

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
 * (8*nblocks bytes). out may equal in; out overlapping keys: LWCX_ERR_ARG.
 * This is the official harness shape. */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_encrypt_keys(uint8_t *out, const uint8_t *in,
                                                      const uint8_t *keys, size_t nblocks);
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_decrypt_keys(uint8_t *out, const uint8_t *in,
                                                      const uint8_t *keys, size_t nblocks);

/* One key: expand once, then ECB or CTR over any number of blocks. key may
 * lie inside ks (it is read first). */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_expand_key(lwcx_kcc23p4_key *ks, const uint8_t key[8]);
/* ECB: len must be a multiple of 8. out may equal in; out overlapping ks:
 * LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_encrypt(const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                     const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_decrypt(const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                     const uint8_t *in, size_t len);
/* CTR (encryption and decryption are the same operation), any length.
 * Counter block j (j = 0, 1, ...) is the 64-bit little-endian integer
 * iv + j (mod 2^64), where iv is read as a little-endian 64-bit integer; so
 * w0 is its low 32 bits and w1 its high 32 bits. Keystream block j is the
 * encryption of counter block j, XORed into bytes 8j..8j+7.
 * With a 64-bit block, never encrypt more than 2^32 blocks under one key,
 * and never reuse a counter range under the same key. out may equal in;
 * out overlapping ks or iv: LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ctr(const lwcx_kcc23p4_key *ks, const uint8_t iv[8],
                                             uint8_t *out, const uint8_t *in, size_t len);

/* The same on an explicit implementation (see lwcx_impl). */
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_encrypt_keys_with(const lwcx_impl *impl, uint8_t *out,
                                                           const uint8_t *in, const uint8_t *keys,
                                                           size_t nblocks);
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_decrypt_keys_with(const lwcx_impl *impl, uint8_t *out,
                                                           const uint8_t *in, const uint8_t *keys,
                                                           size_t nblocks);
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_encrypt_with(const lwcx_impl *impl,
                                                          const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                          const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ecb_decrypt_with(const lwcx_impl *impl,
                                                          const lwcx_kcc23p4_key *ks, uint8_t *out,
                                                          const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_kcc23p4_ctr_with(const lwcx_impl *impl, const lwcx_kcc23p4_key *ks,
                                                  const uint8_t iv[8], uint8_t *out,
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

/* Encrypts and tags. ct may equal pt; any other overlap of ct or tag with
 * each other, pt or key: LWCX_ERR_ARG. Errors: LWCX_ERR_NULL,
 * LWCX_ERR_LENGTH (len > 255). On an error nothing is written. */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_encrypt(uint8_t *ct, uint8_t tag[8], const uint8_t *pt,
                                                 size_t len, const uint8_t key[8]);
/* Recomputes the tag over ct and compares it in constant time; only if it
 * matches is pt written. On any error nothing is written. pt may equal ct;
 * pt overlapping ct otherwise, tag or key: LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_decrypt(uint8_t *pt, const uint8_t *ct, size_t len,
                                                 const uint8_t tag[8], const uint8_t key[8]);
/* The same on an explicit implementation (see lwcx_impl). */
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_encrypt_with(const lwcx_impl *impl, uint8_t *ct,
                                                      uint8_t tag[8], const uint8_t *pt, size_t len,
                                                      const uint8_t key[8]);
LWCX_API LWCX_NODISCARD int lwcx_kcc24p6_decrypt_with(const lwcx_impl *impl, uint8_t *pt,
                                                      const uint8_t *ct, size_t len,
                                                      const uint8_t tag[8], const uint8_t key[8]);

/* ------------------------------------------------------------------ */
/* SPARKLE permutations                                                 */
/* ------------------------------------------------------------------ */
/* Permutes a 32-, 48- or 64-byte state (SPARKLE256/384/512; words are
 * little-endian, x0 y0 x1 y1 ...) with the given number of steps (1..12;
 * the design uses 7/10, 7/11 and 8/12 slim/big steps). */
LWCX_API LWCX_NODISCARD int lwcx_sparkle_permute(uint8_t *state, size_t state_bytes, unsigned steps);
LWCX_API LWCX_NODISCARD int lwcx_sparkle_permute_with(const lwcx_impl *impl, uint8_t *state,
                                                      size_t state_bytes, unsigned steps);

/* ------------------------------------------------------------------ */
/* Schwaemm: authenticated encryption with associated data over SPARKLE */
/* (NIST LWC finalist, v1.2). Sizes in bytes:                           */
/*   variant            key nonce tag  permutation                      */
/*   Schwaemm128-128     16   16   16  SPARKLE256                       */
/*   Schwaemm256-128     16   32   16  SPARKLE384 (the primary member)  */
/*   Schwaemm192-192     24   24   24  SPARKLE384                       */
/*   Schwaemm256-256     32   32   32  SPARKLE512                       */
/* A nonce must never be used twice with one key.                       */
/* ------------------------------------------------------------------ */
typedef enum lwcx_schwaemm_variant {
    LWCX_SCHWAEMM128_128,
    LWCX_SCHWAEMM256_128,
    LWCX_SCHWAEMM192_192,
    LWCX_SCHWAEMM256_256
} lwcx_schwaemm_variant;
#define LWCX_SCHWAEMM_MAX_KEY_BYTES 32
#define LWCX_SCHWAEMM_MAX_NONCE_BYTES 32
#define LWCX_SCHWAEMM_MAX_TAG_BYTES 32

/* The variant's name ("schwaemm256-128", ...), or NULL for an unknown one:
 * loop from 0 until NULL to list them. */
LWCX_API const char *lwcx_schwaemm_name(lwcx_schwaemm_variant v);
/* Sizes of a variant; 0 for an unknown variant. */
LWCX_API size_t lwcx_schwaemm_key_bytes(lwcx_schwaemm_variant v);
LWCX_API size_t lwcx_schwaemm_nonce_bytes(lwcx_schwaemm_variant v);
LWCX_API size_t lwcx_schwaemm_tag_bytes(lwcx_schwaemm_variant v);

/* One shot. ct and pt are len bytes, the same buffer or disjoint; the
 * outputs (ct, and encrypt's tag) are disjoint from each other and from
 * the other arguments (the NIST format appends the tag: ct || tag). Any
 * other overlap: LWCX_ERR_ARG. ad may be NULL when adlen is 0, pt/ct when
 * len is 0. On an error other than LWCX_ERR_AUTH nothing is written.
 * decrypt compares tags in constant time and releases no unauthenticated
 * plaintext: on LWCX_ERR_AUTH a separate pt is zeroed, and in place
 * (pt == ct) the ciphertext is left as it was (decrypted aside first:
 * LWCX_ERR_NOMEM if that memory cannot be had). */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt(lwcx_schwaemm_variant v, uint8_t *ct, uint8_t *tag,
                                                  const uint8_t *pt, size_t len, const uint8_t *ad,
                                                  size_t adlen, const uint8_t *nonce,
                                                  const uint8_t *key);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt(lwcx_schwaemm_variant v, uint8_t *pt,
                                                  const uint8_t *ct, size_t len, const uint8_t *tag,
                                                  const uint8_t *ad, size_t adlen,
                                                  const uint8_t *nonce, const uint8_t *key);

/* Batch: count independent messages of the same length (and the same AD
 * length), message i under key[i] and nonce[i], run side by side so that
 * SIMD implementations can process several states at once. Message i's
 * buffers are checked as lwcx_schwaemm_encrypt's (ct[i] may equal pt[i]);
 * buffers of different messages must not overlap (not checked). */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_many(lwcx_schwaemm_variant v, uint8_t *const *ct,
                                                       uint8_t *const *tag, const uint8_t *const *pt, size_t len,
                                                       const uint8_t *const *ad, size_t adlen,
                                                       const uint8_t *const *nonce, const uint8_t *const *key,
                                                       size_t count);

/* Incremental: init, any number of aad calls, then any number of
 * encrypt_update (or decrypt_update) calls, then encrypt_final (or
 * decrypt_final). Each update writes exactly len output bytes (out may
 * equal in; any other overlap of out and in: LWCX_ERR_ARG). No buffer
 * (key, nonce, ad, in, out, tag) may overlap the context: LWCX_ERR_ARG.
 * decrypt_update releases plaintext before the tag is checked:
 * a caller must discard everything it got if decrypt_final fails (the
 * one-shot lwcx_schwaemm_decrypt does that for you). The context holds the
 * key: final wipes it; call lwcx_wipe on an abandoned context. */
/* The context is opaque storage (its layout is the library's and may change
 * between versions; its size only grows with the major version). A context
 * that was never initialised, is finished, or was corrupted is refused with
 * LWCX_ERR_ARG. */
typedef struct lwcx_schwaemm_ctx {
    uint64_t opaque[24];
} lwcx_schwaemm_ctx;
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_init(lwcx_schwaemm_ctx *ctx, lwcx_schwaemm_variant v,
                                               const uint8_t *key, const uint8_t *nonce);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_aad(lwcx_schwaemm_ctx *ctx, const uint8_t *ad, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_update(lwcx_schwaemm_ctx *ctx, uint8_t *out,
                                                         const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt_update(lwcx_schwaemm_ctx *ctx, uint8_t *out,
                                                         const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_final(lwcx_schwaemm_ctx *ctx, uint8_t *tag);
/* LWCX_OK if tag matches, LWCX_ERR_AUTH otherwise (constant-time compare). */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt_final(lwcx_schwaemm_ctx *ctx, const uint8_t *tag);

/* The same on an explicit implementation (see lwcx_impl); a context keeps
 * the implementation it was initialised with. */
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_with(const lwcx_impl *impl,
                                                       lwcx_schwaemm_variant v, uint8_t *ct,
                                                       uint8_t *tag, const uint8_t *pt, size_t len,
                                                       const uint8_t *ad, size_t adlen,
                                                       const uint8_t *nonce, const uint8_t *key);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_decrypt_with(const lwcx_impl *impl,
                                                       lwcx_schwaemm_variant v, uint8_t *pt,
                                                       const uint8_t *ct, size_t len,
                                                       const uint8_t *tag, const uint8_t *ad,
                                                       size_t adlen, const uint8_t *nonce,
                                                       const uint8_t *key);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_encrypt_many_with(const lwcx_impl *impl, lwcx_schwaemm_variant v,
                                                            uint8_t *const *ct, uint8_t *const *tag,
                                                            const uint8_t *const *pt, size_t len,
                                                            const uint8_t *const *ad, size_t adlen,
                                                            const uint8_t *const *nonce,
                                                            const uint8_t *const *key, size_t count);
LWCX_API LWCX_NODISCARD int lwcx_schwaemm_init_with(const lwcx_impl *impl, lwcx_schwaemm_ctx *ctx,
                                                    lwcx_schwaemm_variant v, const uint8_t *key,
                                                    const uint8_t *nonce);

/* ------------------------------------------------------------------ */
/* Esch: hashing over SPARKLE (NIST LWC finalist, v1.2), and the XOEsch */
/* extendable-output functions. Esch256 and XOEsch256 use SPARKLE384,   */
/* Esch384 and XOEsch384 SPARKLE512; digests are 32 and 48 bytes.       */
/* ------------------------------------------------------------------ */
typedef enum lwcx_esch_variant {
    LWCX_ESCH256,
    LWCX_ESCH384,
    LWCX_XOESCH256,
    LWCX_XOESCH384
} lwcx_esch_variant;
#define LWCX_ESCH256_DIGEST_BYTES 32
#define LWCX_ESCH384_DIGEST_BYTES 48

/* The variant's name ("esch256", "xoesch384", ...), or NULL for an unknown one. */
LWCX_API const char *lwcx_esch_name(lwcx_esch_variant v);
/* Digest size: 32 or 48 for Esch; for XOEsch the default output size
 * (same numbers), though any length may be squeezed. 0 if unknown. */
LWCX_API size_t lwcx_esch_digest_bytes(lwcx_esch_variant v);

/* One shot: out gets outlen bytes; for Esch outlen must be the digest size,
 * for XOEsch it may be anything. out may overlap msg in any way (the
 * message is read before anything is written; in the batch, out[i] and
 * msg[i], not other messages). */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash(lwcx_esch_variant v, uint8_t *out, size_t outlen, const uint8_t *msg,
                                           size_t len);
/* Batch: count messages of the same length, out[i] gets outlen bytes. */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash_many(lwcx_esch_variant v, uint8_t *const *out, size_t outlen,
                                                const uint8_t *const *msg, size_t len, size_t count);

/* Incremental: init, update any number of times, then final (Esch: the
 * digest) or squeeze (XOEsch: any number of calls, each continuing the
 * output stream; no update after the first squeeze). No buffer may overlap
 * the context: LWCX_ERR_ARG. */
typedef struct lwcx_esch_ctx { /* opaque, as lwcx_schwaemm_ctx */
    uint64_t opaque[16];
} lwcx_esch_ctx;
LWCX_API LWCX_NODISCARD int lwcx_esch_init(lwcx_esch_ctx *ctx, lwcx_esch_variant v);
LWCX_API LWCX_NODISCARD int lwcx_esch_update(lwcx_esch_ctx *ctx, const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_esch_final(lwcx_esch_ctx *ctx, uint8_t *digest);
LWCX_API LWCX_NODISCARD int lwcx_esch_squeeze(lwcx_esch_ctx *ctx, uint8_t *out, size_t len);

/* The same on an explicit implementation (see lwcx_impl). */
LWCX_API LWCX_NODISCARD int lwcx_esch_hash_with(const lwcx_impl *impl, lwcx_esch_variant v, uint8_t *out,
                                                size_t outlen, const uint8_t *msg, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_esch_hash_many_with(const lwcx_impl *impl, lwcx_esch_variant v,
                                                     uint8_t *const *out, size_t outlen,
                                                     const uint8_t *const *msg, size_t len, size_t count);
LWCX_API LWCX_NODISCARD int lwcx_esch_init_with(const lwcx_impl *impl, lwcx_esch_ctx *ctx, lwcx_esch_variant v);

/* ------------------------------------------------------------------ */
/* Lightweight block ciphers: PRESENT, GIFT, PIPO                       */
/*   cipher          block key  rounds  registry primitive              */
/*   LWCX_PRESENT80     8   10    31    present80                       */
/*   LWCX_PRESENT128    8   16    31    present128                      */
/*   LWCX_GIFT64        8   16    28    gift64                          */
/*   LWCX_GIFT128      16   16    40    gift128                         */
/*   LWCX_PIPO128       8   16    13    pipo128  (PIPO-64/128)          */
/*   LWCX_PIPO256       8   32    17    pipo256  (PIPO-64/256)          */
/*                                                                      */
/* Byte conventions: PRESENT and GIFT blocks and keys are big-endian,   */
/* the first byte most significant (as the papers' hex strings and      */
/* GIFT's official vectors). PIPO blocks and keys are the memory of the */
/* official code's little-endian uint32_t arrays (the hex values in its */
/* README read as little-endian words).                                 */
/* Keys are expanded on every call: for many blocks under one key, pass */
/* them in one call. Expanded keys and keystream are wiped after use.   */
/* Errors: LWCX_ERR_ARG for an unknown cipher, LWCX_ERR_NULL, and        */
/* LWCX_ERR_LENGTH for lengths that are not whole blocks.               */
/* LWCX_ERR_NOMEM: only implementations too wide for the stack buffers  */
/* allocate (none of those chosen by default), and that failed.         */
/* ------------------------------------------------------------------ */
typedef enum lwcx_blockcipher {
    LWCX_PRESENT80,
    LWCX_PRESENT128,
    LWCX_GIFT64,
    LWCX_GIFT128,
    LWCX_PIPO128,
    LWCX_PIPO256
} lwcx_blockcipher;
#define LWCX_BC_MAX_BLOCK_BYTES 16
#define LWCX_BC_MAX_KEY_BYTES 32

/* Sizes and name (the registry primitive's) of a cipher; 0 or NULL if unknown. */
LWCX_API size_t lwcx_bc_block_bytes(lwcx_blockcipher c);
LWCX_API size_t lwcx_bc_key_bytes(lwcx_blockcipher c);
LWCX_API const char *lwcx_bc_name(lwcx_blockcipher c);

/* ECB under one key: len must be a multiple of the block size. out may
 * equal in; out overlapping key (CTR: or iv; many keys: keys): LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_encrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
                                                const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_decrypt(lwcx_blockcipher c, const uint8_t *key, uint8_t *out,
                                                const uint8_t *in, size_t len);
/* CTR under one key (encryption and decryption are the same operation), any
 * length. iv is one block. Counter block j (j = 0, 1, ...) is iv + j, with
 * the whole block read as one big-endian integer (the last byte least
 * significant) and the sum taken mod 2^(8 * block bytes), for every cipher
 * (PIPO included). Keystream block j is the encryption of counter block j,
 * XORed into bytes bs*j .. bs*j+bs-1. With a 64-bit block, encrypt at most
 * 2^32 blocks under one key, and never reuse a counter range under one key.
 * out may equal in. */
LWCX_API LWCX_NODISCARD int lwcx_bc_ctr(lwcx_blockcipher c, const uint8_t *key, const uint8_t *iv, uint8_t *out,
                                        const uint8_t *in, size_t len);
/* Many keys: block i of in (nblocks blocks) under key i of keys (nblocks
 * keys, packed). out may equal in. */
LWCX_API LWCX_NODISCARD int lwcx_bc_encrypt_keys(lwcx_blockcipher c, uint8_t *out, const uint8_t *in,
                                                 const uint8_t *keys, size_t nblocks);
LWCX_API LWCX_NODISCARD int lwcx_bc_decrypt_keys(lwcx_blockcipher c, uint8_t *out, const uint8_t *in,
                                                 const uint8_t *keys, size_t nblocks);
/* The same on an explicit implementation (see lwcx_impl): impl must be one of
 * cipher c's. */
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_encrypt_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                                                     uint8_t *out, const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_bc_ecb_decrypt_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                                                     uint8_t *out, const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_bc_ctr_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *key,
                                             const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_bc_encrypt_keys_with(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out,
                                                      const uint8_t *in, const uint8_t *keys, size_t nblocks);
LWCX_API LWCX_NODISCARD int lwcx_bc_decrypt_keys_with(const lwcx_impl *impl, lwcx_blockcipher c, uint8_t *out,
                                                      const uint8_t *in, const uint8_t *keys, size_t nblocks);

/* Exhaustive key search. Key index i (start <= i < start + count) names the
 * key base_key with the bits of mask flipped as i says: bit b of i flips the
 * b-th set bit of mask, counting from the key's least significant bit (key
 * bit p is bit p % 8 of byte key_bytes - 1 - p / 8). So with base_key's
 * masked bits zero, the unknown bits run through i. mask (key bytes) may be
 * NULL: the last 8 key bytes, i.e. the key is base_key XOR i with i as a
 * big-endian 64-bit integer in the last 8 bytes (for PRESENT and GIFT, the
 * least significant 64 bits). A mask of n < 64 bits allows start + count <=
 * 2^n. pt and ct hold npairs known blocks each (packed); a key is reported
 * only if it encrypts every pt block to its ct block: pair 0 is tested with
 * the fastest implementation (the selected one, fixed for the whole call;
 * bitsliced ones generate the keys inside their state), candidates are
 * confirmed on every pair with ref. threads = 0: one per online CPU.
 *
 * progress (may be NULL) is called from the calling thread about every
 * 100 ms while the search runs, at once (within microseconds, not at the next
 * tick) when a worker has confirmed a new key, and once at the end, with the
 * keys searched so far; returning nonzero stops the search: chunks under way are finished
 * (a few ms), and the call returns LWCX_OK.
 * Results: *next_index = the first index not searched (start + count when the
 * whole range was searched; every index below it was), so a stopped search
 * resumes with start = *next_index and count reduced to match. *nfound = the
 * number of matching keys; the max_found lowest-index ones are written to
 * found (key bytes each), ascending. nfound and next_index may be NULL; found
 * only if max_found is 0.
 * Errors: LWCX_ERR_ARG (unknown cipher, npairs 0 or > LWCX_KEYSEARCH_MAX_PAIRS,
 * threads > LWCX_KEYSEARCH_MAX_THREADS, an all-zero mask), LWCX_ERR_NULL,
 * LWCX_ERR_LENGTH (start + count > LWCX_KEYSEARCH_MAX_END or beyond the
 * mask's 2^n keys). */
#define LWCX_KEYSEARCH_MAX_THREADS 1024u
#define LWCX_KEYSEARCH_MAX_PAIRS 64u
#define LWCX_KEYSEARCH_MAX_END (UINT64_MAX - 0xFFFFFFFFu) /* 2^64 - 2^32 */
typedef int (*lwcx_keysearch_progress)(void *ctx, uint64_t keys_done, uint64_t keys_total);
LWCX_API LWCX_NODISCARD int lwcx_bc_keysearch(lwcx_blockcipher c, const uint8_t *pt, const uint8_t *ct,
                                              size_t npairs, const uint8_t *base_key, const uint8_t *mask,
                                              uint64_t start, uint64_t count, unsigned threads,
                                              lwcx_keysearch_progress progress,
                                              void *progress_ctx, uint8_t *found, size_t max_found,
                                              size_t *nfound, uint64_t *next_index);
/* The same with an explicit implementation for pair 0 (see lwcx_impl). */
LWCX_API LWCX_NODISCARD int lwcx_bc_keysearch_with(const lwcx_impl *impl, lwcx_blockcipher c, const uint8_t *pt,
                                                   const uint8_t *ct, size_t npairs, const uint8_t *base_key,
                                                   const uint8_t *mask, uint64_t start, uint64_t count,
                                                   unsigned threads, lwcx_keysearch_progress progress,
                                                   void *progress_ctx, uint8_t *found, size_t max_found,
                                                   size_t *nfound, uint64_t *next_index);

/* ------------------------------------------------------------------ */
/* LWCX stream: Schwaemm over data of any length in constant memory,    */
/* the format of `lwcx enc/dec --alg schwaemm...` (docs/stream-format.md). */
/* A 16-byte header ("LWCXSTR1", variant id 1..4, log2 of the chunk     */
/* size = 16, six zero bytes), the nonce, then records: each chunk of   */
/* 64 KiB plaintext as ciphertext || tag, the last chunk shorter        */
/* (possibly empty). Chunk i is sealed under the nonce XOR i (64-bit    */
/* little-endian, first 8 bytes), the last nonce byte also XOR 0x80 for */
/* the final chunk, with the header as associated data: reordered,      */
/* dropped, duplicated, truncated, extended or modified streams fail.   */
/*                                                                      */
/* Use: new, then update with any number of bytes any number of times,  */
/* then final; every call writes to a caller buffer of at least the     */
/* size lwcx_stream_update_max / lwcx_stream_final_max give just before */
/* it (else LWCX_ERR_LENGTH, nothing consumed), and *out_len says how   */
/* much it wrote. update's out (out_cap bytes) and in must not overlap  */
/* at all, not even out == in (LWCX_ERR_ARG, nothing consumed).         */
/* Decryption releases a chunk's plaintext only after its tag           */
/* verified; only once final succeeded is the stream known to be whole  */
/* (a caller writing a file should commit it only then). On an error    */
/* the error is sticky (every later call returns it), the key is wiped, */
/* and lwcx_stream_error tells the reason in words. What the failing    */
/* call leaves in out: decrypting, the verified plaintext of the        */
/* records before the failure, *out_len bytes, and nothing else;        */
/* encrypting, *out_len = 0 and every byte it wrote zeroed (the output  */
/* of earlier calls stays, but the stream can no longer be finished).   */
/* Errors: LWCX_ERR_FORMAT (not a stream, another variant, an           */
/* unsupported or truncated header), LWCX_ERR_AUTH (a record failed its */
/* tag, or the stream ends inside a record or before its final chunk),  */
/* LWCX_ERR_ARG (an unknown variant, a call after final, overlapping    */
/* buffers), LWCX_ERR_NULL, LWCX_ERR_NOMEM, LWCX_ERR_IMPL_ENV (an       */
/* invalid LWCX_IMPL: from the first record on); encrypt_new:           */
/* LWCX_ERR_UNSUPPORTED if the system has no random source. A state     */
/* serves one thread at a time.                                         */
/* ------------------------------------------------------------------ */
#define LWCX_STREAM_HEADER_BYTES 16
#define LWCX_STREAM_CHUNK_LOG2 16
#define LWCX_STREAM_CHUNK_BYTES (1u << LWCX_STREAM_CHUNK_LOG2)
typedef struct lwcx_stream lwcx_stream;

/* nonce (the variant's nonce size) may be NULL: a random one (getentropy).
 * Give one only for tests: a nonce must never be used twice with one key. */
LWCX_API LWCX_NODISCARD int lwcx_stream_encrypt_new(lwcx_stream **s, lwcx_schwaemm_variant v,
                                                    const uint8_t *key, const uint8_t *nonce);
LWCX_API LWCX_NODISCARD int lwcx_stream_decrypt_new(lwcx_stream **s, lwcx_schwaemm_variant v,
                                                    const uint8_t *key);
/* Wipes and frees; NULL is allowed. */
LWCX_API void lwcx_stream_free(lwcx_stream *s);
/* The most the next update with len input bytes writes (exactly that much
 * when encrypting; decryption writes less only on an error). */
LWCX_API size_t lwcx_stream_update_max(const lwcx_stream *s, size_t len);
/* The most final writes (below 64 KiB + 112 bytes). */
LWCX_API size_t lwcx_stream_final_max(const lwcx_stream *s);
/* Takes all len bytes of in. out may be NULL when the maximum is 0. */
LWCX_API LWCX_NODISCARD int lwcx_stream_update(lwcx_stream *s, uint8_t *out, size_t out_cap,
                                               size_t *out_len, const uint8_t *in, size_t len);
/* Encryption: seals the final chunk. Decryption: opens it, or fails if the
 * stream stopped short. After final, the state only awaits free. */
LWCX_API LWCX_NODISCARD int lwcx_stream_final(lwcx_stream *s, uint8_t *out, size_t out_cap,
                                              size_t *out_len);
/* The reason of the failure that made the state fail, or NULL. */
LWCX_API const char *lwcx_stream_error(const lwcx_stream *s);

/* What a stream's header says, for a reader that must know the variant
 * before it decrypts (lwcx dec without --alg). */
struct lwcx_stream_info {
    int variant;          /* the lwcx_schwaemm_variant named, or -1 */
    unsigned chunk_log2;  /* log2 of the chunk size (LWCX_STREAM_CHUNK_LOG2) */
    size_t chunk_bytes;   /* the plaintext bytes of every record but the last */
    size_t key_bytes, nonce_bytes, tag_bytes; /* the variant's sizes */
    size_t prefix_bytes;  /* header and nonce: where the first record starts */
};
/* Reads the len bytes of hdr (at least LWCX_STREAM_HEADER_BYTES; more are
 * ignored) as a stream header and fills *out. LWCX_OK: a header this
 * version decrypts. LWCX_ERR_FORMAT: not one (too short, no magic, an
 * unknown variant id, another chunk size, reserved bytes set); then
 * out->variant is still the variant named when the header is whole with
 * its magic and a known variant id (a stream of another version of the
 * format), else -1, and the other fields are 0. LWCX_ERR_NULL: hdr or
 * out is NULL. */
LWCX_API LWCX_NODISCARD int lwcx_stream_header_info(const uint8_t *hdr, size_t len,
                                                    struct lwcx_stream_info *out);

/* ------------------------------------------------------------------ */
/* Key search as work units: one search (cipher, pairs, base key, mask, */
/* range of indices, as for lwcx_bc_keysearch above) as an object that  */
/* hands out ranges to search (a dispenser shared by threads, GPUs and, */
/* through a root process, MPI ranks), searches ranges with the         */
/* selected implementation's range kernel (fixed when the object is     */
/* made; candidates are confirmed on every pair with ref), and keeps    */
/* an exact record of the finished ranges (any set of intervals, so     */
/* chunks finishing out of order are recorded as they are) and of the   */
/* keys found. The record saves to text (integrity-checked with an      */
/* Esch256 checksum) and loads back, and the records of one search made */
/* by several processes merge. All functions are thread-safe on one     */
/* object. A typical MPI driver: the root makes the object (or loads    */
/* it), ranks ask the root for ranges (lwcx_keysearch_take), search     */
/* them into their own object made with the same parameters, and send   */
/* back their saved records, which the root merges.                     */
/* ------------------------------------------------------------------ */
#define LWCX_KEYSEARCH_MAX_FOUND 1024u /* keys stored (the lowest indices); all are counted */
typedef struct lwcx_keysearch lwcx_keysearch;

/* Arguments and errors as lwcx_bc_keysearch; count may be 0 (a search
 * that is complete at once); LWCX_ERR_NOMEM. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_new(lwcx_keysearch **ks, lwcx_blockcipher c, const uint8_t *pt,
                                               const uint8_t *ct, size_t npairs, const uint8_t *base_key,
                                               const uint8_t *mask, uint64_t start, uint64_t count);
/* The same searching with an explicit implementation (see lwcx_impl); the
 * object keeps it for its life. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_new_with(const lwcx_impl *impl, lwcx_keysearch **ks, lwcx_blockcipher c,
                                                    const uint8_t *pt, const uint8_t *ct, size_t npairs,
                                                    const uint8_t *base_key, const uint8_t *mask, uint64_t start,
                                                    uint64_t count);
/* Frees (wiping the keys); NULL is allowed. */
LWCX_API void lwcx_keysearch_free(lwcx_keysearch *ks);
/* The implementation the search runs (the automatic choice for a key
 * search where none was given); NULL for NULL. */
LWCX_API const lwcx_impl *lwcx_keysearch_impl(const lwcx_keysearch *ks);
/* Keys of this object's searches (lwcx_keysearch_search, _run) that a
 * device implementation searched on the CPU because a device call failed
 * (see lwcx_impl_fallbacks; the keys found are right either way); *why (may
 * be NULL) gets the first failure in words, or NULL. 0 for NULL. */
LWCX_API uint64_t lwcx_keysearch_fallback_keys(lwcx_keysearch *ks, const char **why);

/* The dispenser: the next range of at most max_keys indices that is neither
 * finished nor handed out before by this object, [*lo, *lo + *n); *n = 0
 * when there is none left. A range taken and never searched is handed out
 * again only by an object loaded from a record (it is not marked finished). */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_take(lwcx_keysearch *ks, uint64_t max_keys, uint64_t *lo, uint64_t *n);
/* Searches [lo, lo + n) in the calling thread, records the confirmed keys,
 * then marks the range finished. LWCX_ERR_LENGTH outside the search's range. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_search(lwcx_keysearch *ks, uint64_t lo, uint64_t n);
/* Marks [lo, lo + n) finished without searching it (it was searched
 * elsewhere, e.g. by a GPU; report its keys with lwcx_keysearch_add_found). */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_done(lwcx_keysearch *ks, uint64_t lo, uint64_t n);
/* Records a key found elsewhere: it must be a key of the search's range and
 * match every pair (checked with ref), else LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_add_found(lwcx_keysearch *ks, const uint8_t *key);
/* Threads take chunks from the dispenser and search them until none is
 * left, with lwcx_bc_keysearch's progress and stop semantics (keys_done:
 * all keys finished in the record, of keys_total = count); a stop leaves
 * every chunk taken finished. threads = 0: one per online CPU, or one per
 * device for a GPU implementation (lwcx_impl_devices). */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_run(lwcx_keysearch *ks, unsigned threads,
                                               lwcx_keysearch_progress progress, void *progress_ctx);

/* Keys per chunk a thread of lwcx_keysearch_run takes at a time (1 ..
 * 2^40; 0: the implementation's, 2^16 on a CPU, 2^30 on a CUDA GPU, 2^24
 * through OpenCL). A stop waits for the chunks under way, so smaller chunks
 * stop sooner; a GPU needs large ones to stay busy. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_set_chunk(lwcx_keysearch *ks, uint64_t keys);

/* The search's cipher (a lwcx_blockcipher), -1 for NULL. */
LWCX_API int lwcx_keysearch_cipher(lwcx_keysearch *ks);
/* Queries (0 for NULL). */
LWCX_API uint64_t lwcx_keysearch_keys_done(lwcx_keysearch *ks);
LWCX_API uint64_t lwcx_keysearch_keys_left(lwcx_keysearch *ks);
LWCX_API int lwcx_keysearch_complete(lwcx_keysearch *ks);
/* The lowest index not finished (start + count when complete). */
LWCX_API uint64_t lwcx_keysearch_next_unsearched(lwcx_keysearch *ks);
/* The number of matching keys recorded; the lowest LWCX_KEYSEARCH_MAX_FOUND
 * are stored. A key beyond those found twice (a range searched twice)
 * counts twice. */
LWCX_API uint64_t lwcx_keysearch_found_count(lwcx_keysearch *ks);
/* Stored key i (ascending index; i < min(count, LWCX_KEYSEARCH_MAX_FOUND),
 * else LWCX_ERR_ARG) and its index (index may be NULL). */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_found_key(lwcx_keysearch *ks, size_t i, uint8_t *key, uint64_t *index);

/* The record as text: the parameters, "searched N", one "done LO HI" line per
 * finished range [LO, HI), one "found KEY INDEX" line per stored key,
 * "matches N", and an Esch256 checksum of all that and an end line. Its
 * first line is "lwcx-keysearch-record 1", or 2 for a part of a job
 * (lwcx_keysearch_set_part), whose record adds "job START COUNT" and
 * "part I N" after the range; both versions load. save
 * writes *len bytes; with buf NULL or cap too small it returns
 * LWCX_ERR_LENGTH and sets *len to the size needed. load refuses
 * (LWCX_ERR_FORMAT) anything save did not write: a damaged or truncated
 * record, an edited one (checksum), foreign parameters, ranges outside the
 * search, keys that do not match every pair. The loaded object uses the
 * implementation selected now; its dispenser starts over the unfinished
 * ranges. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_save(lwcx_keysearch *ks, uint8_t *buf, size_t cap, size_t *len);
LWCX_API LWCX_NODISCARD int lwcx_keysearch_load(lwcx_keysearch **ks, const uint8_t *buf, size_t len);
/* The same with the implementation impl (NULL: the selected one), with
 * lwcx_keysearch_new_with's errors for impl (e.g. a GPU rank of a cluster). */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_load_with(const lwcx_impl *impl, lwcx_keysearch **ks,
                                                     const uint8_t *buf, size_t len);
/* Adds src's finished ranges and keys to dst. Both must be the same search
 * (LWCX_ERR_ARG otherwise: e.g. a checkpoint written for other parameters),
 * and parts of the same job if both are parts; dst becomes the part src is
 * if it was none. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_merge(lwcx_keysearch *dst, lwcx_keysearch *src);

/* A job split into parts (one per task of a batch job array, say): part I
 * (1 .. N) of N of the range [job_start, job_start + job_count) is
 * [*lo, *lo + *n), the first job_count % N parts one key longer.
 * LWCX_ERR_ARG unless 1 <= I <= N <= job_count; LWCX_ERR_LENGTH beyond
 * LWCX_KEYSEARCH_MAX_END. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_part_range(uint64_t job_start, uint64_t job_count, uint64_t part,
                                                      uint64_t parts, uint64_t *lo, uint64_t *n);
/* Marks ks, a search of exactly that range, as part I of N of the job: its
 * record then names the job, so that the parts' records show a part that is
 * missing, even the first or the last. LWCX_ERR_ARG if ks's range is not
 * that part or ks is already a part of another job; LWCX_ERR_LENGTH if the
 * job's range is beyond the mask's keys. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_set_part(lwcx_keysearch *ks, uint64_t job_start, uint64_t job_count,
                                                    uint64_t part, uint64_t parts);
/* The job ks is a part of, and its part I of N; all 0 when it is none. */
LWCX_API LWCX_NODISCARD int lwcx_keysearch_part(lwcx_keysearch *ks, uint64_t *job_start, uint64_t *job_count,
                                                uint64_t *part, uint64_t *parts);

/* ------------------------------------------------------------------ */
/* AIMer v2.1 signatures (KpqC round 2; the one-way function AIM2)      */
/*   set          pk  sk  signature  field       N    tau              */
/*   aimer128f    32  48   5888      GF(2^128)   16   33               */
/*   aimer128s    32  48   4160      GF(2^128)  256   17               */
/*   aimer192f    48  72  13056      GF(2^192)   16   49               */
/*   aimer192s    48  72   9120      GF(2^192)  256   25               */
/*   aimer256f    64  96  25120      GF(2^256)   16   65               */
/*   aimer256s    64  96  17056      GF(2^256)  256   33               */
/* Byte layouts are the official ones: pk = IV || ct, sk = pt || pk.    */
/* Signing is randomized (rho from the OS, as the specification says).  */
/* Read the README's security note (the 2026 "Magic Pot" attack on      */
/* AIM2) before relying on these keys. Signing allocates its working    */
/* memory on the heap (up to ~4.1 MB for aimer256s), never megabytes of  */
/* stack. Secret keys, seeds, tapes and MPC shares are wiped after use. */
/* Errors: LWCX_ERR_ARG (unknown set, or an sk whose public part does   */
/* not match), LWCX_ERR_NULL, LWCX_ERR_LENGTH (a signature that is not  */
/* exactly the set's size), LWCX_ERR_AUTH (the signature does not       */
/* verify), LWCX_ERR_NOMEM, LWCX_ERR_UNSUPPORTED if the OS gives no      */
/* randomness.                                                          */
/* ------------------------------------------------------------------ */
typedef enum lwcx_aimer_set {
    LWCX_AIMER128F,
    LWCX_AIMER128S,
    LWCX_AIMER192F,
    LWCX_AIMER192S,
    LWCX_AIMER256F,
    LWCX_AIMER256S
} lwcx_aimer_set;
#define LWCX_AIMER_MAX_PK_BYTES 64
#define LWCX_AIMER_MAX_SK_BYTES 96
#define LWCX_AIMER_MAX_SIG_BYTES 25120

/* The set's name ("aimer128f", ...), or NULL for an unknown one: loop from
 * 0 until NULL to list them. */
LWCX_API const char *lwcx_aimer_name(lwcx_aimer_set set);
/* Sizes of a set; 0 if unknown. seed_bytes is the security level in bytes
 * (16, 24, 32): the randomness that the _from entry points read. */
LWCX_API size_t lwcx_aimer_pk_bytes(lwcx_aimer_set set);
LWCX_API size_t lwcx_aimer_sk_bytes(lwcx_aimer_set set);
LWCX_API size_t lwcx_aimer_sig_bytes(lwcx_aimer_set set);
LWCX_API size_t lwcx_aimer_seed_bytes(lwcx_aimer_set set);

/* A new key pair from the OS's randomness (getentropy). pk and sk
 * overlapping: LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen(lwcx_aimer_set set, uint8_t *pk, uint8_t *sk);
/* A detached signature of msg (len bytes; msg may be NULL when len is 0)
 * into sig (lwcx_aimer_sig_bytes bytes). sig may overlap msg and sk in any
 * way (they are read before sig is written). */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign(lwcx_aimer_set set, uint8_t *sig, const uint8_t *msg, size_t len,
                                            const uint8_t *sk);
/* LWCX_OK if sig (siglen bytes) is a valid signature of msg under pk,
 * LWCX_ERR_AUTH if not, LWCX_ERR_LENGTH if siglen is not the set's size. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_verify(lwcx_aimer_set set, const uint8_t *sig, size_t siglen,
                                              const uint8_t *msg, size_t len, const uint8_t *pk);

/* The NIST crypto_sign shape: sm = msg || signature, *smlen = len +
 * signature bytes. sm may overlap msg and sk in any way. open checks the
 * signature at the end of sm (smlen bytes) and only then moves the message
 * to msg (smlen - signature bytes; msg may overlap sm and pk in any way)
 * and sets *len; on failure msg is not written. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_attached(lwcx_aimer_set set, uint8_t *sm, size_t *smlen,
                                                     const uint8_t *msg, size_t len, const uint8_t *sk);
LWCX_API LWCX_NODISCARD int lwcx_aimer_open(lwcx_aimer_set set, uint8_t *msg, size_t *len, const uint8_t *sm,
                                            size_t smlen, const uint8_t *pk);

/* Test and known-answer entry points: the same operations with the
 * randomness supplied by the caller, so that the NIST KAT DRBG can drive
 * them. keygen_from reads 2 * seed_bytes (pt, then the IV, as the official
 * code draws them; randomness may overlap pk and sk in any way, pk and sk
 * not each other: LWCX_ERR_ARG); sign_from reads seed_bytes of rho (rho
 * overlapping sig: LWCX_ERR_ARG; sig may overlap msg and sk as for sign).
 * Only for tests: fixed or guessable randomness gives away the key. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen_from(lwcx_aimer_set set, uint8_t *pk, uint8_t *sk,
                                                   const uint8_t *randomness);
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_from(lwcx_aimer_set set, uint8_t *sig,
                                                 const uint8_t *msg, size_t len, const uint8_t *sk,
                                                 const uint8_t *rho);

/* A loaded key: pk (and sk, or NULL for a key that only verifies) checked
 * and parsed once, with AIM2's affine layer expanded from the IV, so that
 * repeated signing and verification skip that work. Heap-allocated; free
 * wipes it (NULL is accepted). A key keeps the implementation it was
 * loaded with, and may be used from several threads at once. */
typedef struct lwcx_aimer_key lwcx_aimer_key;
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_new(lwcx_aimer_key **key, lwcx_aimer_set set, const uint8_t *pk,
                                               const uint8_t *sk);
LWCX_API void lwcx_aimer_key_free(lwcx_aimer_key *key);
/* The key's set, or -1 for NULL. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_set(const lwcx_aimer_key *key);
/* LWCX_ERR_ARG if the key has no secret part. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_sign(const lwcx_aimer_key *key, uint8_t *sig, const uint8_t *msg,
                                                size_t len);
/* sig may overlap msg; rho overlapping sig: LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_sign_from(const lwcx_aimer_key *key, uint8_t *sig,
                                                     const uint8_t *msg, size_t len,
                                                     const uint8_t *rho);
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_verify(const lwcx_aimer_key *key, const uint8_t *sig, size_t siglen,
                                                  const uint8_t *msg, size_t len);

/* A message given in pieces, as a file is read: the message enters AIMer
 * only through mu = SHAKE(0x00 || pk || msg), so signing or verifying it
 * needs constant memory whatever its length. new starts one for a loaded
 * key, which must outlive it; update absorbs the next piece (any sizes);
 * sign, sign_from or verify finishes it, with the same result as
 * lwcx_aimer_key_sign / _sign_from / _verify on the whole message. Each
 * message is finished once: afterwards update and the finishing calls
 * return LWCX_ERR_ARG, and only free (which wipes it; NULL accepted) is
 * left. LWCX_ERR_ARG also for a sign on a key without its secret part. */
typedef struct lwcx_aimer_msg lwcx_aimer_msg;
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_new(lwcx_aimer_msg **msg, const lwcx_aimer_key *key);
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_update(lwcx_aimer_msg *msg, const uint8_t *data, size_t len);
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_sign(lwcx_aimer_msg *msg, uint8_t *sig);
/* rho overlapping sig: LWCX_ERR_ARG. */
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_sign_from(lwcx_aimer_msg *msg, uint8_t *sig,
                                                     const uint8_t *rho);
LWCX_API LWCX_NODISCARD int lwcx_aimer_msg_verify(lwcx_aimer_msg *msg, const uint8_t *sig, size_t siglen);
LWCX_API void lwcx_aimer_msg_free(lwcx_aimer_msg *msg);

/* The same on an explicit implementation (see lwcx_impl). */
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen_with(const lwcx_impl *impl, lwcx_aimer_set set,
                                                   uint8_t *pk, uint8_t *sk);
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sig,
                                                 const uint8_t *msg, size_t len, const uint8_t *sk);
LWCX_API LWCX_NODISCARD int lwcx_aimer_verify_with(const lwcx_impl *impl, lwcx_aimer_set set, const uint8_t *sig,
                                                   size_t siglen, const uint8_t *msg, size_t len,
                                                   const uint8_t *pk);
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_attached_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *sm,
                                                          size_t *smlen, const uint8_t *msg, size_t len,
                                                          const uint8_t *sk);
LWCX_API LWCX_NODISCARD int lwcx_aimer_open_with(const lwcx_impl *impl, lwcx_aimer_set set, uint8_t *msg,
                                                 size_t *len, const uint8_t *sm, size_t smlen, const uint8_t *pk);
LWCX_API LWCX_NODISCARD int lwcx_aimer_keygen_from_with(const lwcx_impl *impl, lwcx_aimer_set set,
                                                        uint8_t *pk, uint8_t *sk,
                                                        const uint8_t *randomness);
LWCX_API LWCX_NODISCARD int lwcx_aimer_sign_from_with(const lwcx_impl *impl, lwcx_aimer_set set,
                                                      uint8_t *sig, const uint8_t *msg, size_t len,
                                                      const uint8_t *sk, const uint8_t *rho);
LWCX_API LWCX_NODISCARD int lwcx_aimer_key_new_with(const lwcx_impl *impl, lwcx_aimer_key **key,
                                                    lwcx_aimer_set set, const uint8_t *pk, const uint8_t *sk);

#ifdef __cplusplus
}
#endif
#endif /* LWCX_H */
