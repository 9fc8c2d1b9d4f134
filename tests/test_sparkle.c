/* SPARKLE: permutation vectors on every available implementation, every
 * implementation against ref for all sizes and step counts 1..12 (single and
 * batch forms); Schwaemm and Esch: batch and incremental APIs against the
 * one-shot ones, every single-bit flip of ciphertext, tag, nonce and AD
 * rejected, bad arguments; the batch entry points of the implementation
 * interface against their generic loops. The NIST KAT files are in test_sparkle_nist. */
#include "../kat/kat.h"
#include "../src/sparkle/sparkle_impl.h"
#include "lwcx.h"
#include "testutil.h"

static const lwcx_impl *ref;

/* The implementation interface behind a handle. */
static const sparkle_impl *find_impl(const lwcx_impl *impl)
{
    int rc = LWCX_OK;
    const sparkle_impl *im = lwcx_sparkle_pick(impl, 4, 1, &rc);
    CHECK(im != NULL, "%s: %s", lwcx_impl_name(impl), lwcx_strerror(rc));
    return im;
}

/* Batch sizes to try, up to MAX_COUNT: every one to 17 (the tails around
 * groups of 8 and 16 states), then 31, 32 and 33 (around two groups of 16),
 * and 41. */
enum { MAX_COUNT = 41 };
static size_t next_count(size_t count)
{
    return count < 17 ? count + 1 : count < 31 ? 31 : count < 33 ? count + 1 : MAX_COUNT + (count == MAX_COUNT);
}

/* permute_many of every implementation against ref's permute, state by state. */
static void batch_permutation(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    const sparkle_impl *im = find_impl(impl);
    if (!im) return;
    static uint32_t got[MAX_COUNT * 16 + 8], want[MAX_COUNT * 16 + 8];
    for (unsigned nb = 4; nb <= 8; nb += 2)
        for (unsigned steps = 1; steps <= 12; steps++)
            for (size_t count = 0; count <= MAX_COUNT; count = next_count(count)) {
                const size_t words = 2 * nb * count;
                for (size_t i = 0; i < words + 8; i++) want[i] = got[i] = (uint32_t)tu_rand();
                sparkle_permute_many(im, got, count, nb, steps);
                for (size_t i = 0; i < count; i++) lwcx_sparkle_ref.permute(want + 2 * nb * i, nb, steps);
                CHECK(memcmp(got, want, sizeof got) == 0, "%s permute_many: nb %u, %u steps, %zu states",
                      name, nb, steps, count);
            }
}

/* Random chunk lengths, often 0 or 1, sometimes long. */
static size_t chunk(size_t left)
{
    size_t c = tu_rand() % 4 == 0 ? tu_rand() % 70 : tu_rand() % 3;
    return c < left ? c : left;
}

