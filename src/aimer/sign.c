/* AIMer signing: the BN++ proof of knowledge of pt with AIM2(pt) = ct,
 * made non-interactive, written once over the kernels of aimer_impl.
 *
 * Signature: salt | h1 | h2 | tau proofs, each: reveal path (logN seeds),
 * the missing party's commitment, delta_pt, delta_t[L], delta_c, the
 * missing party's alpha share. */
#include <stdlib.h>

#include "../core/declassify.h"
#include "aimer_impl.h"

/* A party's view kept from phase 1 to phase 3: its multiplication-check
 * inputs x, z, its shares of pt and c, and of a (replaced by its alpha
 * share in phase 3). */
enum { V_X = 0 }; /* x[0..L], then z[0..L], pt, a, c */
#define V_Z(p) ((p)->L + 1)
#define V_PT(p) (2 * (p)->L + 2)
#define V_A(p) (2 * (p)->L + 3)
#define V_C(p) (2 * (p)->L + 4)
#define V_ELEMS(p) (2 * (p)->L + 5)

/* One block of heap for everything secret signing keeps: peak memory is its
 * size (aimer256s: ~4.1 MB) plus the affine layer of the key. */
typedef struct sign_ws {
    uint8_t *nodes;   /* T trees, node i (1..2N-1) of rep r at (r * 2N + i) * lambda */
    aimer_gf *views;  /* T * N * V_ELEMS */
    uint8_t *tapes;   /* one rep: N * (commitment || tape) */
    uint8_t *eps;     /* T * (L + 1) challenge elements */
    uint8_t *shares;  /* one rep: N alpha shares || N v shares, serialized */
    uint8_t *h1in;    /* what h1 absorbs after its prefix, a record a rep: its N
                       * commitments (phase 5 opens the hidden ones), its offsets */
    size_t bytes;
} sign_ws;

static void *ws_take(uint8_t **at, size_t n)
{
    void *p = *at;
    *at += (n + 63) & ~(size_t)63;
    return p;
}

/* a repetition's part of h1's input: N commitments, delta_pt, delta_t[L], delta_c */
static size_t h1_record_bytes(const aimer_params *p)
{
    return (size_t)p->N * aimer_commit_bytes(p) + (size_t)(p->L + 2) * p->lambda;
}

static LWCX_NODISCARD int ws_alloc(sign_ws *w, const aimer_params *p)
{
    const size_t lam = p->lambda, N = p->N, T = p->T;
    const size_t sizes[6] = {T * 2 * N * lam, T * N * V_ELEMS(p) * sizeof(aimer_gf),
                             N * (aimer_commit_bytes(p) + aimer_tape_bytes(p)),
                             T * (p->L + 1) * lam, 2 * N * lam, T * h1_record_bytes(p)};
    w->bytes = 0;
    for (int i = 0; i < 6; i++) w->bytes += (sizes[i] + 63) & ~(size_t)63;
    uint8_t *at = malloc(w->bytes);
    if (!at) return -1;
    w->nodes = ws_take(&at, sizes[0]);
    w->views = ws_take(&at, sizes[1]);
    w->tapes = ws_take(&at, sizes[2]);
    w->eps = ws_take(&at, sizes[3]);
    w->shares = ws_take(&at, sizes[4]);
    w->h1in = ws_take(&at, sizes[5]);
    return 0;
}

static void ws_free(sign_ws *w)
{
    lwcx_wipe(w->nodes, w->bytes);
    free(w->nodes);
}

static uint8_t *node(const aimer_params *p, uint8_t *nodes, unsigned rep, unsigned i)
{
    return nodes + ((size_t)rep * 2 * p->N + i) * p->lambda;
}

/* The trees of repetitions from..to-1 from their roots, level by level so
 * that the hashes of a level, across these repetitions, are independent
 * (each level flushed: the next one reads its seeds); side (or NULL) is
 * fed in their permutations. */
static int expand_trees(const aimer_impl *im, const aimer_params *p, uint8_t *nodes,
                        const uint8_t *salt, unsigned from, unsigned to, aimer_side *side)
{
    aimer_batch b;
    int bad = 0;
    lwcx_aimer_batch_init(&b, im, p, aimer_commit_bytes(p));
    b.side = side;
    for (unsigned d = 0; d < p->logN; d++) {
        for (unsigned rep = from; rep < to; rep++)
            for (unsigned i = 1u << d; i < 2u << d; i++)
                lwcx_aimer_batch_add(&b, p, AIMER_H_TREE, salt, rep, i, node(p, nodes, rep, i),
                                node(p, nodes, rep, 2 * i));
        bad |= lwcx_aimer_batch_flush(&b);
    }
    return bad;
}

