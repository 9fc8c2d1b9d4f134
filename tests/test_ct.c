/* Constant time, checked with valgrind's memcheck: the secrets (keys,
 * plaintexts, AIMer's secret key and randomness, received tags) are marked
 * undefined, so that memcheck reports every branch and every memory address
 * that depends on them. Every implementation flagged constant time that
 * valgrind can run goes through its public _with entry points once on small
 * inputs; outputs are marked defined (they are public) before they are
 * compared with the first implementation's. What the protocols publish
 * anyway (a tag comparison's verdict, a signature's salt and hashes) the
 * library marks defined itself (src/core/declassify.h).
 *
 * tests/CMakeLists.txt runs it under valgrind --error-exitcode=1, so one
 * report fails the test. Natively it is a plain correctness test.
 *   test_ct          every implementation flagged constant time
 *   test_ct nct      only those flagged not constant time: memcheck must
 *                    report them (proof that the test can fail) */
#include <valgrind/memcheck.h>

#include "lwcx.h"
#include "testutil.h"

/* the client requests' values only say whether valgrind runs */
#define SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n))) /* likewise */

/* valgrind 3.19 decodes no AVX-512 and no GFNI instructions (nor VPCLMULQDQ,
 * which comes with them here): such implementations cannot run under it. */
#define NOT_UNDER_VALGRIND (LWCX_CPU_AVX512 | LWCX_CPU_GFNI | LWCX_CPU_VPCLMUL)

static int want_nct; /* the "nct" mode: the other implementations only */
static unsigned covered_count;

/* Whether to run impl, saying why not. */
static int covered(const lwcx_impl *impl)
{
    const char *prim = lwcx_impl_primitive(impl), *name = lwcx_impl_name(impl), *why = NULL;
    if (lwcx_impl_constant_time(impl) == want_nct) {
        printf("  %s:%s not run: %s\n", prim, name,
               want_nct ? "flagged constant time" : "flagged not constant time");
        return 0;
    }
    if (lwcx_impl_features(impl) & NOT_UNDER_VALGRIND) {
        printf("  %s:%s not run: valgrind cannot execute AVX-512, GFNI or VPCLMULQDQ code\n", prim, name);
        return 0;
    }
    if (!lwcx_impl_available(impl, &why)) {
        printf("  %s:%s not run: %s\n", prim, name, why);
        return 0;
    }
    printf("  %s:%s\n", prim, name);
    fflush(stdout);
    covered_count++;
    return 1;
}

/* --- PRESENT, GIFT, PIPO ----------------------------------------------- */

#define BC_BLOCKS (512 + 3) /* past the widest batch: a full batch and a tail */

