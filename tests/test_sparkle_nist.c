/* SPARKLE: every record of the six NIST KAT files (Schwaemm x4, Esch x2) and
 * of the third-party XOEsch files, on every available implementation.
 * Usage: test_sparkle_nist DIR (the files extracted from sparkle_kat.tar.gz). */
#include <stdlib.h>

#include "../kat/kat.h"
#include "lwcx.h"
#include "testutil.h"

static const struct {
    const char *file, *alg;
} files[] = {
    {"schwaemm128128v2_LWC_AEAD_KAT_128_128.txt", "schwaemm128-128"},
    {"schwaemm256128v2_LWC_AEAD_KAT_128_256.txt", "schwaemm256-128"},
    {"schwaemm192192v2_LWC_AEAD_KAT_192_192.txt", "schwaemm192-192"},
    {"schwaemm256256v2_LWC_AEAD_KAT_256_256.txt", "schwaemm256-256"},
    {"esch256v2_LWC_HASH_KAT_256.txt", "esch256"},
    {"esch384v2_LWC_HASH_KAT_384.txt", "esch384"},
    {"xoesch256_rweather_lwc-finalists.txt", "xoesch256"},
    {"xoesch384_rweather_lwc-finalists.txt", "xoesch384"},
};

static char *slurp(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) buf[n] = 0;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s KAT_DIR\n", argv[0]);
        return 2;
    }
    const lwcx_impl *impls[16];
    const size_t nimpl = tu_impls("sparkle", impls);
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char *text = slurp(argv[1], files[f].file);
        CHECK(text != NULL, "cannot read %s/%s", argv[1], files[f].file);
        if (!text) continue;
        for (size_t i = 0; i < nimpl; i++) {
            unsigned checks = 0;
            const char *name = lwcx_impl_name(impls[i]);
            int bad = kat_sparkle_records(impls[i], text, files[f].alg, stderr, &checks);
            /* the AEAD files have 1089 records, the hash files 1024 */
            CHECK(bad == 0 && checks >= 1024, "%s on %s: %d of %u records fail", files[f].file, name, bad,
                  checks);
            printf("%-45s %-6s %u records, %d failed\n", files[f].file, name, checks, bad);
            tu_ran(impls[i]);
        }
        free(text);
    }
    return tu_finish();
}