/* What the phases of a signature share: the key, the signature's parts,
 * mu and the workspace. */
typedef struct signer {
    const struct lwcx_aimer_key *key;
    const aimer_params *p;
    const aimer_impl *im;
    const uint8_t *mu;
    uint8_t *salt, *h1, *h2, *proofs;
    size_t cb, pb;    /* commitment and proof bytes */
    size_t delta_at;  /* delta_pt's offset in a proof */
    sign_ws w;
} signer;

/* The salt and the repetitions' root seeds = H(3 || pt || mu || rho). */
static LWCX_NODISCARD int salt_and_roots(signer *s, const uint8_t *rho)
{
    const aimer_params *p = s->p;
    const aimer_impl *im = s->im;
    const unsigned lam = p->lambda, T = p->T;
    uint8_t buf[(AIMER_MAX_T + 1) * AIMER_MAX_LAMBDA], bytes[AIMER_MAX_LAMBDA];
    const uint8_t prefix = AIMER_H_SALT;
    aimer_xof x;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, &prefix, 1);
    aimer_gf_to_bytes(p, bytes, s->key->pt);
    im->xof_absorb(&x, bytes, lam);
    im->xof_absorb(&x, s->mu, s->cb);
    im->xof_absorb(&x, rho, lam);
    const int bad = im->xof_final(&x, buf, (size_t)(T + 1) * lam);
    memcpy(s->salt, buf, lam);
    LWCX_DECLASSIFY(s->salt, lam); /* published in the signature */
    for (unsigned rep = 0; rep < T; rep++) memcpy(node(p, s->w.nodes, rep, 1), buf + (rep + 1) * lam, lam);
    lwcx_wipe(buf, sizeof buf);
    lwcx_wipe(bytes, sizeof bytes);
    return bad;
}

/* Phase 1, a repetition's parties: their commitments and tapes from their
 * seeds, the commitments into the repetition's record of h1. */
static LWCX_NODISCARD int commit_parties(signer *s, unsigned rep, aimer_side *h1_side, uint8_t *record)
{
    const aimer_params *p = s->p;
    const size_t cb = s->cb, tb = aimer_tape_bytes(p);
    aimer_batch b;
    lwcx_aimer_batch_init(&b, s->im, p, cb + tb);
    b.side = h1_side;
    for (unsigned j = 0; j < p->N; j++)
        lwcx_aimer_batch_add(&b, p, AIMER_H_COMMIT, s->salt, rep, j, node(p, s->w.nodes, rep, p->N + j),
                             s->w.tapes + j * (cb + tb));
    const int bad = lwcx_aimer_batch_flush(&b);
    for (unsigned j = 0; j < p->N; j++) aimer_copy(record + j * cb, s->w.tapes + j * (cb + tb), cb);
    return bad;
}

/* Phase 1, a repetition's shares: the views from the tapes, and the
 * offsets that make the last party's shares consistent with the witness
 * (into the proof and the record of h1). */
static void views_and_offsets(signer *s, unsigned rep, uint8_t *record)
{
    const aimer_params *p = s->p;
    const aimer_field_ops *f = &s->im->field[p->field];
    const unsigned lam = p->lambda, L = p->L, N = p->N;
    const size_t cb = s->cb, tb = aimer_tape_bytes(p), delta_at = s->delta_at;
    const aimer_gf *t = s->key->t; /* computed when the key was loaded */
    aimer_gf d[AIMER_MAX_L + 3], u;
    /* the views from the tapes: pt, t[L], a, c (consecutive in a tape); d
     * sums them, added up as bytes (not from the views just stored: read
     * back at once, in other pieces than were stored, they stall the
     * loads) */
    uint8_t sum[(AIMER_MAX_L + 3) * AIMER_MAX_LAMBDA] = {0};
    const size_t sum_bytes = (size_t)(L + 3) * lam;
    for (unsigned j = 0; j < N; j++) {
        aimer_gf *v = s->w.views + ((size_t)rep * N + j) * V_ELEMS(p);
        const uint8_t *tape = s->w.tapes + j * (cb + tb) + cb;
        aimer_gf_from_bytes(p, v[V_PT(p)], tape);
        for (unsigned i = 0; i < L; i++) aimer_gf_from_bytes(p, v[V_X + i], tape + (i + 1) * lam);
        aimer_gf_from_bytes(p, v[V_A(p)], tape + (L + 1) * lam);
        aimer_gf_from_bytes(p, v[V_C(p)], tape + (L + 2) * lam);
        for (size_t k = 0; k < sum_bytes; k++) sum[k] ^= tape[k];
    }
    for (unsigned i = 0; i < L + 3; i++) aimer_gf_from_bytes(p, d[i], sum + i * lam);
    lwcx_wipe(sum, sizeof sum);
    /* offsets: delta_pt = pt - sum pt_j, delta_t likewise, delta_c = pt *
     * a - sum c_j (a = sum a_j); they join the last party's shares */
    aimer_gf *last = s->w.views + ((size_t)rep * N + N - 1) * V_ELEMS(p);
    uint8_t *proof = s->proofs + rep * s->pb;
    aimer_gf_add(d[0], d[0], s->key->pt);
    for (unsigned i = 0; i < L; i++) aimer_gf_add(d[1 + i], d[1 + i], t[i]);
    f->mul(u, s->key->pt, d[L + 1]);
    aimer_gf_add(d[L + 2], d[L + 2], u);
    aimer_gf_add(last[V_PT(p)], last[V_PT(p)], d[0]);
    for (unsigned i = 0; i < L; i++) aimer_gf_add(last[V_X + i], last[V_X + i], d[1 + i]);
    aimer_gf_add(last[V_C(p)], last[V_C(p)], d[L + 2]);
    aimer_gf_to_bytes(p, proof + delta_at, d[0]);
    for (unsigned i = 0; i < L; i++) aimer_gf_to_bytes(p, proof + delta_at + (1 + i) * lam, d[1 + i]);
    aimer_gf_to_bytes(p, proof + delta_at + (L + 1) * lam, d[L + 2]);
    memcpy(record + (size_t)N * cb, proof + delta_at, (size_t)(L + 2) * lam);
    lwcx_wipe(d, sizeof d);
    lwcx_wipe(u, sizeof u);
}

