/* Block ciphers (PRESENT-80/128, GIFT-64/128, PIPO-64/128, PIPO-64/256): the
 * narrow interface every implementation fills, and the static description of
 * each cipher.
 *
 * Each cipher is its own registry primitive with its own list of
 * implementations. An implementation only encrypts and decrypts whole
 * batches: the functions receive a block count that is a multiple of
 * desc.batch (the modes in modes.c pad the tail in a buffer), and out may
 * equal in. The expanded key is opaque to everything but the implementation
 * that made it: modes.c only allocates sched_bytes (aligned to
 * BC_SCHED_ALIGN) and wipes it after use. Neither the batch nor sched_bytes
 * is bounded: modes.c pads and expands on the stack up to the sizes of 256
 * lanes and on the heap beyond. Blocks and keys are
 * bytes in the cipher's published convention (see lwcx.h). */
#ifndef LWCX_BC_IMPL_H
#define LWCX_BC_IMPL_H

#include "../core/internal.h"
#include "ciphers.h"

#define BC_MAX_BLOCK 16   /* bytes */
#define BC_MAX_KEY 32     /* bytes */
/* The one fixed-size buffer left: ref's expanded key, which key search keeps
 * on the stack to confirm candidates (each ref file checks its size at compile
 * time). Everything else is sized from the implementation's batch and
 * sched_bytes. */
#define BC_REF_SCHED_MAX 1024
#define BC_SCHED_ALIGN 64

/* Stack room for an expanded key. Implementations read and write their
 * schedules as 16-, 32- and 64-bit words (and vectors of them), so the
 * storage is a union of those word types rather than a byte array, which C11
 * 6.5p7 forbids accessing through wider types. */
#define BC_SCHED_STORAGE(bytes)                                                  \
    union {                                                                      \
        _Alignas(BC_SCHED_ALIGN) uint8_t b[bytes];                               \
        uint16_t h[(bytes) / 2];                                                 \
        uint32_t w[(bytes) / 4];                                                 \
        uint64_t d[(bytes) / 8];                                                 \
    }

/* A key search as the range kernels see it: key index i is base with key
 * bit pos[b] flipped for every bit b set in i (b < nbits; key bit p is bit
 * p % 8 of byte key_bytes - 1 - p / 8, as for search below); pt and ct hold
 * npairs blocks each. */
typedef struct bc_search_job {
    unsigned block_bytes, key_bytes;
    const uint8_t *base;
    const uint16_t *pos;
    unsigned nbits;
    const uint8_t *pt, *ct;
    size_t npairs;
} bc_search_job;

