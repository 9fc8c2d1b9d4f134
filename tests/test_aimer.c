/* AIMer v2.1 on every available implementation:
 * - every record of the six official KAT files (pk, sk, sm byte for byte,
 *   through SHA-256 digests of pk || sk || sm; tests/kat/aimer_kat_digests.txt,
 *   made by tests/kat/make_aimer_digests.sh) rebuilt from the NIST DRBG;
 *   AIMER_KAT_RECORDS=n checks only the first n records per set (the
 *   sanitizer and qemu stages), AIMER_SETS=128f,256s only some sets;
 * - verification rejects every single-bit flip of an aimer128f signature
 *   and 2,000 random flips for each other set (AIMER_FLIPS=n changes that
 *   sample; AIMER_FLIPS_ALL=0 samples 128f too; implementations other than
 *   the automatic choice flip at most AIMER_FLIPS_OTHERS=200), a changed message, another
 *   public key, truncated and extended signatures;
 * - key objects, attached signatures with overlapping buffers, messages
 *   given in pieces (lwcx_aimer_msg), errors;
 * - the SHAKE kernels (x1 and xn) against OpenSSL for every length around
 *   the rates, the field kernels against each other's algebra.
 * Usage: test_aimer DIGESTS_FILE [kat|reject|all] (kat: the KATs and kernels). */
#include <openssl/evp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../kat/kat_aimer.h"
#include "../src/aimer/aimer_impl.h"
#include "../src/aimer/keccak.h"
#include "testutil.h"

#define rnd tu_rand
#define fill tu_fill

#define NSETS 6

static unsigned env_unsigned(const char *name, unsigned dflt)
{
    const char *s = getenv(name);
    return s && *s ? (unsigned)strtoul(s, NULL, 10) : dflt;
}

static int set_wanted(int s)
{
    const char *only = getenv("AIMER_SETS");
    return !only || !*only || strstr(only, lwcx_aimer_name((lwcx_aimer_set)s) + 5) != NULL;
}

/* digests[set][count] from the file */
static uint8_t digests[NSETS][100][32];
static unsigned have[NSETS];

static int load_digests(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256];
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        char name[32], hex[80];
        unsigned count;
        if (line[0] == '#' || sscanf(line, "%31s %u %79s", name, &count, hex) != 3) continue;
        for (int s = 0; s < NSETS; s++)
            if (!strcmp(name, lwcx_aimer_name((lwcx_aimer_set)s)) && count < 100 && count == have[s] &&
                strlen(hex) == 64) {
                for (int i = 0; i < 32; i++) {
                    unsigned v;
                    sscanf(hex + 2 * i, "%2x", &v);
                    digests[s][count][i] = (uint8_t)v;
                }
                have[s]++;
            }
    }
    fclose(f);
    return 0;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void test_kats(const lwcx_impl *impl, unsigned records)
{
    for (int s = 0; s < NSETS; s++) {
        if (!set_wanted(s)) continue;
        unsigned n = records < have[s] ? records : have[s], checks = 0;
        CHECK(have[s] == 100, "%s: %u digests in the file", lwcx_aimer_name((lwcx_aimer_set)s), have[s]);
        double t0 = now();
        int bad = kat_aimer_records(impl, (lwcx_aimer_set)s, n, (const uint8_t(*)[32])digests[s], stderr, &checks);
        CHECK(bad == 0, "%s %s: %d of %u KAT records differ", lwcx_impl_name(impl),
              lwcx_aimer_name((lwcx_aimer_set)s), bad, n);
        printf("  %s %s: %u KAT records in %.1f s\n", lwcx_impl_name(impl),
               lwcx_aimer_name((lwcx_aimer_set)s), n, now() - t0);
    }
}

/* ---- rejections --------------------------------------------------------- */

typedef struct flip_job {
    const lwcx_aimer_key *key;
    const uint8_t *sig, *msg;
    size_t siglen, msglen;
    const uint32_t *bits;
    size_t nbits;
    unsigned accepted; /* flips that verified: must stay 0 */
} flip_job;

static void *flip_worker(void *arg)
{
    flip_job *j = arg;
    uint8_t *s = malloc(j->siglen);
    if (!s) {
        j->accepted = ~0u;
        return NULL;
    }
    memcpy(s, j->sig, j->siglen);
    for (size_t i = 0; i < j->nbits; i++) {
        const uint32_t b = j->bits[i];
        s[b / 8] ^= (uint8_t)(1u << (b % 8));
        if (lwcx_aimer_key_verify(j->key, s, j->siglen, j->msg, j->msglen) != LWCX_ERR_AUTH) j->accepted++;
        s[b / 8] ^= (uint8_t)(1u << (b % 8));
    }
    free(s);
    return NULL;
}

/* Every bit of bits[] flipped in turn must make the signature fail; the
 * verifications are spread over threads (they are independent). */
static unsigned flips_accepted(const lwcx_aimer_key *key, const uint8_t *sig, size_t siglen,
                               const uint8_t *msg, size_t msglen, const uint32_t *bits, size_t n)
{
    enum { MAXT = 16 };
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned nt = cpus < 1 ? 1 : cpus > MAXT ? MAXT : (unsigned)cpus, accepted = 0;
    flip_job jobs[MAXT];
    pthread_t th[MAXT];
    int started[MAXT] = {0};
    for (unsigned t = 0; t < nt; t++) {
        size_t lo = n * t / nt, hi = n * (t + 1) / nt;
        jobs[t] = (flip_job){key, sig, msg, siglen, msglen, bits + lo, hi - lo, 0};
        started[t] = pthread_create(&th[t], NULL, flip_worker, &jobs[t]) == 0;
        if (!started[t]) flip_worker(&jobs[t]);
    }
    for (unsigned t = 0; t < nt; t++) {
        if (started[t]) pthread_join(th[t], NULL);
        accepted += jobs[t].accepted;
    }
    return accepted;
}

