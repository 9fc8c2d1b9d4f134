/* Core: the registry and its handles, the _with forms' refusals, selection by
 * API and by LWCX_IMPL, opaque contexts, CPU features, helpers. CTest also
 * runs it under these environment variables:
 *   EXPECT_IMPL=name          the automatic choice for kcc23p4 must be name
 *   EXPECT_IMPL_OTHERS=name   ... and for every other primitive
 *   EXPECT_ENV_ERROR=text     LWCX_IMPL is invalid and lwcx_impl_env_check's
 *                             message contains text: every operation on the
 *                             automatic choice must fail with LWCX_ERR_IMPL_ENV
 *                             while explicit handles still work
 *   LWCX_CPU_DISABLE=...      hidden features: those implementations must be
 *                             unavailable, with a reason, and refused */
#include "lwcx.h"
#include "testutil.h"

/* Whether the automatic choice for a kind of prim comes from the rules by
 * instruction set (not from a measured preference for this CPU). */
static int by_rules(const char *prim, const char *kind)
{
    const char *from = NULL;
    return lwcx_impl_auto_call(prim, kind, 4096, &from) && from && strcmp(from, "policy") == 0;
}

static int is_bc(const char *prim, lwcx_blockcipher *c)
{
    for (int i = 0; lwcx_bc_name((lwcx_blockcipher)i); i++)
        if (strcmp(lwcx_bc_name((lwcx_blockcipher)i), prim) == 0) {
            *c = (lwcx_blockcipher)i;
            return 1;
        }
    return 0;
}

/* One operation's status against the expected one; on a refusal the output
 * (n bytes, filled with 0x5A before the call) must be untouched. */
static void expect(int rc, int want, const char *prim, const char *op, const lwcx_impl *h,
                   const uint8_t *out, size_t n)
{
    const char *who = h ? lwcx_impl_name(h) : "the automatic choice";
    CHECK(rc == want, "%s %s on %s: %s, want %s", prim, op, who, lwcx_strerror(rc),
          lwcx_strerror(want));
    int untouched = 1;
    for (size_t i = 0; want != LWCX_OK && i < n; i++) untouched &= out[i] == 0x5A;
    CHECK(untouched, "%s %s on %s: output written although refused", prim, op, who);
}

/* Every operation of primitive prim, on handle h (plain = 0: the _with
 * forms; plain = 1: the forms without, h unused), each expected to return
 * want. A refused context initialisation must leave the context refused. */