static void schwaemm_apis(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
        const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
        const size_t kb = lwcx_schwaemm_key_bytes(var), nbytes = lwcx_schwaemm_nonce_bytes(var),
                     tb = lwcx_schwaemm_tag_bytes(var);
        uint8_t key[32], nonce[32], pt[200], ad[100], ct[200], tag[32], ct2[200], tag2[32], back[200];
        for (size_t len = 0; len <= 150; len += 1 + len / 8)
            for (size_t adlen = 0; adlen <= 90; adlen += 1 + adlen / 3) {
                tu_fill(key, kb);
                tu_fill(nonce, nbytes);
                tu_fill(pt, len);
                tu_fill(ad, adlen);
                CHECK(lwcx_schwaemm_encrypt_with(impl, var, ct, tag, pt, len, ad, adlen, nonce, key) == LWCX_OK, "enc");
                /* incremental, random chunks, in place */
                lwcx_schwaemm_ctx ctx;
                CHECK(lwcx_schwaemm_init_with(impl, &ctx, var, key, nonce) == LWCX_OK, "init");
                for (size_t off = 0, c; off < adlen; off += c) {
                    c = chunk(adlen - off);
                    CHECK(lwcx_schwaemm_aad(&ctx, ad + off, c) == LWCX_OK, "aad");
                }
                memcpy(ct2, pt, len);
                for (size_t off = 0, c; off < len; off += c) {
                    c = chunk(len - off);
                    CHECK(lwcx_schwaemm_encrypt_update(&ctx, ct2 + off, ct2 + off, c) == LWCX_OK, "update");
                }
                CHECK(lwcx_schwaemm_encrypt_final(&ctx, tag2) == LWCX_OK, "final");
                CHECK(memcmp(ct, ct2, len) == 0 && memcmp(tag, tag2, tb) == 0,
                      "%s %s: incremental encryption differs (len %zu, ad %zu)", name, lwcx_schwaemm_name(var), len, adlen);
                CHECK(lwcx_schwaemm_init_with(impl, &ctx, var, key, nonce) == LWCX_OK, "init");
                CHECK(lwcx_schwaemm_aad(&ctx, ad, adlen) == LWCX_OK, "aad");
                for (size_t off = 0, c; off < len; off += c) {
                    c = chunk(len - off);
                    CHECK(lwcx_schwaemm_decrypt_update(&ctx, back + off, ct + off, c) == LWCX_OK, "update");
                }
                CHECK(lwcx_schwaemm_decrypt_final(&ctx, tag) == LWCX_OK && memcmp(back, pt, len) == 0,
                      "%s %s: incremental decryption (len %zu, ad %zu)", name, lwcx_schwaemm_name(var), len, adlen);
                CHECK(lwcx_schwaemm_decrypt_with(impl, var, back, ct, len, tag, ad, adlen, nonce, key) == LWCX_OK &&
                          memcmp(back, pt, len) == 0, "one-shot decryption");
            }

        /* batch against one-shot, with distinct keys and nonces per message */
        enum { MAXN = 19, LEN = 77, ADLEN = 33 };
        static uint8_t bk[MAXN][32], bn[MAXN][32], bp[MAXN][LEN], ba[MAXN][ADLEN], bc[MAXN][LEN], bt[MAXN][32];
        uint8_t *cts[MAXN], *tags[MAXN];
        const uint8_t *pts[MAXN], *ads[MAXN], *nonces[MAXN], *keys[MAXN];
        for (size_t i = 0; i < MAXN; i++) {
            tu_fill(bk[i], 32), tu_fill(bn[i], 32), tu_fill(bp[i], LEN), tu_fill(ba[i], ADLEN);
            cts[i] = bc[i], tags[i] = bt[i], pts[i] = bp[i], ads[i] = ba[i], nonces[i] = bn[i], keys[i] = bk[i];
        }
        for (size_t n = 0; n <= MAXN; n++) {
            CHECK(lwcx_schwaemm_encrypt_many_with(impl, var, cts, tags, pts, LEN, ads, ADLEN, nonces, keys, n) == LWCX_OK, "many");
            for (size_t i = 0; i < n; i++) {
                CHECK(lwcx_schwaemm_encrypt_with(impl, var, ct, tag, bp[i], LEN, ba[i], ADLEN, bn[i], bk[i]) == LWCX_OK &&
                          memcmp(ct, bc[i], LEN) == 0 && memcmp(tag, bt[i], tb) == 0,
                      "%s %s: batch of %zu, message %zu differs", name, lwcx_schwaemm_name(var), n, i);
            }
        }

        /* every single-bit flip of ciphertext, tag, nonce and AD is refused, and pt is zeroed */
        const size_t len = 45, adlen = 19;
        tu_fill(key, kb), tu_fill(nonce, nbytes), tu_fill(pt, len), tu_fill(ad, adlen);
        CHECK(lwcx_schwaemm_encrypt_with(impl, var, ct, tag, pt, len, ad, adlen, nonce, key) == LWCX_OK, "%s encrypt",
              name);
        uint8_t *parts[4] = {ct, tag, nonce, ad};
        const size_t sizes[4] = {len, tb, nbytes, adlen};
        unsigned refused = 0, total = 0;
        for (int part = 0; part < 4; part++)
            for (size_t bit = 0; bit < 8 * sizes[part]; bit++, total++) {
                parts[part][bit / 8] ^= (uint8_t)(1u << (bit % 8));
                memset(back, 0x5A, len);
                int rc = lwcx_schwaemm_decrypt_with(impl, var, back, ct, len, tag, ad, adlen, nonce, key);
                int zeroed = 1;
                for (size_t i = 0; i < len; i++) zeroed &= back[i] == 0;
                refused += rc == LWCX_ERR_AUTH && zeroed;
                parts[part][bit / 8] ^= (uint8_t)(1u << (bit % 8));
            }
        CHECK(refused == total, "%s %s: %u of %u bit flips refused", name, lwcx_schwaemm_name(var), refused, total);
        CHECK(lwcx_schwaemm_decrypt_with(impl, var, back, ct, len, tag, ad, adlen, nonce, key) == LWCX_OK, "untouched");
        /* in place: a forged tag leaves the ciphertext as it was; a good one decrypts */
        memcpy(back, ct, len);
        tag[0] ^= 1;
        CHECK(lwcx_schwaemm_decrypt_with(impl, var, back, back, len, tag, ad, adlen, nonce, key) == LWCX_ERR_AUTH &&
                  memcmp(back, ct, len) == 0,
              "%s %s: a forged in-place decryption changed the ciphertext", name, lwcx_schwaemm_name(var));
        tag[0] ^= 1;
        CHECK(lwcx_schwaemm_decrypt_with(impl, var, back, back, len, tag, ad, adlen, nonce, key) == LWCX_OK &&
                  memcmp(back, pt, len) == 0,
              "%s %s: in-place decryption", name, lwcx_schwaemm_name(var));
    }
}

