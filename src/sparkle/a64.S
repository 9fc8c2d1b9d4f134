/* SPARKLE permutations in scalar A64, register-scheduled.
 *
 * void lwcx_sparkle_a64_permute(uint32_t *state, unsigned nb, unsigned steps)
 * nb = 4, 6 or 8 (anything else runs as 8, like opt); steps >= 1 (0 is a no-op).
 *
 * The whole state, the Alzette constants, the step counter and two temporaries
 * live in registers for the whole permutation. The linear layer never moves a
 * word: each new left branch is computed in place of the right branch it is
 * built from, and the branch-to-register map is carried by the unrolled code
 * instead (it repeats after 2*h steps, h = nb/2). The loop body is unrolled
 * over that period (over 8 steps for nb = 4, so that rcon[step & 7] is a fixed
 * register in each copy), and every copy tests for the end, so every step
 * count exits with the map it reached; each exit point stores through its own
 * map.
 *
 * Rotations: EOR takes a free ROR of its second operand, ADD does not, so the
 * three rotated additions in Alzette cost a separate ROR into a temporary, and
 * ell(t) = ror(t ^ (t << 16), 16) leaves its ROR for the EORs that consume it.
 */

#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define LANDING_PAD hint 34 /* bti c: the function is called through a pointer */
#else
#define LANDING_PAD
#endif

ptr     .req x0     /* the state */
nst     .req w1     /* steps requested */
cnt     .req w2     /* steps done */
/* branch pairs (x, y) by register, not by branch: the map changes every step */
p0x     .req w3
p0y     .req w4
p1x     .req w5
p1y     .req w6
p2x     .req w7
p2y     .req w8
p3x     .req w9
p3y     .req w10
p4x     .req w11
p4y     .req w12
p5x     .req w13
p5y     .req w14
p6x     .req w15
p6y     .req w16
p7x     .req w17
p7y     .req w19
c0      .req w20    /* rcon[0..7] */
c1      .req w21
c2      .req w22
c3      .req w23
c4      .req w24
c5      .req w25
c6      .req w26
c7      .req w27
tab     .req x26    /* nb = 6 only: &lwcx_sparkle_rcon (c6, c7 unused there) */
ta      .req w28    /* Alzette temporaries, then tx and ty of the linear layer */
tax     .req x28
tb      .req w30

/* Alzette on two branches at once, interleaved for in-order dual issue. */
.macro alz2 xa, ya, ca, xb, yb, cb
    ror     ta, \ya, #31
    ror     tb, \yb, #31
    add     \xa, \xa, ta
    add     \xb, \xb, tb
    eor     \ya, \ya, \xa, ror #24
    eor     \yb, \yb, \xb, ror #24
    eor     \xa, \xa, \ca
    eor     \xb, \xb, \cb
    ror     ta, \ya, #17
    ror     tb, \yb, #17
    add     \xa, \xa, ta
    add     \xb, \xb, tb
    eor     \ya, \ya, \xa, ror #17
    eor     \yb, \yb, \xb, ror #17
    eor     \xa, \xa, \ca
    eor     \xb, \xb, \cb
    add     \xa, \xa, \ya
    add     \xb, \xb, \yb
    eor     \ya, \ya, \xa, ror #31
    eor     \yb, \yb, \xb, ror #31
    eor     \xa, \xa, \ca
    eor     \xb, \xb, \cb
    ror     ta, \ya, #24
    ror     tb, \yb, #24
    add     \xa, \xa, ta
    add     \xb, \xb, tb
    eor     \ya, \ya, \xa, ror #16
    eor     \yb, \yb, \xb, ror #16
    eor     \xa, \xa, \ca
    eor     \xb, \xb, \cb
.endm

/* Linear-layer pieces. Each right branch j becomes right_j ^ left_j ^ ell(t):
 * x words take ell(ty), y words ell(tx). Which register is the new left
 * branch b (the one built from right branch b+1) is the caller's business. */
.macro rxl l, r         /* right ^= left: independent of t, fills issue slots */
    eor     \r\()x, \r\()x, \l\()x
    eor     \r\()y, \r\()y, \l\()y
.endm
.macro rell r           /* right ^= ell(t): ta, tb hold t ^ (t << 16) */
    eor     \r\()x, \r\()x, tb, ror #16
    eor     \r\()y, \r\()y, ta, ror #16
.endm
.macro tshift
    eor     ta, ta, ta, lsl #16
    eor     tb, tb, tb, lsl #16
.endm

/* End-of-step test: cnt counts steps done. */
.macro next exit
    add     cnt, cnt, #1
    cmp     cnt, nst
    b.eq    \exit
.endm