#define CALL(fn, ...) (plain ? fn(__VA_ARGS__) : fn##_with(h, __VA_ARGS__))
#define FRESH(buf) memset(buf, 0x5A, sizeof buf)
#define EXPECT(rc, op, out, n) expect(rc, want, prim, op, h, out, n)
static void ops(const char *prim, const lwcx_impl *h, int plain, int want)
{
    uint8_t in[64], out[64], keys[128], key[32], nonce[32], tag[32], iv[16];
    tu_fill(in, sizeof in);
    tu_fill(keys, sizeof keys);
    tu_fill(key, sizeof key);
    tu_fill(nonce, sizeof nonce);
    tu_fill(iv, sizeof iv);
    lwcx_blockcipher c;
    if (strcmp(prim, "kcc23p4") == 0) {
        lwcx_kcc23p4_key ks;
        CHECK_OK(lwcx_kcc23p4_expand_key(&ks, key));
        FRESH(out);
        EXPECT(CALL(lwcx_kcc23p4_encrypt_keys, out, in, keys, 4), "encrypt_keys", out, 32);
        FRESH(out);
        EXPECT(CALL(lwcx_kcc23p4_decrypt_keys, out, in, keys, 4), "decrypt_keys", out, 32);
        FRESH(out);
        EXPECT(CALL(lwcx_kcc23p4_ecb_encrypt, &ks, out, in, 32), "ecb_encrypt", out, 32);
        FRESH(out);
        EXPECT(CALL(lwcx_kcc23p4_ecb_decrypt, &ks, out, in, 32), "ecb_decrypt", out, 32);
        FRESH(out);
        EXPECT(CALL(lwcx_kcc23p4_ctr, &ks, iv, out, in, 29), "ctr", out, 29);
        lwcx_wipe(&ks, sizeof ks);
    } else if (strcmp(prim, "kcc24p6") == 0) {
        FRESH(out);
        FRESH(tag);
        EXPECT(CALL(lwcx_kcc24p6_encrypt, out, tag, in, 64, key), "encrypt", out, 64);
        uint8_t back[64];
        FRESH(back);
        EXPECT(CALL(lwcx_kcc24p6_decrypt, back, out, 64, tag, key), "decrypt", back, 64);
    } else if (strcmp(prim, "sparkle") == 0) {
        const lwcx_schwaemm_variant v = LWCX_SCHWAEMM256_128;
        FRESH(out);
        memcpy(out, in, 48);
        int rc = CALL(lwcx_sparkle_permute, out, 48, 11);
        CHECK(rc == want && (want == LWCX_OK || memcmp(out, in, 48) == 0), "sparkle permute: %s",
              lwcx_strerror(rc));
        FRESH(out);
        FRESH(tag);
        EXPECT(CALL(lwcx_schwaemm_encrypt, v, out, tag, in, 20, in + 20, 5, nonce, key),
               "schwaemm_encrypt", out, 20);
        uint8_t back[64];
        FRESH(back);
        EXPECT(CALL(lwcx_schwaemm_decrypt, v, back, out, 20, tag, in + 20, 5, nonce, key),
               "schwaemm_decrypt", back, 20);
        uint8_t outs3[3][16], tags3[3][16];
        uint8_t *outs[3] = {outs3[0], outs3[1], outs3[2]},
                *tags[3] = {tags3[0], tags3[1], tags3[2]};
        const uint8_t *msgs[3] = {in, in + 16, in + 32}, *nonces[3] = {nonce, nonce, nonce};
        const uint8_t *keyv[3] = {key, key, key};
        FRESH(outs3);
        EXPECT(CALL(lwcx_schwaemm_encrypt_many, v, outs, tags, msgs, 16, msgs, 3, nonces, keyv, 3),
               "schwaemm_encrypt_many", &outs3[0][0], sizeof outs3);
        lwcx_schwaemm_ctx sc;
        memset(&sc, 0, sizeof sc);
        EXPECT(CALL(lwcx_schwaemm_init, &sc, v, key, nonce), "schwaemm_init", NULL, 0);
        int ok = want == LWCX_OK ? LWCX_OK : LWCX_ERR_ARG; /* a refused init leaves no context */
        CHECK(lwcx_schwaemm_aad(&sc, in, 3) == ok &&
                  lwcx_schwaemm_encrypt_update(&sc, out, in, 7) == ok &&
                  lwcx_schwaemm_encrypt_final(&sc, tag) == ok,
              "%s incremental after init %s", prim, lwcx_strerror(want));
        FRESH(out);
        EXPECT(CALL(lwcx_esch_hash, LWCX_ESCH256, out, 32, in, 40), "esch_hash", out, 32);
        uint8_t *digests[3] = {outs3[0], outs3[1], outs3[2]};
        FRESH(outs3);
        EXPECT(CALL(lwcx_esch_hash_many, LWCX_XOESCH384, digests, 16, msgs, 16, 3),
               "esch_hash_many", &outs3[0][0], sizeof outs3);
        lwcx_esch_ctx ec;
        memset(&ec, 0, sizeof ec);
        EXPECT(CALL(lwcx_esch_init, &ec, LWCX_ESCH384), "esch_init", NULL, 0);
        CHECK(lwcx_esch_update(&ec, in, 5) == ok && lwcx_esch_final(&ec, out) == ok,
              "%s incremental hash after init %s", prim, lwcx_strerror(want));
    } else if (is_bc(prim, &c)) {
        const size_t bs = lwcx_bc_block_bytes(c);
        FRESH(out);
        EXPECT(CALL(lwcx_bc_ecb_encrypt, c, key, out, in, 4 * bs), "ecb_encrypt", out, 4 * bs);
        FRESH(out);
        EXPECT(CALL(lwcx_bc_ecb_decrypt, c, key, out, in, 4 * bs), "ecb_decrypt", out, 4 * bs);
        FRESH(out);
        EXPECT(CALL(lwcx_bc_ctr, c, key, iv, out, in, 29), "ctr", out, 29);
        FRESH(out);
        EXPECT(CALL(lwcx_bc_encrypt_keys, c, out, in, keys, 4), "encrypt_keys", out, 4 * bs);
        FRESH(out);
        EXPECT(CALL(lwcx_bc_decrypt_keys, c, out, in, keys, 4), "decrypt_keys", out, 4 * bs);
        size_t nfound = 7;
        uint64_t next = 7;
        int rc = CALL(lwcx_bc_keysearch, c, in, in + bs, 1, key, NULL, 0, 300, 1, NULL, NULL, NULL,
                      0, &nfound, &next);
        EXPECT(rc, "keysearch", NULL, 0);
        CHECK(want == LWCX_OK ? next == 300 : nfound == 7 && next == 7, "%s keysearch results",
              prim);
    } else if (strcmp(prim, "aimer") == 0) {
        const lwcx_aimer_set s = LWCX_AIMER128F;
        const lwcx_impl *ref = lwcx_impl_find("aimer", "ref");
        uint8_t pk[32], sk[48], sig[5888], sm[10 + 5888];
        size_t n = 0;
        FRESH(pk);
        EXPECT(CALL(lwcx_aimer_keygen_from, s, pk, sk, keys), "keygen_from", pk, sizeof pk);
        FRESH(pk);
        EXPECT(CALL(lwcx_aimer_keygen, s, pk, sk), "keygen", pk, sizeof pk);
        CHECK(lwcx_aimer_keygen_from_with(ref, s, pk, sk, keys) == LWCX_OK, "keygen_from"); /* a valid pair for the rest */
        FRESH(sig);
        EXPECT(CALL(lwcx_aimer_sign_from, s, sig, in, 10, sk, key), "sign_from", sig, sizeof sig);
        FRESH(sig);
        EXPECT(CALL(lwcx_aimer_sign, s, sig, in, 10, sk), "sign", sig, sizeof sig);
        FRESH(sm);
        EXPECT(CALL(lwcx_aimer_sign_attached, s, sm, &n, in, 10, sk), "sign_attached", sm, sizeof sm);
        CHECK(lwcx_aimer_sign_from_with(ref, s, sig, in, 10, sk, key) == LWCX_OK, "sign_from");
        EXPECT(CALL(lwcx_aimer_verify, s, sig, sizeof sig, in, 10, pk), "verify", NULL, 0);
        memcpy(sm, in, 10);
        memcpy(sm + 10, sig, sizeof sig);
        FRESH(out);
        EXPECT(CALL(lwcx_aimer_open, s, out, &n, sm, sizeof sm, pk), "open", out, sizeof out);
        lwcx_aimer_key *k = NULL;
        EXPECT(CALL(lwcx_aimer_key_new, &k, s, pk, sk), "key_new", NULL, 0);
        CHECK((k != NULL) == (want == LWCX_OK), "aimer key_new result");
        lwcx_aimer_key_free(k);
    } else {
        CHECK(0, "%s: no operations known to test_core", prim);
    }
}