static void block_ciphers(void)
{
    static const lwcx_blockcipher ciphers[] = {LWCX_PRESENT80, LWCX_PRESENT128, LWCX_GIFT64,
                                               LWCX_GIFT128,   LWCX_PIPO128,    LWCX_PIPO256};
    static uint8_t pt[LWCX_BC_MAX_BLOCK_BYTES * BC_BLOCKS], keys[LWCX_BC_MAX_KEY_BYTES * BC_BLOCKS],
        out[4][sizeof pt], want[4][sizeof pt];
    for (size_t ci = 0; ci < sizeof ciphers / sizeof ciphers[0]; ci++) {
        const lwcx_blockcipher c = ciphers[ci];
        const char *prim = lwcx_bc_name(c);
        const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c), len = bs * BC_BLOCKS;
        uint8_t key[LWCX_BC_MAX_KEY_BYTES], iv[LWCX_BC_MAX_BLOCK_BYTES];
        int have_want = 0;
        tu_fill(key, kb);
        tu_fill(iv, bs);
        tu_fill(pt, len);
        tu_fill(keys, kb * BC_BLOCKS);
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *im = lwcx_impl_at(prim, i);
            if (!covered(im)) continue;
            SECRET(key, kb);
            SECRET(keys, kb * BC_BLOCKS);
            SECRET(pt, len);
            CHECK(lwcx_bc_ecb_encrypt_with(im, c, key, out[0], pt, len) == LWCX_OK, "%s ecb", prim);
            CHECK(lwcx_bc_ctr_with(im, c, key, iv, out[1], pt, len) == LWCX_OK, "%s ctr", prim);
            CHECK(lwcx_bc_encrypt_keys_with(im, c, out[2], pt, keys, BC_BLOCKS) == LWCX_OK, "%s keys", prim);
            PUBLIC(out[0], len); /* ciphertexts */
            PUBLIC(out[1], len);
            PUBLIC(out[2], len);
            /* decryption: the ciphertext is public, the key and result secret */
            CHECK(lwcx_bc_ecb_decrypt_with(im, c, key, out[3], out[0], len) == LWCX_OK, "%s ecb", prim);
            PUBLIC(out[3], len);
            PUBLIC(pt, len);
            CHECK(memcmp(out[3], pt, len) == 0, "%s %s: ecb round trip", prim, lwcx_impl_name(im));
            CHECK(lwcx_bc_decrypt_keys_with(im, c, out[3], out[2], keys, BC_BLOCKS) == LWCX_OK, "%s", prim);
            PUBLIC(out[3], len);
            CHECK(memcmp(out[3], pt, len) == 0, "%s %s: keys round trip", prim, lwcx_impl_name(im));
            PUBLIC(key, kb);
            PUBLIC(keys, kb * BC_BLOCKS);
            if (!have_want) memcpy(want, out, sizeof want), have_want = 1;
            for (int k = 0; k < 3; k++)
                CHECK(memcmp(out[k], want[k], len) == 0, "%s %s: output %d differs", prim,
                      lwcx_impl_name(im), k);
        }
    }
}

/* --- kcc23-p4 ------------------------------------------------------------ */

#define KCC_BLOCKS 35 /* past every batch (32 at most) */

static void kcc23p4(void)
{
    uint8_t key[8], keys[8 * KCC_BLOCKS], iv[8], pt[8 * KCC_BLOCKS], out[3][8 * KCC_BLOCKS],
        want[3][8 * KCC_BLOCKS], back[8 * KCC_BLOCKS];
    lwcx_kcc23p4_key ks;
    int have_want = 0;
    tu_fill(key, sizeof key);
    tu_fill(keys, sizeof keys);
    tu_fill(iv, sizeof iv);
    tu_fill(pt, sizeof pt);
    for (size_t i = 0; i < lwcx_impl_count("kcc23p4"); i++) {
        const lwcx_impl *im = lwcx_impl_at("kcc23p4", i);
        if (!covered(im)) continue;
        SECRET(key, sizeof key);
        SECRET(keys, sizeof keys);
        SECRET(pt, sizeof pt);
        CHECK(lwcx_kcc23p4_expand_key(&ks, key) == LWCX_OK, "expand");
        CHECK(lwcx_kcc23p4_ecb_encrypt_with(im, &ks, out[0], pt, sizeof pt) == LWCX_OK, "ecb");
        CHECK(lwcx_kcc23p4_ctr_with(im, &ks, iv, out[1], pt, sizeof pt) == LWCX_OK, "ctr");
        CHECK(lwcx_kcc23p4_encrypt_keys_with(im, out[2], pt, keys, KCC_BLOCKS) == LWCX_OK, "keys");
        PUBLIC(out, sizeof out);
        CHECK(lwcx_kcc23p4_ecb_decrypt_with(im, &ks, back, out[0], sizeof back) == LWCX_OK, "ecb");
        PUBLIC(back, sizeof back);
        PUBLIC(pt, sizeof pt);
        CHECK(memcmp(back, pt, sizeof pt) == 0, "kcc23p4 %s: ecb round trip", lwcx_impl_name(im));
        CHECK(lwcx_kcc23p4_decrypt_keys_with(im, back, out[2], keys, KCC_BLOCKS) == LWCX_OK, "keys");
        PUBLIC(back, sizeof back);
        CHECK(memcmp(back, pt, sizeof pt) == 0, "kcc23p4 %s: keys round trip", lwcx_impl_name(im));
        PUBLIC(key, sizeof key);
        PUBLIC(keys, sizeof keys);
        if (!have_want) memcpy(want, out, sizeof want), have_want = 1;
        CHECK(memcmp(out, want, sizeof out) == 0, "kcc23p4 %s differs", lwcx_impl_name(im));
        lwcx_wipe(&ks, sizeof ks);
    }
}