static void test_rejections(const lwcx_impl *impl, int exhaustive, unsigned sample)
{
    for (int s = 0; s < NSETS; s++) {
        const lwcx_aimer_set set = (lwcx_aimer_set)s;
        if (!set_wanted(s)) continue;
        const char *name = lwcx_aimer_name(set);
        const size_t sigb = lwcx_aimer_sig_bytes(set), pkb = lwcx_aimer_pk_bytes(set);
        uint8_t pk[64], sk[96], pk2[64], sk2[96], msg[100], *sig = malloc(sigb + 1);
        lwcx_aimer_key *key = NULL, *key2 = NULL;
        fill(msg, sizeof msg);
        CHECK(sig && lwcx_aimer_keygen_with(impl, set, pk, sk) == LWCX_OK, "%s keygen", name);
        CHECK(lwcx_aimer_keygen_with(impl, set, pk2, sk2) == LWCX_OK, "%s keygen 2", name);
        CHECK(lwcx_aimer_key_new_with(impl, &key, set, pk, sk) == LWCX_OK, "%s key", name);
        CHECK(lwcx_aimer_key_new_with(impl, &key2, set, pk2, NULL) == LWCX_OK, "%s public key", name);
        if (!sig || !key || !key2) {
            free(sig);
            lwcx_aimer_key_free(key);
            lwcx_aimer_key_free(key2);
            continue;
        }
        CHECK(lwcx_aimer_key_sign(key, sig, msg, sizeof msg) == LWCX_OK, "%s sign", name);
        CHECK(lwcx_aimer_key_verify(key, sig, sigb, msg, sizeof msg) == LWCX_OK, "%s verify", name);
        CHECK(lwcx_aimer_verify_with(impl, set, sig, sigb, msg, sizeof msg, pk) == LWCX_OK, "%s verify", name);

        /* bit flips: all of them for aimer128f, a random sample elsewhere */
        const size_t total = 8 * sigb;
        size_t n = exhaustive && set == LWCX_AIMER128F ? total : sample;
        uint32_t *bits = malloc(n * sizeof *bits);
        if (bits) {
            for (size_t i = 0; i < n; i++) bits[i] = n == total ? (uint32_t)i : (uint32_t)(rnd() % total);
            double t0 = now();
            unsigned acc = flips_accepted(key, sig, sigb, msg, sizeof msg, bits, n);
            CHECK(acc == 0, "%s %s: %u of %zu bit flips verified", lwcx_impl_name(impl), name, acc, n);
            printf("  %s %s: %zu%s bit flips rejected in %.1f s\n", lwcx_impl_name(impl), name, n,
                   n == total ? " (all)" : "", now() - t0);
            free(bits);
        }

        /* a changed message, another key, wrong lengths */
        msg[17] ^= 4;
        CHECK(lwcx_aimer_key_verify(key, sig, sigb, msg, sizeof msg) == LWCX_ERR_AUTH, "%s changed message", name);
        msg[17] ^= 4;
        CHECK(lwcx_aimer_key_verify(key, sig, sigb, msg, sizeof msg - 1) == LWCX_ERR_AUTH, "%s shorter message", name);
        CHECK(lwcx_aimer_key_verify(key2, sig, sigb, msg, sizeof msg) == LWCX_ERR_AUTH, "%s other key", name);
        CHECK(lwcx_aimer_verify_with(impl, set, sig, sigb, msg, sizeof msg, pk2) == LWCX_ERR_AUTH, "%s other pk", name);
        CHECK(lwcx_aimer_verify_with(impl, set, sig, sigb - 1, msg, sizeof msg, pk) == LWCX_ERR_LENGTH, "%s truncated", name);
        CHECK(lwcx_aimer_verify_with(impl, set, sig, sigb + 1, msg, sizeof msg, pk) == LWCX_ERR_LENGTH, "%s extended", name);
        CHECK(lwcx_aimer_key_verify(key, sig, 0, msg, sizeof msg) == LWCX_ERR_LENGTH, "%s empty", name);

        /* attached: in place (sm == msg), opened in place; truncated and extended sm */
        uint8_t *sm = malloc(sizeof msg + sigb + 1), *out = malloc(sizeof msg + 1);
        size_t smlen = 0, mlen = 0;
        if (sm && out) {
            memcpy(sm, msg, sizeof msg);
            CHECK(lwcx_aimer_sign_attached_with(impl, set, sm, &smlen, sm, sizeof msg, sk) == LWCX_OK &&
                  smlen == sizeof msg + sigb && !memcmp(sm, msg, sizeof msg), "%s attached in place", name);
            CHECK(lwcx_aimer_open_with(impl, set, out, &mlen, sm, smlen, pk) == LWCX_OK &&
                  mlen == sizeof msg && !memcmp(out, msg, mlen), "%s open", name);
            CHECK(lwcx_aimer_open_with(impl, set, out, &mlen, sm, smlen - 1, pk) == LWCX_ERR_AUTH, "%s sm truncated", name);
            sm[smlen] = 0;
            CHECK(lwcx_aimer_open_with(impl, set, out, &mlen, sm, smlen + 1, pk) == LWCX_ERR_AUTH, "%s sm extended", name);
            CHECK(lwcx_aimer_open_with(impl, set, out, &mlen, sm, sigb - 1, pk) == LWCX_ERR_LENGTH, "%s sm too short", name);
            CHECK(lwcx_aimer_open_with(impl, set, sm + 5, &mlen, sm, smlen, pk) == LWCX_OK && mlen == sizeof msg &&
                  !memcmp(sm + 5, msg, mlen), "%s open overlapping", name);
        }
        free(sm);
        free(out);

        /* the one-shot forms agree with the key object for the same rho */
        uint8_t rho[32], *sig2 = malloc(sigb);
        fill(rho, sizeof rho);
        if (sig2) {
            CHECK(lwcx_aimer_key_sign_from(key, sig, msg, sizeof msg, rho) == LWCX_OK &&
                  lwcx_aimer_sign_from_with(impl, set, sig2, msg, sizeof msg, sk, rho) == LWCX_OK &&
                  !memcmp(sig, sig2, sigb), "%s key object and one shot differ", name);
            /* randomized: two signatures of one message differ */
            CHECK(lwcx_aimer_key_sign(key, sig2, msg, sizeof msg) == LWCX_OK && memcmp(sig, sig2, sigb),
                  "%s two signatures are equal", name);
        }
        /* a message in pieces gives the one-shot signature for the same rho, and verifies */
        if (sig2) {
            lwcx_aimer_msg *m = NULL;
            int okm = lwcx_aimer_msg_new(&m, key) == LWCX_OK;
            for (size_t at = 0, step = 0; okm && at < sizeof msg; at += step) {
                step = at + step + 1 > sizeof msg ? sizeof msg - at : step + 1; /* 1, 2, 3, ... */
                okm = lwcx_aimer_msg_update(m, msg + at, step) == LWCX_OK;
            }
            okm = okm && lwcx_aimer_msg_update(m, NULL, 0) == LWCX_OK;
            CHECK(okm && lwcx_aimer_msg_sign_from(m, sig2, rho) == LWCX_OK && !memcmp(sig, sig2, sigb),
                  "%s message in pieces signs differently", name);
            CHECK(lwcx_aimer_msg_sign_from(m, sig2, rho) == LWCX_ERR_ARG &&
                  lwcx_aimer_msg_update(m, msg, 1) == LWCX_ERR_ARG, "%s finished message reused", name);
            lwcx_aimer_msg_free(m);
            const size_t cuts[2] = {0, sizeof msg / 2};
            for (int c = 0; c < 2; c++) {
                for (int tamper = 0; tamper < 2; tamper++) {
                    m = NULL;
                    msg[99] ^= (uint8_t)tamper;
                    CHECK(lwcx_aimer_msg_new(&m, tamper ? key2 : key) == LWCX_OK &&
                          lwcx_aimer_msg_update(m, msg, cuts[c]) == LWCX_OK &&
                          lwcx_aimer_msg_update(m, msg + cuts[c], sizeof msg - cuts[c]) == LWCX_OK &&
                          lwcx_aimer_msg_verify(m, sig, sigb) == (tamper ? LWCX_ERR_AUTH : LWCX_OK),
                          "%s message in pieces verifies wrongly (tampered %d)", name, tamper);
                    msg[99] ^= (uint8_t)tamper;
                    lwcx_aimer_msg_free(m);
                }
            }
            m = NULL;
            CHECK(lwcx_aimer_msg_new(&m, key2) == LWCX_OK && lwcx_aimer_msg_sign(m, sig2) == LWCX_ERR_ARG,
                  "%s public key signs a message in pieces", name);
            lwcx_aimer_msg_free(m);
            m = NULL;
            CHECK(lwcx_aimer_msg_new(&m, key) == LWCX_OK && lwcx_aimer_msg_verify(m, sig, sigb - 1) == LWCX_ERR_LENGTH &&
                  lwcx_aimer_msg_verify(m, sig, sigb) == LWCX_ERR_ARG, "%s message in pieces, short signature", name);
            lwcx_aimer_msg_free(m);
        }
        free(sig2);
        /* an sk whose public part is not its own, a corrupted pt */
        memcpy(sk2 + lwcx_aimer_seed_bytes(set), pk, pkb);
        CHECK(lwcx_aimer_sign_with(impl, set, sig, msg, sizeof msg, sk2) == LWCX_ERR_ARG, "%s inconsistent sk", name);
        lwcx_aimer_key *k3 = NULL;
        CHECK(lwcx_aimer_key_new_with(impl, &k3, set, pk2, sk) == LWCX_ERR_ARG && k3 == NULL, "%s sk for another pk", name);
        CHECK(lwcx_aimer_key_sign(key2, sig, msg, sizeof msg) == LWCX_ERR_ARG, "%s public key signs", name);
        free(sig);
        lwcx_aimer_key_free(key);
        lwcx_aimer_key_free(key2);
    }
}

