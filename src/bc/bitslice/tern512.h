/* vpternlogd for the zmm kernels that write their S-boxes by hand
 * (gift/groups512.c, gift/slices512.c, pipo/rows512.c); include after
 * <immintrin.h>, in files compiled with AVX-512F.
 *
 * Where measured, vpternlogd's result waits less for its first operand
 * (the one it overwrites) than for the other two (docs/design/machines.md,
 * "vpternlogd's operand latencies"), so a round's critical path is
 * shortest when each operation's first operand is the input that comes
 * last. TERN_INTO(d, a, b, c, imm) keeps a first: gcc keeps the
 * intrinsic's order, clang commutes the operands to save register copies,
 * so for clang it is written out. */
#ifndef LWCX_TERN512_H
#define LWCX_TERN512_H

#define TERN(a, b, c, imm) _mm512_ternarylogic_epi32(a, b, c, imm)
#define XOR_AND(a, b, c) TERN(a, b, c, 0x78) /* a ^ (b & c) */
#define XOR_OR(a, b, c) TERN(a, b, c, 0x1E)  /* a ^ (b | c) */
#define XOR3(a, b, c) TERN(a, b, c, 0x96)
#define XNOR3(a, b, c) TERN(a, b, c, 0x69)   /* ~(a ^ b ^ c) */
#define XNOR(a, b) TERN(a, b, b, 0xC3)       /* ~(a ^ b) */

#ifdef __clang__
#define TERN_INTO(d, a, b, c, imm)                                                 \
    do {                                                                           \
        __m512i tern_ = (a); /* (d may be b or c) */                               \
        __asm__("vpternlogd $" #imm ", %2, %1, %0" : "+v"(tern_) : "v"(b), "v"(c)); \
        d = tern_;                                                                 \
    } while (0)
#else
#define TERN_INTO(d, a, b, c, imm) ((d) = TERN(a, b, c, imm))
#endif

#endif
