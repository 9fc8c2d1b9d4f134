/* Keccak-f[1600] in plain 64-bit C and the SHAKE sponges over it (single
 * state, and interleaved states around a multi-way permutation). */
#include "keccak.h"

#include "keccak_round.tmpl.h"

const uint64_t lwcx_keccak_rc[24] = {
    0x0000000000000001u, 0x0000000000008082u, 0x800000000000808au, 0x8000000080008000u,
    0x000000000000808bu, 0x0000000080000001u, 0x8000000080008081u, 0x8000000000008009u,
    0x000000000000008au, 0x0000000000000088u, 0x0000000080008009u, 0x000000008000000au,
    0x000000008000808bu, 0x800000000000008bu, 0x8000000000008089u, 0x8000000000008003u,
    0x8000000000008002u, 0x8000000000000080u, 0x000000000000800au, 0x800000008000000au,
    0x8000000080008081u, 0x8000000000008080u, 0x0000000080000001u, 0x8000000080008008u,
};

#define KR_XOR(a, b) ((a) ^ (b))
#define KR_XOR5(a, b, c, d, e) ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define KR_ROL(x, n) (((x) << (n)) | ((x) >> (64 - (n))))
#define KR_CHI(a, b, c) ((a) ^ (~(b) & (c)))
#define KR_IOTA(a, i) ((a) ^ lwcx_keccak_rc[i])

void lwcx_keccak_f1600(uint64_t s[25])
{
#define LOAD_(i) uint64_t a##i = s[i], e##i;
#define STORE_(i) s[i] = a##i;
    KECCAK_F1600(uint64_t, LOAD_, STORE_);
#undef LOAD_
#undef STORE_
}

static unsigned rate_of(unsigned sec)
{
    return sec > 128 ? 136 : 168; /* SHAKE256 : SHAKE128 */
}

void lwcx_keccak_xof_init(aimer_xof *x, unsigned sec)
{
    memset(x->s, 0, sizeof x->s);
    x->rate = rate_of(sec);
    x->pos = 0;
    x->ext = NULL;
    x->failed = 0;
}

static void xor_byte(uint64_t *s, unsigned pos, uint8_t b)
{
    s[pos / 8] ^= (uint64_t)b << (8 * (pos % 8));
}

void lwcx_keccak_xof_absorb(aimer_xof *x, const uint8_t *in, size_t len)
{
    lwcx_keccak_xof_absorb_with(x, in, len, lwcx_keccak_f1600);
}

size_t lwcx_keccak_xof_fill(aimer_xof *x, const uint8_t *in, size_t len)
{
    const size_t take = len < x->rate - x->pos ? len : x->rate - x->pos;
    size_t done = 0;
    /* 8 bytes at a time at any position: the hashes of the protocol absorb
     * after odd-length prefixes, so most of their input lands unaligned */
    const unsigned sh = 8 * (x->pos % 8);
    uint64_t *s = x->s + x->pos / 8;
    for (; done + 8 <= take; done += 8, s++) {
        const uint64_t v = lwcx_load64le(in + done);
        s[0] ^= v << sh;
        if (sh) s[1] ^= v >> (64 - sh);
    }
    x->pos += (unsigned)done;
    for (; done < take; done++) xor_byte(x->s, x->pos++, in[done]);
    return take;
}

void lwcx_keccak_xof_absorb_with(aimer_xof *x, const uint8_t *in, size_t len, void (*permute)(uint64_t *s))
{
    while (len) {
        const size_t n = lwcx_keccak_xof_fill(x, in, len);
        in += n;
        len -= n;
        if (x->pos == x->rate) {
            permute(x->s);
            x->pos = 0;
        }
    }
}

/* the SHAKE padding (domain bits 1111, then pad10*1) and the squeeze of
 * len bytes */
static void pad_squeeze(uint64_t *s, unsigned rate, unsigned pos, uint8_t *out, size_t len,
                        void (*permute)(uint64_t *s))
{
    xor_byte(s, pos, 0x1f);
    xor_byte(s, rate - 1, 0x80);
    for (;;) {
        permute(s);
        size_t n = len < rate ? len : rate;
        for (size_t k = 0; k < n / 8; k++) lwcx_store64le(out + 8 * k, s[k]);
        for (size_t k = n & ~(size_t)7; k < n; k++) out[k] = (uint8_t)(s[k / 8] >> (8 * (k % 8)));
        out += n;
        len -= n;
        if (!len) break;
    }
}