/* The handle accessors, for every implementation of every primitive. */
static void handles(void)
{
    const char *disabled = getenv("LWCX_CPU_DISABLE");
    const size_t np = lwcx_primitive_count();
    CHECK(np >= 9, "%zu primitives", np);
    CHECK(lwcx_primitive_name(np) == NULL, "past the last primitive");
    for (size_t p = 0; p < np; p++) {
        const char *prim = lwcx_primitive_name(p);
        const size_t n = lwcx_impl_count(prim);
        CHECK(n >= 1 && n <= 16, "%s has %zu implementations", prim, n);
        CHECK(lwcx_primitive_description(prim) && *lwcx_primitive_description(prim), "%s described",
              prim);
        CHECK(lwcx_impl_at(prim, n) == NULL, "%s: past the last implementation", prim);
        for (size_t i = 0; i < n; i++) {
            const lwcx_impl *h = lwcx_impl_at(prim, i);
            CHECK(h != NULL, "%s #%zu", prim, i);
            if (!h) continue;
            const char *name = lwcx_impl_name(h), *why = "unset";
            CHECK(name && *name && lwcx_impl_find(prim, name) == h, "%s #%zu found by name", prim,
                  i);
            CHECK(lwcx_impl_primitive(h) && strcmp(lwcx_impl_primitive(h), prim) == 0,
                  "%s:%s primitive", prim, name);
            CHECK(lwcx_impl_description(h) && *lwcx_impl_description(h), "%s:%s described", prim,
                  name);
            CHECK(lwcx_impl_batch(h) >= 1, "%s:%s batch", prim, name);
            const int ct = lwcx_impl_constant_time(h);
            CHECK(ct == 0 || ct == 1, "%s:%s constant_time %d", prim, name, ct);
            const int avail = lwcx_impl_available(h, &why);
            CHECK(avail == lwcx_impl_available(h, NULL), "%s:%s why is optional", prim, name);
            const uint32_t need = lwcx_impl_features(h);
            if (avail) {
                CHECK(why == NULL, "%s:%s available but has a reason: %s", prim, name, why);
                CHECK((lwcx_cpu_features() & need) == need, "%s:%s available without its features",
                      prim, name);
            } else {
                CHECK(why && *why, "%s:%s unavailable without a reason", prim, name);
                if ((lwcx_cpu_features() & need) != need)
                    CHECK(why && strncmp(why, "needs ", 6) == 0, "%s:%s: reason '%s'", prim, name,
                          why);
                CHECK(lwcx_impl_select(prim, name) == LWCX_ERR_UNSUPPORTED,
                      "%s:%s cannot be forced", prim, name);
            }
            /* hidden features hide the implementations named after them */
            if (disabled && (strcmp(name, "avx2") == 0 || strcmp(name, "neon") == 0) &&
                strstr(disabled, name)) {
                CHECK(!avail, "%s:%s available although LWCX_CPU_DISABLE=%s", prim, name, disabled);
                CHECK(why && strstr(why, name), "%s:%s: reason '%s'", prim, name, why);
            }
            if (i == n - 1)
                CHECK(strcmp(name, "ref") == 0 && avail && need == 0,
                      "%s: ref is last and needs nothing", prim);
            /* PRESENT and GIFT ref index S-box tables with key-dependent bits */
            if ((strcmp(prim, "present80") == 0 || strcmp(prim, "gift64") == 0) &&
                strcmp(name, "ref") == 0)
                CHECK(ct == 0, "%s:ref is not constant-time", prim);
            if (strcmp(prim, "sparkle") == 0 || strcmp(prim, "kcc23p4") == 0 ||
                strcmp(prim, "kcc24p6") == 0)
                CHECK(ct == 1, "%s:%s is constant-time", prim, name);
            /* only a ref may index by or branch on secrets (test_ct checks the
             * others under valgrind's memcheck) */
            if (strcmp(name, "ref") != 0) CHECK(ct == 1, "%s:%s is not flagged constant-time", prim, name);
        }
    }
    /* handles of one name in different primitives are different handles */
    CHECK(lwcx_impl_find("present80", "ref") != lwcx_impl_find("gift64", "ref"), "distinct refs");
    CHECK(lwcx_impl_count("nonesuch") == 0 && lwcx_impl_at("nonesuch", 0) == NULL,
          "unknown primitive");
    CHECK(lwcx_impl_find("kcc23p4", "nonesuch") == NULL &&
              lwcx_impl_find("nonesuch", "ref") == NULL,
          "unknown names");
    CHECK(lwcx_impl_find(NULL, "ref") == NULL && lwcx_impl_find("kcc23p4", NULL) == NULL,
          "null names");
    CHECK(lwcx_impl_count(NULL) == 0 && lwcx_impl_at(NULL, 0) == NULL, "null primitive");
    const char *why = NULL;
    CHECK(lwcx_impl_name(NULL) == NULL && lwcx_impl_primitive(NULL) == NULL &&
              lwcx_impl_description(NULL) == NULL && lwcx_impl_features(NULL) == 0 &&
              lwcx_impl_batch(NULL) == 0 && lwcx_impl_constant_time(NULL) == 0,
          "a NULL handle");
    CHECK(lwcx_impl_available(NULL, &why) == 0 && why && *why, "a NULL handle is not available");
}

