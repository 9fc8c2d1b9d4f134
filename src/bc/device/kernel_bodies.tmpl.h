/* Template: included by other files, never compiled on its own.
 * Includer defines first: a 32-lane word (bs_word_kernel32.h or bs_word_opencl.h) and the three
 *   cores (present, gift, pipo bs_core.tmpl.h)
 * Defines: the kernel bodies (ECB, CTR, many keys, key search, packing) that CUDA, OpenCL and
 *   the host launcher run
 */
/* The kernel bodies of the device layer (kb_ names): each kernel of
 * device/cuda_kernels.cu is a thin __global__ wrapper over one function here,
 * as each of device/opencl_kernels.cl is an OpenCL one, and the host launcher
 * (device_host.c) runs the same functions on the CPU over every (block,
 * thread) of the launch configuration a real launch uses, so the index
 * arithmetic (which blocks, counters and keys a thread takes, tails, the
 * CTR counter's carries, key-range edges) is tested without a GPU. Included
 * after device/bs_word_kernel32.h and the three cores. The OpenCL kernels
 * (device/opencl_kernels.cl, LWCX_OPENCL_C) run the same bodies: nothing CUDA- or
 * OpenCL-specific but the macros below (OpenCL C 1.2 has no generic address
 * space, so pointers into buffers are KB_GLOBAL, and its buffers are offsets
 * into one buffer per launch, see KB_BUF).
 *
 * A thread carries KB_PARTS batches of 32 blocks (or keys) at a time in
 * words of BS_LANES = 32 KB_PARTS lanes: in CUDA one batch in 32-bit words;
 * with a vector word (OpenCL on a CPU device, device/bs_word_opencl.h) part j of a
 * word is its 32-bit component j. Which blocks a word's lanes hold: see
 * kb_first (interleaved across a warp's words). Threads stride over the
 * words by the grid's thread count. Blocks are read and written as 32-bit
 * "limbs" of the block as one integer (limb q = bits 32 q .. 32 q + 31; big-endian bytes for PRESENT and
 * GIFT, little-endian for PIPO, as the cores number bits), turned into
 * sliced parts by a 32 x 32 bit transpose. */
#ifndef LWCX_KERNEL_BODIES_H
#define LWCX_KERNEL_BODIES_H

#include <stdint.h>

#include "../ciphers.h"

/* KB_UNROLL(n): nvcc's unroll hint for loops whose trip count is not a
 * constant; nothing in the host launcher (clang's BS_UNROLL asks for a full
 * unroll, which -Werror fails on such loops) */
#if defined(__CUDACC__)
#define KB_BODY static __device__ __forceinline__
/* one slot of the candidate list (the host launcher runs one thread at a time) */
#define KB_CLAIM(counter) atomicAdd((unsigned long long *)(counter), 1ull)
#define KB_UNROLL(n) BS_PRAGMA(unroll n)
#elif defined(LWCX_OPENCL_C)
#define KB_BODY static inline
/* 32 bits suffice: a launch tests fewer than 2^32 keys (search_chunk) */
#define KB_CLAIM(counter) ((uint64_t)atomic_inc((volatile __global uint *)(counter)))
#define KB_UNROLL(n) _Pragma("unroll")
#else
#define KB_BODY static inline
#define KB_CLAIM(counter) ((*(counter))++)
#define KB_UNROLL(n)
#endif
/* KB_GLOBAL: the address space of the buffers' bytes; KB_BUF(g, type,
 * addr): the buffer at device address addr (CUDA, the host launcher) or, in
 * OpenCL, at byte offset addr of the launch's one buffer g.mem (OpenCL
 * kernels take buffers, not addresses, as arguments). */
#if defined(LWCX_OPENCL_C)
#define KB_GLOBAL __global
#define KB_BUF(g, type, addr) ((__global type *)((g).mem + (addr)))
#else
#define KB_GLOBAL
#define KB_BUF(g, type, addr) ((type *)(uintptr_t)(addr))
#endif

/* The one-key schedule (masks): on the GPU in constant memory, which the
 * host fills before each launch (one operation at a time), so that every
 * round-key XOR reads its mask as an operand of the instruction (LOP3 with a
 * constant-bank operand) instead of loading it; under the host launcher, at
 * a->sched. */
#define KB_SCHED_WORDS 2048 /* one key's masks: PRESENT's 32 x 64, the others less */
#if defined(__CUDACC__)
__constant__ uint32_t lwcx_kb_sched[KB_SCHED_WORDS];
#define KB_SCHED(a) ((const uint32_t *)lwcx_kb_sched)
#elif !defined(LWCX_OPENCL_C) /* (OpenCL: KB_SCHED_DECL copies them) */
#define KB_SCHED(a) ((const uint32_t *)(uintptr_t)(a)->sched)
#endif

/* KB_SCHED_DECL(s, g, a): s = the launch's one-key masks. OpenCL: copied
 * from the buffer to private memory, which the cores' pointers address
 * (kept simple: the key-search kernels, whose speed matters, do not use it) */
