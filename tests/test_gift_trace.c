/* GIFT: the reference checked step by step against the per-round traces of
 * the six official vector files (tests/kat/GIFT{64,128}_test_vector_N.txt),
 * so a mismatch is reported at the first step that differs (round, SubCells /
 * PermBits / AddRoundKeys / key update) rather than only in the ciphertext.
 * Every other implementation is held to ref by test_bc. Usage: test_gift_trace DIR */
#include <stdio.h>
#include <stdlib.h>

#include "../src/bc/bc_impl.h"
#include "testutil.h"

#define MAX_ROUNDS 40

static const char *const step_names[4] = {"after SubCells", "after PermBits", "after AddRoundKeys",
                                          "updated Key"};

/* "label: xx xx ..." -> n bytes; 0 on success */
static int parse_bytes(const char *s, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        int used;
        if (sscanf(s, " %2x%n", &v, &used) != 1) return -1;
        out[i] = (uint8_t)v;
        s += used;
    }
    return 0;
}

static void check_file(const char *dir, unsigned bits, int n)
{
    char path[1024], line[512];
    snprintf(path, sizeof path, "%s/GIFT%u_test_vector_%d.txt", dir, bits, n);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return;
    const size_t bs = bits / 8, rounds = bits == 64 ? 28 : 40;
    uint8_t pt[16], key[16], want[4 * MAX_ROUNDS][16], got[4 * MAX_ROUNDS][16];
    int have_pt = 0, have_key = 0;
    unsigned seen = 0; /* trace lines read */
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "decryption", 10) == 0) break; /* the encryption trace is enough */
        if (strncmp(line, "Plaintext = ", 12) == 0) have_pt = parse_bytes(line + 12, pt, bs) == 0;
        if (strncmp(line, "masterkey = ", 12) == 0) have_key = parse_bytes(line + 12, key, 16) == 0;
        unsigned r;
        int used = 0;
        if (sscanf(line, " %u: %n", &r, &used) != 1 || used == 0 || r >= rounds) continue;
        for (int k = 0; k < 4; k++) {
            size_t len = strlen(step_names[k]);
            if (strncmp(line + used, step_names[k], len) == 0 && line[used + len] == ':') {
                size_t nb = k == 3 ? 16 : bs;
                CHECK(parse_bytes(line + used + len + 1, want[4 * r + k], nb) == 0, "%s: bad line %s", path, line);
                seen++;
            }
        }
    }
    fclose(f);
    CHECK(have_pt && have_key && seen == 4 * rounds, "%s: %u trace lines, plaintext %d, key %d", path,
          seen, have_pt, have_key);
    if (seen != 4 * rounds) return;
    bc_gift_ref_trace(bits, key, pt, got);
    tu_ran_name(bits == 64 ? "gift64" : "gift128", "ref");
    for (size_t i = 0; i < 4 * rounds; i++) {
        size_t nb = i % 4 == 3 ? 16 : bs;
        if (memcmp(got[i], want[i], nb) != 0) {
            CHECK(0, "%s: first difference in round %zu, %s", path, i / 4, step_names[i % 4]);
            return;
        }
        tu_passed++;
    }
    printf("%s: %zu rounds match step by step\n", path, rounds);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_gift_trace DIR\n");
        return 2;
    }
    for (int n = 1; n <= 3; n++) {
        check_file(argv[1], 64, n);
        check_file(argv[1], 128, n);
    }
    return tu_finish();
}
