/* AIMer v2.1: the parameter sets, the narrow interface every implementation
 * fills, and the protocol written once over it (sign.c, verify.c, aim2.c,
 * affine.c, hash_batch.c, hash_message.c, mpc.c; the sets in params.c).
 *
 * Field elements are arrays of 64-bit words, little-endian (bit j is x^j),
 * always four words long; a set over GF(2^n) uses the first n/64 and keeps
 * the rest zero. In hashes and signatures an element is its n/8 bytes,
 * little-endian. */
#ifndef LWCX_AIMER_IMPL_H
#define LWCX_AIMER_IMPL_H

#include "../core/internal.h"

#define AIMER_MAX_WORDS 4
#define AIMER_MAX_LAMBDA 32 /* bytes of the largest field element, seed, salt */
#define AIMER_MAX_L 3       /* input S-boxes */
#define AIMER_MAX_T 65
#define AIMER_MAX_N 256
#define AIMER_MAX_WAYS 8 /* independent hashes one shake_xn call may take */

typedef uint64_t aimer_gf[AIMER_MAX_WORDS];

/* The three fields, the index of an implementation's per-field kernels. */
enum { AIMER_GF128, AIMER_GF192, AIMER_GF256 };

typedef struct aimer_params {
    const char *name;
    unsigned field;  /* AIMER_GF128 ... */
    unsigned n;      /* field bits = security bits */
    unsigned words;  /* n / 64 */
    unsigned lambda; /* n / 8: bytes of an element, a seed, the salt, the IV */
    unsigned L;      /* input S-boxes of AIM2 */
    unsigned e[AIMER_MAX_L], e_star;
    unsigned N, logN, T;
    const uint64_t (*c)[AIMER_MAX_WORDS]; /* the round constants c_1..c_L */
    size_t pk_bytes, sk_bytes, sig_bytes;
} aimer_params;

/* params.c: the set, or NULL for a set that does not exist. */
const aimer_params *lwcx_aimer_params_get(lwcx_aimer_set set);

/* Byte sizes derived from the parameters. */
static inline size_t aimer_commit_bytes(const aimer_params *p)
{
    return 2 * (size_t)p->lambda;
}
/* one repetition's part of a signature: reveal path, missing commitment,
 * delta_pt, delta_t[L], delta_c, the missing alpha share */
static inline size_t aimer_proof_bytes(const aimer_params *p)
{
    return (size_t)p->logN * p->lambda + aimer_commit_bytes(p) + (size_t)(p->L + 3) * p->lambda;
}
/* a party's random tape: pt, t[L], a, c shares */
static inline size_t aimer_tape_bytes(const aimer_params *p)
{
    return (size_t)(p->L + 3) * p->lambda;
}

static inline void aimer_gf_from_bytes(const aimer_params *p, uint64_t *x, const uint8_t *b)
{
    for (unsigned i = 0; i < AIMER_MAX_WORDS; i++) x[i] = i < p->words ? lwcx_load64le(b + 8 * i) : 0;
}
static inline void aimer_gf_to_bytes(const aimer_params *p, uint8_t *b, const uint64_t *x)
{
    for (unsigned i = 0; i < p->words; i++) lwcx_store64le(b + 8 * i, x[i]);
}
/* memcpy of a seed, salt or commitment (lambda or 2 lambda bytes): as
 * fixed-size copies the compilers inline, not calls into the C library (a
 * signature makes thousands: docs/design/aimer.md) */
static inline void aimer_copy(uint8_t *d, const uint8_t *s, size_t n)
{
    switch (n) {
    case 16: memcpy(d, s, 16); break;
    case 24: memcpy(d, s, 24); break;
    case 32: memcpy(d, s, 32); break;
    case 48: memcpy(d, s, 48); break;
    case 64: memcpy(d, s, 64); break;
    default: memcpy(d, s, n); break;
    }
}
static inline void aimer_gf_add(uint64_t *c, const uint64_t *a, const uint64_t *b)
{
    for (unsigned i = 0; i < AIMER_MAX_WORDS; i++) c[i] = a[i] ^ b[i];
}

/* An incremental SHAKE, absorbed in any pieces and squeezed once. s, rate
 * and pos serve implementations with their own Keccak; ext one that keeps
 * its state elsewhere (the ref: an OpenSSL context). failed records an
 * allocation or library failure, reported by final. */
typedef struct aimer_xof {
    uint64_t s[25];
    unsigned rate, pos;
    void *ext;
    int failed;
} aimer_xof;