#if defined(LWCX_OPENCL_C)
#define KB_SCHED_DECL(s, g, a)                                                                    \
    uint32_t s[KB_SCHED_WORDS];                                                                   \
    for (unsigned s##_i = 0; s##_i < KB_SCHED_WORDS; s##_i++) s[s##_i] = KB_BUF(g, const uint32_t, (a)->sched)[s##_i]
#else
#define KB_SCHED_DECL(s, g, a) const uint32_t *s = KB_SCHED(a)
#endif

/* cipher numbers KB_<NAME>, the order of lwcx_blockcipher (../ciphers.h) */
#define KB_CIPHER_ENUM(nm, NM, bb, kb, r, be, text) KB_##NM,
enum { LWCX_BC_CIPHERS(KB_CIPHER_ENUM) KB_NCIPHERS };

#define KB_LANES 32 /* blocks of a batch, the lanes of a part */
#define KB_PARTS (BS_LANES / KB_LANES)
#ifndef BS_PART
#define BS_PART(w, j) (w) /* part j of a word, an lvalue: the word itself at 32 lanes */
#endif
#define KB_THREADS 256 /* threads per block of every launch */

/* Everything a kernel gets, by value (kernel parameters); addresses are
 * device addresses, host addresses under the host launcher. */
typedef struct kb_args {
    uint64_t in, out;  /* ECB, CTR, many keys: the data */
    uint64_t sched;    /* one key: KB_SCHED_WORDS masks (host launcher only, see KB_SCHED) */
    uint64_t keys;     /* many keys: key i for block i */
    uint64_t nbatches; /* batches of 32 blocks (ECB, many keys) */
    uint64_t len;      /* CTR: bytes of data */
    uint64_t ctr_lo, ctr_hi; /* CTR: the first counter block's low and high 64 bits */
    /* key search: indices [lo, lo + n), key i = base with bit pos[b] flipped
     * for each bit b of i; candidates to cand[], their number to *count */
    uint64_t lo, n;
    uint64_t cand, count;
    uint32_t max_cand, pad;
    uint16_t pos[64];
    /* a word's lane-0 key, packed: word q = base[q] (bit t: the key's bit
     * 32 q + t as the core numbers it) XOR, for each of pieces[end[q - 1]
     * .. end[q] - 1] (from | (len - 1) << 6 | at << 11), index bits from ..
     * from + len - 1 at bits at .. of word q (kb_search_key0; the host makes
     * a piece of index bits whose key bits follow each other in one word) */
    uint32_t base[8];
    uint32_t pieces[64];
    uint8_t end[8];
    uint32_t flip[256]; /* see kb_search_batch */
    /* GIFT-128's search: the lane flips of the key words its loop makes,
     * row t as iteration t sees them (kb_gift_loop_flips) */
    uint32_t loop_flip[5][64];
    /* the known block and its ciphertext as masks (0 or ~0), word i = bit i
     * as the core numbers it (kb_masks): operands read from the constant
     * bank where used, not values ptxas hoists out of the batch loop into
     * registers, where they spilled (docs/design/devices.md) */
    uint32_t pt[128], ct[128];
} kb_args;

/* The grid position of one thread. */
typedef struct kb_pos {
    unsigned block, thread, block_dim, grid_dim;
#if defined(LWCX_OPENCL_C)
    __global uint8_t *mem; /* the launch's buffer (KB_BUF) */
#endif
} kb_pos;

/* a cipher's sizes and bit order from the table: chains of comparisons
 * that fold to constants where c is one (every kernel) */
#define KB_BLOCK_BYTES_IF(nm, NM, bb, kb, r, be, text) c == KB_##NM ? bb##u :
#define KB_KEY_BYTES_IF(nm, NM, bb, kb, r, be, text) c == KB_##NM ? kb##u :
#define KB_BE_IF(nm, NM, bb, kb, r, be, text) c == KB_##NM ? be :
KB_BODY unsigned kb_block_bytes(int c)
{
    return LWCX_BC_CIPHERS(KB_BLOCK_BYTES_IF) 0u;
}
KB_BODY unsigned kb_key_bytes(int c)
{
    return LWCX_BC_CIPHERS(KB_KEY_BYTES_IF) 0u;
}
KB_BODY int kb_be(int c)
{
    return LWCX_BC_CIPHERS(KB_BE_IF) 0;
}

/* a[i] gets bit i of every a[l], in place (each step swaps the off-diagonal
 * quarters of 2j x 2j tiles) */
KB_BODY void kb_transpose32(uint32_t a[32])
{
    const uint32_t masks[5] = {0x0000FFFFu, 0x00FF00FFu, 0x0F0F0F0Fu, 0x33333333u, 0x55555555u};
    BS_UNROLL(5)
    for (unsigned s = 0, j = 16; s < 5; s++, j >>= 1) {
        const uint32_t m = masks[s];
        BS_UNROLL(32)
        for (unsigned k = 0; k < 32; k++) {
            if (k & j) continue;
            const uint32_t t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
        }
    }
}

/* Byte k of a block or key of `bytes` bytes is byte (bytes - 1 - k) of the
 * integer (big-endian) or byte k (little-endian). */
KB_BODY unsigned kb_byte_at(unsigned bytes, unsigned k, int be)
{
    return be ? bytes - 1 - k : k;
}

/* limb q (bits 32 q ..) of the integer of `bytes` bytes at p */
KB_BODY uint32_t kb_limb(KB_GLOBAL const uint8_t *p, unsigned bytes, unsigned q, int be)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < 4; b++) {
        const unsigned k = 4 * q + b;
        if (k < bytes) v |= (uint32_t)p[kb_byte_at(bytes, k, be)] << (8 * b);
    }
    return v;
}

/* 4 bytes at p as a little-endian integer: one load on the device, where
 * every batch starts 4-aligned in buffers from cuMemAlloc (256-aligned) */
KB_BODY uint32_t kb_load32(KB_GLOBAL const uint8_t *p)
{
#if defined(__CUDACC__) || defined(LWCX_OPENCL_C)
    return *(KB_GLOBAL const uint32_t *)p;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}
KB_BODY void kb_store32(KB_GLOBAL uint8_t *p, uint32_t v)
{
#if defined(__CUDACC__) || defined(LWCX_OPENCL_C)
    *(KB_GLOBAL uint32_t *)p = v;
#else
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
#endif
}
KB_BODY uint32_t kb_bswap32(uint32_t v)
{
    return v << 24 | (v & 0xFF00u) << 8 | (v >> 8 & 0xFF00u) | v >> 24;
}

/* n 32-bit words at p (4 n bytes) as little-endian integers, and back: on
 * a device one vector access where n is 2 or 4 (p is then 4 n-aligned:
 * blocks and keys lie at multiples of their size from buffers aligned to
 * 256), so that a warp's accesses to 32 adjacent blocks are one run of
 * memory. */
KB_BODY void kb_load_run(KB_GLOBAL const uint8_t *p, uint32_t *m, unsigned n)
{
#if defined(__CUDACC__)
    if (n == 4) {
        const uint4 v = *(const uint4 *)p;
        m[0] = v.x, m[1] = v.y, m[2] = v.z, m[3] = v.w;
        return;
    }
    if (n == 2) {
        const uint2 v = *(const uint2 *)p;
        m[0] = v.x, m[1] = v.y;
        return;
    }
#elif defined(LWCX_OPENCL_C)
    if (n == 4) {
        const uint4 v = vload4(0, (KB_GLOBAL const uint *)p);
        m[0] = v.x, m[1] = v.y, m[2] = v.z, m[3] = v.w;
        return;
    }
    if (n == 2) {
        const uint2 v = vload2(0, (KB_GLOBAL const uint *)p);
        m[0] = v.x, m[1] = v.y;
        return;
    }
#endif
    for (unsigned k = 0; k < n; k++) m[k] = kb_load32(p + 4 * k);
}
KB_BODY void kb_store_run(KB_GLOBAL uint8_t *p, const uint32_t *m, unsigned n)
{
#if defined(__CUDACC__)
    if (n == 4) {
        *(uint4 *)p = make_uint4(m[0], m[1], m[2], m[3]);
        return;
    }
    if (n == 2) {
        *(uint2 *)p = make_uint2(m[0], m[1]);
        return;
    }
#elif defined(LWCX_OPENCL_C)
    if (n == 4) {
        vstore4((uint4)(m[0], m[1], m[2], m[3]), 0, (KB_GLOBAL uint *)p);
        return;
    }
    if (n == 2) {
        vstore2((uint2)(m[0], m[1]), 0, (KB_GLOBAL uint *)p);
        return;
    }
#endif
    for (unsigned k = 0; k < n; k++) kb_store32(p + 4 * k, m[k]);
}

/* Whether CTR prefetches its input into L2 before the rounds, so that
 * its loads after them find it there (kb_prefetch): only where it helps,
 * GIFT-64 and PIPO-256, whose warps waited for those loads; PRESENT waits
 * on instruction fetch and its round-key masks, and lost (measurements:
 * docs/design/devices.md). */
KB_BODY int kb_ctr_prefetches(int c)
{
    return c == KB_GIFT64 || c == KB_PIPO256;
}

/* A hint that the bytes at p will be read soon: on a GPU, fetched into L2 */
KB_BODY void kb_prefetch(KB_GLOBAL const uint8_t *p)
{
#if defined(__CUDACC__)
    asm volatile("prefetch.global.L2 [%0];" : : "l"(p));
#else
    (void)p;
#endif
}

/* Limbs are moved `run` at a time, one vector access per lane: 4 (16 or
 * 32 bytes), 2 (8 bytes), else 1; `run` limbs' bytes are adjacent. */
