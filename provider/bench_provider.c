/* What going through OpenSSL costs: each operation timed through EVP (the
 * provider module) and through lwcx's own call, samples interleaved in one
 * run, with the ratio of the medians. Usage:
 *   lwcx-provider-bench MODULE_DIR [--seconds S] [--quick]
 * MODULE_DIR holds lwcx.so (the build's ossl-modules). S: the time each
 * case gets (default 0.4 s); --quick: a few samples, to check it runs. The
 * exit status is 0 when every operation ran and agreed, whatever the
 * ratios (they are measurements, not a test). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "../bench/timer.h"
#include "lwcx.h"

#define MAX_SAMPLES 4001

typedef struct bcase bcase;
/* One timed call; 0 when it failed. */
typedef int (*timed_fn)(bcase *c);

struct bcase {
    const char *name;
    size_t bytes; /* per call, for ticks per byte; 0 for per-call figures */
    timed_fn evp, own;
    /* what the calls work on */
    EVP_PKEY *pkey;
    lwcx_aimer_key *key;
    lwcx_aimer_set set;
    const EVP_MD *md;
    const EVP_CIPHER *cipher;
    lwcx_esch_variant esch;
    lwcx_schwaemm_variant swm;
    uint8_t *msg, *out, *sig;
    size_t siglen;
};

static uint8_t msg_buf[16384], out_buf[16384 + 64], key_buf[32], nonce_buf[32], tag_buf[32];

static int evp_sign(bcase *c)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    size_t n = c->siglen;
    const int ok = m && EVP_DigestSignInit_ex(m, NULL, NULL, NULL, NULL, c->pkey, NULL) == 1 &&
                   EVP_DigestSign(m, c->sig, &n, c->msg, 64) == 1 && n == c->siglen;
    EVP_MD_CTX_free(m);
    return ok;
}

static int own_sign(bcase *c)
{
    return lwcx_aimer_key_sign(c->key, c->sig, c->msg, 64) == LWCX_OK;
}

static int evp_verify(bcase *c)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    const int ok = m && EVP_DigestVerifyInit_ex(m, NULL, NULL, NULL, NULL, c->pkey, NULL) == 1 &&
                   EVP_DigestVerify(m, c->sig, c->siglen, c->msg, 64) == 1;
    EVP_MD_CTX_free(m);
    return ok;
}

static int own_verify(bcase *c)
{
    return lwcx_aimer_key_verify(c->key, c->sig, c->siglen, c->msg, 64) == LWCX_OK;
}

static int evp_digest(bcase *c)
{
    unsigned int n = 0;
    return EVP_Digest(c->msg, c->bytes, c->out, &n, c->md, NULL) == 1;
}

static int own_digest(bcase *c)
{
    return lwcx_esch_hash(c->esch, c->out, lwcx_esch_digest_bytes(c->esch), c->msg, c->bytes) == LWCX_OK;
}

static int evp_seal(bcase *c)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n, f;
    const int ok = x && EVP_EncryptInit_ex(x, c->cipher, NULL, key_buf, nonce_buf) == 1 &&
                   EVP_EncryptUpdate(x, c->out, &n, c->msg, (int)c->bytes) == 1 &&
                   EVP_EncryptFinal_ex(x, c->out + n, &f) == 1 &&
                   EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)lwcx_schwaemm_tag_bytes(c->swm), tag_buf) == 1;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