/* The kernels of one field. Inputs are read in their first n/64 words;
 * outputs are written in all four (the unused ones zero). out may equal in. */
typedef struct aimer_field_ops {
    void (*mul)(uint64_t *c, const uint64_t *a, const uint64_t *b);
    void (*sqr)(uint64_t *c, const uint64_t *a);
    /* c = a^(2^k), the GF(2)-linear map that the multiplication checks use */
    void (*sqr_n)(uint64_t *c, const uint64_t *a, unsigned k);
    /* c = a^d with d = (2^e - 1)^-1 mod (2^n - 1): an input S-box of AIM2 */
    void (*exp_invmer)(uint64_t *c, const uint64_t *a, unsigned e);
    /* c = a^(2^e - 1): the output S-box */
    void (*exp_mer)(uint64_t *c, const uint64_t *a, unsigned e);
    /* c = a^(2^k) + m a: the map of a multiplication check, linear in a.
     * Optional (NULL: sqr_n, mul and an addition); the fast kernels keep
     * it as one matrix for the input S-boxes' (k, m) = (e_i, c_i). */
    void (*check_map)(uint64_t *c, const uint64_t *a, unsigned k, const uint64_t *m);
    /* c ^= sum a[i] b[i] for i < k (k <= AIMER_MAX_L + 1): the
     * shares of the checks. Optional (NULL: mul and additions); carry-less
     * kernels add the products before one reduction. */
    void (*dot)(uint64_t *c, const aimer_gf *a, const aimer_gf *b, unsigned k);
    /* c[j cs] ^= sum a[j as + i] b[i] for i < k, for every party j < count:
     * the dots of all parties with the same challenges b. Optional (NULL:
     * dot a party at a time); a vector kernel takes several parties an
     * instruction. */
    void (*dot_parties)(aimer_gf *c, size_t cs, const aimer_gf *a, size_t as, const aimer_gf *b, unsigned k,
                        unsigned count);
} aimer_field_ops;

/* c ^= sum a[i] b[i] (f->dot, or products one at a time) */
static inline void aimer_dot(const aimer_field_ops *f, uint64_t *c, const aimer_gf *a, const aimer_gf *b,
                             unsigned k)
{
    if (f->dot) {
        f->dot(c, a, b, k);
        return;
    }
    for (unsigned i = 0; i < k; i++) {
        aimer_gf u;
        f->mul(u, a[i], b[i]);
        for (unsigned w = 0; w < AIMER_MAX_WORDS; w++) c[w] ^= u[w];
    }
}

/* f->dot_parties, or aimer_dot a party at a time */
static inline void aimer_dot_parties(const aimer_field_ops *f, aimer_gf *c, size_t cs, const aimer_gf *a,
                                     size_t as, const aimer_gf *b, unsigned k, unsigned count)
{
    if (f->dot_parties) {
        f->dot_parties(c, cs, a, as, b, k, count);
        return;
    }
    for (unsigned j = 0; j < count; j++) aimer_dot(f, c[j * cs], a + j * as, b, k);
}

/* A single sponge fed beside a multi-way hash (shake_xn_side): the len
 * bytes at in are still to be absorbed into x. A permutation takes a block
 * of the first sponge of the chain (next) that has one. */
typedef struct aimer_side {
    aimer_xof *x;
    const uint8_t *in;
    size_t len;
    struct aimer_side *next;
} aimer_side;

/* the first sponge of the chain with a whole block to absorb, or NULL */
static inline aimer_side *aimer_side_ready(aimer_side *side)
{
    while (side && side->x->pos + side->len < side->x->rate) side = side->next;
    return side;
}

typedef struct aimer_impl aimer_impl;
struct aimer_impl {
    lwcx_impl_desc desc;
    aimer_field_ops field[3]; /* AIMER_GF128, AIMER_GF192, AIMER_GF256 */

    /* The affine layer of AIM2, expanded from the public IV once per key:
     * A_i = U_i L_i for each input S-box i and the vector b, in a layout of
     * the implementation's choosing (affine_bytes of storage). init returns
     * 0, or -1 if hashing failed. apply: y ^= x A_i (x as a row vector). */
    size_t (*affine_bytes)(const aimer_params *p);
    LWCX_NODISCARD int (*affine_init)(const aimer_impl *im, const aimer_params *p, void *aff, uint64_t *b,
                       const uint8_t *iv);
    void (*affine_apply)(const aimer_params *p, const void *aff, unsigned i, uint64_t *y,
                         const uint64_t *x);