static void esch_apis(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    static uint8_t msg[600];
    for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
        const lwcx_esch_variant var = (lwcx_esch_variant)v;
        const size_t db = lwcx_esch_digest_bytes(var);
        const int xof = v >= LWCX_XOESCH256;
        for (size_t len = 0; len <= 600; len += 1 + len / 10) {
            uint8_t want[200], got[200];
            const size_t outlen = xof ? 200 : db;
            tu_fill(msg, len);
            CHECK(lwcx_esch_hash_with(impl, var, want, outlen, msg, len) == LWCX_OK, "hash");
            lwcx_esch_ctx ctx;
            CHECK_OK(lwcx_esch_init_with(impl, &ctx, var));
            for (size_t off = 0, c; off < len; off += c) {
                c = chunk(len - off);
                CHECK(lwcx_esch_update(&ctx, msg + off, c) == LWCX_OK, "update");
            }
            if (xof) {
                for (size_t off = 0, c; off < outlen; off += c) {
                    c = chunk(outlen - off);
                    CHECK(lwcx_esch_squeeze(&ctx, got + off, c) == LWCX_OK, "squeeze");
                }
                lwcx_wipe(&ctx, sizeof ctx);
            } else {
                CHECK(lwcx_esch_final(&ctx, got) == LWCX_OK, "final");
            }
            CHECK(memcmp(got, want, outlen) == 0, "%s %s: incremental differs at length %zu", name,
                  lwcx_esch_name(var), len);
            if (xof) { /* a longer output starts with the shorter one */
                CHECK(lwcx_esch_hash_with(impl, var, got, 37, msg, len) == LWCX_OK && memcmp(got, want, 37) == 0,
                      "xof prefix");
            }
        }
        enum { MAXN = 19, LEN = 333 };
        static uint8_t bm[MAXN][LEN], bd[MAXN][48];
        uint8_t *outs[MAXN];
        const uint8_t *msgs[MAXN];
        for (size_t i = 0; i < MAXN; i++) tu_fill(bm[i], LEN), outs[i] = bd[i], msgs[i] = bm[i];
        for (size_t n = 0; n <= MAXN; n++) {
            CHECK(lwcx_esch_hash_many_with(impl, var, outs, db, msgs, LEN, n) == LWCX_OK, "many");
            for (size_t i = 0; i < n; i++) {
                uint8_t d[48];
                CHECK_OK(lwcx_esch_hash_with(impl, var, d, db, bm[i], LEN));
                CHECK(memcmp(d, bd[i], db) == 0, "%s %s: batch of %zu, message %zu", name, lwcx_esch_name(var), n, i);
            }
        }
    }
}