static void test_errors(void)
{
    uint8_t pk[64] = {0}, sk[96] = {0}, sig[64] = {0}, m[4] = {0};
    size_t n = 0;
    lwcx_aimer_key *k = NULL;
    const lwcx_aimer_set bad = (lwcx_aimer_set)6, neg = (lwcx_aimer_set)-1;
    CHECK(lwcx_aimer_name(bad) == NULL && lwcx_aimer_name(neg) == NULL, "name of unknown set");
    CHECK(lwcx_aimer_pk_bytes(bad) == 0 && lwcx_aimer_sk_bytes(bad) == 0 && lwcx_aimer_sig_bytes(bad) == 0 &&
          lwcx_aimer_seed_bytes(neg) == 0, "sizes of unknown set");
    CHECK(lwcx_aimer_keygen(bad, pk, sk) == LWCX_ERR_ARG, "keygen unknown");
    CHECK(lwcx_aimer_keygen(LWCX_AIMER128F, NULL, sk) == LWCX_ERR_NULL, "keygen NULL");
    CHECK(lwcx_aimer_keygen_from(LWCX_AIMER128F, pk, sk, NULL) == LWCX_ERR_NULL, "keygen_from NULL");
    CHECK(lwcx_aimer_sign(bad, sig, m, 4, sk) == LWCX_ERR_ARG, "sign unknown");
    CHECK(lwcx_aimer_sign(LWCX_AIMER128F, NULL, m, 4, sk) == LWCX_ERR_NULL, "sign NULL sig");
    CHECK(lwcx_aimer_sign(LWCX_AIMER128F, sig, NULL, 4, sk) == LWCX_ERR_NULL, "sign NULL msg");
    CHECK(lwcx_aimer_sign_from(LWCX_AIMER128F, sig, m, 4, sk, NULL) == LWCX_ERR_NULL, "sign_from NULL rho");
    CHECK(lwcx_aimer_verify(bad, sig, 5888, m, 4, pk) == LWCX_ERR_ARG, "verify unknown");
    CHECK(lwcx_aimer_verify(LWCX_AIMER128F, sig, 5888, m, 4, NULL) == LWCX_ERR_NULL, "verify NULL pk");
    CHECK(lwcx_aimer_verify(LWCX_AIMER128F, sig, 64, m, 4, pk) == LWCX_ERR_LENGTH, "verify short");
    CHECK(lwcx_aimer_open(LWCX_AIMER128F, m, NULL, sig, 64, pk) == LWCX_ERR_NULL, "open NULL len");
    CHECK(lwcx_aimer_open(LWCX_AIMER128F, m, &n, sig, 64, pk) == LWCX_ERR_LENGTH, "open short");
    CHECK(lwcx_aimer_sign_attached(LWCX_AIMER128F, sig, NULL, m, 4, sk) == LWCX_ERR_NULL, "attached NULL");
    CHECK(lwcx_aimer_key_new(NULL, LWCX_AIMER128F, pk, sk) == LWCX_ERR_NULL, "key_new NULL");
    CHECK(lwcx_aimer_key_new(&k, bad, pk, sk) == LWCX_ERR_ARG && !k, "key_new unknown");
    CHECK(lwcx_aimer_key_new(&k, LWCX_AIMER128F, NULL, NULL) == LWCX_ERR_NULL && !k, "key_new NULL pk");
    CHECK(lwcx_aimer_key_sign(NULL, sig, m, 4) == LWCX_ERR_NULL, "key_sign NULL");
    CHECK(lwcx_aimer_key_verify(NULL, sig, 5888, m, 4) == LWCX_ERR_NULL, "key_verify NULL");
    CHECK(lwcx_aimer_key_set(NULL) == -1, "key_set NULL");
    lwcx_aimer_key_free(NULL);
    lwcx_aimer_msg *msg = (lwcx_aimer_msg *)&n;
    CHECK(lwcx_aimer_msg_new(&msg, NULL) == LWCX_ERR_NULL && msg == NULL, "msg_new NULL key");
    CHECK(lwcx_aimer_msg_new(NULL, NULL) == LWCX_ERR_NULL, "msg_new NULL");
    CHECK(lwcx_aimer_msg_update(NULL, m, 4) == LWCX_ERR_NULL && lwcx_aimer_msg_sign(NULL, sig) == LWCX_ERR_NULL &&
          lwcx_aimer_msg_verify(NULL, sig, 64) == LWCX_ERR_NULL, "msg NULL");
    lwcx_aimer_msg_free(NULL);
    /* a handle of another primitive */
    const lwcx_impl *other = lwcx_impl_at("kcc23p4", 0);
    if (other) CHECK(lwcx_aimer_keygen_with(other, LWCX_AIMER128F, pk, sk) == LWCX_ERR_NO_IMPL, "foreign handle");
    CHECK(lwcx_aimer_key_new(&k, LWCX_AIMER192F, pk, NULL) == LWCX_OK && lwcx_aimer_key_set(k) == LWCX_AIMER192F,
          "key_set");
    lwcx_aimer_key_free(k);
}

