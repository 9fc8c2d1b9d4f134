/* PIPO-64/128 and PIPO-64/256 bitsliced over 128 blocks with AArch64 Advanced
 * SIMD: the rounds of pipo/bs_core.tmpl.h on 128-bit words. Word w holds bit w of
 * 128 blocks (block = little-endian 64-bit integer): in 64-bit lane q of word
 * w, bit k is bit w of block 2 k + q. So packing loads two consecutive blocks
 * per register as they are and runs the 64x64 transpose in both lanes at
 * once; shift-and-insert (SLI/SRI) on 64-, 32-, 16- and 8-bit elements does
 * the 32-, 16-, 8- and 4-bit stages in two instructions per pair, bit
 * selects the last two. One key: expand() stores every key bit as a 128-bit
 * all-0/all-1 mask (2 or 4 KiB). Advanced SIMD is baseline on AArch64. */
#include "../bitslice/bs_word_neon.h"
#include "bs_core.tmpl.h"

/* --- packing ------------------------------------------------------------------ */

/* One step of the transpose on two rows: swaps the high halves of lo's
 * 2j-bit groups with the low halves of hi's. PIPO's own, instead of the
 * word header's TRN-based stages: shift-and-insert also does the 4-bit step
 * in two instructions (the two have not been compared on hardware). */
BS_INLINE void tr_swap(uint64x2_t *lo, uint64x2_t *hi, int j)
{
    uint64x2_t a = *lo, b = *hi;
    switch (j) {
    case 32:
        *lo = vsliq_n_u64(a, b, 32);
        *hi = vsriq_n_u64(b, a, 32);
        break;
    case 16:
        *lo = vreinterpretq_u64_u32(vsliq_n_u32(vreinterpretq_u32_u64(a), vreinterpretq_u32_u64(b), 16));
        *hi = vreinterpretq_u64_u32(vsriq_n_u32(vreinterpretq_u32_u64(b), vreinterpretq_u32_u64(a), 16));
        break;
    case 8:
        *lo = vreinterpretq_u64_u16(vsliq_n_u16(vreinterpretq_u16_u64(a), vreinterpretq_u16_u64(b), 8));
        *hi = vreinterpretq_u64_u16(vsriq_n_u16(vreinterpretq_u16_u64(b), vreinterpretq_u16_u64(a), 8));
        break;
    case 4:
        *lo = vreinterpretq_u64_u8(vsliq_n_u8(vreinterpretq_u8_u64(a), vreinterpretq_u8_u64(b), 4));
        *hi = vreinterpretq_u64_u8(vsriq_n_u8(vreinterpretq_u8_u64(b), vreinterpretq_u8_u64(a), 4));
        break;
    case 2: {
        const uint64x2_t m = vdupq_n_u64(0x3333333333333333u); /* the low halves */
        *lo = vbslq_u64(m, a, vshlq_n_u64(b, 2));
        *hi = vbslq_u64(m, vshrq_n_u64(a, 2), b);
        break;
    }
    default: {
        const uint64x2_t m = vdupq_n_u64(0x5555555555555555u);
        *lo = vbslq_u64(m, a, vshlq_n_u64(b, 1));
        *hi = vbslq_u64(m, vshrq_n_u64(a, 1), b);
        break;
    }
    }
}

#define PIPO_BS_TR_SWAP tr_swap
#include "bs_pack.tmpl.h"

BS_INLINE void pack(uint64x2_t x[64], const uint8_t *in)
{
    pipo_bs_pack_rows(x, in, sizeof(uint64x2_t));
}

BS_INLINE void unpack(uint8_t *out, uint64x2_t x[64])
{
    pipo_bs_unpack(out, x);
}

/* --- one key -------------------------------------------------------------------- */

/* bit n of the byte string as a 128-bit mask, n < 8 nbytes */
static void masks(uint64x2_t *m, const uint8_t *bytes, unsigned nbytes)
{
    for (unsigned n = 0; n < 8 * nbytes; n++)
        m[n] = vdupq_n_u64(0 - (uint64_t)((bytes[n / 8] >> (n % 8)) & 1));
}

/* Key word w of the 128 lanes sliced like blocks: lane q of row r gets the
 * key of block 2 r + q. */
static void pipo_bs_load_keys(uint64x2_t k[][64], const uint8_t *keys, unsigned nkw)
{
    const unsigned kb = 8 * nkw;
    for (unsigned w = 0; w < nkw; w++) {
        _Alignas(16) uint64_t rows[2 * 64];
        for (int r = 0; r < 2 * 64; r++) rows[r] = lwcx_load64le(keys + kb * r + 8 * w);
        pack(k[w], (const uint8_t *)rows); /* rows in memory order: LE loads */
        lwcx_wipe(rows, sizeof rows);
    }
}

#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_neon
#define PIPO_BS_DESC \
    {.name = "neon", \
     .description = "Advanced SIMD: 128 blocks bitsliced in 64 q registers, 34-op S-box circuit, R-layer as renaming", \
     .features = LWCX_CPU_NEON, \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