/* Every _with operation: on each available handle it works, on an
 * unavailable one it is refused with LWCX_ERR_UNSUPPORTED, and on a handle of
 * another primitive with LWCX_ERR_NO_IMPL. (Statuses only: the results are
 * the other tests' business, so these runs are not recorded with tu_ran.) */
static void with_forms(void)
{
    const size_t np = lwcx_primitive_count();
    for (size_t p = 0; p < np; p++) {
        const char *prim = lwcx_primitive_name(p);
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *h = lwcx_impl_at(prim, i);
            ops(prim, h, 0, lwcx_impl_available(h, NULL) ? LWCX_OK : LWCX_ERR_UNSUPPORTED);
        }
        /* the handles of the next primitive (ref and the first) do not belong here */
        const char *other = lwcx_primitive_name((p + 1) % np);
        ops(prim, lwcx_impl_find(other, "ref"), 0, LWCX_ERR_NO_IMPL);
        ops(prim, lwcx_impl_at(other, 0), 0, LWCX_ERR_NO_IMPL);
    }
}

/* Incremental contexts are opaque: one never initialised (garbage), one
 * finished, or one corrupted is refused with LWCX_ERR_ARG, never followed. */
static void opaque_contexts(void)
{
    const lwcx_impl *ref = lwcx_impl_find("sparkle", "ref");
    uint8_t key[32] = {1}, nonce[32] = {2}, buf[64] = {0}, tag[32];
    lwcx_schwaemm_ctx sc;
    lwcx_esch_ctx ec;
    unsigned refused = 0, total = 0;
    for (int round = 0; round < 1000; round++, total++) {
        tu_fill((uint8_t *)&sc, sizeof sc);
        tu_fill((uint8_t *)&ec, sizeof ec);
        if (round == 0) memset(&sc, 0, sizeof sc), memset(&ec, 0, sizeof ec);
        if (round == 1) memset(&sc, 0xFF, sizeof sc), memset(&ec, 0xFF, sizeof ec);
        refused += lwcx_schwaemm_aad(&sc, buf, 1) == LWCX_ERR_ARG &&
                   lwcx_schwaemm_encrypt_update(&sc, buf, buf, 1) == LWCX_ERR_ARG &&
                   lwcx_schwaemm_decrypt_update(&sc, buf, buf, 1) == LWCX_ERR_ARG &&
                   lwcx_schwaemm_encrypt_final(&sc, tag) == LWCX_ERR_ARG &&
                   lwcx_schwaemm_decrypt_final(&sc, tag) == LWCX_ERR_ARG &&
                   lwcx_esch_update(&ec, buf, 1) == LWCX_ERR_ARG &&
                   lwcx_esch_final(&ec, buf) == LWCX_ERR_ARG &&
                   lwcx_esch_squeeze(&ec, buf, 1) == LWCX_ERR_ARG;
    }
    CHECK(refused == total, "%u of %u garbage contexts refused", refused, total);

    /* finished: by encrypt_final, by decrypt_final (matching tag or not), by esch_final */
    for (int how = 0; how < 3; how++) {
        CHECK(lwcx_schwaemm_init_with(ref, &sc, LWCX_SCHWAEMM192_192, key, nonce) == LWCX_OK,
              "init");
        if (how == 0) {
            CHECK(lwcx_schwaemm_encrypt_final(&sc, tag) == LWCX_OK, "encrypt_final");
        } else {
            CHECK(lwcx_schwaemm_encrypt_with(ref, LWCX_SCHWAEMM192_192, buf, tag, buf, 0, NULL, 0, nonce, key) ==
                      LWCX_OK,
                  "encrypt");
            tag[0] ^= (uint8_t)(how - 1); /* how 2: a wrong tag */
            CHECK(lwcx_schwaemm_decrypt_final(&sc, tag) == (how == 1 ? LWCX_OK : LWCX_ERR_AUTH),
                  "decrypt_final");
        }
        CHECK(lwcx_schwaemm_aad(&sc, buf, 1) == LWCX_ERR_ARG &&
                  lwcx_schwaemm_encrypt_update(&sc, buf, buf, 1) == LWCX_ERR_ARG &&
                  lwcx_schwaemm_decrypt_final(&sc, tag) == LWCX_ERR_ARG &&
                  lwcx_schwaemm_encrypt_final(&sc, tag) == LWCX_ERR_ARG,
              "finished Schwaemm context (%d) refused", how);
    }
    CHECK(lwcx_esch_init_with(ref, &ec, LWCX_ESCH256) == LWCX_OK &&
              lwcx_esch_final(&ec, buf) == LWCX_OK,
          "esch");
    CHECK(lwcx_esch_update(&ec, buf, 1) == LWCX_ERR_ARG &&
              lwcx_esch_final(&ec, buf) == LWCX_ERR_ARG &&
              lwcx_esch_squeeze(&ec, buf, 1) == LWCX_ERR_ARG,
          "finished Esch context refused");
    /* a context wiped by its user (abandoned) is refused too */
    CHECK(lwcx_esch_init_with(ref, &ec, LWCX_XOESCH256) == LWCX_OK &&
              lwcx_esch_squeeze(&ec, buf, 3) == LWCX_OK,
          "xoesch");
    lwcx_wipe(&ec, sizeof ec);
    CHECK(lwcx_esch_squeeze(&ec, buf, 1) == LWCX_ERR_ARG, "wiped XOEsch context refused");

    /* corrupted, one byte at a time: refused or run, never followed into a crash */
    unsigned sane = 0;
    for (size_t i = 0; i < sizeof sc; i++) {
        CHECK(lwcx_schwaemm_init_with(ref, &sc, LWCX_SCHWAEMM256_128, key, nonce) == LWCX_OK, "init");
        ((uint8_t *)&sc)[i] ^= 0xFF;
        const int a = lwcx_schwaemm_encrypt_update(&sc, buf, buf, 40);
        const int b = lwcx_schwaemm_encrypt_final(&sc, tag);
        sane += (a == LWCX_OK || a == LWCX_ERR_ARG) && (b == LWCX_OK || b == LWCX_ERR_ARG);
        lwcx_wipe(&sc, sizeof sc);
    }
    CHECK(sane == sizeof sc, "%u of %zu corrupted Schwaemm contexts", sane, sizeof sc);
    sane = 0;
    for (size_t i = 0; i < sizeof ec; i++) {
        CHECK_OK(lwcx_esch_init_with(ref, &ec, LWCX_XOESCH256));
        ((uint8_t *)&ec)[i] ^= 0xFF;
        const int a = lwcx_esch_update(&ec, buf, 40), b = lwcx_esch_squeeze(&ec, buf, 40);
        sane += (a == LWCX_OK || a == LWCX_ERR_ARG) && (b == LWCX_OK || b == LWCX_ERR_ARG);
        lwcx_wipe(&ec, sizeof ec);
    }
    CHECK(sane == sizeof ec, "%u of %zu corrupted Esch contexts", sane, sizeof ec);

    /* NULL contexts */
    CHECK(lwcx_schwaemm_aad(NULL, buf, 1) == LWCX_ERR_NULL &&
              lwcx_esch_update(NULL, buf, 1) == LWCX_ERR_NULL &&
              lwcx_schwaemm_init_with(ref, NULL, LWCX_SCHWAEMM128_128, key, nonce) ==
                  LWCX_ERR_NULL &&
              lwcx_esch_init_with(ref, NULL, LWCX_ESCH256) == LWCX_ERR_NULL,
          "null contexts");
}