/* Signing and verifying the largest sets in a thread with a 64 KiB stack:
 * the protocol keeps its megabytes on the heap. */
typedef struct small_stack_job {
    const lwcx_impl *impl;
    int ok;
} small_stack_job;

static void *small_stack_worker(void *arg)
{
    small_stack_job *j = arg;
    static uint8_t sig[LWCX_AIMER_MAX_SIG_BYTES];
    uint8_t pk[64], sk[96], msg[3] = {1, 2, 3};
    j->ok = 1;
    for (int s = LWCX_AIMER256F; s <= LWCX_AIMER256S; s++)
        j->ok &= lwcx_aimer_keygen_with(j->impl, (lwcx_aimer_set)s, pk, sk) == LWCX_OK &&
                 lwcx_aimer_sign_with(j->impl, (lwcx_aimer_set)s, sig, msg, 3, sk) == LWCX_OK &&
                 lwcx_aimer_verify_with(j->impl, (lwcx_aimer_set)s, sig, lwcx_aimer_sig_bytes((lwcx_aimer_set)s),
                                        msg, 3, pk) == LWCX_OK;
    return NULL;
}

static void test_small_stack(const lwcx_impl *impl)
{
    small_stack_job j = {impl, 0};
    pthread_attr_t attr;
    pthread_t th;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    int started = pthread_create(&th, &attr, small_stack_worker, &j) == 0;
    pthread_attr_destroy(&attr);
    if (started) pthread_join(th, NULL);
    CHECK(started && j.ok, "%s: aimer256f/s in a 64 KiB stack", lwcx_impl_name(impl));
}

