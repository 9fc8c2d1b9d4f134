/* AIMer verification: rebuild every opened party's view from the revealed
 * seeds, recompute h1 and h2, and compare them with the signature's. */
#include <stdlib.h>

#include "aimer_impl.h"

static uint8_t *node(const aimer_params *p, uint8_t *nodes, unsigned rep, unsigned i)
{
    return nodes + ((size_t)rep * 2 * p->N + i) * p->lambda;
}

/* The seeds of every party but the hidden one, for repetitions from..to-1:
 * the revealed siblings of its path expanded level by level (each level
 * flushed: the next one reads its seeds); side (or NULL) is fed in their
 * permutations. */
static int expand_trees(const aimer_impl *im, const aimer_params *p, uint8_t *nodes,
                        const uint8_t *salt, const uint8_t *hidden, unsigned from, unsigned to,
                        aimer_side *side)
{
    aimer_batch b;
    int bad = 0;
    lwcx_aimer_batch_init(&b, im, p, aimer_commit_bytes(p));
    b.side = side;
    for (unsigned d = 1; d < p->logN; d++) {
        for (unsigned rep = from; rep < to; rep++) {
            const unsigned on_path = (p->N + hidden[rep]) >> (p->logN - d);
            for (unsigned i = 1u << d; i < 2u << d; i++)
                if (i != on_path)
                    lwcx_aimer_batch_add(&b, p, AIMER_H_TREE, salt, rep, i, node(p, nodes, rep, i),
                                    node(p, nodes, rep, 2 * i));
        }
        bad |= lwcx_aimer_batch_flush(&b);
    }
    return bad;
}

/* The parties' shares and views of one repetition, in the workspace. */
typedef struct party_views {
    aimer_gf *alpha_j, *v_j, *pt_j, *xz; /* per party; x, z at xz + j * xz_stride */
    size_t xz_stride;
} party_views;

/* A repetition's opened parties: their views from their tapes (the last
 * party's with the offsets of the proof), simulated, and their alpha and v
 * shares as signing made them, the hidden party's from the proof (alpha) and
 * from the sum of v being zero; serialized into shares for h2. eps: the
 * repetition's L + 1 challenges. */
