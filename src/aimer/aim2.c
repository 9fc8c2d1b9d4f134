/* AIMer v2.1 parameter sets and the one-way function AIM2 over the kernels
 * of an implementation; the batching of independent hashes. */
#include <stdlib.h>

#include "aimer_impl.h"

/* The round constants: consecutive 64-bit pieces of the fractional part of
 * pi (0x243f6a88...), each set continuing where the smaller one stops;
 * words little-endian. */
static const uint64_t c128[2][AIMER_MAX_WORDS] = {
    {0x13198a2e03707344u, 0x243f6a8885a308d3u},
    {0x082efa98ec4e6c89u, 0xa4093822299f31d0u},
};
static const uint64_t c192[2][AIMER_MAX_WORDS] = {
    {0xc0ac29b7c97c50ddu, 0xbe5466cf34e90c6cu, 0x452821e638d01377u},
    {0xd1310ba698dfb5acu, 0x9216d5d98979fb1bu, 0x3f84d5b5b5470917u},
};
static const uint64_t c256[3][AIMER_MAX_WORDS] = {
    {0x24a19947b3916cf7u, 0xba7c9045f12c7f99u, 0xb8e1afed6a267e96u, 0x2ffd72dbd01adfb7u},
    {0x0d95748f728eb658u, 0xa458fea3f4933d7eu, 0x636920d871574e69u, 0x0801f2e2858efc16u},
    {0xc5d1b023286085f0u, 0x9c30d5392af26013u, 0x7b54a41dc25a59b5u, 0x718bcd5882154aeeu},
};

#define SET(nm, fld, bits, l, e1, e2, e3, es, n_, logn, t, consts, sig)                                  \
    {                                                                                               \
        .name = nm, .field = fld, .n = bits, .words = bits / 64, .lambda = bits / 8, .L = l,        \
        .e = {e1, e2, e3}, .e_star = es, .N = n_, .logN = logn, .T = t, .c = consts,                  \
        .pk_bytes = 2 * (bits / 8), .sk_bytes = 3 * (bits / 8), .sig_bytes = sig                    \
    }
static const aimer_params sets[] = {
    SET("aimer128f", AIMER_GF128, 128, 2, 49, 91, 0, 3, 16, 4, 33, c128, 5888),
    SET("aimer128s", AIMER_GF128, 128, 2, 49, 91, 0, 3, 256, 8, 17, c128, 4160),
    SET("aimer192f", AIMER_GF192, 192, 2, 17, 47, 0, 5, 16, 4, 49, c192, 13056),
    SET("aimer192s", AIMER_GF192, 192, 2, 17, 47, 0, 5, 256, 8, 25, c192, 9120),
    SET("aimer256f", AIMER_GF256, 256, 3, 11, 141, 7, 3, 16, 4, 65, c256, 25120),
    SET("aimer256s", AIMER_GF256, 256, 3, 11, 141, 7, 3, 256, 8, 33, c256, 17056),
};

const aimer_params *lwcx_aimer_params_get(lwcx_aimer_set set)
{
    return (unsigned)set < sizeof sets / sizeof sets[0] ? &sets[set] : NULL;
}

void lwcx_aimer_invmer_exponent(unsigned n, unsigned e, uint64_t d[AIMER_MAX_WORDS])
{
    unsigned k = 1, ek = e % n; /* ek = e k mod n, stepped without divisions */
    while (ek != 1) { /* e is odd and n a power of two times 1 or 3: coprime */
        k++;
        ek += e % n;
        if (ek >= n) ek -= n;
    }
    memset(d, 0, AIMER_MAX_WORDS * sizeof d[0]);
    for (unsigned i = 0, bit = 0; i < k; i++) {
        d[bit / 64] |= (uint64_t)1 << (bit % 64);
        bit += e % n;
        if (bit >= n) bit -= n;
    }
}

