/* What the bitsliced cores (<family>/bs_core.tmpl.h) need besides their word:
 * portable spellings of inlining, restrict, loop unrolling and static
 * assertions for C11 (gcc, clang), C++ and CUDA (nvcc). Every macro is a
 * default: a word header included before the cores may define its own
 * (a CUDA word, e.g., BS_INLINE as static __device__ __forceinline__).
 * Nothing here may pull in more than <stdint.h>: the cores must compile
 * wherever a word type does. */
#ifndef LWCX_BS_CORE_COMMON_H
#define LWCX_BS_CORE_COMMON_H

#include <stdint.h>

/* Function space qualifiers: host and device under CUDA, nothing elsewhere. */
#ifndef BS_HD
#if defined(__CUDACC__)
#define BS_HD __host__ __device__
#else
#define BS_HD
#endif
#endif

/* Always inlined (the rounds: inlining makes every index a constant).
 * Device code under CUDA, where the rounds' tables are (BS_TABLE). */
#ifndef BS_INLINE
#if defined(__CUDACC__)
#define BS_INLINE static __device__ __forceinline__
#elif defined(__GNUC__)
#define BS_INLINE static inline __attribute__((always_inline))
#else
#define BS_INLINE static inline
#endif
#endif

/* The SWAR transpose step's mask: the low j bits of every 2j-bit group
 * (j = 32, 16, 8, 4, 2, 1). */
BS_INLINE uint64_t bs_tr_mask(const unsigned j)
{
    return j == 32 ? 0x00000000FFFFFFFFu
           : j == 16 ? 0x0000FFFF0000FFFFu
           : j == 8  ? 0x00FF00FF00FF00FFu
           : j == 4  ? 0x0F0F0F0F0F0F0F0Fu
           : j == 2  ? 0x3333333333333333u
                     : 0x5555555555555555u;
}

/* One step of the SWAR transpose on rows *lo and *hi of type T (a 64-bit
 * integer or a GNU C vector of them): swaps the high j bits of every 2j-bit
 * group of *lo with the low j bits of the same group of *hi. */
#define BS_TR_STEP(T, lo, hi, j)                            \
    do {                                                    \
        const T t_ = ((*(lo) >> (j)) ^ *(hi)) & bs_tr_mask(j); \
        *(lo) ^= t_ << (j);                                 \
        *(hi) ^= t_;                                        \
    } while (0)

/* One round over whole state arrays in memory: kept out of line on CPUs,
 * where 64 or 128 words cannot all be registers anyway, so that gcc and
 * clang compile it alike (each word loaded and stored once a round).
 * Inlined into the rounds loop, the compilers chose differently and lost up
 * to 2.5x: gcc copied PRESENT's state through stack slots, GIFT-128 on the
 * 64-bit word ran 1.5x (gcc) and 2.5x (clang) slower. Inlined under CUDA,
 * whose state must stay in registers. */
#ifndef BS_ROUND
#if defined(__CUDACC__)
#define BS_ROUND BS_INLINE
#elif defined(__GNUC__)
#define BS_ROUND static __attribute__((noinline, unused))
#else
#define BS_ROUND static
#endif
#endif

/* Left to the compiler (setup such as key expansion, host and device under
 * CUDA; may be unused). */
#ifndef BS_FUNC
#define BS_FUNC static inline BS_HD
#endif

/* m[i] = ~0 if bit i of k is set, else 0, for i < 32: one key's masks, as
 * expand() stores them. In GNU C vectors where the compiler has them (four
 * bits a vector AND and compare), not left to the vectorizer: the 64-bit
 * word's files build with gcc's off, and its scalar loop over PRESENT's
 * 8 KiB of masks took 19% of a 4 KiB bitslice64 CTR call (clang: 9%). */
BS_FUNC void bs_bit_masks32(uint32_t *m, uint32_t k)
{
#if defined(__GNUC__) && !defined(__CUDACC__) && !defined(__OPENCL_VERSION__)
    /* As wide as the file's ISA allows: gcc 12 lowers a vector wider than
     * the registers to scalar compares, and the one-key schedules are all
     * stores (PRESENT's 8 KiB in 16-byte stores were 7% of a 4 KiB avx512
     * CTR call on a Zen 4, which stores 32 bytes a cycle of any width from
     * 32 up, 16 of xmm) */
#if defined(__AVX512F__)
#define BS_MASKS32_LANES 16
#elif defined(__AVX2__)
#define BS_MASKS32_LANES 8
#else
#define BS_MASKS32_LANES 4
#endif
    typedef uint32_t bs_u32xn __attribute__((vector_size(4 * BS_MASKS32_LANES)));
    static const uint32_t first_bits[16] = {1u << 0, 1u << 1, 1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
                                            1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15};
    const bs_u32xn kv = (bs_u32xn){0} + k;
    bs_u32xn bit;
    __builtin_memcpy(&bit, first_bits, sizeof bit);
    for (unsigned i = 0; i < 32; i += BS_MASKS32_LANES) {
        const bs_u32xn v = (bs_u32xn)((kv & bit) == bit);
        __builtin_memcpy(m + i, &v, sizeof v);
        bit <<= BS_MASKS32_LANES;
    }
#undef BS_MASKS32_LANES
#else
    for (unsigned i = 0; i < 32; i++) m[i] = 0u - ((k >> i) & 1u);
#endif
}