/* ---- kernels ---------------------------------------------------------------- */

/* shake_xn_side: the same outputs as shake_xn, and the single sponge beside
 * it (an odd-length prefix, then the side bytes, some of them taken inside
 * the permutations: the test fails if none are) ends as OpenSSL's SHAKE of
 * prefix || side bytes. Returns the number of mismatches. */
static unsigned test_shake_side(const aimer_impl *im, unsigned sec, uint8_t *const out[AIMER_MAX_WAYS],
                                size_t outlen, const uint8_t *const ins[AIMER_MAX_WAYS], size_t len,
                                unsigned count, uint8_t want[][400])
{
    static const size_t side_lens[] = {0, 100, 1000};
    const EVP_MD *md = sec == 128 ? EVP_shake128() : EVP_shake256();
    uint8_t data[1005], side_want[64], side_got[64];
    unsigned bad = 0;
    fill(data, sizeof data);
    for (size_t k = 0; k < 2 * sizeof side_lens / sizeof side_lens[0]; k++) {
        const size_t sl = side_lens[k / 2];
        aimer_xof x;
        im->xof_init(&x, sec);
        im->xof_absorb(&x, data, 5);
        /* each length twice, the second time behind a sponge with nothing
         * to absorb, which the chain must pass over (verification chains
         * h1 and h2) */
        aimer_xof idle;
        im->xof_init(&idle, sec);
        aimer_side side = {&x, data + 5, sl, NULL}, empty = {&idle, data, 0, &side};
        for (unsigned l = 0; l < count; l++) memset(out[l], 0, outlen);
        if (im->shake_xn_side(sec, out, outlen, ins, len, count, k % 2 ? &empty : &side)) bad++;
        bad += empty.len != 0 || empty.in != data || idle.pos != 0;
        im->xof_release(&idle);
        for (unsigned l = 0; l < count; l++) bad += memcmp(out[l], want[l], outlen) != 0;
        bad += sl == 1000 && side.len == sl; /* 1000 bytes fill a block in any permutation */
        bad += side.in != data + 5 + (sl - side.len);
        im->xof_absorb(&x, side.in, side.len);
        bad += im->xof_final(&x, side_got, sizeof side_got) != 0;
        EVP_MD_CTX *c = EVP_MD_CTX_new();
        if (!c || !EVP_DigestInit_ex(c, md, NULL) || !EVP_DigestUpdate(c, data, 5 + sl) ||
            !EVP_DigestFinalXOF(c, side_want, sizeof side_want))
            bad++;
        EVP_MD_CTX_free(c);
        bad += memcmp(side_got, side_want, sizeof side_want) != 0;
    }
    return bad;
}

/* SHAKE through x1 and xn (every count up to ways) against OpenSSL, every input length around the
 * rates (168 and 136 bytes) and outputs across a block boundary. */
static void test_shake(const lwcx_impl *impl)
{
    const aimer_impl *im = (const aimer_impl *)impl;
    CHECK(im->ways >= 1 && im->ways <= AIMER_MAX_WAYS, "%s: ways %u out of 1..%d", lwcx_impl_name(impl), im->ways, AIMER_MAX_WAYS);
    uint8_t in[AIMER_MAX_WAYS][400], want[AIMER_MAX_WAYS][400], got[AIMER_MAX_WAYS][400];
    for (unsigned sec = 128; sec <= 256; sec += 128) {
        const size_t rate = sec == 128 ? 168 : 136;
        const EVP_MD *md = sec == 128 ? EVP_shake128() : EVP_shake256();
        unsigned bad = 0;
        for (size_t len = 0; len <= 2 * rate + 2; len++) {
            if (len > 3 && len < rate - 3 && len % 17) continue;
            if (len > rate + 3 && len < 2 * rate - 3) continue;
            const size_t outlen = 1 + (len * 7) % (2 * rate + 5);
            for (int l = 0; l < AIMER_MAX_WAYS; l++) {
                fill(in[l], len);
                EVP_MD_CTX *c = EVP_MD_CTX_new();
                if (!c || !EVP_DigestInit_ex(c, md, NULL) || !EVP_DigestUpdate(c, in[l], len) ||
                    !EVP_DigestFinalXOF(c, want[l], outlen))
                    bad++;
                EVP_MD_CTX_free(c);
            }
            for (unsigned count = 1; count <= im->ways; count++) {
                uint8_t *out[AIMER_MAX_WAYS];
                const uint8_t *ins[AIMER_MAX_WAYS];
                for (unsigned l = 0; l < AIMER_MAX_WAYS; l++) out[l] = got[l], ins[l] = in[l];
                memset(got, 0, sizeof got);
                if (im->shake_xn(sec, out, outlen, ins, len, count)) bad++;
                for (unsigned l = 0; l < count; l++) bad += memcmp(got[l], want[l], outlen) != 0;
                if (im->shake_xn_side) bad += test_shake_side(im, sec, out, outlen, ins, len, count, want);
            }
            /* x1 in pieces, and a copy taken halfway */
            aimer_xof x, y;
            im->xof_init(&x, sec);
            im->xof_absorb(&x, in[0], len / 3);
            im->xof_copy(&y, &x);
            im->xof_absorb(&x, in[0] + len / 3, len - len / 3);
            im->xof_absorb(&y, in[0] + len / 3, len - len / 3);
            bad += im->xof_final(&x, got[0], outlen) != 0 || memcmp(got[0], want[0], outlen) != 0;
            bad += im->xof_final(&y, got[1], outlen) != 0 || memcmp(got[1], want[0], outlen) != 0;
        }
        CHECK(bad == 0, "%s SHAKE%u: %u mismatches with OpenSSL", lwcx_impl_name(impl), sec, bad);
    }
}

