/* Template: included by other files, never compiled on its own.
 * Includer defines first: a 32-lane word (bs_word_kernel32.h or bs_word_opencl.h) and the three
 *   cores (present, gift, pipo bs_core.tmpl.h)
 * Defines: the kernel bodies (ECB, CTR, many keys, key search, packing) that CUDA, OpenCL and
 *   the host launcher run
 */
/* The bodies of the CUDA kernels: each kernel of device/cuda_kernels.cu is a thin
 * __global__ wrapper over one function here, and the host launcher
 * (device_host.c) runs the same functions on the CPU over every (block,
 * thread) of the launch configuration a real launch uses, so the index
 * arithmetic (which blocks, counters and keys a thread takes, tails, the
 * CTR counter's carries, key-range edges) is tested without a GPU. Included
 * after device/bs_word_kernel32.h and the three cores. The OpenCL kernels
 * (device/opencl_kernels.cl, LWCX_OPENCL_C) run the same bodies: nothing CUDA- or
 * OpenCL-specific but the macros below (OpenCL C 1.2 has no generic address
 * space, so pointers into buffers are CU_GLOBAL, and its buffers are offsets
 * into one buffer per launch, see CU_BUF).
 *
 * A thread carries CU_PARTS batches of 32 blocks (or keys) at a time in
 * words of BS_LANES = 32 CU_PARTS lanes: in CUDA one batch in 32-bit words;
 * with a vector word (OpenCL on a CPU device, device/bs_word_opencl.h) part j of a
 * word is its 32-bit component j. Which blocks a word's lanes hold: see
 * cu_first (interleaved across a warp's words). Threads stride over the
 * words by the grid's thread count. Blocks are read and written as 32-bit
 * "limbs" of the block as one integer (limb q = bits 32 q .. 32 q + 31; big-endian bytes for PRESENT and
 * GIFT, little-endian for PIPO, as the cores number bits), turned into
 * sliced parts by a 32 x 32 bit transpose. */
#ifndef LWCX_CUDA_BODIES_H
#define LWCX_CUDA_BODIES_H

#include <stdint.h>

/* CU_UNROLL(n): nvcc's unroll hint for loops whose trip count is not a
 * constant; nothing in the host launcher (clang's BS_UNROLL asks for a full
 * unroll, which -Werror fails on such loops) */
#if defined(__CUDACC__)
#define CU_BODY static __device__ __forceinline__
/* one slot of the candidate list (the host launcher runs one thread at a time) */
#define CU_CLAIM(counter) atomicAdd((unsigned long long *)(counter), 1ull)
#define CU_UNROLL(n) BS_PRAGMA(unroll n)
#elif defined(LWCX_OPENCL_C)
#define CU_BODY static inline
/* 32 bits suffice: a launch tests fewer than 2^32 keys (search_chunk) */
#define CU_CLAIM(counter) ((uint64_t)atomic_inc((volatile __global uint *)(counter)))
#define CU_UNROLL(n) _Pragma("unroll")
#else
#define CU_BODY static inline
#define CU_CLAIM(counter) ((*(counter))++)
#define CU_UNROLL(n)
#endif
/* CU_GLOBAL: the address space of the buffers' bytes; CU_BUF(g, type,
 * addr): the buffer at device address addr (CUDA, the host launcher) or, in
 * OpenCL, at byte offset addr of the launch's one buffer g.mem (OpenCL
 * kernels take buffers, not addresses, as arguments). */
#if defined(LWCX_OPENCL_C)
#define CU_GLOBAL __global
#define CU_BUF(g, type, addr) ((__global type *)((g).mem + (addr)))
#else
#define CU_GLOBAL
#define CU_BUF(g, type, addr) ((type *)(uintptr_t)(addr))
#endif

/* The one-key schedule (masks): on the GPU in constant memory, which the
 * host fills before each launch (one operation at a time), so that every
 * round-key XOR reads its mask as an operand of the instruction (LOP3 with a
 * constant-bank operand) instead of loading it; under the host launcher, at
 * a->sched. */
#define CU_SCHED_WORDS 2048 /* one key's masks: PRESENT's 32 x 64, the others less */
#if defined(__CUDACC__)
__constant__ uint32_t lwcx_cu_sched[CU_SCHED_WORDS];
#define CU_SCHED(a) ((const uint32_t *)lwcx_cu_sched)
#elif !defined(LWCX_OPENCL_C) /* (OpenCL: CU_SCHED_DECL copies them) */
#define CU_SCHED(a) ((const uint32_t *)(uintptr_t)(a)->sched)
#endif

/* CU_SCHED_DECL(s, g, a): s = the launch's one-key masks. OpenCL: copied
 * from the buffer to private memory, which the cores' pointers address
 * (kept simple: the key-search kernels, whose speed matters, do not use it) */