void lwcx_aimer_sbox_outputs(const aimer_impl *im, const aimer_params *p, aimer_gf t[AIMER_MAX_L],
                        const uint64_t *pt)
{
    const aimer_field_ops *f = &im->field[p->field];
    for (unsigned i = 0; i < p->L; i++) {
        aimer_gf x;
        aimer_gf_add(x, pt, p->c[i]);
        f->exp_invmer(t[i], x, p->e[i]);
        lwcx_wipe(x, sizeof x);
    }
}

void lwcx_aimer_aim2(const aimer_impl *im, const aimer_params *p, const void *aff, const uint64_t *b,
                uint64_t *ct, const uint64_t *pt, aimer_gf *t_out)
{
    aimer_gf t[AIMER_MAX_L], x;
    lwcx_aimer_sbox_outputs(im, p, t, pt);
    if (t_out) memcpy(t_out, t, sizeof t);
    memcpy(x, b, sizeof x);
    for (unsigned i = 0; i < p->L; i++) im->affine_apply(p, aff, i, x, t[i]);
    im->field[p->field].exp_mer(x, x, p->e_star);
    aimer_gf_add(ct, x, pt); /* feed-forward */
    lwcx_wipe(t, sizeof t);
    lwcx_wipe(x, sizeof x);
}

void lwcx_aimer_rows_apply(const aimer_params *p, const aimer_gf *rows, uint64_t *y, const uint64_t *x)
{
    for (unsigned r = 0; r < p->n; r++) {
        const uint64_t m = -((x[r / 64] >> (r % 64)) & 1);
        for (unsigned w = 0; w < p->words; w++) y[w] ^= rows[r][w] & m;
    }
}

/* row j of L: the squeezed bits >= j, bit j set */
static void lower_row(const aimer_params *p, uint64_t *l, const uint8_t *bytes, unsigned j)
{
    aimer_gf_from_bytes(p, l, bytes);
    for (unsigned w = 0; w < j / 64; w++) l[w] = 0;
    l[j / 64] = (l[j / 64] & (~(uint64_t)0 << (j % 64))) | (uint64_t)1 << (j % 64);
}

uint8_t *lwcx_aimer_affine_squeeze(const aimer_impl *im, const aimer_params *p, const uint8_t *iv)
{
    const size_t len = ((size_t)p->L * p->n + 1) * p->lambda;
    uint8_t *buf = malloc(len);
    aimer_xof x;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, iv, p->lambda);
    if (!buf) {
        im->xof_release(&x);
        return NULL;
    }
    if (im->xof_final(&x, buf, len)) {
        free(buf);
        return NULL;
    }
    return buf;
}

int lwcx_aimer_affine_rows(const aimer_impl *im, const aimer_params *p, aimer_gf *a, uint64_t *b,
                      const uint8_t *iv)
{
    const size_t rows = (size_t)p->L * p->n;
    uint8_t *buf = lwcx_aimer_affine_squeeze(im, p, iv);
    if (!buf) return -1;
    for (unsigned i = 0; i < p->L; i++) {
        const uint8_t *m = buf + (size_t)i * p->n * p->lambda;
        for (unsigned r = 0; r < p->n; r++) {
            /* row r of A = the sum of the rows j of L for the set bits j of
             * U's row r (bits j < r as squeezed, bit r set) */
            aimer_gf u, acc = {0};
            aimer_gf_from_bytes(p, u, m + (size_t)r * p->lambda);
            u[r / 64] |= (uint64_t)1 << (r % 64);
            for (unsigned j = 0; j <= r; j++) {
                if (!((u[j / 64] >> (j % 64)) & 1)) continue; /* public: the IV's matrices */
                aimer_gf l;
                lower_row(p, l, m + (size_t)j * p->lambda, j);
                aimer_gf_add(acc, acc, l);
            }
            memcpy(a[(size_t)i * p->n + r], acc, sizeof acc);
        }
    }
    aimer_gf_from_bytes(p, b, buf + rows * p->lambda);
    free(buf);
    return 0;
}