static void opened_shares(const struct lwcx_aimer_key *key, const party_views *pv, const uint8_t *proof,
                          const uint8_t *tapes, const uint8_t *eps, unsigned hid, uint8_t *shares)
{
    const aimer_params *p = key->p;
    const aimer_impl *im = key->im;
    const aimer_field_ops *f = &im->field[p->field];
    const unsigned lam = p->lambda, L = p->L, N = p->N;
    const size_t cb = aimer_commit_bytes(p), tb = aimer_tape_bytes(p);
    const size_t delta_at = (size_t)p->logN * lam + cb, xz_stride = pv->xz_stride;
    aimer_gf *alpha_j = pv->alpha_j, *v_j = pv->v_j, *pt_j = pv->pt_j, *xz = pv->xz;
    aimer_gf e[AIMER_MAX_L + 1], alpha = {0}, u;
    for (unsigned i = 0; i <= L; i++) aimer_gf_from_bytes(p, e[i], eps + (size_t)i * lam);
    /* the parties' views from their tapes (the hidden one's is zero:
     * simulated with the others, its results unused) */
    memset(xz + (size_t)hid * xz_stride, 0, xz_stride * sizeof(aimer_gf));
    for (unsigned j = 0; j < N; j++) {
        if (j == hid) continue;
        const uint8_t *tape = tapes + j * (cb + tb) + cb;
        aimer_gf *xs = xz + j * xz_stride;
        aimer_gf_from_bytes(p, pt_j[j], tape);
        for (unsigned i = 0; i < L; i++) aimer_gf_from_bytes(p, xs[i], tape + (i + 1) * lam);
        aimer_gf_from_bytes(p, alpha_j[j], tape + (L + 1) * lam);
        aimer_gf_from_bytes(p, v_j[j], tape + (L + 2) * lam);
        if (j == N - 1) { /* the offsets join the last party's shares */
            aimer_gf_from_bytes(p, u, proof + delta_at);
            aimer_gf_add(pt_j[j], pt_j[j], u);
            for (unsigned i = 0; i < L; i++) {
                aimer_gf_from_bytes(p, u, proof + delta_at + (1 + i) * lam);
                aimer_gf_add(xs[i], xs[i], u);
            }
            aimer_gf_from_bytes(p, u, proof + delta_at + (L + 1) * lam);
            aimer_gf_add(v_j[j], v_j[j], u);
        }
    }
    lwcx_aimer_mpc_parties(im, p, key, xz, xz + L + 1, xz_stride, N, 1);
    /* the parties before the hidden one, and after it */
    aimer_dot_parties(f, alpha_j, 1, xz, xz_stride, e, L + 1, hid);
    aimer_dot_parties(f, v_j, 1, xz + L + 1, xz_stride, e, L + 1, hid);
    aimer_dot_parties(f, alpha_j + hid + 1, 1, xz + (hid + 1) * xz_stride, xz_stride, e, L + 1, N - 1 - hid);
    aimer_dot_parties(f, v_j + hid + 1, 1, xz + (hid + 1) * xz_stride + L + 1, xz_stride, e, L + 1, N - 1 - hid);
    aimer_gf_from_bytes(p, alpha_j[hid], proof + delta_at + (L + 2) * lam);
    for (unsigned j = 0; j < N; j++) aimer_gf_add(alpha, alpha, alpha_j[j]);
    /* alpha is open: finish v, and the hidden party's v makes the sum zero */
    memset(v_j[hid], 0, sizeof v_j[hid]);
    for (unsigned j = 0; j < N; j++) {
        if (j == hid) continue;
        f->mul(u, pt_j[j], alpha);
        aimer_gf_add(v_j[j], v_j[j], u);
        aimer_gf_add(v_j[hid], v_j[hid], v_j[j]);
    }
    for (unsigned j = 0; j < N; j++) {
        aimer_gf_to_bytes(p, shares + (size_t)j * lam, alpha_j[j]);
        aimer_gf_to_bytes(p, shares + (size_t)(N + j) * lam, v_j[j]);
    }
}