KB_BODY unsigned kb_run(unsigned bytes)
{
    return bytes % 16 == 0 ? 4u : bytes % 8 == 0 ? 2u : 1u;
}
/* Where limbs q0 .. q0 + n - 1 lie in the block: byte offset of the run,
 * limb q0 + i = memory word (be ? n - 1 - i : i), byte-swapped if be. */
KB_BODY unsigned kb_run_at(unsigned bytes, unsigned q0, unsigned n, int be)
{
    return be ? bytes - 4 * (q0 + n) : 4 * q0;
}

/* Words w[32 q + i] = bit 32 q + i of each lane's integer: lane l of part
 * j at p + stride (32 j + l) (bits beyond `bytes`: zero up to whole limbs),
 * for the first `parts` parts (the others zero). */
KB_BODY void kb_pack(bs_word *w, KB_GLOBAL const uint8_t *p, unsigned bytes, unsigned stride, int be, unsigned parts)
{
    const unsigned nl = (bytes + 3) / 4, whole = bytes % 4 == 0 && stride % (4 * kb_run(bytes)) == 0;
    const unsigned run = whole ? kb_run(bytes) : 1;
    for (unsigned j = 0; j < KB_PARTS; j++) {
        KB_GLOBAL const uint8_t *pj = p + (size_t)stride * KB_LANES * j;
        KB_UNROLL(1) /* (PIPO-256's keys, two runs: unrolled, ptxas loaded both first and spilled) */
        for (unsigned q0 = 0; q0 < nl; q0 += run) {
            uint32_t a[4][32] = {{0}}; /* (only run of them used: gcc cannot tell) */
            BS_UNROLL(32)
            for (unsigned l = 0; l < KB_LANES; l++) {
                uint32_t m[4];
                if (j >= parts) {
                    for (unsigned i = 0; i < 4; i++) m[i] = 0;
                } else if (whole) {
                    kb_load_run(pj + (size_t)stride * l + kb_run_at(bytes, q0, run, be), m, run);
                } else {
                    m[0] = kb_limb(pj + (size_t)stride * l, bytes, q0, be);
                }
                KB_UNROLL(4)
                for (unsigned i = 0; i < run; i++) a[i][l] = be && whole ? kb_bswap32(m[run - 1 - i]) : m[i];
            }
            KB_UNROLL(4)
            for (unsigned i = 0; i < run; i++) {
                kb_transpose32(a[i]);
                BS_UNROLL(32)
                for (unsigned k = 0; k < 32; k++) BS_PART(w[32 * (q0 + i) + k], j) = a[i][k];
            }
        }
    }
}

/* The inverse of part j for whole blocks (bytes a multiple of 4): lane l
 * to out + stride l, XORed with the same bytes of in if in is not 0. keep:
 * how many bytes from out on to write, the rest (CTR's tail) left alone:
 * then (only in the contiguous layout, stride = bytes) byte by byte. */
KB_BODY void kb_unpack_part(KB_GLOBAL uint8_t *out, KB_GLOBAL const uint8_t *in, const bs_word *w, unsigned j,
                            unsigned bytes, unsigned stride, int be, uint64_t keep)
{
    (void)j; /* unused at 32 lanes (BS_PART) */
    const unsigned run = kb_run(bytes);
    const int all = keep >= (uint64_t)KB_LANES * stride;
    KB_UNROLL(4)
    for (unsigned q0 = 0; q0 < bytes / 4; q0 += run) {
        uint32_t a[4][32];
        KB_UNROLL(4)
        for (unsigned i = 0; i < run; i++) {
            BS_UNROLL(32)
            for (unsigned k = 0; k < 32; k++) a[i][k] = BS_PART(w[32 * (q0 + i) + k], j);
            kb_transpose32(a[i]);
        }
        const unsigned at = kb_run_at(bytes, q0, run, be);
        BS_UNROLL(32)
        for (unsigned l = 0; l < KB_LANES; l++) {
            uint32_t m[4], x[4];
            KB_UNROLL(4)
            for (unsigned i = 0; i < run; i++) m[i] = be ? kb_bswap32(a[run - 1 - i][l]) : a[i][l];
            const size_t k = (size_t)stride * l + at;
            if (all) {
                if (in) {
                    kb_load_run(in + k, x, run);
                    KB_UNROLL(4)
                    for (unsigned i = 0; i < run; i++) m[i] ^= x[i];
                }
                kb_store_run(out + k, m, run);
                continue;
            }
            KB_UNROLL(16) /* the tail: bytes in memory order */
            for (unsigned b = 0; b < 4 * run; b++) {
                if (k + b >= keep) continue;
                uint8_t v = (uint8_t)(m[b / 4] >> (8 * (b % 4)));
                if (in) v ^= in[k + b];
                out[k + b] = v;
            }
        }
    }
}

/* All parts: keep counts the bytes from out on. */
KB_BODY void kb_unpack(KB_GLOBAL uint8_t *out, KB_GLOBAL const uint8_t *in, const bs_word *w, unsigned bytes,
                       unsigned stride, int be, uint64_t keep)
{
    for (unsigned j = 0; j < KB_PARTS; j++) {
        const uint64_t at = (uint64_t)j * KB_LANES * stride;
        if (keep <= at) break;
        kb_unpack_part(out + at, in ? in + at : in, w, j, bytes, stride, be, keep - at);
    }
}

/* Bit i of a byte string (big- or little-endian integer), 0 or 1. */
KB_BODY uint32_t kb_bit(const uint8_t *p, unsigned bytes, unsigned i, int be)
{
    return (uint32_t)(p[kb_byte_at(bytes, i / 8, be)] >> (i % 8) & 1u);
}

/* Masks of the bits of a byte string (big- or little-endian integer). */
KB_BODY void kb_masks(bs_word *w, const uint8_t *p, unsigned bytes, int be)
{
    for (unsigned i = 0; i < 8 * bytes; i++) w[i] = BS_MASK32(0u - kb_bit(p, bytes, i, be));
}

/* Bit i of the packed key kp (bit i % 32 of kp[i / 32]) as a mask word */
KB_BODY bs_word kb_kbit(const uint32_t *kp, unsigned i)
{
    return BS_MASK32(0u - (kp[i / 32] >> (i % 32) & 1u));
}

/* --- one key: x (n words) encrypted or decrypted; returns where the result is */

KB_BODY bs_word *kb_crypt1(int c, int enc, bs_word *x, bs_word *y, const uint32_t *s)
{
    if (c == KB_PRESENT80 || c == KB_PRESENT128) {
        const present_bs_sched *ps = (const present_bs_sched *)s;
        return enc ? present_bs_encrypt(x, y, ps) : present_bs_decrypt(x, y, ps);
    }
    if (c == KB_GIFT64 || c == KB_GIFT128) {
        const unsigned n = c == KB_GIFT64 ? 64 : 128;
        gift_bs_in(n, x);
        if (enc)
            gift_bs_encrypt(n, x, y, s, 0);
        else
            gift_bs_decrypt(n, x, y, s, 0);
        gift_bs_out(n, x);
        return x;
    }
    const unsigned nkw = c == KB_PIPO128 ? 2 : 4, rounds = c == KB_PIPO128 ? 13 : 17;
    bs_word rc[PIPO_BS_MAX_ROUNDS + 1][5];
    pipo_bs_rc(rc, rounds);
#if defined(LWCX_OPENCL_C) /* the key's masks as words (a vector word's are wider) */
    bs_word k[256];
    for (unsigned i = 0; i < 64 * nkw; i++) k[i] = BS_MASK32(s[i]);
#else
    const bs_word *k = s;
#endif
    return enc ? pipo_bs_encrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc)
               : pipo_bs_decrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc);
}