int lwcx_keccak_xof_final(aimer_xof *x, uint8_t *out, size_t len)
{
    return lwcx_keccak_xof_final_with(x, out, len, lwcx_keccak_f1600);
}

int lwcx_keccak_xof_final_with(aimer_xof *x, uint8_t *out, size_t len, void (*permute)(uint64_t *s))
{
    pad_squeeze(x->s, x->rate, x->pos, out, len, permute);
    lwcx_keccak_xof_release(x);
    return 0;
}

void lwcx_keccak_xof_copy(aimer_xof *dst, const aimer_xof *src)
{
    memcpy(dst, src, sizeof *dst);
}

void lwcx_keccak_xof_release(aimer_xof *x)
{
    lwcx_wipe(x->s, sizeof x->s);
    x->pos = 0;
}

int lwcx_keccak_shake_x1(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                         const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        aimer_xof x;
        lwcx_keccak_xof_init(&x, sec);
        lwcx_keccak_xof_absorb(&x, in[i], inlen);
        if (lwcx_keccak_xof_final(&x, out[i], outlen)) return -1;
    }
    return 0;
}

/* lane w of the interleaved states ^= n bytes of in (n <= rate), padded
 * when last */
static void absorb_lane(uint64_t *st, unsigned ways, unsigned w, unsigned rate, const uint8_t *in,
                        size_t n, int last)
{
    const size_t full = n / 8;
    for (size_t k = 0; k < full; k++) st[k * ways + w] ^= lwcx_load64le(in + 8 * k);
    if (!last) return;
    uint64_t t = (uint64_t)0x1f << (8 * (n % 8));
    for (size_t b = 0; b < n % 8; b++) t |= (uint64_t)in[8 * full + b] << (8 * b);
    st[full * ways + w] ^= t;
    st[(rate / 8 - 1) * ways + w] ^= (uint64_t)0x80 << 56;
}

void lwcx_keccak_shake_lanes(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                             const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count,
                             unsigned ways, uint64_t *st, void (*permute)(uint64_t *st))
{
    lwcx_keccak_shake_lanes_side(sec, out, outlen, in, inlen, count, ways, st, permute, NULL, NULL);
}

void lwcx_keccak_permute_lanes(uint64_t *st, unsigned ways, unsigned count, void (*permute)(uint64_t *st),
                               aimer_side *side, void (*permute_side)(uint64_t *st, uint64_t *s1))
{
    side = aimer_side_ready(side);
    if (!side) {
        permute(st);
        return;
    }
    const size_t n = lwcx_keccak_xof_fill(side->x, side->in, side->len);
    side->in += n;
    side->len -= n;
    if (count < ways) { /* a free lane: the sponge's state in and out */
        uint64_t *s1 = side->x->s;
        for (unsigned k = 0; k < 25; k++) st[k * ways + ways - 1] = s1[k];
        permute(st);
        for (unsigned k = 0; k < 25; k++) s1[k] = st[k * ways + ways - 1];
    } else {
        permute_side(st, side->x->s);
    }
    side->x->pos = 0;
}

void lwcx_keccak_shake_lanes_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                                  const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count,
                                  unsigned ways, uint64_t *st, void (*permute)(uint64_t *st),
                                  aimer_side *side, void (*permute_side)(uint64_t *st, uint64_t *s1))
{
    const unsigned rate = rate_of(sec);
    memset(st, 0, 25 * ways * sizeof *st);
    /* the blocks, the last one (shorter than the rate, maybe empty) padded */
    for (size_t done = 0;;) {
        const size_t n = inlen - done < rate ? inlen - done : rate;
        for (unsigned w = 0; w < count; w++) absorb_lane(st, ways, w, rate, in[w] + done, n, n < rate);
        lwcx_keccak_permute_lanes(st, ways, count, permute, side, permute_side);
        done += n;
        if (n < rate) break;
    }
    for (size_t got = 0;;) {
        const size_t n = outlen - got < rate ? outlen - got : rate;
        for (unsigned w = 0; w < count; w++) {
            uint8_t *o = out[w] + got;
            for (size_t k = 0; k < n / 8; k++) lwcx_store64le(o + 8 * k, st[k * ways + w]);
            for (size_t b = n & ~(size_t)7; b < n; b++) o[b] = (uint8_t)(st[(b / 8) * ways + w] >> (8 * (b % 8)));
        }
        got += n;
        if (got == outlen) break;
        lwcx_keccak_permute_lanes(st, ways, count, permute, side, permute_side);
    }
    lwcx_wipe(st, 25 * ways * sizeof *st);
}