/* --- kcc24-p6 ------------------------------------------------------------ */

static void kcc24p6(void)
{
    enum { LEN = 203 }; /* 25 blocks and a tail the cipher leaves alone */
    uint8_t key[8], pt[LEN], ct[LEN], tag[8], back[LEN], want[LEN + 8];
    int have_want = 0;
    tu_fill(key, sizeof key);
    tu_fill(pt, sizeof pt);
    for (size_t i = 0; i < lwcx_impl_count("kcc24p6"); i++) {
        const lwcx_impl *im = lwcx_impl_at("kcc24p6", i);
        if (!covered(im)) continue;
        memset(ct, 0, sizeof ct);
        SECRET(key, sizeof key);
        SECRET(pt, sizeof pt);
        CHECK(lwcx_kcc24p6_encrypt_with(im, ct, tag, pt, LEN, key) == LWCX_OK, "encrypt");
        PUBLIC(ct, sizeof ct);
        PUBLIC(tag, sizeof tag);
        /* a received tag is attacker's data, compared with the right one:
         * only the verdict may steer the code */
        SECRET(tag, sizeof tag);
        memset(back, 0, sizeof back);
        CHECK(lwcx_kcc24p6_decrypt_with(im, back, ct, LEN, tag, key) == LWCX_OK, "decrypt");
        PUBLIC(back, sizeof back);
        PUBLIC(pt, sizeof pt);
        CHECK(memcmp(back, pt, lwcx_kcc24p6_processed_len(LEN)) == 0, "kcc24p6 %s: round trip",
              lwcx_impl_name(im));
        PUBLIC(tag, sizeof tag);
        tag[3] ^= 1;
        SECRET(tag, sizeof tag);
        CHECK(lwcx_kcc24p6_decrypt_with(im, back, ct, LEN, tag, key) == LWCX_ERR_AUTH, "forged tag");
        PUBLIC(tag, sizeof tag);
        tag[3] ^= 1;
        PUBLIC(key, sizeof key);
        if (!have_want) memcpy(want, ct, LEN), memcpy(want + LEN, tag, 8), have_want = 1;
        CHECK(memcmp(ct, want, LEN) == 0 && memcmp(tag, want + LEN, 8) == 0, "kcc24p6 %s differs",
              lwcx_impl_name(im));
    }
}

/* --- SPARKLE: the permutation, Schwaemm, Esch ---------------------------- */

#define SP_COUNT 9 /* messages side by side: past every batch (8 at most) */
#define SP_LEN 45  /* bytes: a few rate blocks and a partial one */

/* The outputs of one implementation, compared across implementations. */
typedef struct sparkle_out {
    uint8_t perm[3][64];
    uint8_t ct[4][SP_LEN], tag[4][LWCX_SCHWAEMM_MAX_TAG_BYTES];
    uint8_t many_ct[SP_COUNT][SP_LEN], many_tag[SP_COUNT][LWCX_SCHWAEMM_MAX_TAG_BYTES];
    uint8_t hash[2][48];
} sparkle_out;