static int own_seal(bcase *c)
{
    return lwcx_schwaemm_encrypt(c->swm, c->out, tag_buf, c->msg, c->bytes, NULL, 0, nonce_buf, key_buf) == LWCX_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t evp_t[MAX_SAMPLES], own_t[MAX_SAMPLES];

/* Samples the two calls alternately for about `seconds`; prints the row.
 * 0 if a call failed. */
static int run_case(bcase *c, double seconds, int quick, double *ratio)
{
    int n = 0;
    const uint64_t end = timer_ns() + (uint64_t)(seconds * 1e9);
    if (!c->evp(c) || !c->own(c)) return 0; /* warm up, and check both work */
    do {
        uint64_t t = timer_cycles();
        if (!c->evp(c)) return 0;
        evp_t[n] = timer_cycles() - t;
        t = timer_cycles();
        if (!c->own(c)) return 0;
        own_t[n] = timer_cycles() - t;
        n++;
    } while (n < MAX_SAMPLES && (quick ? n < 3 : (n < 11 || timer_ns() < end)));
    qsort(evp_t, (size_t)n, sizeof *evp_t, cmp_u64);
    qsort(own_t, (size_t)n, sizeof *own_t, cmp_u64);
    const double per = c->bytes ? (double)c->bytes : 1.0;
    *ratio = (double)evp_t[n / 2] / (double)own_t[n / 2];
    printf("%-28s %-8s %12.2f %12.2f %12.2f %12.2f %7.3f %6d\n", c->name, c->bytes ? "tick/B" : "tick", evp_t[0] / per,
           evp_t[n / 2] / per, own_t[0] / per, own_t[n / 2] / per, *ratio, n);
    return 1;
}

typedef struct tally {
    double seconds;
    int quick, failed, over, cases;
} tally;

/* Runs a case when it could be set up (ready), counting it; prints a failure. */
static void run_counted(tally *t, bcase *c, int ready)
{
    double r = 0;
    if (!ready || !run_case(c, t->seconds, t->quick, &r)) {
        printf("%-28s failed\n", c->name);
        t->failed++;
        return;
    }
    t->cases++;
    t->over += r > 1.05;
}

/* An AIMer key pair both as an EVP_PKEY of the provider and as lwcx's loaded key. */
static int aimer_keys(bcase *c, const char *alg, lwcx_aimer_set set)
{
    const size_t pkb = lwcx_aimer_pk_bytes(set), skb = lwcx_aimer_sk_bytes(set);
    uint8_t pk[128], sk[256];
    if (pkb > sizeof pk || skb > sizeof sk || lwcx_aimer_keygen(set, pk, sk) != LWCX_OK ||
        lwcx_aimer_key_new(&c->key, set, pk, sk) != LWCX_OK)
        return 0;
    OSSL_PARAM params[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, sk, skb), OSSL_PARAM_END};
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(NULL, alg, "provider=lwcx");
    const int ok = pc && EVP_PKEY_fromdata_init(pc) == 1 && EVP_PKEY_fromdata(pc, &c->pkey, EVP_PKEY_KEYPAIR, params) == 1;
    EVP_PKEY_CTX_free(pc);
    lwcx_wipe(sk, sizeof sk);
    c->set = set;
    c->siglen = lwcx_aimer_sig_bytes(set);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: lwcx-provider-bench MODULE_DIR [--seconds S] [--quick]\n");
        return 2;
    }
    double seconds = 0.4;
    int quick = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = 1;
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc && (seconds = atof(argv[++i])) > 0) continue;
        else {
            fprintf(stderr, "lwcx-provider-bench: %s: unknown option or bad value\n", argv[i]);
            return 2;
        }
    }
    OSSL_PROVIDER *lwcx = NULL, *dflt = NULL;
    if (OSSL_PROVIDER_set_default_search_path(NULL, argv[1]) != 1 || !(lwcx = OSSL_PROVIDER_load(NULL, "lwcx")) ||
        !(dflt = OSSL_PROVIDER_load(NULL, "default"))) {
        fprintf(stderr, "lwcx-provider-bench: %s: the lwcx provider does not load\n", argv[1]);
        ERR_print_errors_fp(stderr);
        if (lwcx) OSSL_PROVIDER_unload(lwcx);
        return 1;
    }
    for (size_t i = 0; i < sizeof msg_buf; i++) msg_buf[i] = (uint8_t)(i * 131u + 7u);
    printf("# through EVP (the lwcx provider) and lwcx's own call, alternately; timer %s\n", TIMER_CYCLES_NAME);
    printf("%-28s %-8s %12s %12s %12s %12s %7s %6s\n", "case", "unit", "evp min", "evp median", "lwcx min",
           "lwcx median", "evp/lw", "n");
    tally t = {seconds, quick, 0, 0, 0};
    uint8_t sig[64 * 1024];
    static const struct {
        const char *alg;
        lwcx_aimer_set set;
    } sets[] = {{"AIMER128F", LWCX_AIMER128F}, {"AIMER128S", LWCX_AIMER128S}, {"AIMER192F", LWCX_AIMER192F},
                {"AIMER192S", LWCX_AIMER192S}, {"AIMER256F", LWCX_AIMER256F}, {"AIMER256S", LWCX_AIMER256S}};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        bcase c = {0};
        char name[2][48];
        c.msg = msg_buf;
        c.sig = sig;
        if (!aimer_keys(&c, sets[i].alg, sets[i].set) || c.siglen > sizeof sig) {
            printf("%-28s failed: keys\n", sets[i].alg);
            t.failed++;
        } else {
            snprintf(name[0], sizeof name[0], "%s sign 64 B", lwcx_aimer_name(c.set));
            snprintf(name[1], sizeof name[1], "%s verify 64 B", lwcx_aimer_name(c.set));
            for (int k = 0; k < 2; k++) {
                c.name = name[k];
                c.evp = k ? evp_verify : evp_sign;
                c.own = k ? own_verify : own_sign;
                run_counted(&t, &c, 1);
            }
        }
        EVP_PKEY_free(c.pkey);
        lwcx_aimer_key_free(c.key);
    }
    static const struct {
        const char *alg, *name;
        lwcx_esch_variant v;
    } digests[] = {{"ESCH256", "esch256 16 KiB", LWCX_ESCH256}, {"ESCH384", "esch384 16 KiB", LWCX_ESCH384}};
    for (size_t i = 0; i < 2; i++) {
        EVP_MD *md = EVP_MD_fetch(NULL, digests[i].alg, "provider=lwcx");
        bcase c = {.name = digests[i].name, .bytes = sizeof msg_buf, .evp = evp_digest, .own = own_digest,
                   .md = md, .esch = digests[i].v, .msg = msg_buf, .out = out_buf};
        run_counted(&t, &c, md != NULL);
        EVP_MD_free(md);
    }
    EVP_CIPHER *swm = EVP_CIPHER_fetch(NULL, "SCHWAEMM256-128", "provider=lwcx");
    bcase c = {.name = "schwaemm256-128 seal 16 KiB", .bytes = sizeof msg_buf, .evp = evp_seal, .own = own_seal,
               .cipher = swm, .swm = LWCX_SCHWAEMM256_128, .msg = msg_buf, .out = out_buf};
    run_counted(&t, &c, swm != NULL);
    EVP_CIPHER_free(swm);
    printf("# %d of %d cases within 5%% of lwcx's own call (median against median)%s\n", t.cases - t.over, t.cases,
           quick ? "; --quick: too few samples to mean anything" : "");
    if (t.failed) fprintf(stderr, "lwcx-provider-bench: %d cases failed\n", t.failed);
    OSSL_PROVIDER_unload(dflt);
    OSSL_PROVIDER_unload(lwcx);
    return t.failed ? 1 : 0;
}
