/* SPARKLE known answers: the permutation vectors of the specification sheet
 * (input bytes 00 01 02 ..., big step counts). */
#include <string.h>

#include "kat.h"
#include "lwcx.h"

static const struct {
    size_t bytes;
    unsigned steps;
    const char *out;
} vectors[] = {
    {32, 10, "4a1c59a296feaef7529f19ec1e66341b4ca20ec870ee034331ef695776721e34"},
    {48, 11, "c3b356d638376821dbc1036782ea95a3f0fdd10d084fa093a97dc5d94e97a6e7"
             "f34db2249f962859d242eb0751c0d2bd"},
    {64, 12, "97a3eba469bc018f68e5c04b3a55e03a8f23fb390fdb1150b395d795fa8cea17"
             "8d12c722911814bef78de3f0cc65edd454ad58f0a8738f0046f1ccbdfb8d09f1"},
};

static int permutation(FILE *log, unsigned *checks)
{
    int bad = 0;
    for (size_t v = 0; v < sizeof vectors / sizeof vectors[0]; v++, (*checks)++) {
        uint8_t state[64], want[64];
        for (size_t i = 0; i < sizeof state; i++) state[i] = (uint8_t)i;
        if (kat_hex(vectors[v].out, want, vectors[v].bytes) ||
            lwcx_sparkle_permute(state, vectors[v].bytes, vectors[v].steps) != LWCX_OK ||
            memcmp(state, want, vectors[v].bytes) != 0) {
            fprintf(log, "sparkle: SPARKLE%zu/%u gives the wrong output\n", 8 * vectors[v].bytes,
                    vectors[v].steps);
            bad++;
        }
    }
    return bad;
}

static const kat_suite suite_permutation = {"sparkle", "permutation_vectors", permutation};

const kat_suite *const kat_suites_sparkle[] = {&suite_permutation, NULL};