int lwcx_aimer_verify_mu(const struct lwcx_aimer_key *key, const uint8_t *sig, const uint8_t *mu)
{
    const aimer_params *p = key->p;
    const aimer_impl *im = key->im;
    const unsigned lam = p->lambda, L = p->L, N = p->N, T = p->T, logN = p->logN;
    const size_t cb = aimer_commit_bytes(p), tb = aimer_tape_bytes(p), pb = aimer_proof_bytes(p);
    const uint8_t *salt = sig, *h1 = sig + lam, *h2 = sig + 3 * lam, *proofs = sig + 5 * lam;
    const size_t delta_at = (size_t)logN * lam + cb;
    uint8_t hidden[AIMER_MAX_T], h1x[2 * AIMER_MAX_LAMBDA], h2x[2 * AIMER_MAX_LAMBDA], prefix;
    aimer_xof x, hx1, hx2;
    int bad = 0;

    /* the trees of all repetitions, the tapes and views of one */
    const size_t nodes_bytes = (size_t)T * 2 * N * lam, tapes_bytes = (size_t)N * (cb + tb);
    /* per party: alpha, v, pt shares, then x[0..L] and z[0..L] */
    const size_t eps_bytes = (size_t)T * (L + 1) * lam, views = (3 + 2 * (size_t)(L + 1)) * N * sizeof(aimer_gf);
    /* h1's input of each repetition (N commitments, the offsets),
     * consecutive: absorbed while the next ones are hashed */
    const size_t record_bytes = (size_t)N * cb + (size_t)(L + 2) * lam;
    /* and h2's, every repetition's alpha and v shares, absorbed alike */
    const size_t shares_bytes = 2 * (size_t)N * lam;
    uint8_t *mem = malloc(nodes_bytes + tapes_bytes + eps_bytes + T * shares_bytes + views + T * record_bytes);
    if (!mem) return LWCX_ERR_NOMEM;
    aimer_gf *alpha_j = (aimer_gf *)mem, *v_j = alpha_j + N, *pt_j = v_j + N, *xz = pt_j + N;
    const size_t xz_stride = 2 * (size_t)(L + 1); /* party j's x at xz + j * xz_stride, its z L + 1 on */
    const party_views pv = {alpha_j, v_j, pt_j, xz, xz_stride};
    uint8_t *nodes = mem + views, *tapes = nodes + nodes_bytes, *eps = tapes + tapes_bytes;
    uint8_t *shares_all = eps + eps_bytes, *records = shares_all + T * shares_bytes;

    im->xof_init(&x, p->n);
    im->xof_absorb(&x, h2, cb);
    bad |= im->xof_final(&x, hidden, T);
    im->xof_init(&x, p->n);
    im->xof_absorb(&x, h1, cb);
    bad |= im->xof_final(&x, eps, eps_bytes);

    /* the revealed siblings of each hidden party's path */
    for (unsigned rep = 0; rep < T; rep++) {
        hidden[rep] &= (uint8_t)(N - 1);
        const unsigned leaf = N + hidden[rep];
        for (unsigned k = 0; k < logN; k++) memcpy(node(p, nodes, rep, (leaf >> k) ^ 1), proofs + rep * pb + k * lam, lam);
    }

    prefix = AIMER_H_1;
    im->xof_init(&hx1, p->n);
    im->xof_absorb(&hx1, &prefix, 1);
    im->xof_absorb(&hx1, mu, cb);
    im->xof_absorb(&hx1, salt, lam);
    prefix = AIMER_H_2;
    im->xof_init(&hx2, p->n);
    im->xof_absorb(&hx2, &prefix, 1);
    im->xof_absorb(&hx2, h1, cb);
    im->xof_absorb(&hx2, salt, lam);

    /* h1 absorbs the records of the repetitions done while the trees and
     * commitments of the next ones are hashed, in their permutations where
     * the implementation can (as in signing); h2 their shares where h1 has
     * no block ready; the rest at the end */
    aimer_side h2_side = {&hx2, shares_all, 0, NULL}, h1_side = {&hx1, records, 0, &h2_side};
    const unsigned chunk = aimer_tree_chunk(p);
    for (unsigned rep = 0; rep < T && !bad; rep++) {
        const unsigned hid = hidden[rep];
        const uint8_t *proof = proofs + rep * pb;
        uint8_t *record = records + rep * record_bytes;
        aimer_batch b;
        if (rep % chunk == 0)
            bad |= expand_trees(im, p, nodes, salt, hidden, rep, rep + chunk < T ? rep + chunk : T, &h1_side);
        lwcx_aimer_batch_init(&b, im, p, cb + tb);
        b.side = &h1_side;
        for (unsigned j = 0; j < N; j++)
            if (j != hid) lwcx_aimer_batch_add(&b, p, AIMER_H_COMMIT, salt, rep, j, node(p, nodes, rep, N + j), tapes + j * (cb + tb));
        bad |= lwcx_aimer_batch_flush(&b);
        for (unsigned j = 0; j < N; j++) aimer_copy(record + j * cb, j == hid ? proof + logN * lam : tapes + j * (cb + tb), cb);
        memcpy(record + (size_t)N * cb, proof + delta_at, (size_t)(L + 2) * lam);
        h1_side.len += record_bytes; /* it ends where this record starts */

        opened_shares(key, &pv, proof, tapes, eps + (size_t)rep * (L + 1) * lam, hid,
                      shares_all + rep * shares_bytes);
        h2_side.len += shares_bytes;
    }
    im->xof_absorb(&hx1, h1_side.in, h1_side.len);
    im->xof_absorb(&hx2, h2_side.in, h2_side.len);
    bad |= im->xof_final(&hx1, h1x, cb);
    bad |= im->xof_final(&hx2, h2x, cb);
    free(mem);
    if (bad) return LWCX_ERR_NOMEM;
    return lwcx_ct_compare(h1x, h1, cb) | lwcx_ct_compare(h2x, h2, cb) ? LWCX_ERR_AUTH : LWCX_OK;
}