#if defined(LWCX_OPENCL_C)
#define CU_SCHED_DECL(s, g, a)                                                                    \
    uint32_t s[CU_SCHED_WORDS];                                                                   \
    for (unsigned s##_i = 0; s##_i < CU_SCHED_WORDS; s##_i++) s[s##_i] = CU_BUF(g, const uint32_t, (a)->sched)[s##_i]
#else
#define CU_SCHED_DECL(s, g, a) const uint32_t *s = CU_SCHED(a)
#endif

/* cipher numbers, the order of lwcx_blockcipher */
enum { CU_PRESENT80, CU_PRESENT128, CU_GIFT64, CU_GIFT128, CU_PIPO128, CU_PIPO256, CU_NCIPHERS };

#define CU_LANES 32 /* blocks of a batch, the lanes of a part */
#define CU_PARTS (BS_LANES / CU_LANES)
#ifndef BS_PART
#define BS_PART(w, j) (w) /* part j of a word, an lvalue: the word itself at 32 lanes */
#endif
#define CU_THREADS 256 /* threads per block of every launch */

/* Everything a kernel gets, by value (kernel parameters); addresses are
 * device addresses, host addresses under the host launcher. */
typedef struct cu_args {
    uint64_t in, out;  /* ECB, CTR, many keys: the data */
    uint64_t sched;    /* one key: CU_SCHED_WORDS masks (host launcher only, see CU_SCHED) */
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
     * from + len - 1 at bits at .. of word q (cu_search_key0; the host makes
     * a piece of index bits whose key bits follow each other in one word) */
    uint32_t base[8];
    uint32_t pieces[64];
    uint8_t end[8];
    uint32_t flip[256]; /* see cu_search_batch */
    /* the known block and its ciphertext as masks (0 or ~0), word i = bit i
     * as the core numbers it (cu_masks): operands read from the constant
     * bank where used, not values ptxas hoists out of the batch loop into
     * registers (it spilled 19 of PRESENT-80's 128 that way) */
    uint32_t pt[128], ct[128];
} cu_args;

/* The grid position of one thread. */
typedef struct cu_pos {
    unsigned block, thread, block_dim, grid_dim;
#if defined(LWCX_OPENCL_C)
    __global uint8_t *mem; /* the launch's buffer (CU_BUF) */
#endif
} cu_pos;

CU_BODY unsigned cu_block_bytes(int c)
{
    return c == CU_GIFT128 ? 16u : 8u;
}
CU_BODY unsigned cu_key_bytes(int c)
{
    return c == CU_PRESENT80 ? 10u : c == CU_PIPO256 ? 32u : 16u;
}
CU_BODY int cu_be(int c)
{
    return c < CU_PIPO128;
}

/* a[i] gets bit i of every a[l], in place (each step swaps the off-diagonal
 * quarters of 2j x 2j tiles) */
CU_BODY void cu_transpose32(uint32_t a[32])
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
CU_BODY unsigned cu_byte_at(unsigned bytes, unsigned k, int be)
{
    return be ? bytes - 1 - k : k;
}

/* limb q (bits 32 q ..) of the integer of `bytes` bytes at p */
CU_BODY uint32_t cu_limb(CU_GLOBAL const uint8_t *p, unsigned bytes, unsigned q, int be)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < 4; b++) {
        const unsigned k = 4 * q + b;
        if (k < bytes) v |= (uint32_t)p[cu_byte_at(bytes, k, be)] << (8 * b);
    }
    return v;
}

/* 4 bytes at p as a little-endian integer: one load on the device, where
 * every batch starts 4-aligned in buffers from cuMemAlloc (256-aligned) */
CU_BODY uint32_t cu_load32(CU_GLOBAL const uint8_t *p)
{
#if defined(__CUDACC__) || defined(LWCX_OPENCL_C)
    return *(CU_GLOBAL const uint32_t *)p;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
#endif
}
CU_BODY void cu_store32(CU_GLOBAL uint8_t *p, uint32_t v)
{
#if defined(__CUDACC__) || defined(LWCX_OPENCL_C)
    *(CU_GLOBAL uint32_t *)p = v;
#else
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
#endif
}
CU_BODY uint32_t cu_bswap32(uint32_t v)
{
    return v << 24 | (v & 0xFF00u) << 8 | (v >> 8 & 0xFF00u) | v >> 24;
}

/* n 32-bit words at p (4 n bytes) as little-endian integers, and back: on
 * a device one vector access where n is 2 or 4 (p is then 4 n-aligned:
 * blocks and keys lie at multiples of their size from buffers aligned to
 * 256), so that a warp's accesses to 32 adjacent blocks are one run of
 * memory. */
CU_BODY void cu_load_run(CU_GLOBAL const uint8_t *p, uint32_t *m, unsigned n)
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
        const uint4 v = vload4(0, (CU_GLOBAL const uint *)p);
        m[0] = v.x, m[1] = v.y, m[2] = v.z, m[3] = v.w;
        return;
    }
    if (n == 2) {
        const uint2 v = vload2(0, (CU_GLOBAL const uint *)p);
        m[0] = v.x, m[1] = v.y;
        return;
    }
#endif
    for (unsigned k = 0; k < n; k++) m[k] = cu_load32(p + 4 * k);
}
CU_BODY void cu_store_run(CU_GLOBAL uint8_t *p, const uint32_t *m, unsigned n)
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
        vstore4((uint4)(m[0], m[1], m[2], m[3]), 0, (CU_GLOBAL uint *)p);
        return;
    }
    if (n == 2) {
        vstore2((uint2)(m[0], m[1]), 0, (CU_GLOBAL uint *)p);
        return;
    }