/* Selection through the API and a valid (or no) LWCX_IMPL. */
static void selection(const char *expect, const char *expect_others)
{
    char msg[160] = "x";
    CHECK(lwcx_impl_env_check(msg, sizeof msg) == LWCX_OK && msg[0] == 0, "LWCX_IMPL is valid: %s",
          msg);
    const char *first = lwcx_impl_selected("kcc23p4");
    CHECK(first != NULL, "a selection exists");
    if (expect)
        CHECK(first && strcmp(first, expect) == 0, "LWCX_IMPL gave %s, want %s", first, expect);
    for (size_t p = 0; expect_others && p < lwcx_primitive_count(); p++) {
        const char *prim = lwcx_primitive_name(p), *got = lwcx_impl_selected(prim);
        if (strcmp(prim, "kcc23p4") != 0)
            CHECK(got && strcmp(got, expect_others) == 0, "%s: LWCX_IMPL gave %s, want %s", prim,
                  got, expect_others);
    }

    /* the automatic choice is the first available in preference order */
    const lwcx_impl *best = NULL;
    for (size_t i = 0; !best && i < lwcx_impl_count("kcc23p4"); i++)
        if (lwcx_impl_available(lwcx_impl_at("kcc23p4", i), NULL))
            best = lwcx_impl_at("kcc23p4", i);
    CHECK(lwcx_impl_select("kcc23p4", NULL) == LWCX_OK, "automatic");
    const lwcx_impl *autoh = expect ? lwcx_impl_find("kcc23p4", expect) : best;
    CHECK(lwcx_impl_auto("kcc23p4") == autoh, "auto picks %s", lwcx_impl_name(autoh));
    CHECK(strcmp(lwcx_impl_selected("kcc23p4"), lwcx_impl_name(autoh)) == 0, "selected names it");

    CHECK(lwcx_impl_select("kcc23p4", "portable") == LWCX_OK, "force portable");
    CHECK(strcmp(lwcx_impl_selected("kcc23p4"), "portable") == 0, "portable selected");
    CHECK(lwcx_impl_auto("kcc23p4") == lwcx_impl_find("kcc23p4", "portable"),
          "auto is portable's handle");
    CHECK(lwcx_impl_select("kcc23p4", "nonesuch") == LWCX_ERR_NO_IMPL, "unknown impl");
    CHECK(lwcx_impl_select("nonesuch", "ref") == LWCX_ERR_NO_IMPL, "unknown primitive");
    CHECK(lwcx_impl_select(NULL, "ref") == LWCX_ERR_NULL, "null primitive");
    CHECK(lwcx_impl_selected("nonesuch") == NULL && lwcx_impl_auto("nonesuch") == NULL &&
              lwcx_impl_auto(NULL) == NULL,
          "unknown primitive has no selection");
    CHECK(lwcx_impl_select("kcc23p4", NULL) == LWCX_OK, "automatic again");
    CHECK(lwcx_impl_auto("kcc23p4") == autoh, "auto picks %s again", lwcx_impl_name(autoh));

    /* PIPO's rows512 (AVX-512 with GFNI and VBMI) is the automatic choice
     * where it runs, for calls of any size and the key search; without it
     * avx512, with 512-bit ops at full width or in halves
     * (LWCX_CPU_ZMM_FULL; env_zmm_halves hides it), its avx512vl taking
     * one-batch calls only (test_bc.c) */
    const uint32_t cpu = lwcx_cpu_features();
    CHECK(!(cpu & LWCX_CPU_ZMM_FULL) || (cpu & LWCX_CPU_AVX512), "zmmfull without avx512");
    /* (these are the rules' choices: where a measured preference, the
     * shipped table or a wisdom file, decides a kind, tests/test_policy.c
     * checks it) */
    const lwcx_impl *rows = lwcx_impl_find("pipo128", "rows512");
    if (rows && !lwcx_impl_available(rows, NULL)) rows = NULL;
    const lwcx_impl *zmm = rows ? rows : lwcx_impl_find("pipo128", "avx512");
    if (!expect && zmm && lwcx_impl_available(zmm, NULL) && by_rules("pipo128", "many_keys"))
        CHECK(lwcx_impl_select("pipo128", NULL) == LWCX_OK && lwcx_impl_auto("pipo128") == zmm,
              "pipo128 auto picks %s, not %s", lwcx_impl_name(lwcx_impl_auto("pipo128")), lwcx_impl_name(zmm));
    /* PRESENT's avx512 where 512-bit ops run at full width, its avx512b
     * (byte masks) where they run in halves */
    const char *present_zmm = cpu & LWCX_CPU_ZMM_FULL ? "avx512" : "avx512b";
    zmm = lwcx_impl_find("present80", present_zmm);
    if (!expect && zmm && lwcx_impl_available(zmm, NULL) && by_rules("present80", "many_keys"))
        CHECK(lwcx_impl_select("present80", NULL) == LWCX_OK && lwcx_impl_auto("present80") == zmm,
              "present80 auto picks %s, not %s", lwcx_impl_name(lwcx_impl_auto("present80")), present_zmm);

    /* GIFT-64's groups512 (AVX-512 with GFNI and VBMI): the automatic choice
     * and the key search's where it runs */
    const lwcx_impl *groups = lwcx_impl_find("gift64", "groups512");
    if (!expect && groups && lwcx_impl_available(groups, NULL) && by_rules("gift64", "many_keys") &&
        by_rules("gift64", "key_search")) {
        static const uint8_t blk[8], key[16];
        lwcx_keysearch *ks = NULL;
        CHECK(lwcx_impl_select("gift64", NULL) == LWCX_OK && lwcx_impl_auto("gift64") == groups,
              "gift64 auto picks %s, not groups512", lwcx_impl_name(lwcx_impl_auto("gift64")));
        CHECK(lwcx_keysearch_new(&ks, LWCX_GIFT64, blk, blk, 1, key, NULL, 0, 1) == LWCX_OK &&
                  lwcx_keysearch_impl(ks) == groups,
              "gift64's key search picks %s", ks ? lwcx_impl_name(lwcx_keysearch_impl(ks)) : "none");
        lwcx_keysearch_free(ks);
    }

    /* PIPO's key search: rows512; without it avx512 where 512-bit ops run
     * at full width, its avx512vl where they run in halves
     * (src/core/policy.c) */
    zmm = rows ? rows : lwcx_impl_find("pipo128", cpu & LWCX_CPU_ZMM_FULL ? "avx512" : "avx512vl");
    if (!expect && zmm && lwcx_impl_available(zmm, NULL) && by_rules("pipo128", "key_search")) {
        static const uint8_t blk[8], key[16];
        lwcx_keysearch *ks = NULL;
        CHECK(lwcx_keysearch_new(&ks, LWCX_PIPO128, blk, blk, 1, key, NULL, 0, 1) == LWCX_OK &&
                  lwcx_keysearch_impl(ks) == zmm,
              "pipo128's key search picks %s, not %s", ks ? lwcx_impl_name(lwcx_keysearch_impl(ks)) : "none",
              lwcx_impl_name(zmm));
        lwcx_keysearch_free(ks);
        CHECK(lwcx_keysearch_impl(NULL) == NULL, "no search, no implementation");
    }

    /* the forms without _with and a NULL handle run the automatic choice */
    for (size_t p = 0; p < lwcx_primitive_count(); p++) {
        ops(lwcx_primitive_name(p), NULL, 1, LWCX_OK);
        ops(lwcx_primitive_name(p), NULL, 0, LWCX_OK);
    }
}