/* Our own Keccak (src/aimer/keccak.c), which implementations put in their
 * descriptors: its SHAKE x1, and the interleaved-lanes sponge of the
 * multi-way implementations around a permutation made of x1 calls. */
static void permute_lanes8(uint64_t *st)
{
    for (unsigned w = 0; w < 8; w++) {
        uint64_t s[25];
        for (int i = 0; i < 25; i++) s[i] = st[i * 8 + w];
        lwcx_keccak_f1600(s);
        for (int i = 0; i < 25; i++) st[i * 8 + w] = s[i];
    }
}

static int shake_lanes8(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                        const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count)
{
    uint64_t st[25 * 8];
    lwcx_keccak_shake_lanes(sec, out, outlen, in, inlen, count, 8, st, permute_lanes8);
    return 0;
}

static void permute_lanes8_side(uint64_t *st, uint64_t *s1)
{
    permute_lanes8(st);
    lwcx_keccak_f1600(s1);
}

static int shake_lanes8_side(unsigned sec, uint8_t *const out[AIMER_MAX_WAYS], size_t outlen,
                             const uint8_t *const in[AIMER_MAX_WAYS], size_t inlen, unsigned count,
                             aimer_side *side)
{
    uint64_t st[25 * 8];
    lwcx_keccak_shake_lanes_side(sec, out, outlen, in, inlen, count, 8, st, permute_lanes8, side,
                                 permute_lanes8_side);
    return 0;
}

static void test_keccak(void)
{
    aimer_impl k = {
        .desc = {.name = "keccak.c"},
        .xof_init = lwcx_keccak_xof_init,
        .xof_absorb = lwcx_keccak_xof_absorb,
        .xof_final = lwcx_keccak_xof_final,
        .xof_copy = lwcx_keccak_xof_copy,
        .xof_release = lwcx_keccak_xof_release,
        .ways = 1,
        .shake_xn = lwcx_keccak_shake_x1,
    };
    test_shake(&k.desc);
    k.desc.name = "keccak.c lanes";
    k.ways = 8;
    k.shake_xn = shake_lanes8;
    k.shake_xn_side = shake_lanes8_side;
    test_shake(&k.desc);
}

/* The field kernels: a * (b + c) = a b + a c, squaring = multiplying by
 * itself, sqr_n = n squarings, the input S-box inverts the Mersenne map. */
static void test_field(const lwcx_impl *impl)
{
    const aimer_impl *im = (const aimer_impl *)impl;
    for (int s = 0; s < NSETS; s += 2) {
        const aimer_params *p = lwcx_aimer_params_get((lwcx_aimer_set)s);
        const aimer_field_ops *f = &im->field[p->field];
        unsigned bad = 0;
        for (int it = 0; it < 50; it++) {
            aimer_gf a = {0}, b = {0}, c = {0}, x, y, z, w;
            for (unsigned i = 0; i < p->words; i++) a[i] = rnd(), b[i] = rnd(), c[i] = rnd();
            aimer_gf_add(x, b, c);
            f->mul(y, a, x);
            f->mul(z, a, b);
            f->mul(w, a, c);
            aimer_gf_add(z, z, w);
            bad += memcmp(y, z, sizeof y) != 0;
            f->sqr(y, a);
            f->mul(z, a, a);
            bad += memcmp(y, z, sizeof y) != 0;
            f->sqr_n(y, a, 5);
            for (int i = 0; i < 5; i++) f->sqr(a, a);
            bad += memcmp(y, a, sizeof y) != 0;
            for (unsigned i = 0; i < p->L; i++) {
                f->exp_invmer(y, b, p->e[i]);
                f->exp_mer(z, y, p->e[i]);
                bad += memcmp(z, b, sizeof z) != 0;
            }
            bad += y[3] != 0 && p->words < 4;
        }
        CHECK(bad == 0, "%s GF(2^%u): %u failed identities", lwcx_impl_name(impl), p->n, bad);
    }
}

/* Every kernel of impl against ref's on random inputs: the field ops of
 * each n (sqr_n at the small k and the sets' e_i, the check maps, the dot
 * kernels, the S-box exponentiations), and the affine layer of each set from a random IV. */