typedef struct bc_impl {
    lwcx_impl_desc desc; /* desc.batch = blocks processed in parallel, a power of 2 */
    size_t sched_bytes;  /* size of this implementation's expanded key */
    void (*expand)(void *sched, const uint8_t *key);
    void (*encrypt)(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks);
    void (*decrypt)(const void *sched, uint8_t *out, const uint8_t *in, size_t nblocks);
    /* Optional (may be NULL): block i under key i, nblocks a multiple of
     * desc.batch, for implementations that run the key schedule in parallel
     * too. Without them the modes expand each key and run one padded batch. */
    void (*encrypt_keys)(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks);
    void (*decrypt_keys)(uint8_t *out, const uint8_t *in, const uint8_t *keys, size_t nblocks);
    /* Optional: only the packing into the implementation's internal layout
     * and the unpacking back (so out = in), nblocks a multiple of desc.batch.
     * The bench shows this cost separately; the tests check the identity. */
    void (*pack_unpack)(uint8_t *out, const uint8_t *in, size_t nblocks);
    /* Optional key-search kernel: the keys of one call (search_lanes, or
     * desc.batch) generated inside the implementation's state (no per-key
     * packing), against one known block. Lane l's key is key0 with key bit
     * lane_bit[k] flipped for every bit k set in l (k < log2 of the keys
     * per call). Key bit p is bit p of the
     * key read as one big-endian integer, i.e. bit p % 8 of byte
     * key_bytes - 1 - p / 8. Sets bit l % 64 of hits[l / 64] iff lane l's key
     * encrypts pt to ct, and clears the other bits. */
    void (*search)(const uint8_t *key0, const uint16_t *lane_bit, const uint8_t *pt,
                   const uint8_t *ct, uint64_t *hits);
    /* Keys per search call where it runs more than one batch at once (a
     * power of two times desc.batch; 0: desc.batch). */
    size_t search_lanes;
    /* Optional range kernel, the shape of a GPU's: tests the keys of indices
     * [lo, lo + n) against pair 0 (it may check more pairs), writes the
     * indices that match to cand (in any order, at most max_cand of them) and
     * returns how many matched, which may exceed max_cand: the caller then
     * searches the range again in parts. Without it, the key search uses
     * lwcx_bc_search_range_generic over the functions above. */
    /* Optional: all of CTR (lwcx_bc_ctr) in one call, len bytes, the tail
     * included, the counter blocks made by the implementation (a GPU's; the
     * bitsliced ones' make them sliced, bitslice/bs_ctr.tmpl.h). */
    void (*ctr)(const void *sched, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
    /* Keys per chunk of a multi-threaded search (0: the default, 2^16); a
     * GPU wants larger ones. */
    uint64_t search_chunk;
    size_t (*search_range)(const bc_search_job *job, uint64_t lo, uint64_t n, uint64_t *cand,
                           size_t max_cand);
    /* Optional, implementations that run on a device (the bench's bulk
     * rows): bulk_bytes, the size of a call that fills the devices, or 0
     * where they are CPUs (the rows are then skipped); resident, a kernel
     * alone over len bytes that stay in device memory, no transfer: CTR
     * under the schedule expand() made, or the packing and unpacking. */
    size_t (*bulk_bytes)(void);
    void (*resident)(const void *sched, int op, size_t len);
    /* Optional (cuda): len bytes copied from the pinned staging buffers of
     * bulk calls to device memory, nothing else (the bench's bus row, beside
     * CTR host to host); LWCX_OK, or LWCX_ERR_UNSUPPORTED when a driver call
     * failed. */
    int (*bus_h2d)(size_t len);
} bc_impl;
enum { BC_RESIDENT_CTR, BC_RESIDENT_PACK };

/* The range kernel of every implementation (keysearch/search_range.c): through its
 * search kernel when it has one and the mask has enough bits, else its
 * many-keys path, else one expansion per key. The scratch (buffers sized from
 * the implementation's batch) serves one thread; new returns NULL when out of
 * memory; free wipes it and accepts NULL. */
typedef struct bc_search_scratch bc_search_scratch;
bc_search_scratch *lwcx_bc_search_scratch_new(const bc_impl *im, const bc_search_job *job);
void lwcx_bc_search_scratch_free(bc_search_scratch *s);
size_t lwcx_bc_search_range_generic(const bc_impl *im, const bc_search_job *job, bc_search_scratch *s,
                               uint64_t lo, uint64_t n, uint64_t *cand, size_t max_cand);
/* A job's key of index i (base with the key bits named by i's set bits
 * flipped), and key ^= the key bits named by the set bits of d. */
void lwcx_bc_search_make_key(const bc_search_job *j, uint8_t *key, uint64_t i);
void lwcx_bc_search_flip(const bc_search_job *j, uint8_t *key, uint64_t d);

/* Bitsliced cores. Where a formulation is worth reusing across vector
 * widths (and CUDA), its rounds live in a header <family>/bs_core.tmpl.h written
 * over an abstract word: the including file first includes its word header
 * (bitslice/bs_word_u64.h, bitslice/bs_word_avx2.h, bitslice/bs_word_neon.h, bitslice/bs_word_u64x8.h, or
 * bitslice/bs_word_u32.h and the CUDA one of the compile tests), which defines the
 * type bs_word, its lane count BS_LANES and the operations BS_XOR(a, b),
 * BS_AND(a, b), BS_OR(a, b), BS_NOT(a), BS_ONES (and what else the cores ask
 * for), along with the ISA's bit-matrix transposes and packing helpers. The
 * cores include only <stdint.h> and bitslice/bs_core_common.h (inlining, restrict,
 * unrolling and static assertions for C, C++ and CUDA), so they compile for
 * any word of any width, with nvcc too; whatever is host-only (packing,
 * wiping, the bc_impl entry points) lives in <family>/bs_impl.tmpl.h. */

/* What the modes need to know about a cipher; indexed by lwcx_blockcipher. */
typedef struct bc_cipher {
    const char *name; /* also the registry primitive's name */
    unsigned block_bytes, key_bytes, rounds;
    lwcx_primitive *prim;
} bc_cipher;

#define BC_NCIPHERS LWCX_BC_NCIPHERS
extern const bc_cipher lwcx_bc_ciphers[BC_NCIPHERS];

/* The device backends (device/) and what they report (device/device_api.c,
 * built with or without them). When a device call fails in the middle of an
 * operation, the backend finishes it on the CPU (the same kernel bodies) and
 * says so here: counted for the backend (lwcx_impl_fallbacks) and for the
 * calling thread (the key search counts the keys of its ranges that ran on
 * the CPU); the first reason is kept. Emulation (LWCX_CUDA_EMULATE) is
 * not a fallback and is not reported. */
enum { BC_DEV_CUDA, BC_DEV_OPENCL, BC_NDEVS };
void lwcx_bc_dev_fell_back(int backend, uint64_t batches, const char *why);
uint64_t lwcx_bc_dev_thread_fallbacks(void);
/* BC_DEV_* of an implementation's name ("cuda", "opencl"), else -1 */
int lwcx_bc_dev_backend(const char *impl_name);
/* the first reason a backend fell back, or NULL */
const char *lwcx_bc_dev_fallback_why(int backend);
/* The devices lwcx_cuda_set_devices or lwcx_opencl_set_devices named for
 * backend BC_DEV_*, into devices (room for BC_MAX_NAMED_DEVICES), and how
 * many (0: an empty list, the default); -1 when no list was set. Later calls of the
 * setter with another list then fail. */
#define BC_MAX_NAMED_DEVICES 16
int lwcx_bc_devices_take(int backend, unsigned *devices);

/* PRESENT's key schedule (present/ref.c), shared by its implementations: writes
 * the 32 round keys K_1..K_32 as uint64_t[32] (K_i's bit 63 = key-register bit
 * k79 or k127). */
#define BC_PRESENT_SCHED_BYTES (32 * sizeof(uint64_t))
void lwcx_bc_present80_expand(void *rk, const uint8_t *key);
void lwcx_bc_present128_expand(void *rk, const uint8_t *key);

/* GIFT ref's trace of one encryption, as in the official vector files: for
 * round r, trace[4r .. 4r+2] = the state after SubCells, PermBits and
 * AddRoundKey, trace[4r+3] = the key state after its update (bytes in the
 * files' order; a GIFT-64 state fills the first 8). bits: 64 or 128. */
void lwcx_bc_gift_ref_trace(unsigned bits, const uint8_t *key, const uint8_t *pt, uint8_t (*trace)[16]);

/* Defines name(), which overwrites the bytes of stack below its caller's
 * frame. The states between rounds live in registers and in the stack
 * frames of out-of-line batch functions, where the compilers spill them:
 * called where those were called from, the wiper clears what they left. */
#define BC_STACK_WIPER(name, bytes)                      \
    static __attribute__((noinline)) void name(void)     \
    {                                                    \
        _Alignas(64) uint8_t frame[bytes];               \
        lwcx_wipe(frame, sizeof frame);                  \
        __asm__ volatile("" : : "r"(frame) : "memory");  \
    }

/* ref is used directly (key search confirms candidates with it); the other
 * implementations are declared by the list of the build (lwcx_impls.h). */
extern const bc_impl lwcx_bc_present80_ref, lwcx_bc_present128_ref;
extern const bc_impl lwcx_bc_gift64_ref, lwcx_bc_gift128_ref;
extern const bc_impl lwcx_bc_pipo128_ref, lwcx_bc_pipo256_ref;

#endif