#endif
    for (unsigned k = 0; k < n; k++) cu_store32(p + 4 * k, m[k]);
}

/* Whether CTR prefetches its input into L2 before the rounds, so that
 * its loads after them find it there (cu_prefetch). Measured on an H200
 * (ctr_1GiB_resident): GIFT-64 282 -> 377 GB/s (with 2 warps per
 * scheduler, 43% of its stalls had waited for those loads), PIPO-256
 * 317 -> 423; but PRESENT-80 300 -> 234 and GIFT-128 331 -> 292 (PRESENT
 * waits on instruction fetch and on its 8 KiB of round-key masks in
 * constant memory, not on data), so only where it helps. */
CU_BODY int cu_ctr_prefetches(int c)
{
    return c == CU_GIFT64 || c == CU_PIPO256;
}

/* A hint that the bytes at p will be read soon: on a GPU, fetched into L2 */
CU_BODY void cu_prefetch(CU_GLOBAL const uint8_t *p)
{
#if defined(__CUDACC__)
    asm volatile("prefetch.global.L2 [%0];" : : "l"(p));
#else
    (void)p;
#endif
}

/* Limbs are moved `run` at a time, one vector access per lane: 4 (16 or
 * 32 bytes), 2 (8 bytes), else 1; `run` limbs' bytes are adjacent. */
CU_BODY unsigned cu_run(unsigned bytes)
{
    return bytes % 16 == 0 ? 4u : bytes % 8 == 0 ? 2u : 1u;
}
/* Where limbs q0 .. q0 + n - 1 lie in the block: byte offset of the run,
 * limb q0 + i = memory word (be ? n - 1 - i : i), byte-swapped if be. */
CU_BODY unsigned cu_run_at(unsigned bytes, unsigned q0, unsigned n, int be)
{
    return be ? bytes - 4 * (q0 + n) : 4 * q0;
}

/* Words w[32 q + i] = bit 32 q + i of each lane's integer: lane l of part
 * j at p + stride (32 j + l) (bits beyond `bytes`: zero up to whole limbs),
 * for the first `parts` parts (the others zero). */