    /* Optional: completes a loaded key's expansion (aff, b and ct set)
     * with what depends on ct, for the proofs; key generation skips it. */
    void (*key_init)(const aimer_params *p, struct lwcx_aimer_key *key);
    /* Optional (NULL: lwcx_aimer_mpc_party one party at a time): the same
     * for count parties at once, party j's x and z at x + j * stride and
     * z + j * stride; the last of them holds the public constants if
     * with_b. */
    void (*mpc_parties)(const aimer_params *p, const struct lwcx_aimer_key *key, aimer_gf *x, aimer_gf *z,
                        size_t stride, unsigned count, int with_b);

    /* Keccak. sec is 128 (SHAKE128) or 192/256 (SHAKE256). An xof is
     * initialised, absorbed, then either finalised (one squeeze of len
     * bytes; 0, or -1 and out zeroed if anything failed) or released; both
     * wipe it. copy makes dst (uninitialised) an independent duplicate. */
    void (*xof_init)(aimer_xof *x, unsigned sec);
    void (*xof_absorb)(aimer_xof *x, const uint8_t *in, size_t len);
    LWCX_NODISCARD int (*xof_final)(aimer_xof *x, uint8_t *out, size_t len);
    void (*xof_copy)(aimer_xof *dst, const aimer_xof *src);
    void (*xof_release)(aimer_xof *x);
    /* count (1..ways) independent SHAKEs of inlen-byte inputs, outlen
     * bytes each (lanes past count are not read); 0, or -1 on failure.
     * ways (1..AIMER_MAX_WAYS) is how many the implementation hashes at
     * once: the protocol gathers that many before it calls. */
    unsigned ways;
    LWCX_NODISCARD int (*shake_xn)(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                    const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count);
    /* Optional (NULL where there is none): shake_xn that also absorbs
     * whole blocks of side into side->x, each permuted with one of the
     * multi-way permutations (in a lane they leave free, else beside them
     * in scalar registers); it advances side->in and side->len past what
     * it took, the caller absorbs the rest. */
    LWCX_NODISCARD int (*shake_xn_side)(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                         const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count,
                         aimer_side *side);
    /* Nonzero: while a side sponge has a block ready, the protocol gathers
     * ways - 1 hashes a call, leaving a lane of the multi-way permutation
     * to the side's block (where that costs less than the scalar one
     * beside it), on CPUs with all the features side_lane_needs names (0:
     * on all). shake_xn_side puts the side in a free lane whenever
     * count < ways, whatever this says. */
    int side_lane;
    uint32_t side_lane_needs;
};

/* A loaded key: the affine layer expanded for its implementation. */
struct lwcx_aimer_key {
    uint64_t magic;
    const aimer_params *p;
    const aimer_impl *im;
    int has_sk;
    uint8_t pk[2 * AIMER_MAX_LAMBDA];
    aimer_gf pt, ct, b;
    aimer_gf t[AIMER_MAX_L]; /* with sk: the input S-boxes' outputs for pt */
    void *aff; /* AIMER_MATRIX_ALIGN-aligned */
    size_t aff_bytes;
};
/* Where the vector kernels read matrices (the affine layer, the Frobenius
 * powers) a row at a time: aligned so that no 64-byte row straddles two
 * cache lines (rows across lines slowed avx512's affine layer by half:
 * docs/design/aimer.md). */
#define AIMER_MATRIX_ALIGN 64
#define AIMER_KEY_MAGIC 0x31764b72656d6961u /* "aimerKv1" */

/* aim2.c: the one-way function over the kernels. */
/* t[i] = (pt ^ c_i)^(1/(2^e_i - 1)) for the L input S-boxes */
void lwcx_aimer_sbox_outputs(const aimer_impl *im, const aimer_params *p, aimer_gf t[AIMER_MAX_L],
                        const uint64_t *pt);
/* ct = AIM2(pt) for the key's affine layer (aff, b); t_out (or NULL): the
 * L input S-boxes' outputs */
void lwcx_aimer_aim2(const aimer_impl *im, const aimer_params *p, const void *aff, const uint64_t *b,
                uint64_t *ct, const uint64_t *pt, aimer_gf *t_out);
/* The bits of (2^e - 1)^-1 mod (2^n - 1), n/64 words: bit (e*i mod n) for
 * i < e^-1 mod n, since (2^e - 1) * sum 2^(e*i) = 2^(e*k) - 1 = 1. */
void lwcx_aimer_invmer_exponent(unsigned n, unsigned e, uint64_t d[AIMER_MAX_WORDS]);
/* affine.c: the affine layer. The L/U rows and b from the squeezed bytes
 * of SHAKE(IV): row r of S-box i takes lambda bytes; L keeps bits >= r, U
 * bits <= r, bit r set in both. Writes A_i = U_i L_i (n rows) into a[i], and b. Shared by the
 * implementations that keep A as rows (row r of A_i at a[i * n + r]). */