/* Phase 1: commit to every party's seed and to the offsets that make the
 * shares of the last party consistent with the witness; simulate the
 * parties (their multiplication-check inputs); h1 over it all. */
static LWCX_NODISCARD int phase1_commit(signer *s)
{
    const aimer_params *p = s->p;
    const aimer_impl *im = s->im;
    const unsigned N = p->N, T = p->T;
    const uint8_t prefix = AIMER_H_1;
    aimer_xof hx;
    int bad = 0;
    im->xof_init(&hx, p->n);
    im->xof_absorb(&hx, &prefix, 1);
    im->xof_absorb(&hx, s->mu, s->cb);
    im->xof_absorb(&hx, s->salt, p->lambda);
    /* h1 absorbs the records of the repetitions done (consecutive in h1in)
     * while the trees and commitments of the next ones are hashed, in their
     * permutations where the implementation can; the rest at the end */
    aimer_side h1_side = {&hx, s->w.h1in, 0, NULL};
    const unsigned chunk = aimer_tree_chunk(p);
    for (unsigned rep = 0; rep < T && !bad; rep++) {
        uint8_t *record = s->w.h1in + rep * h1_record_bytes(p);
        if (rep % chunk == 0)
            bad |= expand_trees(im, p, s->w.nodes, s->salt, rep, rep + chunk < T ? rep + chunk : T, &h1_side);
        bad |= commit_parties(s, rep, &h1_side, record);
        views_and_offsets(s, rep, record);
        h1_side.len += h1_record_bytes(p); /* it ends where this record starts */

        aimer_gf *views = s->w.views + (size_t)rep * N * V_ELEMS(p);
        lwcx_aimer_mpc_parties(im, p, s->key, views + V_X, views + V_Z(p), V_ELEMS(p), N, 1);
    }
    if (bad) {
        im->xof_release(&hx);
        return bad;
    }
    im->xof_absorb(&hx, h1_side.in, h1_side.len);
    bad |= im->xof_final(&hx, s->h1, s->cb);
    LWCX_DECLASSIFY(s->h1, s->cb); /* published: the challenges derive from it */
    return bad;
}

/* Phase 3, a repetition: every party's shares of alpha = sum eps_i x_i + a
 * (opened) and v = sum eps_i z_i + c - alpha pt, serialized in w.shares. */
