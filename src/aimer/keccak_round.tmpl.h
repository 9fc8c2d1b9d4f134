/* Template: included by other files, never compiled on its own.
 * Includer defines first: KR_XOR, KR_XOR5, KR_ROL, KR_CHI, KR_IOTA for its lane type (or a
 *   prefix P_* for KECCAK_ROUND_P)
 * Defines: KECCAK_ROUND, KECCAK_ROUND_P, KECCAK_F1600, KECCAK_F1600_P, KECCAK_F1600_TWO
 */
/* One round of Keccak-f[1600], written once for every lane type: scalar
 * words, and vectors that hold one lane of several states. The includer
 * defines the operations for its type before using KECCAK_ROUND:
 *   KR_XOR(a, b), KR_XOR5(a, b, c, d, e), KR_ROL(x, n) for 0 < n < 64,
 *   KR_CHI(a, b, c) = a ^ (~b & c), KR_IOTA(a, i) = a ^ round constant i.
 * KECCAK_ROUND_P(P, ...) takes the operations as P_XOR, P_XOR5, P_ROL_XOR,
 * P_XOR_ROL1, P_CHI, P_IOTA instead, so that one function can run rounds
 * of two lane types side by side (KECCAK_ROUND is P = KR).
 * The state is 25 variables named A0..A24 (lane (x, y) in A<x + 5y>); a
 * round reads them and writes E0..E24, so that two rounds, A to E and E
 * back to A, need no copies and the compiler keeps the lanes in registers. */
#ifndef LWCX_AIMER_KECCAK_ROUND_H
#define LWCX_AIMER_KECCAK_ROUND_H

/* Fused forms, for lane types that have an instruction for them (the
 * ARMv8.2 SHA3 XAR and RAX1): an includer defines them before including
 * this header; otherwise they are the plain operations. */
#ifndef KR_ROL_XOR
#define KR_ROL_XOR(a, d, n) KR_ROL(KR_XOR(a, d), n) /* rotate a ^ d left by n */
#endif
#ifndef KR_XOR_ROL1
#define KR_XOR_ROL1(c, b) KR_XOR(c, KR_ROL(b, 1)) /* theta's d */
#endif

/* X(i) for the 25 lanes */
#define KR_LANES(X)                                                                               \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) \
        X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24)

/* chi of one output row from its five inputs b0..b4 (after theta, rho and
 * pi) into E<y>..E<y + 4> */
#define KR_ROW_(P, T, E, y, b0, b1, b2, b3, b4)                                                      \
    do {                                                                                          \
        const T v0_ = b0, v1_ = b1, v2_ = b2, v3_ = b3, v4_ = b4;                                 \
        E##y = P##_CHI(v0_, v1_, v2_);                                                            \
        KR_ROW_REST_(P, E, y, v0_, v1_, v2_, v3_, v4_);                                              \
    } while (0)
#define KR_ROW_REST_(P, E, y, v0, v1, v2, v3, v4) KR_ROW_AT_##y(P, E, v0, v1, v2, v3, v4)
#define KR_ROW_AT_0(P, E, v0, v1, v2, v3, v4) KR_ROW_SET_(P, E, 1, 2, 3, 4, v0, v1, v2, v3, v4)
#define KR_ROW_AT_5(P, E, v0, v1, v2, v3, v4) KR_ROW_SET_(P, E, 6, 7, 8, 9, v0, v1, v2, v3, v4)
#define KR_ROW_AT_10(P, E, v0, v1, v2, v3, v4) KR_ROW_SET_(P, E, 11, 12, 13, 14, v0, v1, v2, v3, v4)
#define KR_ROW_AT_15(P, E, v0, v1, v2, v3, v4) KR_ROW_SET_(P, E, 16, 17, 18, 19, v0, v1, v2, v3, v4)
#define KR_ROW_AT_20(P, E, v0, v1, v2, v3, v4) KR_ROW_SET_(P, E, 21, 22, 23, 24, v0, v1, v2, v3, v4)
#define KR_ROW_SET_(P, E, i1, i2, i3, i4, v0, v1, v2, v3, v4)                                        \
    E##i1 = P##_CHI(v1, v2, v3);                                                                   \
    E##i2 = P##_CHI(v2, v3, v4);                                                                   \
    E##i3 = P##_CHI(v3, v4, v0);                                                                   \
    E##i4 = P##_CHI(v4, v0, v1)

/* theta's column sums c and its d; then, one output row at a time (fewer
 * values live), theta, rho and pi (lane (x, y) moves to (y, 2x + 3y)) and
 * chi; iota */