/* The Esch batch entry point (esch_absorb_many, where the implementation has
 * one) against the generic loop over ref, on messages of exactly len bytes
 * (so sanitizers see over-reads) and random states with guard words behind;
 * then the batch hash against one-shot hashes computed with ref. */
static void esch_batch_entry(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    const sparkle_impl *im = find_impl(impl);
    if (!im) return;
    static const size_t lens[] = {0, 1, 15, 16, 17, 100, 1000};
    enum { MAXN = MAX_COUNT, GUARD_WORDS = 8 };
    static uint32_t got[MAXN * 16 + GUARD_WORDS], want[MAXN * 16 + GUARD_WORDS];
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        const size_t len = lens[li];
        tu_buf bufs[MAXN];
        const uint8_t *msgs[MAXN];
        for (size_t i = 0; i < MAXN; i++) {
            bufs[i] = tu_alloc(len);
            tu_fill(bufs[i].p, len);
            msgs[i] = bufs[i].p;
        }
        for (unsigned nb = 4; nb <= 8; nb += 2)
            for (size_t count = 1; count <= MAXN; count = next_count(count)) {
                const unsigned steps = 1 + (unsigned)(tu_rand() % 12);
                const size_t words = 2 * nb * count + GUARD_WORDS;
                for (size_t i = 0; i < words; i++) want[i] = got[i] = (uint32_t)tu_rand();
                sparkle_esch_absorb_many(im, got, count, nb, steps, msgs, len / 16);
                sparkle_esch_absorb_generic(&lwcx_sparkle_ref, want, count, nb, steps, msgs, len / 16);
                CHECK(memcmp(got, want, words * sizeof *got) == 0,
                      "%s esch_absorb_many: nb %u, %u steps, %zu states, %zu blocks", name, nb, steps, count,
                      len / 16);
            }
        for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
            const lwcx_esch_variant var = (lwcx_esch_variant)v;
            const size_t outlen = v >= LWCX_XOESCH256 ? 50 : lwcx_esch_digest_bytes(var);
            static uint8_t ref_d[MAXN][64], bd[MAXN][64];
            uint8_t *outs[MAXN];
            for (size_t i = 0; i < MAXN; i++) {
                CHECK_OK(lwcx_esch_hash_with(ref, var, ref_d[i], outlen, msgs[i], len));
                outs[i] = bd[i];
            }
            for (size_t count = 1; count <= MAXN; count = next_count(count)) {
                memset(bd, 0, sizeof bd);
                CHECK(lwcx_esch_hash_many_with(impl, var, outs, outlen, msgs, len, count) == LWCX_OK, "many");
                for (size_t i = 0; i < count; i++)
                    CHECK(memcmp(bd[i], ref_d[i], outlen) == 0, "%s %s: %zu bytes, batch of %zu, message %zu",
                          name, lwcx_esch_name(var), len, count, i);
            }
        }
        for (size_t i = 0; i < MAXN; i++) {
            CHECK(tu_guard_ok(&bufs[i]), "guard");
            tu_free(&bufs[i]);
        }
    }
}

/* The Schwaemm batch entry point (schwaemm_blocks_many) against the generic
 * loop over ref, for the four Schwaemm shapes and one that no variant uses,
 * associated data, encryption and decryption, apart and in place (exact
 * buffers with guards, so stray writes of padding lanes show); then the
 * batch encryption against one-shot encryptions computed with ref. */