/* The (L n + 1) lambda squeezed bytes of SHAKE(IV) in a malloc'd buffer,
 * or NULL (the caller frees it). */
uint8_t *lwcx_aimer_affine_squeeze(const aimer_impl *im, const aimer_params *p, const uint8_t *iv);
LWCX_NODISCARD int lwcx_aimer_affine_rows(const aimer_impl *im, const aimer_params *p, aimer_gf *a, uint64_t *b,
                      const uint8_t *iv);
/* y ^= x A with A as n rows (constant time: every row is read) */
void lwcx_aimer_rows_apply(const aimer_params *p, const aimer_gf *rows, uint64_t *y, const uint64_t *x);

/* mpc.c: one party's share of the multiplication checks: given x[0..L-1] (its
 * shares of the S-box outputs t_i), sets x[L] = sum x[i] A_i (+ b for the
 * party that holds the public constants) and z[i] = x[i] * pt as the AIM2
 * equations give it linearly: z[i] = x[i]^(2^e_i) + x[i] c_i,
 * z[L] = x[L]^(2^e*) + x[L] ct. */
void lwcx_aimer_mpc_party(const aimer_impl *im, const aimer_params *p, const struct lwcx_aimer_key *key,
                     aimer_gf *x, aimer_gf *z, int with_b);

/* lwcx_aimer_mpc_party for count parties, party j's x and z at x + j *
 * stride, z + j * stride; the last holds the constants if with_b */
void lwcx_aimer_mpc_parties(const aimer_impl *im, const aimer_params *p, const struct lwcx_aimer_key *key,
                            aimer_gf *x, aimer_gf *z, size_t stride, unsigned count, int with_b);

/* The protocol (sign.c, verify.c). mu = H(0 || pk || m), 2 lambda bytes. */
LWCX_NODISCARD int lwcx_aimer_sign_mu(const struct lwcx_aimer_key *key, uint8_t *sig, const uint8_t *mu,
                  const uint8_t *rho);
LWCX_NODISCARD int lwcx_aimer_verify_mu(const struct lwcx_aimer_key *key, const uint8_t *sig, const uint8_t *mu);
/* hash_message.c: mu for a message and public key */
LWCX_NODISCARD int lwcx_aimer_hash_message(const aimer_impl *im, const aimer_params *p, uint8_t *mu,
                       const uint8_t *pk, const uint8_t *msg, size_t len);

/* hash_batch.c: independent hashes of one shape gathered im->ways at a
 * time for shake_xn. */
typedef struct aimer_batch {
    const aimer_impl *im;
    unsigned sec, count;
    size_t inlen, outlen;
    uint8_t in[AIMER_MAX_WAYS][3 + 2 * AIMER_MAX_LAMBDA];
    uint8_t *out[AIMER_MAX_WAYS];
    aimer_side *side; /* NULL, or a sponge to feed with shake_xn_side */
    int side_lane;    /* im->side_lane on this CPU */
    int failed;
} aimer_batch;
void lwcx_aimer_batch_init(aimer_batch *b, const aimer_impl *im, const aimer_params *p, size_t outlen);
/* queues H(prefix || salt || i || j || seed) into out; runs the batch when full */
void lwcx_aimer_batch_add(aimer_batch *b, const aimer_params *p, uint8_t prefix, const uint8_t *salt,
                     unsigned i, unsigned j, const uint8_t *seed, uint8_t *out);
/* runs what is queued and wipes the queued inputs (the seeds); returns 0,
 * or -1 if any hash failed */
LWCX_NODISCARD int lwcx_aimer_batch_flush(aimer_batch *b);

/* Repetitions whose seed trees signing and verification expand together
 * (about 128 hashes, enough to fill 8-way batches), between the
 * commitments of the ones before, so that h1 absorbs in the permutations
 * of both. */
static inline unsigned aimer_tree_chunk(const aimer_params *p)
{
    return p->N < 128 ? 128 / p->N : 1;
}

/* The domain bytes in front of the hashes. */
enum {
    AIMER_H_MU = 0,
    AIMER_H_1 = 1,
    AIMER_H_2 = 2,
    AIMER_H_SALT = 3,
    AIMER_H_TREE = 4,
    AIMER_H_COMMIT = 5
};

/* The implementations are declared by the list of the build (lwcx_impls.h). */

#endif