#define KECCAK_ROUND_P(P, T, A, E, i)                                                              \
    do {                                                                                      \
        const T c0_ = P##_XOR5(A##0, A##5, A##10, A##15, A##20);                               \
        const T c1_ = P##_XOR5(A##1, A##6, A##11, A##16, A##21);                               \
        const T c2_ = P##_XOR5(A##2, A##7, A##12, A##17, A##22);                               \
        const T c3_ = P##_XOR5(A##3, A##8, A##13, A##18, A##23);                               \
        const T c4_ = P##_XOR5(A##4, A##9, A##14, A##19, A##24);                               \
        const T d0_ = P##_XOR_ROL1(c4_, c1_);                                                  \
        const T d1_ = P##_XOR_ROL1(c0_, c2_);                                                  \
        const T d2_ = P##_XOR_ROL1(c1_, c3_);                                                  \
        const T d3_ = P##_XOR_ROL1(c2_, c4_);                                                  \
        const T d4_ = P##_XOR_ROL1(c3_, c0_);                                                  \
        KR_ROW_(P, T, E, 0, P##_XOR(A##0, d0_), P##_ROL_XOR(A##6, d1_, 44),                        \
                P##_ROL_XOR(A##12, d2_, 43), P##_ROL_XOR(A##18, d3_, 21),                       \
                P##_ROL_XOR(A##24, d4_, 14));                                                  \
        KR_ROW_(P, T, E, 5, P##_ROL_XOR(A##3, d3_, 28), P##_ROL_XOR(A##9, d4_, 20),                \
                P##_ROL_XOR(A##10, d0_, 3), P##_ROL_XOR(A##16, d1_, 45),                        \
                P##_ROL_XOR(A##22, d2_, 61));                                                  \
        KR_ROW_(P, T, E, 10, P##_ROL_XOR(A##1, d1_, 1), P##_ROL_XOR(A##7, d2_, 6),                 \
                P##_ROL_XOR(A##13, d3_, 25), P##_ROL_XOR(A##19, d4_, 8),                        \
                P##_ROL_XOR(A##20, d0_, 18));                                                  \
        KR_ROW_(P, T, E, 15, P##_ROL_XOR(A##4, d4_, 27), P##_ROL_XOR(A##5, d0_, 36),               \
                P##_ROL_XOR(A##11, d1_, 10), P##_ROL_XOR(A##17, d2_, 15),                       \
                P##_ROL_XOR(A##23, d3_, 56));                                                  \
        KR_ROW_(P, T, E, 20, P##_ROL_XOR(A##2, d2_, 62), P##_ROL_XOR(A##8, d3_, 55),               \
                P##_ROL_XOR(A##14, d4_, 39), P##_ROL_XOR(A##15, d0_, 41),                       \
                P##_ROL_XOR(A##21, d1_, 2));                                                   \
        E##0 = P##_IOTA(E##0, i);                                                              \
    } while (0)
#define KECCAK_ROUND(T, A, E, i) KECCAK_ROUND_P(KR, T, A, E, i)

/* The whole permutation over lanes of type T: LOAD(i) declares lane i as
 * a<i> (and its partner e<i>) and loads it, STORE(i) writes a<i> back. */
#define KECCAK_F1600_P(P, T, LOAD, STORE)                                                         \
    do {                                                                                          \
        KR_LANES(LOAD)                                                                            \
        for (int i_ = 0; i_ < 24; i_ += 2) {                                                      \
            KECCAK_ROUND_P(P, T, a, e, i_);                                                       \
            KECCAK_ROUND_P(P, T, e, a, i_ + 1);                                                   \
        }                                                                                         \
        KR_LANES(STORE)                                                                           \
    } while (0)
#define KECCAK_F1600(T, LOAD, STORE) KECCAK_F1600_P(KR, T, LOAD, STORE)

/* Two permutations at once, their rounds interleaved: lanes a<i>/e<i> of
 * type T with operations P, lanes b<i>/f<i> of type U with operations Q;
 * LOAD(i) and STORE(i) declare and load, and store, both. */
#define KECCAK_F1600_TWO(P, T, Q, U, LOAD, STORE)                                                 \
    do {                                                                                          \
        KR_LANES(LOAD)                                                                            \
        for (int i_ = 0; i_ < 24; i_ += 2) {                                                      \
            KECCAK_ROUND_P(P, T, a, e, i_);                                                       \
            KECCAK_ROUND_P(Q, U, b, f, i_);                                                       \
            KECCAK_ROUND_P(P, T, e, a, i_ + 1);                                                   \
            KECCAK_ROUND_P(Q, U, f, b, i_ + 1);                                                   \
        }                                                                                         \
        KR_LANES(STORE)                                                                           \
    } while (0)

#endif