static void test_vs_ref(const lwcx_impl *impl)
{
    const aimer_impl *im = (const aimer_impl *)impl, *ref = (const aimer_impl *)lwcx_impl_find("aimer", "ref");
    if (!ref || im == ref) return;
    for (int s = 0; s < NSETS; s++) {
        const aimer_params *p = lwcx_aimer_params_get((lwcx_aimer_set)s);
        const aimer_field_ops *f = &im->field[p->field], *g = &ref->field[p->field];
        unsigned bad = 0;
        if (s % 2 == 0)
            for (int it = 0; it < 200; it++) {
                aimer_gf a = {0}, b = {0}, x, y;
                for (unsigned i = 0; i < p->words; i++) a[i] = rnd(), b[i] = rnd();
                if ((unsigned)it < p->n) memset(a, 0, sizeof a), a[it / 64] = (uint64_t)1 << (it % 64); /* every basis element */
                f->mul(x, a, b), g->mul(y, a, b), bad += memcmp(x, y, sizeof x) != 0;
                f->sqr(x, a), g->sqr(y, a), bad += memcmp(x, y, sizeof x) != 0;
                const unsigned ks[] = {1, 2, 3, 7, 9, p->e[0], p->e[1], p->e[2], p->e_star};
                for (unsigned k = 0; k < sizeof ks / sizeof ks[0]; k++) {
                    if (!ks[k]) continue;
                    f->sqr_n(x, a, ks[k]), g->sqr_n(y, a, ks[k]), bad += memcmp(x, y, sizeof x) != 0;
                }
                /* the check maps: the S-boxes' (e_i, c_i), which fast
                 * kernels keep as matrices, and e* with a random constant
                 * (their fallback); in place too */
                if (f->check_map)
                    for (unsigned i = 0; i <= p->L; i++) {
                        const uint64_t *m = i < p->L ? p->c[i] : b;
                        const unsigned k = i < p->L ? p->e[i] : p->e_star;
                        aimer_gf u;
                        g->sqr_n(y, a, k), g->mul(u, a, m), aimer_gf_add(y, y, u);
                        f->check_map(x, a, k, m), bad += memcmp(x, y, sizeof x) != 0;
                        memcpy(x, a, sizeof x), f->check_map(x, x, k, m), bad += memcmp(x, y, sizeof x) != 0;
                    }
                /* the dot kernel, k = 1 .. L + 1 products onto a */
                if (f->dot) {
                    aimer_gf va[AIMER_MAX_L + 1], vb[AIMER_MAX_L + 1];
                    for (unsigned i = 0; i <= p->L; i++)
                        for (unsigned w = 0; w < p->words; w++) va[i][w] = rnd(), vb[i][w] = rnd();
                    for (unsigned i = p->words; i < AIMER_MAX_WORDS; i++)
                        for (unsigned k = 0; k <= p->L; k++) va[k][i] = vb[k][i] = 0;
                    for (unsigned k = 1; k <= p->L + 1; k++) {
                        memcpy(x, a, sizeof x), memcpy(y, a, sizeof y);
                        f->dot(x, va, vb, k);
                        for (unsigned i = 0; i < k; i++) {
                            aimer_gf u;
                            g->mul(u, va[i], vb[i]), aimer_gf_add(y, y, u);
                        }
                        bad += memcmp(x, y, sizeof x) != 0;
                    }
                }
                /* the parties' dots: count 0 .. 9 parties (every remainder
                 * of a four-party vector, and none), the views strided, the
                 * outputs strided too, their unused words zero after */
                if (f->dot_parties && it < 10) {
                    enum { VS = AIMER_MAX_L + 3 }; /* a party's elements, as a view holds them */
                    aimer_gf views[9 * VS], cx[9 * 2], cy[9 * 2], eb[AIMER_MAX_L + 1];
                    const unsigned count = (unsigned)it, k = p->L + 1;
                    for (unsigned i = 0; i < 9 * VS; i++)
                        for (unsigned w = 0; w < AIMER_MAX_WORDS; w++) views[i][w] = w < p->words ? rnd() : 0;
                    for (unsigned i = 0; i < k; i++)
                        for (unsigned w = 0; w < AIMER_MAX_WORDS; w++) eb[i][w] = w < p->words ? rnd() : 0;
                    for (unsigned j = 0; j < 9 * 2; j++)
                        for (unsigned w = 0; w < AIMER_MAX_WORDS; w++) cx[j][w] = cy[j][w] = w < p->words ? rnd() : 0;
                    f->dot_parties(cx, 2, views + 1, VS, eb, k, count);
                    for (unsigned j = 0; j < count; j++)
                        for (unsigned i = 0; i < k; i++) {
                            aimer_gf u;
                            g->mul(u, views[j * VS + 1 + i], eb[i]), aimer_gf_add(cy[2 * j], cy[2 * j], u);
                        }
                    bad += memcmp(cx, cy, sizeof cx) != 0; /* the parties past count and the odd slots untouched */
                }
                if (it % 20 == 0) {
                    for (unsigned i = 0; i < p->L; i++) {
                        f->exp_invmer(x, b, p->e[i]), g->exp_invmer(y, b, p->e[i]);
                        bad += memcmp(x, y, sizeof x) != 0;
                    }
                    f->exp_mer(x, b, p->e_star), g->exp_mer(y, b, p->e_star), bad += memcmp(x, y, sizeof x) != 0;
                }
            }
        uint8_t iv[AIMER_MAX_LAMBDA];
        fill(iv, sizeof iv);
        void *fa = malloc(im->affine_bytes(p)), *ga = malloc(ref->affine_bytes(p));
        aimer_gf fb, gb;
        CHECK(fa && ga && !im->affine_init(im, p, fa, fb, iv) && !ref->affine_init(ref, p, ga, gb, iv),
              "%s %s: affine init", lwcx_impl_name(impl), p->name);
        if (fa && ga) {
            bad += memcmp(fb, gb, sizeof fb) != 0;
            for (int it = 0; it < 100; it++) {
                aimer_gf x = {0}, y = {0}, z;
                for (unsigned i = 0; i < p->words; i++) x[i] = rnd(), y[i] = rnd();
                if (it < 8) memset(x, 0, sizeof x), x[0] = (uint64_t)1 << it;
                memcpy(z, y, sizeof z);
                const unsigned i = (unsigned)it % p->L;
                im->affine_apply(p, fa, i, y, x);
                ref->affine_apply(p, ga, i, z, x);
                bad += memcmp(y, z, sizeof y) != 0;
            }
        }
        free(fa);
        free(ga);
        CHECK(bad == 0, "%s %s: %u kernel results differ from ref", lwcx_impl_name(impl), p->name, bad);
    }
}