/* The parts of word b that hold some of nbatches batches. */
KB_BODY unsigned kb_parts(uint64_t b, uint64_t nbatches)
{
    const uint64_t left = nbatches - KB_PARTS * b;
    return left < KB_PARTS ? (unsigned)left : KB_PARTS;
}

/* Which blocks word b holds: lane L (= 32 j + l, part j) holds block
 * first + stride L. Words come in groups of 32, a warp's: in a group of
 * whole words (all lanes used, `whole` words in the call) the lanes are
 * interleaved, lane L of the group's word t holding block 32 L + t of the
 * group, so that a warp moves 32 adjacent blocks at each access (with 32
 * consecutive blocks per thread, each access touched 32 sectors 256 bytes
 * apart). The last group, if not whole, is contiguous: word b holds blocks
 * BS_LANES b ..; either way, group G holds blocks 32 BS_LANES G ... */
#define KB_GROUP 32
KB_BODY uint64_t kb_first(uint64_t b, uint64_t whole, unsigned *stride)
{
    if ((b | (KB_GROUP - 1)) < whole) {
        *stride = KB_GROUP;
        return (b - b % KB_GROUP) * BS_LANES + b % KB_GROUP;
    }
    *stride = 1;
    return b * BS_LANES;
}

/* --- ECB: word W holds batches KB_PARTS W .. (32 KB_PARTS blocks, kb_first);
 * enc: 1 encrypt, 0 decrypt, KB_PACK_ONLY the packing and unpacking alone
 * (the bench's measure of what packing costs on the device) */
#define KB_PACK_ONLY 2

KB_BODY void kb_ecb(int c, int enc, kb_pos g, const kb_args *a)
{
    const unsigned bs = kb_block_bytes(c);
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim;
    KB_SCHED_DECL(s, g, a);
    for (uint64_t b = (uint64_t)g.block * g.block_dim + g.thread; KB_PARTS * b < a->nbatches; b += step) {
        bs_word x[128], y[128];
        unsigned stride;
        const unsigned parts = kb_parts(b, a->nbatches);
        const size_t off = (size_t)kb_first(b, a->nbatches / KB_PARTS, &stride) * bs;
        kb_pack(x, KB_BUF(g, const uint8_t, a->in) + off, bs, stride * bs, kb_be(c), parts);
        bs_word *r = enc == KB_PACK_ONLY ? x : kb_crypt1(c, enc, x, y, s);
        kb_unpack(KB_BUF(g, uint8_t, a->out) + off, 0, r, bs, stride * bs, kb_be(c),
                  (uint64_t)parts * KB_LANES * stride * bs);
    }
}

/* --- CTR: block j's counter is (ctr_hi, ctr_lo + j), the low 64 bits one
 * integer, a carry into the high half (16-byte blocks) when they wrap, as in
 * modes.c; the counters are built sliced, by a bitsliced adder. -------------- */

/* lo = c0 + (L << sh) in lane L, sliced; returns the lanes where that
 * wraps (sh: a constant where inlined, so that lane[] is indexed by
 * constants) */
KB_BODY bs_word kb_ctr_add(bs_word *lo, uint64_t c0, unsigned sh)
{
    const bs_word lane[] = BS_LANE_PATS;
    const unsigned nlane = sizeof lane / sizeof lane[0];
    bs_word carry = BS_ZERO;
    BS_UNROLL(64)
    for (unsigned i = 0; i < 64; i++) {
        const bs_word ai = BS_MASK32(0u - (uint32_t)(c0 >> i & 1)),
                      bi = i >= sh && i - sh < nlane ? lane[i - sh] : BS_ZERO;
        lo[i] = ai ^ bi ^ carry;
        carry = (ai & bi) | (carry & (ai ^ bi));
    }
    return carry;
}

KB_BODY void kb_ctr(int c, kb_pos g, const kb_args *a)
{
    const unsigned bs = kb_block_bytes(c);
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim;
    const uint64_t nwords = (a->len + (uint64_t)BS_LANES * bs - 1) / ((uint64_t)BS_LANES * bs);
    KB_SCHED_DECL(s, g, a);
    for (uint64_t b = (uint64_t)g.block * g.block_dim + g.thread; b < nwords; b += step) {
        bs_word x[128], y[128], lo[64];
        unsigned stride;
        const uint64_t first = kb_first(b, a->len / ((uint64_t)BS_LANES * bs), &stride);
        const uint64_t c0 = a->ctr_lo + first, h0 = a->ctr_hi + (c0 < a->ctr_lo);
        if (stride == KB_GROUP && kb_ctr_prefetches(c)) /* (whole groups: every lane's block is in the buffer) */
            for (unsigned l = 0; l < BS_LANES; l++)
                kb_prefetch(KB_BUF(g, const uint8_t, a->in) + (first + KB_GROUP * l) * bs);
        /* block first + stride L's counter in lane L; carry: where it wraps */
        bs_word carry = stride == 1 ? kb_ctr_add(lo, c0, 0) : kb_ctr_add(lo, c0, 5);
        if (bs == 16) { /* high half: h0 + carry */
            for (unsigned i = 0; i < 64; i++) {
                const bs_word ai = BS_MASK32(0u - (uint32_t)(h0 >> i & 1));
                x[64 + i] = ai ^ carry;
                carry &= ai;
            }
        }
        /* the counter's bytes are big-endian: PIPO's state bit 8 i + j is
         * bit j of byte i, i.e. bit 8 (7 - i) + j of the integer */
        for (unsigned i = 0; i < 64; i++) x[i] = kb_be(c) ? lo[i] : lo[8 * (7 - i / 8) + i % 8];
        bs_word *r = kb_crypt1(c, 1, x, y, s);
        const uint64_t off = first * bs;
        kb_unpack(KB_BUF(g, uint8_t, a->out) + off, KB_BUF(g, const uint8_t, a->in) + off, r, bs, stride * bs,
                  kb_be(c), a->len - off);
    }
}

/* --- many keys: block i under key i ------------------------------------------- */

/* v, its origin hidden from the compiler: what is computed from it again is
 * not merged with what was computed before (on a GPU, values ptxas would keep
 * live across the rounds, or spill) */
#if defined(__CUDACC__)
#define KB_HIDE64(v) asm("mov.b64 %0, %0;" : "+l"(v))
#define KB_HIDE32(v) asm("mov.b32 %0, %0;" : "+r"(v))
#else
#define KB_HIDE64(v) ((void)0)
#define KB_HIDE32(v) ((void)0)
#endif

/* The loop runs over the block's first word b0, the same in every thread
 * (on a GPU a uniform register, not one of the thread's 255), and where a
 * word's blocks go is computed again after the rounds: GIFT-128's
 * encryption, with every register in use, spilled b and its blocks' place
 * when they were kept. */