static void schwaemm_batch_entry(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    const sparkle_impl *im = find_impl(impl);
    if (!im) return;
    static const size_t lens[] = {0, 1, 15, 16, 17, 100, 1000};
    static const unsigned shapes[][2] = {{4, 4}, {6, 8}, {6, 6}, {8, 8}, {8, 4}}; /* nb, rate words */
    enum { MAXN = MAX_COUNT, GUARD_WORDS = 8 };
    static uint32_t got[MAXN * 16 + GUARD_WORDS], want[MAXN * 16 + GUARD_WORDS];
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        const size_t len = lens[li];
        tu_buf ins[MAXN], outs_got[MAXN], outs_want[MAXN];
        const uint8_t *in_p[MAXN];
        uint8_t *got_p[MAXN], *want_p[MAXN];
        for (size_t i = 0; i < MAXN; i++) {
            ins[i] = tu_alloc(len), outs_got[i] = tu_alloc(len), outs_want[i] = tu_alloc(len);
            tu_fill(ins[i].p, len);
            in_p[i] = ins[i].p, got_p[i] = outs_got[i].p, want_p[i] = outs_want[i].p;
        }
        for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
            for (int kind = 0; kind < 4; kind++) /* AD, encrypt, decrypt, decrypt in place */
                for (size_t count = 1; count <= MAXN; count = next_count(count)) {
                    const unsigned nb = shapes[sh][0], rw = shapes[sh][1];
                    const unsigned steps = 1 + (unsigned)(tu_rand() % 12);
                    const size_t blocks = len / (4 * rw), words = 2 * nb * count + GUARD_WORDS;
                    for (size_t i = 0; i < words; i++) want[i] = got[i] = (uint32_t)tu_rand();
                    for (size_t i = 0; i < MAXN; i++) {
                        tu_fill(outs_got[i].p, len);
                        memcpy(outs_want[i].p, outs_got[i].p, len);
                    }
                    const int dec = kind >= 2;
                    if (kind == 3) { /* in place: each output buffer holds its own input */
                        for (size_t i = 0; i < MAXN; i++) {
                            memcpy(outs_got[i].p, ins[i].p, len);
                            memcpy(outs_want[i].p, ins[i].p, len);
                        }
                        sparkle_schwaemm_blocks_many(im, got, count, nb, steps, rw, got_p,
                                                     (const uint8_t *const *)got_p, blocks, dec);
                        sparkle_schwaemm_blocks_generic(&lwcx_sparkle_ref, want, count, nb, steps, rw, want_p,
                                                        (const uint8_t *const *)want_p, blocks, dec);
                    } else {
                        sparkle_schwaemm_blocks_many(im, got, count, nb, steps, rw, kind ? got_p : NULL, in_p,
                                                     blocks, dec);
                        sparkle_schwaemm_blocks_generic(&lwcx_sparkle_ref, want, count, nb, steps, rw,
                                                        kind ? want_p : NULL, in_p, blocks, dec);
                    }
                    int same = memcmp(got, want, words * sizeof *got) == 0;
                    for (size_t i = 0; i < MAXN; i++)
                        same &= memcmp(outs_got[i].p, outs_want[i].p, len) == 0 && tu_guard_ok(&outs_got[i]);
                    CHECK(same,
                          "%s schwaemm_blocks_many: nb %u, rate %u words, kind %d, %u steps, %zu states, %zu blocks",
                          name, nb, rw, kind, steps, count, blocks);
                }
        for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
            const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
            const size_t tb = lwcx_schwaemm_tag_bytes(var), adlen = len / 3;
            static uint8_t keys[MAXN][32], nonces[MAXN][32], ref_tag[MAXN][32], tags[MAXN][32];
            const uint8_t *key_p[MAXN], *nonce_p[MAXN];
            uint8_t *tag_p[MAXN];
            for (size_t i = 0; i < MAXN; i++) {
                tu_fill(keys[i], 32), tu_fill(nonces[i], 32);
                key_p[i] = keys[i], nonce_p[i] = nonces[i], tag_p[i] = tags[i];
            }
            for (size_t i = 0; i < MAXN; i++) /* the inputs double as associated data */
                CHECK(lwcx_schwaemm_encrypt_with(ref, var, want_p[i], ref_tag[i], in_p[i], len, in_p[(i + 1) % MAXN],
                                                 adlen, nonces[i], keys[i]) == LWCX_OK,
                      "ref encrypt");
            const uint8_t *ad_p[MAXN];
            for (size_t i = 0; i < MAXN; i++) ad_p[i] = in_p[(i + 1) % MAXN];
            for (size_t count = 1; count <= MAXN; count = next_count(count)) {
                memset(tags, 0, sizeof tags);
                CHECK(lwcx_schwaemm_encrypt_many_with(impl, var, got_p, tag_p, in_p, len, ad_p, adlen, nonce_p, key_p, count) ==
                          LWCX_OK, "many");
                for (size_t i = 0; i < count; i++)
                    CHECK(memcmp(got_p[i], want_p[i], len) == 0 && memcmp(tags[i], ref_tag[i], tb) == 0,
                          "%s %s: %zu bytes, batch of %zu, message %zu", name, lwcx_schwaemm_name(var), len, count, i);
            }
        }
        for (size_t i = 0; i < MAXN; i++) {
            CHECK(tu_guard_ok(&ins[i]) && tu_guard_ok(&outs_got[i]) && tu_guard_ok(&outs_want[i]), "guard");
            tu_free(&ins[i]), tu_free(&outs_got[i]), tu_free(&outs_want[i]);
        }
    }
}

