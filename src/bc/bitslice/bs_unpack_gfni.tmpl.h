/* Template: included by other files, never compiled on its own.
 * Includer defines first: BS_UNPACK_GFNI_NAME, BS_UNPACK_GFNI_TARGET, BS_UNPACK_GFNI_BYTES(v)
 *   (and <immintrin.h>, bs_word)
 * Defines: one bs_unpack_be variant named BS_UNPACK_GFNI_NAME; included once per byte transpose
 */
/* bs_unpack_be on GFNI (bitslice/bs_word_u64x8.h explains the steps), included
 * there once per byte transpose: BS_UNPACK_GFNI_NAME, its target
 * (BS_UNPACK_GFNI_TARGET) and BS_UNPACK_GFNI_BYTES(v), the 8x8 byte
 * transpose of a zmm (two shuffles, or one vpermb with AVX-512 VBMI). */
__attribute__((target(BS_UNPACK_GFNI_TARGET))) BS_OUTLINE void BS_UNPACK_GFNI_NAME(const unsigned n, uint8_t *out,
                                                                              const uint8_t *in, bs_word *x)
{
    const __m512i even = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), odd = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    const __m512i units = _mm512_set1_epi64(0x8040201008040201); /* byte b: bit b */
    for (unsigned h = 0; h < n / 64; h++) {
        bs_word *w = x + 64 * h;
        for (unsigned I = 0; I < 8; I++) {
            __m512i r[8];
            for (unsigned j = 0; j < 8; j++) r[j] = _mm512_loadu_si512(&w[8 * I + 7 - j]);
            lwcx_zmm_transpose8(r);
            for (unsigned e = 0; e < 8; e++)
                _mm512_storeu_si512(&w[8 * I + e], _mm512_gf2p8affine_epi64_epi8(units, BS_UNPACK_GFNI_BYTES(r[e]), 0));
        }
    }
    for (unsigned e = 0; e < 8; e++) {
        __m512i lo[8], hi[8];
        for (unsigned j = 0; j < 8; j++) lo[j] = _mm512_loadu_si512(&x[8 * (7 - j) + e]), hi[j] = _mm512_setzero_si512();
        lwcx_zmm_transpose8(lo);
        if (n == 128) {
            for (unsigned j = 0; j < 8; j++) hi[j] = _mm512_loadu_si512(&x[64 + 8 * (7 - j) + e]);
            lwcx_zmm_transpose8(hi);
        }
        for (unsigned B = 0; B < 8; B++) {
            const __m512i l = BS_UNPACK_GFNI_BYTES(lo[B]);
            if (n == 64) {
                bs_x8_store_xor(out + 8 * (64 * e + 8 * B), in, out, l);
            } else {
                const __m512i u = BS_UNPACK_GFNI_BYTES(hi[B]);
                uint8_t *p = out + 16 * (64 * e + 8 * B);
                bs_x8_store_xor(p, in, out, _mm512_permutex2var_epi64(u, even, l));
                bs_x8_store_xor(p + 64, in, out, _mm512_permutex2var_epi64(u, odd, l));
            }
        }
    }
}

#undef BS_UNPACK_GFNI_NAME
#undef BS_UNPACK_GFNI_TARGET
#undef BS_UNPACK_GFNI_BYTES