KB_BODY void kb_keys(int c, int enc, kb_pos g, const kb_args *a)
{
    const unsigned bs = kb_block_bytes(c), kb = kb_key_bytes(c);
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim, whole = a->nbatches / KB_PARTS;
    for (uint64_t b0 = (uint64_t)g.block * g.block_dim; KB_PARTS * b0 < a->nbatches; b0 += step) {
        const uint64_t b_in = b0 + g.thread; /* this thread's word, for the packing */
        if (KB_PARTS * b_in >= a->nbatches) continue;
        bs_word x[128], y[128], k[256], *r;
        unsigned stride;
        const unsigned parts = kb_parts(b_in, a->nbatches);
        const size_t first = (size_t)kb_first(b_in, whole, &stride);
        kb_pack(k, KB_BUF(g, const uint8_t, a->keys) + first * kb, kb, stride * kb, kb_be(c), parts);
        kb_pack(x, KB_BUF(g, const uint8_t, a->in) + first * bs, bs, stride * bs, kb_be(c), parts);
        if (c == KB_PRESENT80 || c == KB_PRESENT128) {
            const unsigned nk = 8 * kb;
            for (unsigned p = 0; p < nk; p++) k[nk + p] = k[p];
            present_bs_keyreg kr = {k, nk, 0, 0, 0, 0, 0, 0, 0};
            r = present_bs_crypt_sliced(x, y, &kr, enc);
        } else if (c == KB_GIFT64 || c == KB_GIFT128) {
            const unsigned n = c == KB_GIFT64 ? 64 : 128;
            bs_word kd[GIFT_KD_WORDS];
            gift_bs_key_double(n, kd, k);
            gift_bs_in(n, x);
            if (enc)
                gift_bs_encrypt(n, x, y, 0, kd);
            else
                gift_bs_decrypt(n, x, y, 0, kd);
            gift_bs_out(n, x);
            r = x;
        } else {
            const unsigned nkw = c == KB_PIPO128 ? 2 : 4, rounds = c == KB_PIPO128 ? 13 : 17;
            bs_word rc[PIPO_BS_MAX_ROUNDS + 1][5];
            pipo_bs_rc(rc, rounds);
            r = enc ? pipo_bs_encrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc)
                    : pipo_bs_decrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc);
        }
        uint64_t b = b0; /* b_in again, from the uniform b0: not kept across the rounds */
        KB_HIDE64(b);
        b += g.thread;
        const size_t off = (size_t)kb_first(b, whole, &stride) * bs;
        kb_unpack(KB_BUF(g, uint8_t, a->out) + off, 0, r, bs, stride * bs, kb_be(c),
                  (uint64_t)kb_parts(b, a->nbatches) * KB_LANES * stride * bs);
    }
}

/* --- key search: word W = indices first + BS_LANES W .., first = lo rounded
 * down to BS_LANES; lane l's key is made inside the sliced state (lane bits
 * pos[0..4], and the parts' bits after them), the word's lane-0 key here.
 * Lanes outside [lo, lo + n) are ignored. ------------------------------------ */

/* The number of words of a search. */
KB_BODY uint64_t kb_search_batches(uint64_t lo, uint64_t n)
{
    return n / BS_LANES + (n % BS_LANES + lo % BS_LANES + BS_LANES - 1) / BS_LANES;
}

/* A batch's keys: word i of the sliced key is key0's bit i (lane-uniform:
 * 0 or ~0) XORed with flip[i] (the lanes of each part whose key has word i
 * inverted, made by the host from the lane bits pos[0..4], so that no word
 * is chosen by a run-time index, which would put the key in local memory on
 * a GPU; a constant-bank operand of the LOP3 that uses it). key0's bits are
 * packed (held, kp) and a word made from them where it is used: one PRMT.
 * Words made once stay in registers (common subexpressions); where key and
 * state are more than a thread's 255 registers (GIFT-128: 128 + 128 words,
 * which ptxas spilled) some are made again
 * in each round that uses them: PIPO-256 in a loop (kb_pipo256_search_encrypt),
 * GIFT-128 from kp, which kb_skey_round rotates by one bit before each such
 * round so that no compiler sees the same word twice.
 * PRESENT's key schedule mixes the lane bits (at run-time positions) into
 * every key bit, so its words are all made once. In OpenCL the word may be
 * a vector (parts' lane bits at run-time words) and the key stays an array
 * of words. */
#if defined(__CUDACC__) /* a real rotate: ptxas would see through an empty asm */
#define KB_ROTL1(v) asm("shf.l.wrap.b32 %0, %0, %0, 1;" : "+r"(v))
#else
#define KB_ROTL1(v) ((v) = (v) << 1 | (v) >> 31)
#endif
typedef struct kb_skey {
#if defined(LWCX_OPENCL_C)
    bs_word k[256];
#else
    uint32_t held[8]; /* bit i % 32 of word i / 32: key0's bit i */
    uint32_t kp[8];   /* the same rotated left by rot, anew before each round that makes words */
    unsigned rot;
    const uint32_t *flip;
#endif
} kb_skey;

/* 0 - (w >> b & 1): on a GPU one PRMT replicating the top bit of byte b / 8
 * of w shifted left by 7 - b % 8 (a shift shared by 4 bits) */
KB_BODY uint32_t kb_bit_mask(uint32_t w, unsigned b)
{
#if defined(__CUDACC__)
    uint32_t m;
    asm("prmt.b32 %0, %1, 0, %2;" : "=r"(m) : "r"(w << (7 - b % 8)), "r"((8 | b / 8) * 0x1111u));
    return m;
#else
    return 0u - (w >> b & 1u);
#endif
}

/* Word i of the keys; held: a bit kept as a word across rounds */
KB_BODY bs_word kb_skey_word(const kb_skey *s, unsigned i, int held)
{
#if defined(LWCX_OPENCL_C)
    (void)held;
    return s->k[i];
#else
    const uint32_t m =
        held ? kb_bit_mask(s->held[i / 32], i % 32) : kb_bit_mask(s->kp[i / 32], (i + s->rot) % 32);
    return BS_XOR(BS_MASK32(m), s->flip[i]);
#endif
}

/* Before each round that makes non-held words: kp anew */
KB_BODY void kb_skey_round(kb_skey *s)
{
#if !defined(LWCX_OPENCL_C)
    for (unsigned q = 0; q < 8; q++) KB_ROTL1(s->kp[q]);
    s->rot++;
#else
    (void)s;
#endif
}

/* The keys of a word: key0 packed (kb_search_key0), the lane flips, and in
 * a vector word the parts' bits pos[5..] */
KB_BODY void kb_skey_init(kb_skey *s, int c, const uint32_t *key0, const uint32_t *flip, const uint16_t *pos)
{
    const unsigned kb = kb_key_bytes(c);
#if defined(LWCX_OPENCL_C)
    for (unsigned i = 0; i < 8 * kb; i++) s->k[i] = kb_kbit(key0, i) ^ flip[i];
    const bs_word lane[] = BS_LANE_PATS;
    for (unsigned b = 5; b < sizeof lane / sizeof lane[0]; b++) {
        const unsigned p = pos[b];
        s->k[kb_be(c) ? p : 8 * (kb - 1 - p / 8) + p % 8] ^= lane[b];
    }
#else
    (void)pos, (void)kb; /* 32 lanes: no parts */
    for (unsigned q = 0; q < 8; q++) s->held[q] = s->kp[q] = key0[q];
    s->rot = 0;
    s->flip = flip;
#endif
}