/* LWCX_IMPL is invalid: every operation on the automatic choice fails, and
 * goes on failing; explicit handles still work. */
static void invalid_env(const char *want_msg)
{
    char msg[160] = "";
    CHECK(lwcx_impl_env_check(msg, sizeof msg) == LWCX_ERR_IMPL_ENV, "LWCX_IMPL='%s' accepted",
          getenv("LWCX_IMPL"));
    CHECK(strncmp(msg, "LWCX_IMPL", 9) == 0 && strstr(msg, want_msg), "message '%s' lacks '%s'",
          msg, want_msg);
    printf("lwcx_impl_env_check: %s\n", msg);
    CHECK(lwcx_impl_env_check(NULL, 0) == LWCX_ERR_IMPL_ENV, "without a message buffer");
    char tiny[4] = "xyz";
    CHECK(lwcx_impl_env_check(tiny, sizeof tiny) == LWCX_ERR_IMPL_ENV && strlen(tiny) < sizeof tiny,
          "truncated");
    for (size_t p = 0; p < lwcx_primitive_count(); p++) {
        const char *prim = lwcx_primitive_name(p);
        for (int again = 0; again < 2; again++) {
            CHECK(lwcx_impl_auto(prim) == NULL && lwcx_impl_selected(prim) == NULL,
                  "%s has no automatic choice", prim);
            ops(prim, NULL, 1, LWCX_ERR_IMPL_ENV);
            ops(prim, NULL, 0, LWCX_ERR_IMPL_ENV);
        }
        CHECK(lwcx_impl_select(prim, NULL) == LWCX_ERR_IMPL_ENV, "%s: back to automatic", prim);
        CHECK(lwcx_impl_auto(prim) == NULL, "%s: still no automatic choice", prim);
    }
}

