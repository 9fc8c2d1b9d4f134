/* PIPO-64/128 and PIPO-64/256 bitsliced over 64 blocks, portable C: the
 * rounds of pipo/bs_core.tmpl.h on uint64_t words. Word w holds bit w of every
 * block (block = little-endian 64-bit integer; bit b of word w = bit w of
 * block b), so packing is a 64x64 bit-matrix transpose (pipo/bs_pack.tmpl.h). One
 * key: expand() turns every key bit into an all-0/all-1 word (nkw x 64
 * words); many keys: the 64 lanes' key words are transposed like blocks. */
#include "../bitslice/bs_word_u64.h"
#include "bs_core.tmpl.h"
/* the transpose of bitslice/bs_word_u64.h, in explicit vector pairs: pipo/bs_pack.tmpl.h's
 * scalar passes were vectorized by clang and not by gcc */
#define PIPO_BS_PACK_ROWS(x, in, stride) bs_pack_rows_as(x, in, (unsigned)(stride), 0)
#define PIPO_BS_UNPACK_ONTO(out, in, x) bs_unpack_rows_as(out, in, x, 8, 0)
#include "bs_pack.tmpl.h"

/* out of line: the key words' transpose (stride 8 nkw), and the blocks'
 * (stride 8) in a copy of its own whose row offsets are constants (faster
 * with gcc than with the stride as a parameter) */
static void pack_rows(uint64_t x[64], const uint8_t *in, size_t stride)
{
    pipo_bs_pack_rows(x, in, stride);
}
BS_PACK_OUTLINE void pack_rows8(uint64_t x[64], const uint8_t *in)
{
    pipo_bs_pack_rows(x, in, 8);
}

static void unpack(uint8_t *out, uint64_t x[64])
{
    pipo_bs_unpack(out, x);
}

/* bit n of the byte string as an all-0/all-1 word, for n < 8 nbytes */
static void masks(uint64_t *m, const uint8_t *bytes, unsigned nbytes)
{
    for (unsigned n = 0; n < 8 * nbytes; n++) m[n] = 0 - (uint64_t)((bytes[n / 8] >> (n % 8)) & 1);
}

static inline __attribute__((always_inline)) void pack(uint64_t x[64], const uint8_t *in)
{
    pack_rows8(x, in);
}

/* key word w of the 64 lanes transposed like blocks */
static void pipo_bs_load_keys(uint64_t k[][64], const uint8_t *keys, unsigned nkw)
{
    for (unsigned w = 0; w < nkw; w++) pack_rows(k[w], keys + 8 * w, 8 * nkw);
}

#define PIPO_BS_CRYPT static
#define PIPO_BS_IMPL(n) lwcx_bc_pipo##n##_bitslice64
#define PIPO_BS_DESC \
    {.name = "bitslice64", \
     .description = "portable C: 64 blocks bitsliced in 64 words, 34-op S-box circuit, R-layer as renaming", \
     .batch = BS_LANES, \
     .constant_time = 1}
#include "bs_impl.tmpl.h"