/* GIFT's search rounds as a loop of KB_GIFT_ITERS(n) iterations of a body
 * of KB_GIFT_BODY(n) rounds, the last KB_GIFT_TAIL(n) of which the last
 * iteration leaves out (GIFT-64: 16 + 12 rounds), so that the code run per
 * batch fits the instruction cache (unrolled whole, GIFT-128's was 13k
 * instructions and its warps waited for instruction fetch:
 * docs/design/devices.md). The schedule only moves key bits, so the key
 * state B rounds on is a fixed permutation of this one (kb_gift_pi): the
 * body reads its key words at the places of the first iteration's rounds,
 * and between iterations the held words are moved (register moves) and the
 * made ones' packed bits and lane flips follow (kb_gift_move). The round
 * constants are those of the round's own row (kb_gift_rc_row). Lengths:
 * whole round pairs, an even number of them a body (x and y keep their
 * roles), a multiple of 4 rounds (each key word stays at its place); 16
 * rounds move only the odd words, by 8 bits (GIFT-64: 64 moves; by 12, all
 * 128 moved), and twice is no move at all, so the tail runs after the move
 * (which ptxas, after the tail, ran in both iterations) at the places of
 * the rounds 16 on; GIFT-128 in 8 (16 rounds were 5k instructions again). */
#define KB_GIFT_ROUNDS(n) ((n) == 64 ? 28u : 40u)
#define KB_GIFT_BODY(n) ((n) == 64 ? 16u : 8u)
#define KB_GIFT_ITERS(n) ((KB_GIFT_ROUNDS(n) + KB_GIFT_BODY(n) - 1) / KB_GIFT_BODY(n))
#define KB_GIFT_TAIL(n) (KB_GIFT_BODY(n) * KB_GIFT_ITERS(n) - KB_GIFT_ROUNDS(n))
BS_STATIC_ASSERT(KB_GIFT_BODY(64) == 16 && KB_GIFT_TAIL(64) % 2 == 0 && KB_GIFT_BODY(128) % 4 == 0 &&
                     KB_GIFT_TAIL(128) == 0 && KB_GIFT_ITERS(128) <= 5,
                 "whole round pairs; GIFT-64's tail after a move of 16 rounds (an involution); "
                 "GIFT-128's loop_flip rows");

/* The key bit that bit p's place holds b rounds later: a word (16 bits)
 * moves 2 places a round and is rotated right by 12 (even words) or 2 (odd)
 * each time it passes places 0 and 1 (gift_bs_kofs). */
KB_BODY unsigned kb_gift_pi(unsigned b, unsigned p)
{
    const unsigned w = p / 16, s = w + 2 * b;
    return 16 * (s % 8) + (p % 16 + ((w & 1) ? 2u : 12u) * (s / 8)) % 16;
}

/* Which key words a GIFT search keeps in registers: GIFT-64's 64 + 128
 * words fit, all held; GIFT-128 holds words {0, 1, 4, 5}, read by the even
 * rounds, and makes {2, 3, 6, 7} for each odd round (128 + 128 words spilled).
 * OpenCL's key is an array: all held. */
#if defined(LWCX_OPENCL_C)
#define KB_GIFT_HELD(n, w) 1
#else
#define KB_GIFT_HELD(n, w) ((n) == 64 || !((w) & 2))
#endif
/* made word w's row in loop_flip: 16 k + bit, k = 0 .. 3 for words 2, 3, 6, 7 */
#define KB_GIFT_MADE_AT(p) (16 * (((p) / 16 & 1) | ((p) / 16 >> 2) << 1) + (p) % 16)

/* The host's part: row t of loop_flip = the flips (kb_args.flip) of the
 * key bits GIFT-128's made words hold in iteration t. */
KB_BODY void kb_gift_loop_flips(uint32_t rows[5][64], const uint32_t *flip)
{
    for (unsigned p = 0; p < 128; p++) {
        if (KB_GIFT_HELD(128, p / 16)) continue;
        unsigned q = p;
        for (unsigned t = 0; t < KB_GIFT_ITERS(128); t++, q = kb_gift_pi(KB_GIFT_BODY(128), q))
            rows[t][KB_GIFT_MADE_AT(p)] = flip[q];
    }
}

/* The key state of a search's loop: held words (complemented as the
 * rounds store them, GIFT_BS_KCOMP), the made words' row of lane flips */
typedef struct kb_gift_keys {
    bs_word kw[128];
    const uint32_t *flip;
} kb_gift_keys;

/* Bits v .. v + 15 of x rotated right by s (a 16-bit field) */
KB_BODY uint32_t kb_rotr16_at(uint32_t x, unsigned v, unsigned s)
{
    const uint32_t f = x >> v & 0xFFFFu, r = s % 16 ? (f >> s % 16 | f << (16 - s % 16)) & 0xFFFFu : f;
    return (x & ~(0xFFFFu << v)) | r << v;
}

/* After an iteration: the key state as the next one reads it, word p =
 * word kb_gift_pi(B, p) (held words moved; the made words' packed bits,
 * first turned back by the body's rotations, kb_skey_round) */
KB_BODY void kb_gift_move(const unsigned n, kb_gift_keys *gk, kb_skey *sk)
{
    const unsigned B = KB_GIFT_BODY(n);
    bs_word moved[128];
    BS_UNROLL(128)
    for (unsigned p = 0; p < 128; p++)
        if (KB_GIFT_HELD(n, p / 16)) moved[p] = gk->kw[kb_gift_pi(B, p)];
    BS_UNROLL(128)
    for (unsigned p = 0; p < 128; p++)
        if (KB_GIFT_HELD(n, p / 16)) gk->kw[p] = moved[p];
#if !defined(LWCX_OPENCL_C)
    if (n == 128) {
        BS_UNROLL(8)
        for (unsigned q = 0; q < 4; q++) {
            if (KB_GIFT_HELD(n, 2 * q)) continue;
            uint32_t v = sk->kp[q];
            if (sk->rot % 32) v = v >> sk->rot % 32 | v << (32 - sk->rot % 32);
            /* (B a multiple of 4: each word stays in its place) */
            v = kb_rotr16_at(v, 0, kb_gift_pi(B, 32 * q) % 16);
            v = kb_rotr16_at(v, 16, kb_gift_pi(B, 32 * q + 16) % 16);
            sk->kp[q] = v;
        }
        sk->rot = 0;
    }
#else
    (void)sk;
#endif
}

/* The key words round r reads, into kd (gift_bs_key_double's layout): round
 * r uses key words (q + 2 r) mod 8 for places q (gift_bs_round_ofs), so
 * GIFT-128 alternates between the held words, even rounds, and the made
 * ones, made for each odd round from kp, which kb_skey_round rotates first
 * so that no compiler sees the same word twice. */
KB_BODY void kb_gift_round_keys(const unsigned n, bs_word *kd, const kb_gift_keys *gk, kb_skey *sk, unsigned r)
{
    gift_bs_ofs o[4];
    gift_bs_round_ofs(n, o, r);
    if (n == 128 && r % 2) kb_skey_round(sk);
    KB_UNROLL(4)
    for (unsigned q = 0; q < (n == 64 ? 2u : 4u); q++) {
        BS_UNROLL(16)
        for (unsigned i = 0; i < 16; i++) {
            const unsigned at = (unsigned)(o[q] + i), g = at / 32, bit = 16 * g + at % 16;
            if (KB_GIFT_HELD(n, g)) {
                kd[at] = gk->kw[bit];
            } else {
#if !defined(LWCX_OPENCL_C)
                const uint32_t m = kb_bit_mask(sk->kp[bit / 32], (bit + sk->rot) % 32);
                const bs_word w = BS_XOR(BS_MASK32(m), gk->flip[KB_GIFT_MADE_AT(bit)]);
                kd[at] = GIFT_BS_KCOMP(n, g) ? BS_NOT(w) : w;
#endif
            }
        }
    }
}