void lwcx_aimer_batch_init(aimer_batch *b, const aimer_impl *im, const aimer_params *p, size_t outlen)
{
    b->im = im;
    b->sec = p->n;
    b->count = 0;
    b->inlen = 3 + 2 * (size_t)p->lambda;
    b->outlen = outlen;
    b->side = NULL;
    b->side_lane = im->side_lane && (lwcx_cpu_features() & im->side_lane_needs) == im->side_lane_needs;
    b->failed = 0;
}

/* hashes the queued inputs */
static void batch_run(aimer_batch *b)
{
    if (b->count) {
        const uint8_t *in[AIMER_MAX_WAYS];
        for (unsigned l = 0; l < AIMER_MAX_WAYS; l++) in[l] = b->in[l];
        const int rc = b->side && b->im->shake_xn_side
                           ? b->im->shake_xn_side(b->sec, b->out, b->outlen, in, b->inlen, b->count, b->side)
                           : b->im->shake_xn(b->sec, b->out, b->outlen, in, b->inlen, b->count);
        if (rc) b->failed = 1;
        b->count = 0;
    }
}

void lwcx_aimer_batch_add(aimer_batch *b, const aimer_params *p, uint8_t prefix, const uint8_t *salt,
                     unsigned i, unsigned j, const uint8_t *seed, uint8_t *out)
{
    uint8_t *in = b->in[b->count];
    in[0] = prefix;
    aimer_copy(in + 1, salt, p->lambda);
    in[1 + p->lambda] = (uint8_t)i;
    in[2 + p->lambda] = (uint8_t)j;
    aimer_copy(in + 3 + p->lambda, seed, p->lambda);
    b->out[b->count++] = out;
    if (b->count == b->im->ways - (b->side_lane && aimer_side_ready(b->side) != NULL)) batch_run(b);
}

int lwcx_aimer_batch_flush(aimer_batch *b)
{
    batch_run(b);
    lwcx_wipe(b->in, sizeof b->in); /* the seeds: once, the full batches overwrite them */
    return b->failed ? -1 : 0;
}

int lwcx_aimer_hash_message(const aimer_impl *im, const aimer_params *p, uint8_t *mu,
                       const uint8_t *pk, const uint8_t *msg, size_t len)
{
    const uint8_t prefix = AIMER_H_MU;
    aimer_xof x;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, &prefix, 1);
    im->xof_absorb(&x, pk, p->pk_bytes);
    if (len) im->xof_absorb(&x, msg, len);
    return im->xof_final(&x, mu, aimer_commit_bytes(p));
}

/* z = x^(2^k) + m x */
static void check_map(const aimer_field_ops *f, uint64_t *z, const uint64_t *x, unsigned k, const uint64_t *m)
{
    aimer_gf u;
    if (f->check_map) {
        f->check_map(z, x, k, m);
        return;
    }
    f->sqr_n(z, x, k);
    f->mul(u, x, m);
    aimer_gf_add(z, z, u);
    lwcx_wipe(u, sizeof u);
}

void lwcx_aimer_mpc_party(const aimer_impl *im, const aimer_params *p, const struct lwcx_aimer_key *key,
                     aimer_gf *x, aimer_gf *z, int with_b)
{
    const aimer_field_ops *f = &im->field[p->field];
    const unsigned L = p->L;
    if (with_b)
        memcpy(x[L], key->b, sizeof x[L]);
    else
        memset(x[L], 0, sizeof x[L]);
    for (unsigned i = 0; i < L; i++) {
        im->affine_apply(p, key->aff, i, x[L], x[i]);
        check_map(f, z[i], x[i], p->e[i], p->c[i]);
    }
    check_map(f, z[L], x[L], p->e_star, key->ct);
}

void lwcx_aimer_mpc_parties(const aimer_impl *im, const aimer_params *p, const struct lwcx_aimer_key *key,
                            aimer_gf *x, aimer_gf *z, size_t stride, unsigned count, int with_b)
{
    if (im->mpc_parties) {
        im->mpc_parties(p, key, x, z, stride, count, with_b);
        return;
    }
    for (unsigned j = 0; j < count; j++)
        lwcx_aimer_mpc_party(im, p, key, x + j * stride, z + j * stride, with_b && j == count - 1);
}