/* A context copied mid-stream continues independently of its source: the
 * source finished first (and wiped) or not at all, the copy gives the
 * one-shot answer. */
static void context_copies(const lwcx_impl *impl)
{
    const char *name = lwcx_impl_name(impl);
    uint8_t msg[300], want[48], got[48], key[32], nonce[32], ct[300], tag[32], ct2[300], tag2[32];
    tu_fill(msg, sizeof msg);
    tu_fill(key, sizeof key);
    tu_fill(nonce, sizeof nonce);
    for (size_t len = 0; len <= sizeof msg; len += 37) {
        const size_t half = len / 2;
        for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
            const lwcx_esch_variant var = (lwcx_esch_variant)v;
            const size_t db = lwcx_esch_digest_bytes(var);
            const int xof = v >= LWCX_XOESCH256;
            CHECK_OK(lwcx_esch_hash_with(impl, var, want, db, msg, len));
            lwcx_esch_ctx a, b;
            CHECK_OK(lwcx_esch_init_with(impl, &a, var));
            CHECK_OK(lwcx_esch_update(&a, msg, half));
            CHECK_OK(lwcx_esch_copy(&b, &a));
            CHECK_OK(lwcx_esch_update(&a, msg + half, len - half));
            CHECK_OK(xof ? lwcx_esch_squeeze(&a, got, db) : lwcx_esch_final(&a, got));
            CHECK(memcmp(got, want, db) == 0, "%s %s: the source after a copy, length %zu", name, lwcx_esch_name(var), len);
            lwcx_wipe(&a, sizeof a);
            CHECK_OK(lwcx_esch_update(&b, msg + half, len - half));
            CHECK_OK(xof ? lwcx_esch_squeeze(&b, got, db) : lwcx_esch_final(&b, got));
            CHECK(memcmp(got, want, db) == 0, "%s %s: the copy, length %zu", name, lwcx_esch_name(var), len);
            CHECK(lwcx_esch_copy(&b, &a) == LWCX_ERR_ARG, "a copy of a finished context");
            lwcx_wipe(&b, sizeof b);
        }
        for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++) {
            const lwcx_schwaemm_variant var = (lwcx_schwaemm_variant)v;
            const size_t tb = lwcx_schwaemm_tag_bytes(var);
            CHECK_OK(lwcx_schwaemm_encrypt_with(impl, var, ct, tag, msg, len, msg, half, nonce, key));
            lwcx_schwaemm_ctx a, b;
            CHECK_OK(lwcx_schwaemm_init_with(impl, &a, var, key, nonce));
            CHECK_OK(lwcx_schwaemm_aad(&a, msg, half));
            CHECK_OK(lwcx_schwaemm_encrypt_update(&a, ct2, msg, half));
            CHECK_OK(lwcx_schwaemm_copy(&b, &a));
            CHECK_OK(lwcx_schwaemm_encrypt_update(&a, ct2 + half, msg + half, len - half));
            CHECK_OK(lwcx_schwaemm_encrypt_final(&a, tag2));
            CHECK(memcmp(ct2, ct, len) == 0 && memcmp(tag2, tag, tb) == 0, "%s %s: the source after a copy, length %zu",
                  name, lwcx_schwaemm_name(var), len);
            memset(ct2 + half, 0, len - half);
            CHECK_OK(lwcx_schwaemm_encrypt_update(&b, ct2 + half, msg + half, len - half));
            CHECK_OK(lwcx_schwaemm_encrypt_final(&b, tag2));
            CHECK(memcmp(ct2, ct, len) == 0 && memcmp(tag2, tag, tb) == 0, "%s %s: the copy, length %zu", name,
                  lwcx_schwaemm_name(var), len);
            CHECK(lwcx_schwaemm_copy(&b, &a) == LWCX_ERR_ARG, "a copy of a finished context");
        }
    }
}