/* The round at body position p in iteration t */
#define KB_GIFT_ROUND(n, p, t) ((p) + KB_GIFT_BODY(n) * (t))

/* The constants of the round at body position p in iteration t: the bits
 * equal in every iteration that runs p as constants, which fold into the
 * logic (GIFT-64: 51 of 72), the others read at run time. OpenCL: the
 * table's row. */
#if defined(LWCX_OPENCL_C)
typedef __constant const uint32_t *kb_gift_rc;
#define KB_GIFT_RC(rc, n, p, t) kb_gift_rc rc = gift_bs_rcm[KB_GIFT_ROUND(n, p, t)]
#else
typedef const uint32_t *kb_gift_rc;
#define KB_GIFT_RC(rc, n, p, t)                                                                   \
    uint32_t rc##_m[6];                                                                           \
    kb_gift_rc_row(rc##_m, n, p, t);                                                               \
    kb_gift_rc rc = rc##_m
KB_BODY void kb_gift_rc_row(uint32_t rc[6], const unsigned n, unsigned p, unsigned t)
{
    /* the iterations that run p */
    const unsigned runs = KB_GIFT_ITERS(n) - (p >= KB_GIFT_BODY(n) - KB_GIFT_TAIL(n));
    BS_UNROLL(6)
    for (unsigned i = 0; i < 6; i++) {
        int same = 1;
        KB_UNROLL(8)
        for (unsigned u = 1; u < runs; u++)
            same &= gift_bs_rcm[KB_GIFT_ROUND(n, p, u)][i] == gift_bs_rcm[p][i];
        rc[i] = same ? gift_bs_rcm[p][i] : gift_bs_rcm[KB_GIFT_ROUND(n, p, t)][i];
    }
}
#endif

/* The rounds at body positions p and p + 1 in iteration t under the
 * batch's keys (the cores' gift_bs_round2), the key words at the places of
 * rounds kr and kr + 1 */
KB_BODY void kb_gift_search_pair(const unsigned n, bs_word *y, const bs_word *x, const kb_gift_keys *gk, kb_skey *sk,
                                 unsigned kr, unsigned p, unsigned t)
{
    bs_word kd[GIFT_KD_WORDS];
    kb_gift_round_keys(n, kd, gk, sk, kr);
    kb_gift_round_keys(n, kd, gk, sk, kr + 1);
    KB_GIFT_RC(rc0, n, p, t);
    KB_GIFT_RC(rc1, n, p + 1, t);
    if (n == 64) /* (a constant n for the host compilers, whose unrolling needs it) */
        gift_bs_round2_rc(64, y, x, 0, 0, kd, kr, rc0, rc1);
    else
        gift_bs_round2_rc(128, y, x, 0, 0, kd, kr, rc0, rc1);
}

/* Which state words the loop carries complemented: GIFT-128's bit 1 of
 * each nibble (ptxas otherwise complemented 64 words at the end of each
 * iteration, for the representation it had chosen; GIFT-64: no choice
 * helped). */
#define KB_GIFT_CARRY_NOT(n, i) ((n) == 128 && (i) % 4 == 1)

/* GIFT's encryption under the batch's keys: the result in x (an even
 * number of round pairs a body, pair k going from x to y if k is even, back
 * if odd). */
KB_BODY void kb_gift_search_encrypt(const unsigned n, bs_word *x, bs_word *y, kb_skey *sk, const kb_args *a)
{
    const unsigned body = KB_GIFT_BODY(n), tail = KB_GIFT_TAIL(n);
    kb_gift_keys gk;
    BS_UNROLL(128)
    for (unsigned p = 0; p < 128; p++)
        if (KB_GIFT_HELD(n, p / 16)) {
            const bs_word w = kb_skey_word(sk, p, 1);
            gk.kw[p] = GIFT_BS_KCOMP(n, p / 16) ? BS_NOT(w) : w;
        }
    /* the state between iterations with the words KB_GIFT_CARRY_NOT says
     * complemented */
    KB_UNROLL(128)
    for (unsigned i = 0; i < n; i++)
        if (KB_GIFT_CARRY_NOT(n, i)) x[i] = BS_NOT(x[i]);
    /* GIFT-128 moves after every iteration, the last one's wasted (as a
     * conditional move, ptxas made it a select of every word; on the
     * loop's back edge, it doubled the body) */
    unsigned t0 = 0;
    KB_HIDE32(t0); /* (a known count: GIFT-64's two iterations were unrolled) */
    KB_UNROLL(1)
    for (unsigned t = t0; t < KB_GIFT_ITERS(n); t++) {
        gk.flip = a->loop_flip[t];
        KB_UNROLL(128)
        for (unsigned i = 0; i < n; i++)
            if (KB_GIFT_CARRY_NOT(n, i)) x[i] = BS_NOT(x[i]);
        BS_UNROLL_ROUNDS
        for (unsigned p = 0; p < body - tail; p += 2)
            kb_gift_search_pair(n, p % 4 ? x : y, p % 4 ? y : x, &gk, sk, p, p, t);
        if (tail && t + 1 == KB_GIFT_ITERS(n)) break;
        kb_gift_move(n, &gk, sk);
        KB_UNROLL(16)
        for (unsigned p = body - tail; p < body; p += 2)
            kb_gift_search_pair(n, p % 4 ? x : y, p % 4 ? y : x, &gk, sk, p + body, p, t);
        KB_UNROLL(128)
        for (unsigned i = 0; i < n; i++)
            if (KB_GIFT_CARRY_NOT(n, i)) x[i] = BS_NOT(x[i]);
    }
    KB_UNROLL(128)
    for (unsigned i = 0; i < n; i++)
        if (KB_GIFT_CARRY_NOT(n, i)) x[i] = BS_NOT(x[i]);
}

/* PIPO-256's encryption (pipo_bs_encrypt) under the batch's keys: round r
 * uses key word r mod 4, and 64 + 256 words do not fit (ptxas spilled).
 * Rounds 2 .. 17 run as a loop of four iterations of four rounds, key words
 * 0 and 1 held in registers, 2 and 3 made in each iteration (nvcc keeps them
 * in the loop with no spill; unrolled, the 17 rounds spilled even with no
 * word held). Returns
 * where the result is. */
KB_BODY bs_word *kb_pipo256_search_encrypt(bs_word *a, bs_word *b, kb_skey *sk)
{
    bs_word k0[64], kr[64], rc[5];
    BS_UNROLL(64)
    for (unsigned i = 0; i < 64; i++) k0[i] = kb_skey_word(sk, i, 1), kr[i] = kb_skey_word(sk, 64 + i, 1);
    for (unsigned j = 0; j < 5; j++) rc[j] = BS_MASK32(0u - (1u >> j & 1u));
    pipo_bs_enc_round(b, a, 1, k0, kr, rc);
    KB_UNROLL(1)
    for (unsigned r = 2; r < 17; r += 4) {
        BS_UNROLL(4)
        for (unsigned h = 0; h < 4; h++) {
            const unsigned g = (2 + h) & 3;
            BS_UNROLL(5)
            for (unsigned j = 0; j < 5; j++) rc[j] = BS_MASK32(0u - ((r + h) >> j & 1u));
            BS_UNROLL(64)
            for (unsigned i = 0; i < 64; i++) kr[i] = kb_skey_word(sk, 64 * g + i, g < 2);
            pipo_bs_enc_round(h & 1 ? b : a, h & 1 ? a : b, 0, k0, kr, rc);
        }
    }
    return b;
}

/* PRESENT's encryption under the batch's keys (the cores'
 * present_bs_crypt_sliced): rounds 1-7, then rounds 8-31 as a loop of three
 * iterations of 8 rounds unrolled. Unrolled whole, the search's code run
 * once per batch was too large for the instruction cache (warps waited for
 * instruction fetch) and PRESENT-128's spilled (docs/design/devices.md). In
 * the loop the register's words are where the body
 * expects them at each iteration (moved back by the body's rotation after
 * it: nk moves per 8 rounds), and the round counter's low 3 bits are the
 * body's constants. */
#define KB_PRESENT_BODY 8
#define KB_PRESENT_HEAD (PRESENT_ROUNDS % KB_PRESENT_BODY)
BS_STATIC_ASSERT(KB_PRESENT_BODY == 8, "the body starts at multiples of 8 (the counter's low bits)");

KB_BODY bs_word *kb_present_search_encrypt(const unsigned nk, bs_word *x, bs_word *y, bs_word *k)
{
    present_bs_keyreg kr = {k, nk, 0, 0, 0, 0, 0, 0, 0};
    const unsigned ahead = PRESENT_KEY_AFTER; /* (BS_TERN: LOP3) */
    present_bs_sliced_enc_begin(x, &kr);
    BS_UNROLL(8)
    for (unsigned r = 1; r <= KB_PRESENT_HEAD; r++) present_bs_sliced_enc_round(&x, &y, &kr, r + ahead);
    KB_UNROLL(1)
    for (unsigned i = 1; i <= PRESENT_ROUNDS / KB_PRESENT_BODY; i++) {
        bs_word moved[128];
        BS_UNROLL(128)
        for (unsigned j = 0; j < nk; j++) moved[j] = k[kr.off + j];
        BS_UNROLL(128)
        for (unsigned j = 0; j < nk; j++) k[j] = k[nk + j] = moved[j];
        kr.off = 0;
        BS_UNROLL(8)
        for (unsigned u = 0; u < KB_PRESENT_BODY; u++)
            present_bs_sliced_enc_round(&x, &y, &kr, KB_PRESENT_BODY * i + u + ahead);
    }
    present_bs_sliced_enc_end(x, &kr);
    return x;
}

/* The word whose lane l is set iff lane l's key encrypts pt to ct (masks,
 * see kb_args): key0 with the lane flips XORed in (see kb_skey). Word i is
 * bit i of the key as a big-endian (PRESENT, GIFT) or little-endian (PIPO)
 * integer, as the cores want it. */
KB_BODY bs_word kb_search_batch(int c, const uint32_t *key0, const kb_args *a)
{
    const uint32_t *flip = a->flip, *pt = a->pt, *ct = a->ct;
    const uint16_t *pos = a->pos;
    const unsigned n = 8 * kb_block_bytes(c);
    bs_word x[128], y[128], *r, diff = BS_ZERO;
    kb_skey sk;
    kb_skey_init(&sk, c, key0, flip, pos);
    for (unsigned i = 0; i < n; i++) x[i] = BS_MASK32(pt[i]);
    if (c == KB_PRESENT80 || c == KB_PRESENT128) { /* the doubled register, all words */
        /* (one of PRESENT's two sizes, as gcc can tell where c is not constant) */
        const unsigned nk = 8 * (c == KB_PRESENT80 ? kb_key_bytes(KB_PRESENT80) : kb_key_bytes(KB_PRESENT128));
        bs_word k[256];
        for (unsigned i = 0; i < nk; i++) k[i] = k[nk + i] = kb_skey_word(&sk, i, 1);
        r = kb_present_search_encrypt(nk, x, y, k);
    } else if (c == KB_GIFT64 || c == KB_GIFT128) {
        gift_bs_in(n, x);
        kb_gift_search_encrypt(n, x, y, &sk, a);
        gift_bs_out(n, x);
        r = x;
    } else if (c == KB_PIPO256) {
        r = kb_pipo256_search_encrypt(x, y, &sk);
    } else { /* PIPO-128: 64 + 128 words fit, all made once, the rounds unrolled */
        bs_word k[128], rc[PIPO_BS_MAX_ROUNDS + 1][5];
        for (unsigned i = 0; i < 128; i++) k[i] = kb_skey_word(&sk, i, 1);
        pipo_bs_rc(rc, 13);
        r = pipo_bs_encrypt(x, y, k, 2, 13, (const bs_word(*)[5])rc);
    }
    for (unsigned i = 0; i < n; i++) diff = BS_OR(diff, BS_XOR(r[i], BS_MASK32(ct[i])));
    return BS_NOT(diff);
}

/* The lane-0 key of index i0, packed as kb_args' base: a shift and a mask
 * per piece (typically one a key word), each word's pieces in a loop of
 * its own so that no word is chosen at run time (which would put the key
 * in local memory). */
KB_BODY void kb_search_key0(uint32_t kp[8], const kb_args *a, unsigned kb, uint64_t i0)
{
    for (unsigned q = 0; q < 8; q++) kp[q] = 0;
    KB_UNROLL(8)
    for (unsigned q = 0; q < (kb + 3) / 4; q++) {
        uint32_t w = a->base[q];
        KB_UNROLL(1) /* (one or two pieces a word, typically) */
        for (unsigned j = q ? a->end[q - 1] : 0; j < a->end[q]; j++) {
            const uint32_t p = a->pieces[j];
            const unsigned from = p & 63, len = (p >> 6 & 31) + 1;
            w ^= ((uint32_t)(i0 >> from) & (0xFFFFFFFFu >> (32 - len))) << (p >> 11);
        }
        kp[q] = w;
    }
}

KB_BODY void kb_search(int c, kb_pos g, const kb_args *a)
{
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim, first = a->lo & ~(uint64_t)(BS_LANES - 1);
    const uint64_t nwords = kb_search_batches(a->lo, a->n);
    for (uint64_t b = (uint64_t)g.block * g.block_dim + g.thread; b < nwords; b += step) {
        const uint64_t i0 = first + BS_LANES * b;
        uint32_t key0[8];
        kb_search_key0(key0, a, kb_key_bytes(c), i0);
        bs_word hits = kb_search_batch(c, key0, a);
        for (unsigned j = 0; j < KB_PARTS; j++)
            for (uint32_t h = BS_PART(hits, j); h; h &= h - 1) {
                unsigned l = 0;
                while (!(h >> l & 1)) l++;
                const uint64_t off = i0 + KB_LANES * j + l - a->lo; /* wraps for lanes below lo */
                if (off >= a->n) continue;
                const uint64_t slot = KB_CLAIM(KB_BUF(g, uint64_t, a->count));
                if (slot < a->max_cand) KB_BUF(g, uint64_t, a->cand)[slot] = a->lo + off;
            }
    }
}

#endif
