/* Template: included by other files, never compiled on its own.
 * Includer defines first: CLV, CLV_FN(name), CLV_CL, CLV_XOR, CLV_ZERO, CLV_UP, CLV_DOWN,
 *   CLV_POLY (below)
 * Defines: the GF(2^128/192/256) products and reductions over CLV, named by CLV_FN
 */
/* GF(2^128), GF(2^192), GF(2^256) products and their reduction by
 * carry-less multiplication, over a vector type whose 128-bit lanes each
 * hold one element's words (lane k of vector R[q]: words 2q, 2q+1 of
 * element k). Included once per type, after defining
 *   CLV                  the vector type
 *   CLV_FN(name)         the names of the functions made here
 *   CLV_CL(x, y, imm)    the per-lane PCLMULQDQ
 *   CLV_XOR, CLV_ZERO()  XOR and the zero vector
 *   CLV_UP, CLV_DOWN     each lane's words moved up (down) by one word
 *   CLV_POLY(c)          the vector with c in each lane's low word
 * A product gathers its partial products of even word offset in place and
 * those of odd offset shifted by a word; the top half is then folded down
 * by multiplying it with the low terms of x^n, highest word first: x^n =
 * x^7 + x^2 + x + 1 (n = 128, 192), x^10 + x^5 + x^2 + 1 (n = 256). */

/* the partial product a_i b_j of words i and j, a and b in vectors of two */
static inline CLV CLV_FN(ij)(const CLV *a, const CLV *b, unsigned i, unsigned j)
{
    switch ((i & 1) | (j & 1) << 1) {
    case 0: return CLV_CL(a[i / 2], b[j / 2], 0x00);
    case 1: return CLV_CL(a[i / 2], b[j / 2], 0x01);
    case 2: return CLV_CL(a[i / 2], b[j / 2], 0x10);
    default: return CLV_CL(a[i / 2], b[j / 2], 0x11);
    }
}

/* r[0..W-1] = the 2W-word product of the W-word a and b */
static inline void CLV_FN(wide)(CLV *r, const CLV *a, const CLV *b, unsigned W)
{
    CLV odd[AIMER_MAX_WORDS];
    for (unsigned k = 0; k < W; k++) r[k] = odd[k] = CLV_ZERO();
    for (unsigned i = 0; i < W; i++)
        for (unsigned j = 0; j < W; j++) {
            const CLV t = CLV_FN(ij)(a, b, i, j);
            if ((i + j) % 2)
                odd[(i + j) / 2] = CLV_XOR(odd[(i + j) / 2], t);
            else
                r[(i + j) / 2] = CLV_XOR(r[(i + j) / 2], t);
        }
    for (unsigned k = 0; k + 1 < W; k++) {
        r[k] = CLV_XOR(r[k], CLV_UP(odd[k]));
        r[k + 1] = CLV_XOR(r[k + 1], CLV_DOWN(odd[k]));
    }
}

/* the 2W-word r reduced into its low W words (r[0], r[1] and for W = 3
 * the low word of r[1]) */
static inline void CLV_FN(reduce)(CLV *r, unsigned W)
{
    if (W == 2) {
        const CLV p = CLV_POLY(0x87);
        const CLV t = CLV_CL(r[1], p, 0x01); /* word 3 to words 1, 2 */
        r[0] = CLV_XOR(r[0], CLV_UP(t));
        r[1] = CLV_XOR(r[1], CLV_DOWN(t));
        r[0] = CLV_XOR(r[0], CLV_CL(r[1], p, 0x00)); /* word 2 to words 0, 1 */
    } else if (W == 3) {
        const CLV p = CLV_POLY(0x87);
        r[1] = CLV_XOR(r[1], CLV_CL(r[2], p, 0x01)); /* word 5 to words 2, 3 */
        const CLV t = CLV_CL(r[2], p, 0x00);         /* word 4 to words 1, 2 */
        r[0] = CLV_XOR(r[0], CLV_UP(t));
        r[1] = CLV_XOR(r[1], CLV_DOWN(t));
        r[0] = CLV_XOR(r[0], CLV_CL(r[1], p, 0x01)); /* word 3 to words 0, 1 */
    } else {
        const CLV p = CLV_POLY(0x425);
        CLV t = CLV_CL(r[3], p, 0x01); /* word 7 to words 3, 4 */
        r[1] = CLV_XOR(r[1], CLV_UP(t));
        r[2] = CLV_XOR(r[2], CLV_DOWN(t));
        r[1] = CLV_XOR(r[1], CLV_CL(r[3], p, 0x00)); /* word 6 to words 2, 3 */
        t = CLV_CL(r[2], p, 0x01);                   /* word 5 to words 1, 2 */
        r[0] = CLV_XOR(r[0], CLV_UP(t));
        r[1] = CLV_XOR(r[1], CLV_DOWN(t));
        r[0] = CLV_XOR(r[0], CLV_CL(r[2], p, 0x00)); /* word 4 to words 0, 1 */
    }
}

#undef CLV
#undef CLV_FN
#undef CLV_CL
#undef CLV_XOR
#undef CLV_ZERO
#undef CLV_UP
#undef CLV_DOWN
#undef CLV_POLY