static void bad_arguments(void)
{
    uint8_t k[32] = {0}, n[32] = {0}, buf[64] = {0}, tag[32] = {0};
    const lwcx_schwaemm_variant v = LWCX_SCHWAEMM256_128;
    CHECK(lwcx_schwaemm_encrypt((lwcx_schwaemm_variant)9, buf, tag, buf, 1, NULL, 0, n, k) == LWCX_ERR_ARG, "variant");
    CHECK(lwcx_schwaemm_encrypt(v, NULL, tag, buf, 1, NULL, 0, n, k) == LWCX_ERR_NULL, "null ct");
    CHECK(lwcx_schwaemm_encrypt(v, buf, tag, buf, 0, NULL, 3, n, k) == LWCX_ERR_NULL, "null ad");
    CHECK(lwcx_schwaemm_encrypt(v, buf, NULL, buf, 0, NULL, 0, n, k) == LWCX_ERR_NULL, "null tag");
    CHECK(lwcx_schwaemm_encrypt(v, NULL, tag, NULL, 0, NULL, 0, n, k) == LWCX_OK, "empty message");
    CHECK(lwcx_schwaemm_decrypt(v, buf, buf, 0, tag, NULL, 0, NULL, k) == LWCX_ERR_NULL, "null nonce");
    CHECK(lwcx_schwaemm_decrypt(v, buf, buf, 0, tag, NULL, 0, n, k) == LWCX_OK, "the empty message's tag");
    tag[0] ^= 1;
    CHECK(lwcx_schwaemm_decrypt(v, buf, buf, 0, tag, NULL, 0, n, k) == LWCX_ERR_AUTH, "a wrong tag");
    /* partly shared buffers are refused (lwcx.h, "Buffers") */
    uint8_t big[128] = {0};
    CHECK(lwcx_schwaemm_encrypt(v, big + 1, tag, big, 40, NULL, 0, n, k) == LWCX_ERR_ARG, "partial overlap");
    CHECK(lwcx_schwaemm_encrypt(v, big, big + 32, big, 40, NULL, 0, n, k) == LWCX_ERR_ARG, "tag inside the output");
    CHECK(lwcx_schwaemm_decrypt(v, big, big, 40, tag, big + 40, 8, big + 20, k) == LWCX_ERR_ARG, "nonce inside the output");
    CHECK(lwcx_schwaemm_encrypt(v, big, big + 64, big, 40, big + 40, 8, n, k) == LWCX_OK, "in place, the rest beside it");
    CHECK(lwcx_schwaemm_key_bytes((lwcx_schwaemm_variant)4) == 0 && lwcx_schwaemm_name((lwcx_schwaemm_variant)4) == NULL,
          "unknown variant");
    lwcx_schwaemm_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    CHECK(lwcx_schwaemm_aad(&ctx, buf, 1) == LWCX_ERR_ARG, "uninitialized context");
    CHECK(lwcx_schwaemm_init(&ctx, v, k, n) == LWCX_OK, "init");
    CHECK(lwcx_schwaemm_encrypt_update(&ctx, buf, buf, 5) == LWCX_OK, "update");
    CHECK(lwcx_schwaemm_aad(&ctx, buf, 1) == LWCX_ERR_ARG, "aad after data");
    CHECK(lwcx_schwaemm_decrypt_update(&ctx, buf, buf, 1) == LWCX_ERR_ARG, "decrypt after encrypt");
    CHECK(lwcx_schwaemm_decrypt_final(&ctx, tag) == LWCX_ERR_ARG, "decrypt_final after encrypt");
    CHECK(lwcx_schwaemm_encrypt_final(&ctx, tag) == LWCX_OK, "final");
    CHECK(lwcx_schwaemm_encrypt_final(&ctx, tag) == LWCX_ERR_ARG, "final twice");
    CHECK(lwcx_esch_hash(LWCX_ESCH256, buf, 31, buf, 1) == LWCX_ERR_LENGTH, "esch digest size");
    CHECK(lwcx_esch_hash(LWCX_ESCH256, buf, 32, NULL, 1) == LWCX_ERR_NULL, "null message");
    CHECK(lwcx_esch_hash(LWCX_ESCH256, buf, 32, NULL, 0) == LWCX_OK, "empty message");
    CHECK(lwcx_esch_hash((lwcx_esch_variant)7, buf, 32, buf, 1) == LWCX_ERR_ARG, "esch variant");
    lwcx_esch_ctx e;
    CHECK_OK(lwcx_esch_init(&e, LWCX_ESCH256));
    CHECK(lwcx_esch_squeeze(&e, buf, 8) == LWCX_ERR_ARG, "squeeze on a fixed-size hash");
    CHECK_OK(lwcx_esch_init(&e, LWCX_XOESCH256));
    CHECK(lwcx_esch_squeeze(&e, buf, 8) == LWCX_OK, "squeeze");
    CHECK(lwcx_esch_update(&e, buf, 8) == LWCX_ERR_ARG, "update after squeeze");
    lwcx_esch_ctx two[2];
    CHECK(lwcx_esch_copy(&two[0], NULL) == LWCX_ERR_NULL && lwcx_esch_copy(NULL, &e) == LWCX_ERR_NULL, "null copies");
    CHECK_OK(lwcx_esch_copy(&two[0], &e));
    CHECK(lwcx_esch_copy((lwcx_esch_ctx *)((uint8_t *)&two[0] + 8), &two[0]) == LWCX_ERR_ARG, "an overlapping copy");
    CHECK(lwcx_schwaemm_copy(&ctx, NULL) == LWCX_ERR_NULL, "null copy");
    memset(two, 0, sizeof two);
    CHECK(lwcx_esch_copy(&two[1], &two[0]) == LWCX_ERR_ARG, "a copy of an uninitialised context");
}