static void sparkle_one(const lwcx_impl *im, sparkle_out *o)
{
    static const size_t state_bytes[3] = {32, 48, 64};
    static const unsigned steps[3] = {10, 11, 12};
    uint8_t key[SP_COUNT][LWCX_SCHWAEMM_MAX_KEY_BYTES], nonce[SP_COUNT][LWCX_SCHWAEMM_MAX_NONCE_BYTES];
    uint8_t pt[SP_COUNT][SP_LEN], ad[SP_COUNT][20], back[SP_LEN];
    const char *name = lwcx_impl_name(im);
    tu_state = 7; /* the same inputs for every implementation */
    memset(o, 0, sizeof *o);

    for (int s = 0; s < 3; s++) {
        tu_fill(o->perm[s], state_bytes[s]);
        SECRET(o->perm[s], state_bytes[s]);
        CHECK(lwcx_sparkle_permute_with(im, o->perm[s], state_bytes[s], steps[s]) == LWCX_OK, "permute");
        PUBLIC(o->perm[s], state_bytes[s]);
    }

    tu_fill(&key[0][0], sizeof key);
    tu_fill(&nonce[0][0], sizeof nonce);
    tu_fill(&pt[0][0], sizeof pt);
    tu_fill(&ad[0][0], sizeof ad);
    for (lwcx_schwaemm_variant v = 0; lwcx_schwaemm_name(v); v++) {
        const size_t tb = lwcx_schwaemm_tag_bytes(v);
        SECRET(key, sizeof key);
        SECRET(pt, sizeof pt);
        CHECK(lwcx_schwaemm_encrypt_with(im, v, o->ct[v], o->tag[v], pt[0], SP_LEN, ad[0], sizeof ad[0],
                                         nonce[0], key[0]) == LWCX_OK,
              "schwaemm encrypt");
        PUBLIC(o->ct[v], SP_LEN);
        PUBLIC(o->tag[v], tb);
        SECRET(o->tag[v], tb); /* received: only the verdict may steer the code */
        CHECK(lwcx_schwaemm_decrypt_with(im, v, back, o->ct[v], SP_LEN, o->tag[v], ad[0], sizeof ad[0],
                                         nonce[0], key[0]) == LWCX_OK,
              "%s %s: decrypt", lwcx_schwaemm_name(v), name);
        PUBLIC(back, sizeof back);
        PUBLIC(pt, sizeof pt);
        CHECK(memcmp(back, pt[0], SP_LEN) == 0, "%s %s: round trip", lwcx_schwaemm_name(v), name);
        PUBLIC(o->tag[v], tb);
        o->tag[v][tb - 1] ^= 0x80;
        SECRET(o->tag[v], tb);
        SECRET(pt, sizeof pt);
        CHECK(lwcx_schwaemm_decrypt_with(im, v, back, o->ct[v], SP_LEN, o->tag[v], ad[0], sizeof ad[0],
                                         nonce[0], key[0]) == LWCX_ERR_AUTH,
              "%s %s: forged tag", lwcx_schwaemm_name(v), name);
        PUBLIC(o->tag[v], tb);
        o->tag[v][tb - 1] ^= 0x80;
    }

    /* many messages at once: the SIMD paths that run several states */
    {
        const lwcx_schwaemm_variant v = LWCX_SCHWAEMM256_128;
        uint8_t *cts[SP_COUNT], *tags[SP_COUNT];
        const uint8_t *pts[SP_COUNT], *ads[SP_COUNT], *nonces[SP_COUNT], *keys[SP_COUNT];
        for (int j = 0; j < SP_COUNT; j++) {
            cts[j] = o->many_ct[j];
            tags[j] = o->many_tag[j];
            pts[j] = pt[j];
            ads[j] = ad[j];
            nonces[j] = nonce[j];
            keys[j] = key[j];
        }
        SECRET(key, sizeof key);
        SECRET(pt, sizeof pt);
        CHECK(lwcx_schwaemm_encrypt_many_with(im, v, cts, tags, pts, SP_LEN, ads, sizeof ad[0], nonces,
                                              keys, SP_COUNT) == LWCX_OK,
              "schwaemm many");
        PUBLIC(o->many_ct, sizeof o->many_ct);
        PUBLIC(o->many_tag, sizeof o->many_tag);
        PUBLIC(key, sizeof key);
        PUBLIC(pt, sizeof pt);
    }

    /* hashing a secret message (a password, a key) */
    for (lwcx_esch_variant v = LWCX_ESCH256; v <= LWCX_ESCH384; v++) {
        const size_t db = lwcx_esch_digest_bytes(v);
        SECRET(pt, sizeof pt);
        CHECK(lwcx_esch_hash_with(im, v, o->hash[v], db, pt[0], SP_LEN) == LWCX_OK, "esch");
        PUBLIC(o->hash[v], db);
    }
    PUBLIC(pt, sizeof pt);
}