/* mpc_parties against ref's one party at a time, on random shares: every
 * set, counts around the implementations' groups (8, 16), with and
 * without the public constants in the last party, a stride that is not
 * the elements' count. */
static void test_parties(const lwcx_impl *impl)
{
    const aimer_impl *im = (const aimer_impl *)impl, *ref = (const aimer_impl *)lwcx_impl_find("aimer", "ref");
    if (!ref || im == ref) return;
    static const unsigned counts[] = {1, 7, 8, 9, 15, 16, 17, 33};
    for (int s = 0; s < NSETS; s++) {
        const aimer_params *p = lwcx_aimer_params_get((lwcx_aimer_set)s);
        uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES];
        lwcx_aimer_key *k = NULL, *kr = NULL;
        CHECK(lwcx_aimer_keygen((lwcx_aimer_set)s, pk, sk) == LWCX_OK &&
                  lwcx_aimer_key_new_with(impl, &k, (lwcx_aimer_set)s, pk, NULL) == LWCX_OK &&
                  lwcx_aimer_key_new_with((const lwcx_impl *)ref, &kr, (lwcx_aimer_set)s, pk, NULL) == LWCX_OK,
              "%s %s: keys", lwcx_impl_name(impl), p->name);
        if (!k || !kr) continue;
        const size_t stride = 2 * (p->L + 1) + 1; /* x[0..L], z[0..L], a spare */
        enum { MAXC = 33 };
        static aimer_gf got[MAXC * (2 * AIMER_MAX_L + 3)], want[MAXC * (2 * AIMER_MAX_L + 3)];
        unsigned bad = 0;
        for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; c++)
            for (int with_b = 0; with_b < 2; with_b++) {
                const unsigned count = counts[c];
                memset(got, 0, sizeof got);
                for (unsigned j = 0; j < count; j++)
                    for (unsigned i = 0; i < p->L; i++)
                        for (unsigned w = 0; w < p->words; w++) got[j * stride + i][w] = rnd();
                memcpy(want, got, sizeof got);
                lwcx_aimer_mpc_parties(im, p, k, got, got + p->L + 1, stride, count, with_b);
                for (unsigned j = 0; j < count; j++)
                    lwcx_aimer_mpc_party(ref, p, kr, want + j * stride, want + j * stride + p->L + 1,
                                         with_b && j == count - 1);
                bad += memcmp(got, want, sizeof got) != 0;
            }
        CHECK(bad == 0, "%s %s: %u party simulations differ from ref", lwcx_impl_name(impl), p->name, bad);
        lwcx_aimer_key_free(k);
        lwcx_aimer_key_free(kr);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2 || load_digests(argv[1])) {
        fprintf(stderr, "usage: test_aimer DIGESTS_FILE [kat|reject|all]\n");
        return 2;
    }
    const char *what = argc > 2 ? argv[2] : "all";
    const int kat = strcmp(what, "reject") != 0, reject = strcmp(what, "kat") != 0;
    const unsigned records = env_unsigned("AIMER_KAT_RECORDS", 100);
    const unsigned sample = env_unsigned("AIMER_FLIPS", 2000);
    const unsigned all_flips = env_unsigned("AIMER_FLIPS_ALL", 1);
    const unsigned others = env_unsigned("AIMER_FLIPS_OTHERS", 200);
    const lwcx_impl *fastest = lwcx_impl_auto("aimer");
    CHECK(fastest != NULL, "no automatic choice");
    if (reject) test_errors();
    if (kat) test_keccak();
    const lwcx_impl *impls[16];
    const size_t nimpl = tu_impls("aimer", impls);
    CHECK(nimpl > 0, "no aimer implementation available");
    for (size_t k = 0; k < nimpl; k++) {
        const lwcx_impl *impl = impls[k];
        tu_ran(impl);
        if (kat) {
            test_shake(impl);
            test_field(impl);
            test_vs_ref(impl);
            test_parties(impl);
            test_kats(impl, records);
        }
        /* every 128f flip and the full sample on the automatic choice
         * (AIMER_FLIPS_ALL=0 leaves the 128f flips to the sample: the
         * sanitizer and qemu stages), 200 flips (AIMER_FLIPS_OTHERS, at most
         * the sample) on the others: the protocol code is shared, only the
         * kernels differ */
        if (reject) test_small_stack(impl);
        if (reject) test_rejections(impl, impl == fastest && all_flips, impl == fastest || sample < others ? sample : others);
    }
    return tu_finish();
}