.macro ldpair p, off
    ldp     \p\()x, \p\()y, [ptr, #\off]
.endm
.macro stpair p, off
    stp     \p\()x, \p\()y, [ptr, #\off]
.endm

/* ---- SPARKLE256: h = 2, map period 4, unrolled 8 for rcon[step & 7] ---- */
.macro step4 l0, l1, r0, r1, k, exit
    eor     \l0\()y, \l0\()y, c\k
    eor     \l1\()y, \l1\()y, cnt
    alz2    \l0\()x, \l0\()y, c0, \l1\()x, \l1\()y, c1
    alz2    \r0\()x, \r0\()y, c2, \r1\()x, \r1\()y, c3
    eor     ta, \l0\()x, \l1\()x
    eor     tb, \l0\()y, \l1\()y
    rxl     \l0, \r0
    rxl     \l1, \r1
    tshift
    rell    \r0
    rell    \r1
    next    \exit
.endm
.macro store4 l0, l1, r0, r1
    stpair  \l0, 0
    stpair  \l1, 8
    stpair  \r0, 16
    stpair  \r1, 24
    b       .Ldone
.endm

/* ---- SPARKLE384: h = 3, map period 6, rcon[step & 7] from memory ---- */
.macro step6 l0, l1, l2, r0, r1, r2, exit
    and     ta, cnt, #7
    ldr     ta, [tab, tax, lsl #2]
    eor     \l1\()y, \l1\()y, cnt
    eor     \l0\()y, \l0\()y, ta
    alz2    \l0\()x, \l0\()y, c0, \l1\()x, \l1\()y, c1
    alz2    \l2\()x, \l2\()y, c2, \r0\()x, \r0\()y, c3
    alz2    \r1\()x, \r1\()y, c4, \r2\()x, \r2\()y, c5
    eor     ta, \l0\()x, \l1\()x
    eor     tb, \l0\()y, \l1\()y
    rxl     \l0, \r0
    eor     ta, ta, \l2\()x
    eor     tb, tb, \l2\()y
    rxl     \l1, \r1
    tshift
    rxl     \l2, \r2
    rell    \r0
    rell    \r1
    rell    \r2
    next    \exit
.endm
.macro store6 l0, l1, l2, r0, r1, r2
    stpair  \l0, 0
    stpair  \l1, 8
    stpair  \l2, 16
    stpair  \r0, 24
    stpair  \r1, 32
    stpair  \r2, 40
    b       .Ldone
.endm

/* ---- SPARKLE512: h = 4, map period 8 = the rcon period ---- */
.macro step8 l0, l1, l2, l3, r0, r1, r2, r3, k, exit
    eor     \l0\()y, \l0\()y, c\k
    eor     \l1\()y, \l1\()y, cnt
    alz2    \l0\()x, \l0\()y, c0, \l1\()x, \l1\()y, c1
    alz2    \l2\()x, \l2\()y, c2, \l3\()x, \l3\()y, c3
    alz2    \r0\()x, \r0\()y, c4, \r1\()x, \r1\()y, c5
    alz2    \r2\()x, \r2\()y, c6, \r3\()x, \r3\()y, c7
    eor     ta, \l0\()x, \l1\()x
    eor     tb, \l0\()y, \l1\()y
    rxl     \l0, \r0
    eor     ta, ta, \l2\()x
    eor     tb, tb, \l2\()y
    rxl     \l1, \r1
    eor     ta, ta, \l3\()x
    eor     tb, tb, \l3\()y
    rxl     \l2, \r2
    tshift
    rxl     \l3, \r3
    rell    \r0
    rell    \r1
    rell    \r2
    rell    \r3
    next    \exit
.endm
.macro store8 l0, l1, l2, l3, r0, r1, r2, r3
    stpair  \l0, 0
    stpair  \l1, 8
    stpair  \l2, 16
    stpair  \l3, 24
    stpair  \r0, 32
    stpair  \r1, 40
    stpair  \r2, 48
    stpair  \r3, 56
    b       .Ldone
.endm

    .text
    .globl  lwcx_sparkle_a64_permute
    .hidden lwcx_sparkle_a64_permute
    .hidden lwcx_sparkle_rcon
    .type   lwcx_sparkle_a64_permute, %function
    .p2align 4
lwcx_sparkle_a64_permute:
    LANDING_PAD
    cbz     w2, .Lret
    stp     x29, x30, [sp, #-96]!
    mov     x29, sp
    stp     x19, x20, [sp, #16]
    stp     x21, x22, [sp, #32]
    stp     x23, x24, [sp, #48]
    stp     x25, x26, [sp, #64]
    stp     x27, x28, [sp, #80]
    adrp    x3, lwcx_sparkle_rcon
    add     x3, x3, :lo12:lwcx_sparkle_rcon
    ldp     c0, c1, [x3]
    ldp     c2, c3, [x3, #8]
    ldp     c4, c5, [x3, #16]
    ldp     c6, c7, [x3, #24]
    mov     w4, w1
    mov     nst, w2
    mov     cnt, #0
    cmp     w4, #4
    b.eq    .Lnb4
    cmp     w4, #6
    b.eq    .Lnb6

/* Step k's map is (L; R) -> (R1..R(h-1), R0; L), so after step k the
 * state sits in the map of step k + 1. */
.Lnb8:
    ldpair  p0, 0
    ldpair  p1, 8
    ldpair  p2, 16
    ldpair  p3, 24
    ldpair  p4, 32
    ldpair  p5, 40
    ldpair  p6, 48
    ldpair  p7, 56
    .p2align 4
.Lloop8:
    step8   p0, p1, p2, p3, p4, p5, p6, p7, 0, .Lout8_1
    step8   p5, p6, p7, p4, p0, p1, p2, p3, 1, .Lout8_2
    step8   p1, p2, p3, p0, p5, p6, p7, p4, 2, .Lout8_3
    step8   p6, p7, p4, p5, p1, p2, p3, p0, 3, .Lout8_4
    step8   p2, p3, p0, p1, p6, p7, p4, p5, 4, .Lout8_5
    step8   p7, p4, p5, p6, p2, p3, p0, p1, 5, .Lout8_6
    step8   p3, p0, p1, p2, p7, p4, p5, p6, 6, .Lout8_7
    step8   p4, p5, p6, p7, p3, p0, p1, p2, 7, .Lout8_0
    b       .Lloop8
.Lout8_0: store8 p0, p1, p2, p3, p4, p5, p6, p7
.Lout8_1: store8 p5, p6, p7, p4, p0, p1, p2, p3
.Lout8_2: store8 p1, p2, p3, p0, p5, p6, p7, p4
.Lout8_3: store8 p6, p7, p4, p5, p1, p2, p3, p0
.Lout8_4: store8 p2, p3, p0, p1, p6, p7, p4, p5
.Lout8_5: store8 p7, p4, p5, p6, p2, p3, p0, p1
.Lout8_6: store8 p3, p0, p1, p2, p7, p4, p5, p6
.Lout8_7: store8 p4, p5, p6, p7, p3, p0, p1, p2

.Lnb4:
    ldpair  p0, 0
    ldpair  p1, 8
    ldpair  p2, 16
    ldpair  p3, 24
    .p2align 4
.Lloop4:
    step4   p0, p1, p2, p3, 0, .Lout4_1
    step4   p3, p2, p0, p1, 1, .Lout4_2
    step4   p1, p0, p3, p2, 2, .Lout4_3
    step4   p2, p3, p1, p0, 3, .Lout4_0
    step4   p0, p1, p2, p3, 4, .Lout4_1
    step4   p3, p2, p0, p1, 5, .Lout4_2
    step4   p1, p0, p3, p2, 6, .Lout4_3
    step4   p2, p3, p1, p0, 7, .Lout4_0
    b       .Lloop4
.Lout4_0: store4 p0, p1, p2, p3
.Lout4_1: store4 p3, p2, p0, p1
.Lout4_2: store4 p1, p0, p3, p2
.Lout4_3: store4 p2, p3, p1, p0

.Lnb6:
    mov     tab, x3
    ldpair  p0, 0
    ldpair  p1, 8
    ldpair  p2, 16
    ldpair  p3, 24
    ldpair  p4, 32
    ldpair  p5, 40
    .p2align 4
.Lloop6:
    step6   p0, p1, p2, p3, p4, p5, .Lout6_1
    step6   p4, p5, p3, p0, p1, p2, .Lout6_2
    step6   p1, p2, p0, p4, p5, p3, .Lout6_3
    step6   p5, p3, p4, p1, p2, p0, .Lout6_4
    step6   p2, p0, p1, p5, p3, p4, .Lout6_5
    step6   p3, p4, p5, p2, p0, p1, .Lout6_0
    b       .Lloop6
.Lout6_0: store6 p0, p1, p2, p3, p4, p5
.Lout6_1: store6 p4, p5, p3, p0, p1, p2
.Lout6_2: store6 p1, p2, p0, p4, p5, p3
.Lout6_3: store6 p5, p3, p4, p1, p2, p0
.Lout6_4: store6 p2, p0, p1, p5, p3, p4
.Lout6_5: store6 p3, p4, p5, p2, p0, p1

.Ldone:
    ldp     x19, x20, [sp, #16]
    ldp     x21, x22, [sp, #32]
    ldp     x23, x24, [sp, #48]
    ldp     x25, x26, [sp, #64]
    ldp     x27, x28, [sp, #80]
    ldp     x29, x30, [sp], #96
.Lret:
    ret
    .size   lwcx_sparkle_a64_permute, . - lwcx_sparkle_a64_permute

#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
/* Mark the object BTI-compatible so linking it does not drop BTI for the library. */
    .pushsection .note.gnu.property, "a"
    .p2align 3
    .word   4
    .word   16
    .word   5               /* NT_GNU_PROPERTY_TYPE_0 */
    .asciz  "GNU"
    .word   0xc0000000      /* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
    .word   4
    .word   1               /* BTI */
    .word   0
    .popsection
#endif

    .section .note.GNU-stack, "", %progbits
