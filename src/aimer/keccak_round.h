/* One round of Keccak-f[1600], written once for every lane type: scalar
 * words, and vectors that hold one lane of several states. The includer
 * defines the operations for its type before using KECCAK_ROUND:
 *   KR_XOR(a, b), KR_XOR5(a, b, c, d, e), KR_ROL(x, n) for 0 < n < 64,
 *   KR_CHI(a, b, c) = a ^ (~b & c), KR_IOTA(a, i) = a ^ round constant i.
 * a[25] holds the lanes, lane (x, y) at x + 5y; the round writes it back. */
#ifndef LWCX_AIMER_KECCAK_ROUND_H
#define LWCX_AIMER_KECCAK_ROUND_H

/* theta's column sums, then theta and rho and pi into b (lane (x, y) moves
 * to (y, 2x + 3y)), then chi back into a, then iota */
#define KECCAK_ROUND(T, a, i)                                                                     \
    do {                                                                                          \
        T c0_ = KR_XOR5(a[0], a[5], a[10], a[15], a[20]);                                         \
        T c1_ = KR_XOR5(a[1], a[6], a[11], a[16], a[21]);                                         \
        T c2_ = KR_XOR5(a[2], a[7], a[12], a[17], a[22]);                                         \
        T c3_ = KR_XOR5(a[3], a[8], a[13], a[18], a[23]);                                         \
        T c4_ = KR_XOR5(a[4], a[9], a[14], a[19], a[24]);                                         \
        const T d0_ = KR_XOR(c4_, KR_ROL(c1_, 1)), d1_ = KR_XOR(c0_, KR_ROL(c2_, 1));             \
        const T d2_ = KR_XOR(c1_, KR_ROL(c3_, 1)), d3_ = KR_XOR(c2_, KR_ROL(c4_, 1));             \
        const T d4_ = KR_XOR(c3_, KR_ROL(c0_, 1));                                                \
        T b_[25];                                                                                 \
        b_[0] = KR_XOR(a[0], d0_);                                                                \
        b_[10] = KR_ROL(KR_XOR(a[1], d1_), 1);                                                    \
        b_[20] = KR_ROL(KR_XOR(a[2], d2_), 62);                                                   \
        b_[5] = KR_ROL(KR_XOR(a[3], d3_), 28);                                                    \
        b_[15] = KR_ROL(KR_XOR(a[4], d4_), 27);                                                   \
        b_[16] = KR_ROL(KR_XOR(a[5], d0_), 36);                                                   \
        b_[1] = KR_ROL(KR_XOR(a[6], d1_), 44);                                                    \
        b_[11] = KR_ROL(KR_XOR(a[7], d2_), 6);                                                    \
        b_[21] = KR_ROL(KR_XOR(a[8], d3_), 55);                                                   \
        b_[6] = KR_ROL(KR_XOR(a[9], d4_), 20);                                                    \
        b_[7] = KR_ROL(KR_XOR(a[10], d0_), 3);                                                    \
        b_[17] = KR_ROL(KR_XOR(a[11], d1_), 10);                                                  \
        b_[2] = KR_ROL(KR_XOR(a[12], d2_), 43);                                                   \
        b_[12] = KR_ROL(KR_XOR(a[13], d3_), 25);                                                  \
        b_[22] = KR_ROL(KR_XOR(a[14], d4_), 39);                                                  \
        b_[23] = KR_ROL(KR_XOR(a[15], d0_), 41);                                                  \
        b_[8] = KR_ROL(KR_XOR(a[16], d1_), 45);                                                   \
        b_[18] = KR_ROL(KR_XOR(a[17], d2_), 15);                                                  \
        b_[3] = KR_ROL(KR_XOR(a[18], d3_), 21);                                                   \
        b_[13] = KR_ROL(KR_XOR(a[19], d4_), 8);                                                   \
        b_[14] = KR_ROL(KR_XOR(a[20], d0_), 18);                                                  \
        b_[24] = KR_ROL(KR_XOR(a[21], d1_), 2);                                                   \
        b_[9] = KR_ROL(KR_XOR(a[22], d2_), 61);                                                   \
        b_[19] = KR_ROL(KR_XOR(a[23], d3_), 56);                                                  \
        b_[4] = KR_ROL(KR_XOR(a[24], d4_), 14);                                                   \
        for (int y_ = 0; y_ < 25; y_ += 5) {                                                      \
            a[y_ + 0] = KR_CHI(b_[y_ + 0], b_[y_ + 1], b_[y_ + 2]);                               \
            a[y_ + 1] = KR_CHI(b_[y_ + 1], b_[y_ + 2], b_[y_ + 3]);                               \
            a[y_ + 2] = KR_CHI(b_[y_ + 2], b_[y_ + 3], b_[y_ + 4]);                               \
            a[y_ + 3] = KR_CHI(b_[y_ + 3], b_[y_ + 4], b_[y_ + 0]);                               \
            a[y_ + 4] = KR_CHI(b_[y_ + 4], b_[y_ + 0], b_[y_ + 1]);                               \
        }                                                                                         \
        a[0] = KR_IOTA(a[0], i);                                                                  \
    } while (0)

#endif