int main(void)
{
    CHECK(kat_run_all(stdout, "sparkle") == 0, "known answers (see the lines above)");
    ref = lwcx_impl_find("sparkle", "ref");
    const lwcx_impl *impls[16];
    const size_t n = tu_impls("sparkle", impls);
    for (size_t i = 0; i < n; i++) {
        batch_permutation(impls[i]);
        schwaemm_apis(impls[i]);
        esch_apis(impls[i]);
        esch_batch_entry(impls[i]);
        context_copies(impls[i]);
        schwaemm_batch_entry(impls[i]);
        for (size_t bytes = 32; bytes <= 64; bytes += 16)
            for (unsigned steps = 1; steps <= 12; steps++) {
                uint8_t want[64], got[64];
                tu_fill(want, bytes);
                memcpy(got, want, bytes);
                CHECK(lwcx_sparkle_permute_with(ref, want, bytes, steps) == LWCX_OK, "ref");
                CHECK(lwcx_sparkle_permute_with(impls[i], got, bytes, steps) == LWCX_OK, "%s",
                      lwcx_impl_name(impls[i]));
                CHECK(memcmp(got, want, bytes) == 0, "%s differs from ref: %zu bytes, %u steps",
                      lwcx_impl_name(impls[i]), bytes, steps);
            }
        tu_ran(impls[i]);
    }
    bad_arguments();
    uint8_t s[64] = {0};
    CHECK(lwcx_sparkle_permute(NULL, 32, 10) == LWCX_ERR_NULL, "null state");
    CHECK(lwcx_sparkle_permute(s, 40, 10) == LWCX_ERR_LENGTH, "40-byte state");
    CHECK(lwcx_sparkle_permute(s, 32, 0) == LWCX_ERR_ARG, "zero steps");
    CHECK(lwcx_sparkle_permute(s, 32, 13) == LWCX_ERR_ARG, "13 steps");
    return tu_finish();
}