static void sparkle(void)
{
    static sparkle_out out, want;
    int have_want = 0;
    for (size_t i = 0; i < lwcx_impl_count("sparkle"); i++) {
        const lwcx_impl *im = lwcx_impl_at("sparkle", i);
        if (!covered(im)) continue;
        sparkle_one(im, &out);
        if (!have_want) want = out, have_want = 1;
        CHECK(memcmp(&out, &want, sizeof out) == 0, "sparkle %s differs", lwcx_impl_name(im));
    }
}

/* --- AIMer ------------------------------------------------------------------ */

static void aimer(void)
{
    const lwcx_aimer_set set = LWCX_AIMER128F;
    const size_t lam = lwcx_aimer_seed_bytes(set), pkb = lwcx_aimer_pk_bytes(set),
                 skb = lwcx_aimer_sk_bytes(set), sigb = lwcx_aimer_sig_bytes(set);
    uint8_t seed[2 * 32], rho[32], pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
    static uint8_t sig[LWCX_AIMER_MAX_SIG_BYTES], want[LWCX_AIMER_MAX_SIG_BYTES];
    const uint8_t msg[] = "a message";
    int have_want = 0;
    tu_fill(seed, sizeof seed);
    tu_fill(rho, sizeof rho);
    for (size_t i = 0; i < lwcx_impl_count("aimer"); i++) {
        const lwcx_impl *im = lwcx_impl_at("aimer", i);
        if (!covered(im)) continue;
        /* keygen: pt (the secret) from the first half of the randomness; the IV
         * (second half) is public */
        SECRET(seed, lam);
        CHECK(lwcx_aimer_keygen_from_with(im, set, pk, sk, seed) == LWCX_OK, "keygen");
        PUBLIC(pk, pkb);
        PUBLIC(sk + lam, skb - lam); /* sk = pt || pk */
        /* sign: pt and rho secret */
        SECRET(sk, lam);
        SECRET(rho, lam);
        CHECK(lwcx_aimer_sign_from_with(im, set, sig, msg, sizeof msg, sk, rho) == LWCX_OK, "sign");
        PUBLIC(sig, sigb);
        PUBLIC(sk, skb);
        PUBLIC(seed, sizeof seed);
        PUBLIC(rho, sizeof rho);
        /* verify handles public data only: the signature's challenges steer
         * it by design, so nothing is marked */
        CHECK(lwcx_aimer_verify_with(im, set, sig, sigb, msg, sizeof msg, pk) == LWCX_OK, "%s verify",
              lwcx_impl_name(im));
        if (!have_want) memcpy(want, sig, sigb), have_want = 1;
        CHECK(memcmp(sig, want, sigb) == 0, "aimer %s: signature differs", lwcx_impl_name(im));
    }
}

int main(int argc, char **argv)
{
    want_nct = argc > 1 && strcmp(argv[1], "nct") == 0;
    printf("test_ct: %s valgrind\n", RUNNING_ON_VALGRIND ? "under" : "not under");
    if (want_nct) {
        block_ciphers(); /* the only implementations flagged not constant time */
    } else {
        block_ciphers();
        kcc23p4();
        kcc24p6();
        sparkle();
        aimer();
    }
    CHECK(covered_count > 0, "no implementation was run");
    printf("%u implementations run\n", covered_count);
    return tu_finish();
}