CU_BODY void cu_pack(bs_word *w, CU_GLOBAL const uint8_t *p, unsigned bytes, unsigned stride, int be, unsigned parts)
{
    const unsigned nl = (bytes + 3) / 4, whole = bytes % 4 == 0 && stride % (4 * cu_run(bytes)) == 0;
    const unsigned run = whole ? cu_run(bytes) : 1;
    for (unsigned j = 0; j < CU_PARTS; j++) {
        CU_GLOBAL const uint8_t *pj = p + (size_t)stride * CU_LANES * j;
        CU_UNROLL(1) /* (PIPO-256's keys, two runs: unrolled, ptxas loaded both first and spilled) */
        for (unsigned q0 = 0; q0 < nl; q0 += run) {
            uint32_t a[4][32] = {{0}}; /* (only run of them used: gcc cannot tell) */
            BS_UNROLL(32)
            for (unsigned l = 0; l < CU_LANES; l++) {
                uint32_t m[4];
                if (j >= parts) {
                    for (unsigned i = 0; i < 4; i++) m[i] = 0;
                } else if (whole) {
                    cu_load_run(pj + (size_t)stride * l + cu_run_at(bytes, q0, run, be), m, run);
                } else {
                    m[0] = cu_limb(pj + (size_t)stride * l, bytes, q0, be);
                }
                CU_UNROLL(4)
                for (unsigned i = 0; i < run; i++) a[i][l] = be && whole ? cu_bswap32(m[run - 1 - i]) : m[i];
            }
            CU_UNROLL(4)
            for (unsigned i = 0; i < run; i++) {
                cu_transpose32(a[i]);
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
CU_BODY void cu_unpack_part(CU_GLOBAL uint8_t *out, CU_GLOBAL const uint8_t *in, const bs_word *w, unsigned j,
                            unsigned bytes, unsigned stride, int be, uint64_t keep)
{
    (void)j; /* unused at 32 lanes (BS_PART) */
    const unsigned run = cu_run(bytes);
    const int all = keep >= (uint64_t)CU_LANES * stride;
    CU_UNROLL(4)
    for (unsigned q0 = 0; q0 < bytes / 4; q0 += run) {
        uint32_t a[4][32];
        CU_UNROLL(4)
        for (unsigned i = 0; i < run; i++) {
            BS_UNROLL(32)
            for (unsigned k = 0; k < 32; k++) a[i][k] = BS_PART(w[32 * (q0 + i) + k], j);
            cu_transpose32(a[i]);
        }
        const unsigned at = cu_run_at(bytes, q0, run, be);
        BS_UNROLL(32)
        for (unsigned l = 0; l < CU_LANES; l++) {
            uint32_t m[4], x[4];
            CU_UNROLL(4)
            for (unsigned i = 0; i < run; i++) m[i] = be ? cu_bswap32(a[run - 1 - i][l]) : a[i][l];
            const size_t k = (size_t)stride * l + at;
            if (all) {
                if (in) {
                    cu_load_run(in + k, x, run);
                    CU_UNROLL(4)
                    for (unsigned i = 0; i < run; i++) m[i] ^= x[i];
                }
                cu_store_run(out + k, m, run);
                continue;
            }
            CU_UNROLL(16) /* the tail: bytes in memory order */
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
CU_BODY void cu_unpack(CU_GLOBAL uint8_t *out, CU_GLOBAL const uint8_t *in, const bs_word *w, unsigned bytes,
                       unsigned stride, int be, uint64_t keep)
{
    for (unsigned j = 0; j < CU_PARTS; j++) {
        const uint64_t at = (uint64_t)j * CU_LANES * stride;
        if (keep <= at) break;
        cu_unpack_part(out + at, in ? in + at : in, w, j, bytes, stride, be, keep - at);
    }
}

/* Bit i of a byte string (big- or little-endian integer), 0 or 1. */
CU_BODY uint32_t cu_bit(const uint8_t *p, unsigned bytes, unsigned i, int be)
{
    return (uint32_t)(p[cu_byte_at(bytes, i / 8, be)] >> (i % 8) & 1u);
}

/* Masks of the bits of a byte string (big- or little-endian integer). */
CU_BODY void cu_masks(bs_word *w, const uint8_t *p, unsigned bytes, int be)
{
    for (unsigned i = 0; i < 8 * bytes; i++) w[i] = BS_MASK32(0u - cu_bit(p, bytes, i, be));
}

/* Bit i of the packed key kp (bit i % 32 of kp[i / 32]) as a mask word */
CU_BODY bs_word cu_kbit(const uint32_t *kp, unsigned i)
{
    return BS_MASK32(0u - (kp[i / 32] >> (i % 32) & 1u));
}

/* --- one key: x (n words) encrypted or decrypted; returns where the result is */

CU_BODY bs_word *cu_crypt1(int c, int enc, bs_word *x, bs_word *y, const uint32_t *s)
{
    if (c == CU_PRESENT80 || c == CU_PRESENT128) {
        const present_bs_sched *ps = (const present_bs_sched *)s;
        return enc ? present_bs_encrypt(x, y, ps) : present_bs_decrypt(x, y, ps);
    }
    if (c == CU_GIFT64 || c == CU_GIFT128) {
        const unsigned n = c == CU_GIFT64 ? 64 : 128;
        gift_bs_in(n, x);
        if (enc)
            gift_bs_encrypt(n, x, y, s, 0);
        else
            gift_bs_decrypt(n, x, y, s, 0);
        gift_bs_out(n, x);
        return x;
    }
    const unsigned nkw = c == CU_PIPO128 ? 2 : 4, rounds = c == CU_PIPO128 ? 13 : 17;
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
CU_BODY unsigned cu_parts(uint64_t b, uint64_t nbatches)
{
    const uint64_t left = nbatches - CU_PARTS * b;
    return left < CU_PARTS ? (unsigned)left : CU_PARTS;
}

/* Which blocks word b holds: lane L (= 32 j + l, part j) holds block
 * first + stride L. Words come in groups of 32, a warp's: in a group of
 * whole words (all lanes used, `whole` words in the call) the lanes are
 * interleaved, lane L of the group's word t holding block 32 L + t of the
 * group, so that a warp moves 32 adjacent blocks at each access (with 32
 * consecutive blocks per thread, each access touched 32 sectors 256 bytes
 * apart). The last group, if not whole, is contiguous: word b holds blocks
 * BS_LANES b ..; either way, group G holds blocks 32 BS_LANES G ... */
#define CU_GROUP 32
CU_BODY uint64_t cu_first(uint64_t b, uint64_t whole, unsigned *stride)
{
    if ((b | (CU_GROUP - 1)) < whole) {
        *stride = CU_GROUP;
        return (b - b % CU_GROUP) * BS_LANES + b % CU_GROUP;
    }
    *stride = 1;
    return b * BS_LANES;
}

/* --- ECB: word W holds batches CU_PARTS W .. (32 CU_PARTS blocks, cu_first);
 * enc: 1 encrypt, 0 decrypt, CU_PACK_ONLY the packing and unpacking alone
 * (the bench's measure of what packing costs on the device) */
#define CU_PACK_ONLY 2

CU_BODY void cu_ecb(int c, int enc, cu_pos g, const cu_args *a)
{
    const unsigned bs = cu_block_bytes(c);
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim;
    CU_SCHED_DECL(s, g, a);
    for (uint64_t b = (uint64_t)g.block * g.block_dim + g.thread; CU_PARTS * b < a->nbatches; b += step) {
        bs_word x[128], y[128];
        unsigned stride;
        const unsigned parts = cu_parts(b, a->nbatches);
        const size_t off = (size_t)cu_first(b, a->nbatches / CU_PARTS, &stride) * bs;
        cu_pack(x, CU_BUF(g, const uint8_t, a->in) + off, bs, stride * bs, cu_be(c), parts);
        bs_word *r = enc == CU_PACK_ONLY ? x : cu_crypt1(c, enc, x, y, s);
        cu_unpack(CU_BUF(g, uint8_t, a->out) + off, 0, r, bs, stride * bs, cu_be(c),
                  (uint64_t)parts * CU_LANES * stride * bs);
    }
}

/* --- CTR: block j's counter is (ctr_hi, ctr_lo + j), the low 64 bits one
 * integer, a carry into the high half (16-byte blocks) when they wrap, as in
 * modes.c; the counters are built sliced, by a bitsliced adder. -------------- */

/* lo = c0 + (L << sh) in lane L, sliced; returns the lanes where that
 * wraps (sh: a constant where inlined, so that lane[] is indexed by
 * constants) */
CU_BODY bs_word cu_ctr_add(bs_word *lo, uint64_t c0, unsigned sh)
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

CU_BODY void cu_ctr(int c, cu_pos g, const cu_args *a)
{
    const unsigned bs = cu_block_bytes(c);
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim;
    const uint64_t nwords = (a->len + (uint64_t)BS_LANES * bs - 1) / ((uint64_t)BS_LANES * bs);
    CU_SCHED_DECL(s, g, a);
    for (uint64_t b = (uint64_t)g.block * g.block_dim + g.thread; b < nwords; b += step) {
        bs_word x[128], y[128], lo[64];
        unsigned stride;
        const uint64_t first = cu_first(b, a->len / ((uint64_t)BS_LANES * bs), &stride);
        const uint64_t c0 = a->ctr_lo + first, h0 = a->ctr_hi + (c0 < a->ctr_lo);
        if (stride == CU_GROUP && cu_ctr_prefetches(c)) /* (whole groups: every lane's block is in the buffer) */
            for (unsigned l = 0; l < BS_LANES; l++)
                cu_prefetch(CU_BUF(g, const uint8_t, a->in) + (first + CU_GROUP * l) * bs);
        /* block first + stride L's counter in lane L; carry: where it wraps */
        bs_word carry = stride == 1 ? cu_ctr_add(lo, c0, 0) : cu_ctr_add(lo, c0, 5);
        if (bs == 16) { /* high half: h0 + carry */
            for (unsigned i = 0; i < 64; i++) {
                const bs_word ai = BS_MASK32(0u - (uint32_t)(h0 >> i & 1));
                x[64 + i] = ai ^ carry;
                carry &= ai;
            }
        }
        /* the counter's bytes are big-endian: PIPO's state bit 8 i + j is
         * bit j of byte i, i.e. bit 8 (7 - i) + j of the integer */
        for (unsigned i = 0; i < 64; i++) x[i] = cu_be(c) ? lo[i] : lo[8 * (7 - i / 8) + i % 8];
        bs_word *r = cu_crypt1(c, 1, x, y, s);
        const uint64_t off = first * bs;
        cu_unpack(CU_BUF(g, uint8_t, a->out) + off, CU_BUF(g, const uint8_t, a->in) + off, r, bs, stride * bs,
                  cu_be(c), a->len - off);
    }
}

/* --- many keys: block i under key i ------------------------------------------- */

/* v, its origin hidden from the compiler: what is computed from it again is
 * not merged with what was computed before (on a GPU, values ptxas would keep
 * live across the rounds, or spill) */
#if defined(__CUDACC__)
#define CU_HIDE64(v) asm("mov.b64 %0, %0;" : "+l"(v))
#else
#define CU_HIDE64(v) ((void)0)
#endif

/* The loop runs over the block's first word b0, the same in every thread
 * (on a GPU a uniform register, not one of the thread's 255), and where a
 * word's blocks go is computed again after the rounds: GIFT-128's
 * encryption, with every register in use, spilled b and its blocks' place
 * (24 bytes) when they were kept. */
CU_BODY void cu_keys(int c, int enc, cu_pos g, const cu_args *a)
{
    const unsigned bs = cu_block_bytes(c), kb = cu_key_bytes(c);
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim, whole = a->nbatches / CU_PARTS;
    for (uint64_t b0 = (uint64_t)g.block * g.block_dim; CU_PARTS * b0 < a->nbatches; b0 += step) {
        const uint64_t b_in = b0 + g.thread; /* this thread's word, for the packing */
        if (CU_PARTS * b_in >= a->nbatches) continue;
        bs_word x[128], y[128], k[256], *r;
        unsigned stride;
        const unsigned parts = cu_parts(b_in, a->nbatches);
        const size_t first = (size_t)cu_first(b_in, whole, &stride);
        cu_pack(k, CU_BUF(g, const uint8_t, a->keys) + first * kb, kb, stride * kb, cu_be(c), parts);
        cu_pack(x, CU_BUF(g, const uint8_t, a->in) + first * bs, bs, stride * bs, cu_be(c), parts);
        if (c == CU_PRESENT80 || c == CU_PRESENT128) {
            const unsigned nk = 8 * kb;
            for (unsigned p = 0; p < nk; p++) k[nk + p] = k[p];
            present_bs_keyreg kr = {k, nk, 0, 0, 0, 0, 0, 0, 0};
            r = present_bs_crypt_sliced(x, y, &kr, enc);
        } else if (c == CU_GIFT64 || c == CU_GIFT128) {
            const unsigned n = c == CU_GIFT64 ? 64 : 128;
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
            const unsigned nkw = c == CU_PIPO128 ? 2 : 4, rounds = c == CU_PIPO128 ? 13 : 17;
            bs_word rc[PIPO_BS_MAX_ROUNDS + 1][5];
            pipo_bs_rc(rc, rounds);
            r = enc ? pipo_bs_encrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc)
                    : pipo_bs_decrypt(x, y, k, nkw, rounds, (const bs_word(*)[5])rc);
        }
        uint64_t b = b0; /* b_in again, from the uniform b0: not kept across the rounds */
        CU_HIDE64(b);
        b += g.thread;
        const size_t off = (size_t)cu_first(b, whole, &stride) * bs;
        cu_unpack(CU_BUF(g, uint8_t, a->out) + off, 0, r, bs, stride * bs, cu_be(c),
                  (uint64_t)cu_parts(b, a->nbatches) * CU_LANES * stride * bs);
    }
}

/* --- key search: word W = indices first + BS_LANES W .., first = lo rounded
 * down to BS_LANES; lane l's key is made inside the sliced state (lane bits
 * pos[0..4], and the parts' bits after them), the word's lane-0 key here.
 * Lanes outside [lo, lo + n) are ignored. ------------------------------------ */

/* The number of words of a search. */
CU_BODY uint64_t cu_search_batches(uint64_t lo, uint64_t n)
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
 * state are more than a thread's 255 registers (GIFT-128: 128 + 128, ptxas
 * spilled 664 bytes stored and 2012 loaded per batch) some are made again
 * in each round that uses them: PIPO-256 in a loop (cu_pipo256_search_encrypt),
 * GIFT-128 from kp, which cu_skey_round rotates by one bit before each such
 * round so that no compiler sees the same word twice.
 * PRESENT's key schedule mixes the lane bits (at run-time positions) into
 * every key bit, so its words are all made once. In OpenCL the word may be
 * a vector (parts' lane bits at run-time words) and the key stays an array
 * of words. */
#if defined(__CUDACC__) /* a real rotate: ptxas would see through an empty asm */
#define CU_ROTL1(v) asm("shf.l.wrap.b32 %0, %0, %0, 1;" : "+r"(v))
#else
#define CU_ROTL1(v) ((v) = (v) << 1 | (v) >> 31)
#endif
typedef struct cu_skey {
#if defined(LWCX_OPENCL_C)
    bs_word k[256];
#else
    uint32_t held[8]; /* bit i % 32 of word i / 32: key0's bit i */
    uint32_t kp[8];   /* the same rotated left by rot, anew before each round that makes words */
    unsigned rot;
    const uint32_t *flip;
#endif
} cu_skey;

/* 0 - (w >> b & 1): on a GPU one PRMT replicating the top bit of byte b / 8
 * of w shifted left by 7 - b % 8 (a shift shared by 4 bits) */
CU_BODY uint32_t cu_bit_mask(uint32_t w, unsigned b)
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
CU_BODY bs_word cu_skey_word(const cu_skey *s, unsigned i, int held)
{
#if defined(LWCX_OPENCL_C)
    (void)held;
    return s->k[i];
#else
    const uint32_t m =
        held ? cu_bit_mask(s->held[i / 32], i % 32) : cu_bit_mask(s->kp[i / 32], (i + s->rot) % 32);
    return BS_XOR(BS_MASK32(m), s->flip[i]);
#endif
}

/* Before each round that makes non-held words: kp anew */
CU_BODY void cu_skey_round(cu_skey *s)
{
#if !defined(LWCX_OPENCL_C)
    for (unsigned q = 0; q < 8; q++) CU_ROTL1(s->kp[q]);
    s->rot++;
#else
    (void)s;
#endif
}

/* The keys of a word: key0 packed (cu_search_key0), the lane flips, and in
 * a vector word the parts' bits pos[5..] */
CU_BODY void cu_skey_init(cu_skey *s, int c, const uint32_t *key0, const uint32_t *flip, const uint16_t *pos)
{
    const unsigned kb = cu_key_bytes(c);
#if defined(LWCX_OPENCL_C)
    for (unsigned i = 0; i < 8 * kb; i++) s->k[i] = cu_kbit(key0, i) ^ flip[i];
    const bs_word lane[] = BS_LANE_PATS;
    for (unsigned b = 5; b < sizeof lane / sizeof lane[0]; b++) {
        const unsigned p = pos[b];
        s->k[cu_be(c) ? p : 8 * (kb - 1 - p / 8) + p % 8] ^= lane[b];
    }
#else
    (void)pos, (void)kb; /* 32 lanes: no parts */
    for (unsigned q = 0; q < 8; q++) s->held[q] = s->kp[q] = key0[q];
    s->rot = 0;
    s->flip = flip;
#endif
}

/* The key words round r reads, into kd (gift_bs_key_double's layout): round
 * r uses key words (q + 2 r) mod 8 for places q (gift_bs_round_ofs), so
 * GIFT-128 alternates between words {0, 1, 4, 5}, held, and {2, 3, 6, 7},
 * made for each odd round (GIFT-64's 64 + 128 words fit: all held). */
CU_BODY void cu_gift_round_keys(const unsigned n, bs_word *kd, cu_skey *sk, unsigned r)
{
    gift_bs_ofs o[4];
    gift_bs_round_ofs(n, o, r);
    if (n == 128 && r % 2) cu_skey_round(sk);
    CU_UNROLL(4)
    for (unsigned q = 0; q < (n == 64 ? 2u : 4u); q++) {
        BS_UNROLL(16)
        for (unsigned i = 0; i < 16; i++) {
            const unsigned at = (unsigned)(o[q] + i), g = at / 32, bit = 16 * g + at % 16;
            const bs_word w = cu_skey_word(sk, bit, n == 64 || !(g & 2));
            kd[at] = GIFT_BS_KCOMP(n, g) ? BS_NOT(w) : w;
        }
    }
}

/* Rounds r and r + 1 under the batch's keys (the cores' gift_bs_round2). */
CU_BODY void cu_gift_search_pair(const unsigned n, bs_word *y, const bs_word *x, cu_skey *sk, unsigned r)
{
    bs_word kd[GIFT_KD_WORDS];
    cu_gift_round_keys(n, kd, sk, r);
    cu_gift_round_keys(n, kd, sk, r + 1);
    if (n == 64) /* (a constant n for the host compilers, whose unrolling needs it) */
        gift_bs_round2(64, y, x, 0, kd, r);
    else
        gift_bs_round2(128, y, x, 0, kd, r);
}

/* GIFT's encryption under the batch's keys: the result in x. */
CU_BODY void cu_gift_search_encrypt(const unsigned n, bs_word *x, bs_word *y, cu_skey *sk)
{
    const unsigned rounds = n == 64 ? 28 : 40;
    BS_UNROLL_ROUNDS
    for (unsigned r = 0; r < rounds; r += 4) {
        cu_gift_search_pair(n, y, x, sk, r);
        cu_gift_search_pair(n, x, y, sk, r + 2);
    }
}

/* PIPO-256's encryption (pipo_bs_encrypt) under the batch's keys: round r
 * uses key word r mod 4, and 64 + 256 words do not fit (ptxas spilled 1056
 * bytes stored, 1392 loaded per batch). Rounds 2 .. 17 run as a loop of four
 * iterations of four rounds, key words 0 and 1 held in registers, 2 and 3
 * made in each iteration (nvcc keeps them in the loop: 231 registers, no
 * spill; unrolled, the 17 rounds spilled even with no word held). Returns
 * where the result is. */
CU_BODY bs_word *cu_pipo256_search_encrypt(bs_word *a, bs_word *b, cu_skey *sk)
{
    bs_word k0[64], kr[64], rc[5];
    BS_UNROLL(64)
    for (unsigned i = 0; i < 64; i++) k0[i] = cu_skey_word(sk, i, 1), kr[i] = cu_skey_word(sk, 64 + i, 1);
    for (unsigned j = 0; j < 5; j++) rc[j] = BS_MASK32(0u - (1u >> j & 1u));
    pipo_bs_enc_round(b, a, 1, k0, kr, rc);
    CU_UNROLL(1)
    for (unsigned r = 2; r < 17; r += 4) {
        BS_UNROLL(4)
        for (unsigned h = 0; h < 4; h++) {
            const unsigned g = (2 + h) & 3;
            BS_UNROLL(5)
            for (unsigned j = 0; j < 5; j++) rc[j] = BS_MASK32(0u - ((r + h) >> j & 1u));
            BS_UNROLL(64)
            for (unsigned i = 0; i < 64; i++) kr[i] = cu_skey_word(sk, 64 * g + i, g < 2);
            pipo_bs_enc_round(h & 1 ? b : a, h & 1 ? a : b, 0, k0, kr, rc);
        }
    }
    return b;
}

/* PRESENT's encryption under the batch's keys (the cores'
 * present_bs_crypt_sliced): rounds 1-7, then rounds 8-31 as a loop of three
 * iterations of 8 rounds unrolled. Unrolled whole, PRESENT-80's search was
 * 6k instructions (96 KiB) run once per batch, and on an H100 its warps
 * waited 1.75 cycles an instruction for the next to be fetched; PRESENT-128's
 * spilled 356 bytes. In the loop the register's words are where the body
 * expects them at each iteration (moved back by the body's rotation after
 * it: nk moves per 8 rounds), and the round counter's low 3 bits are the
 * body's constants. */
#define CU_PRESENT_BODY 8
#define CU_PRESENT_HEAD (PRESENT_ROUNDS % CU_PRESENT_BODY)
BS_STATIC_ASSERT(CU_PRESENT_BODY == 8, "the body starts at multiples of 8 (the counter's low bits)");

CU_BODY bs_word *cu_present_search_encrypt(const unsigned nk, bs_word *x, bs_word *y, bs_word *k)
{
    present_bs_keyreg kr = {k, nk, 0, 0, 0, 0, 0, 0, 0};
    const unsigned ahead = PRESENT_KEY_AFTER; /* (BS_TERN: LOP3) */
    present_bs_sliced_enc_begin(x, &kr);
    BS_UNROLL(8)
    for (unsigned r = 1; r <= CU_PRESENT_HEAD; r++) present_bs_sliced_enc_round(&x, &y, &kr, r + ahead);
    CU_UNROLL(1)
    for (unsigned i = 1; i <= PRESENT_ROUNDS / CU_PRESENT_BODY; i++) {
        bs_word moved[128];
        BS_UNROLL(128)
        for (unsigned j = 0; j < nk; j++) moved[j] = k[kr.off + j];
        BS_UNROLL(128)
        for (unsigned j = 0; j < nk; j++) k[j] = k[nk + j] = moved[j];
        kr.off = 0;
        BS_UNROLL(8)
        for (unsigned u = 0; u < CU_PRESENT_BODY; u++)
            present_bs_sliced_enc_round(&x, &y, &kr, CU_PRESENT_BODY * i + u + ahead);
    }
    present_bs_sliced_enc_end(x, &kr);
    return x;
}

/* The word whose lane l is set iff lane l's key encrypts pt to ct (masks,
 * see cu_args): key0 with the lane flips XORed in (see cu_skey). Word i is
 * bit i of the key as a big-endian (PRESENT, GIFT) or little-endian (PIPO)
 * integer, as the cores want it. */
CU_BODY bs_word cu_search_batch(int c, const uint32_t *key0, const uint32_t *flip, const uint16_t *pos,
                                const uint32_t *pt, const uint32_t *ct)
{
    const unsigned n = 8 * cu_block_bytes(c);
    bs_word x[128], y[128], *r, diff = BS_ZERO;
    cu_skey sk;
    cu_skey_init(&sk, c, key0, flip, pos);
    for (unsigned i = 0; i < n; i++) x[i] = BS_MASK32(pt[i]);
    if (c == CU_PRESENT80 || c == CU_PRESENT128) { /* the doubled register, all words */
        const unsigned nk = 8 * cu_key_bytes(c);
        bs_word k[256];
        for (unsigned i = 0; i < nk; i++) k[i] = k[nk + i] = cu_skey_word(&sk, i, 1);
        r = cu_present_search_encrypt(nk, x, y, k);
    } else if (c == CU_GIFT64 || c == CU_GIFT128) {
        gift_bs_in(n, x);
        cu_gift_search_encrypt(n, x, y, &sk);
        gift_bs_out(n, x);
        r = x;
    } else if (c == CU_PIPO256) {
        r = cu_pipo256_search_encrypt(x, y, &sk);
    } else { /* PIPO-128: 64 + 128 words fit, all made once, the rounds unrolled */
        bs_word k[128], rc[PIPO_BS_MAX_ROUNDS + 1][5];
        for (unsigned i = 0; i < 128; i++) k[i] = cu_skey_word(&sk, i, 1);
        pipo_bs_rc(rc, 13);
        r = pipo_bs_encrypt(x, y, k, 2, 13, (const bs_word(*)[5])rc);
    }
    for (unsigned i = 0; i < n; i++) diff = BS_OR(diff, BS_XOR(r[i], BS_MASK32(ct[i])));
    return BS_NOT(diff);
}

/* The lane-0 key of index i0, packed as cu_args' base: a shift and a mask
 * per piece (typically one a key word), each word's pieces in a loop of
 * its own so that no word is chosen at run time (which would put the key
 * in local memory). */
CU_BODY void cu_search_key0(uint32_t kp[8], const cu_args *a, unsigned kb, uint64_t i0)
{
    for (unsigned q = 0; q < 8; q++) kp[q] = 0;
    CU_UNROLL(8)
    for (unsigned q = 0; q < (kb + 3) / 4; q++) {
        uint32_t w = a->base[q];
        CU_UNROLL(1) /* (one or two pieces a word, typically) */
        for (unsigned j = q ? a->end[q - 1] : 0; j < a->end[q]; j++) {
            const uint32_t p = a->pieces[j];
            const unsigned from = p & 63, len = (p >> 6 & 31) + 1;
            w ^= ((uint32_t)(i0 >> from) & (0xFFFFFFFFu >> (32 - len))) << (p >> 11);
        }
        kp[q] = w;
    }
}

CU_BODY void cu_search(int c, cu_pos g, const cu_args *a)
{
    const uint64_t step = (uint64_t)g.grid_dim * g.block_dim, first = a->lo & ~(uint64_t)(BS_LANES - 1);
    const uint64_t nwords = cu_search_batches(a->lo, a->n);
    for (uint64_t b = (uint64_t)g.block * g.block_dim + g.thread; b < nwords; b += step) {
        const uint64_t i0 = first + BS_LANES * b;
        uint32_t key0[8];
        cu_search_key0(key0, a, cu_key_bytes(c), i0);
        bs_word hits = cu_search_batch(c, key0, a->flip, a->pos, a->pt, a->ct);
        for (unsigned j = 0; j < CU_PARTS; j++)
            for (uint32_t h = BS_PART(hits, j); h; h &= h - 1) {
                unsigned l = 0;
                while (!(h >> l & 1)) l++;
                const uint64_t off = i0 + CU_LANES * j + l - a->lo; /* wraps for lanes below lo */
                if (off >= a->n) continue;
                const uint64_t slot = CU_CLAIM(CU_BUF(g, uint64_t, a->count));
                if (slot < a->max_cand) CU_BUF(g, uint64_t, a->cand)[slot] = a->lo + off;
            }
    }
}

#endif