static void party_shares(signer *s, unsigned rep)
{
    const aimer_params *p = s->p;
    const aimer_field_ops *f = &s->im->field[p->field];
    const unsigned lam = p->lambda, L = p->L, N = p->N;
    aimer_gf eps[AIMER_MAX_L + 1], alpha = {0}, u;
    for (unsigned i = 0; i <= L; i++) aimer_gf_from_bytes(p, eps[i], s->w.eps + ((size_t)rep * (L + 1) + i) * lam);
    aimer_gf *views = s->w.views + (size_t)rep * N * V_ELEMS(p);
    aimer_dot_parties(f, views + V_A(p), V_ELEMS(p), views + V_X, V_ELEMS(p), eps, L + 1, N);
    aimer_dot_parties(f, views + V_C(p), V_ELEMS(p), views + V_Z(p), V_ELEMS(p), eps, L + 1, N);
    for (unsigned j = 0; j < N; j++) {
        aimer_gf *v = views + (size_t)j * V_ELEMS(p);
        aimer_gf_add(alpha, alpha, v[V_A(p)]);
        aimer_gf_to_bytes(p, s->w.shares + (size_t)j * lam, v[V_A(p)]);
    }
    for (unsigned j = 0; j < N; j++) {
        aimer_gf *v = s->w.views + ((size_t)rep * N + j) * V_ELEMS(p);
        f->mul(u, v[V_PT(p)], alpha);
        aimer_gf_add(u, u, v[V_C(p)]);
        aimer_gf_to_bytes(p, s->w.shares + (size_t)(N + j) * lam, u);
    }
    lwcx_wipe(u, sizeof u);
}

/* Phase 2 and 3: the challenges epsilon from h1; every party's shares of
 * alpha and v (zero when the witness is right), committed in h2. */
static LWCX_NODISCARD int phase23_challenge_and_shares(signer *s)
{
    const aimer_params *p = s->p;
    const aimer_impl *im = s->im;
    const unsigned lam = p->lambda, L = p->L, N = p->N, T = p->T;
    const uint8_t prefix = AIMER_H_2;
    aimer_xof x, hx;
    int bad = 0;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, s->h1, s->cb);
    bad |= im->xof_final(&x, s->w.eps, (size_t)T * (L + 1) * lam);
    im->xof_init(&hx, p->n);
    im->xof_absorb(&hx, &prefix, 1);
    im->xof_absorb(&hx, s->h1, s->cb);
    im->xof_absorb(&hx, s->salt, lam);
    for (unsigned rep = 0; rep < T; rep++) {
        party_shares(s, rep);
        im->xof_absorb(&hx, s->w.shares, 2 * (size_t)N * lam);
    }
    bad |= im->xof_final(&hx, s->h2, s->cb);
    LWCX_DECLASSIFY(s->h2, s->cb); /* published: the hidden parties derive from it */
    return bad;
}

/* Phase 4 and 5: the hidden party of each repetition from h2; open the
 * others through the sibling path, with the hidden one's commitment (kept
 * from phase 1) and alpha share. */
static LWCX_NODISCARD int phase45_open(signer *s)
{
    const aimer_params *p = s->p;
    const aimer_impl *im = s->im;
    const unsigned lam = p->lambda, L = p->L, N = p->N, T = p->T;
    uint8_t hidden_at[AIMER_MAX_T];
    aimer_xof x;
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, s->h2, s->cb);
    const int bad = im->xof_final(&x, hidden_at, T);
    for (unsigned rep = 0; rep < T && !bad; rep++) {
        const unsigned hidden = hidden_at[rep] & (N - 1), leaf = N + hidden;
        uint8_t *proof = s->proofs + rep * s->pb;
        for (unsigned k = 0; k < p->logN; k++) memcpy(proof + k * lam, node(p, s->w.nodes, rep, (leaf >> k) ^ 1), lam);
        memcpy(proof + (size_t)p->logN * lam, s->w.h1in + rep * h1_record_bytes(p) + hidden * s->cb, s->cb);
        const aimer_gf *v = s->w.views + ((size_t)rep * N + hidden) * V_ELEMS(p);
        aimer_gf_to_bytes(p, proof + s->delta_at + (L + 2) * lam, v[V_A(p)]);
    }
    return bad;
}

int lwcx_aimer_sign_mu(const struct lwcx_aimer_key *key, uint8_t *sig, const uint8_t *mu,
                  const uint8_t *rho)
{
    const aimer_params *p = key->p;
    const unsigned lam = p->lambda;
    signer s = {.key = key, .p = p, .im = key->im, .mu = mu, .salt = sig, .h1 = sig + lam,
                .h2 = sig + 3 * lam, .proofs = sig + 5 * lam, .cb = aimer_commit_bytes(p),
                .pb = aimer_proof_bytes(p)};
    s.delta_at = (size_t)p->logN * lam + s.cb;
    if (ws_alloc(&s.w, p)) return LWCX_ERR_NOMEM;
    memset(sig, 0, p->sig_bytes);
    int bad = salt_and_roots(&s, rho);
    if (!bad) bad = phase1_commit(&s);
    if (!bad) bad = phase23_challenge_and_shares(&s);
    if (!bad) bad = phase45_open(&s);
    ws_free(&s.w);
    if (bad) {
        lwcx_wipe(sig, p->sig_bytes);
        return LWCX_ERR_NOMEM;
    }
    return LWCX_OK;
}