static void helpers(void)
{
    char buf[256];
    lwcx_cpu_features_string(lwcx_cpu_features(), buf, sizeof buf);
    const char *chosen = lwcx_impl_selected("kcc23p4");
    printf("cpu: %s; features: %s; kcc23p4 -> %s\n", lwcx_cpu_model(), buf,
           chosen ? chosen : "(none)");
    uint8_t a[33], b[33];
    tu_fill(a, sizeof a);
    memcpy(b, a, sizeof a);
    CHECK(lwcx_ct_compare(a, b, sizeof a) == 0, "equal");
    for (size_t i = 0; i < 8 * sizeof a; i++) {
        b[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECK(lwcx_ct_compare(a, b, sizeof a) == -1, "bit %zu", i);
        b[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    lwcx_wipe(a, sizeof a);
    int zero = 1;
    for (size_t i = 0; i < sizeof a; i++) zero &= a[i] == 0;
    CHECK(zero, "wiped");
    CHECK(strcmp(lwcx_strerror(LWCX_ERR_AUTH), lwcx_strerror(LWCX_OK)) != 0, "messages differ");
    CHECK(strcmp(lwcx_strerror(LWCX_ERR_IMPL_ENV), lwcx_strerror(LWCX_ERR_NO_IMPL)) != 0,
          "messages differ");
    CHECK(strcmp(lwcx_version(), LWCX_VERSION_STRING) == 0, "version");
}

int main(void)
{
    const char *env_error = getenv("EXPECT_ENV_ERROR");
    handles();
    with_forms();
    opaque_contexts();
    if (env_error)
        invalid_env(env_error);
    else
        selection(getenv("EXPECT_IMPL"), getenv("EXPECT_IMPL_OTHERS"));
    helpers();
    return tu_finish();
}