#ifndef BS_RESTRICT
#if defined(__cplusplus) || defined(__CUDACC__)
#define BS_RESTRICT __restrict__
#else
#define BS_RESTRICT restrict
#endif
#endif

/* BS_UNROLL(n) right before a loop with a constant trip count of at most n:
 * unroll it fully. clang is asked for "full", not a count: given a count
 * above the trip count (a loop of 16 under BS_UNROLL(32), GIFT-64) it
 * unrolled nothing and computed every index at run time (2x slower).
 * LWCX_BS_ROLLED (the sanitizer builds: compile time) leaves loops rolled. */
#define BS_PRAGMA(x) _Pragma(#x)
#ifndef BS_UNROLL
#if defined(LWCX_BS_ROLLED)
#define BS_UNROLL(n)
#elif defined(__CUDACC__)
#define BS_UNROLL(n) BS_PRAGMA(unroll n)
#elif defined(__clang__)
#define BS_UNROLL(n) BS_PRAGMA(clang loop unroll(full))
#elif defined(__GNUC__)
#define BS_UNROLL(n) BS_PRAGMA(GCC unroll n)
#else
#define BS_UNROLL(n)
#endif
#endif

/* BS_UNROLL_ROUNDS right before a loop over rounds: nothing by default (the
 * CPU words keep their loops); a GPU word unrolls them all, so that every
 * state and key word is a register, not local memory. */
#ifndef BS_UNROLL_ROUNDS
#define BS_UNROLL_ROUNDS
#endif

/* A compile-time check, at file or block scope. */
#ifndef BS_STATIC_ASSERT
#if defined(__cplusplus)
#define BS_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define BS_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif
#endif

/* A word header may define BS_TERN(a, b, c, imm): any Boolean function of
 * three words, bit ((a << 2) | (b << 1) | c) of the 8-bit constant imm
 * being the result for those input bits (AVX-512's vpternlog). Cores use it
 * for circuits written for it and keep a two-input circuit for the words
 * without it. BS_TERN_GENERIC is its meaning in two-input operations, for
 * the tests (slow: up to eight minterms). */
#define BS_TERN_MINTERM(a, b, c, imm, i)                                                       \
    (((imm) >> (i) & 1) ? BS_AND(BS_AND((i) & 4 ? (a) : BS_NOT(a), (i) & 2 ? (b) : BS_NOT(b)),  \
                                 (i) & 1 ? (c) : BS_NOT(c))                                    \
                        : BS_ZERO)
#define BS_TERN_GENERIC(a, b, c, imm)                                                            \
    BS_OR(BS_OR(BS_OR(BS_TERN_MINTERM(a, b, c, imm, 0), BS_TERN_MINTERM(a, b, c, imm, 1)),       \
                BS_OR(BS_TERN_MINTERM(a, b, c, imm, 2), BS_TERN_MINTERM(a, b, c, imm, 3))),      \
          BS_OR(BS_OR(BS_TERN_MINTERM(a, b, c, imm, 4), BS_TERN_MINTERM(a, b, c, imm, 5)),       \
                BS_OR(BS_TERN_MINTERM(a, b, c, imm, 6), BS_TERN_MINTERM(a, b, c, imm, 7))))

/* BS_KEEP(v): the word v, once loaded, stays in a register: a word header
 * defines it where a compiler would otherwise load v again for each use
 * (see bitslice/bs_word_u64x8.h); nothing elsewhere. */
#ifndef BS_KEEP
#define BS_KEEP(v) ((void)0)
#endif

/* The key-search lane patterns pat[] (BS_LANE_PATS) must be one per bit of
 * a lane index. */
#define BS_LANE_PATS_CHECK(pat)                                                                   \
    BS_STATIC_ASSERT(((uint64_t)1 << (sizeof(pat) / sizeof((pat)[0]))) == BS_LANES,              \
                     "one lane pattern per bit of a lane index")

/* Constant tables the rounds read (every thread reads the same entry at
 * once: constant memory under CUDA). */
#ifndef BS_TABLE
#if defined(__CUDACC__)
#define BS_TABLE static __constant__ const
#else
#define BS_TABLE static const
#endif
#endif

/* A pointer to such a table (OpenCL C: __constant, no generic address space). */
#ifndef BS_TABLE_REF
#define BS_TABLE_REF const
#endif

#endif
