/* kcc23-p4 known answers: the 512 official harness triples and the
 * specification's zero vector and first round keys. */
#include <string.h>

#include "kat.h"
#include "lwcx.h"

extern const unsigned char kat_kcc23p4_harness512[];

#define HARNESS_N 512

static void put_words(uint8_t *p, uint32_t w0, uint32_t w1)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(w0 >> 8 * i);
        p[4 + i] = (uint8_t)(w1 >> 8 * i);
    }
}

/* Reads "key0 key1 pt0 pt1 ct0 ct1" lines (hex words) into byte arrays. */
static int load_harness(uint8_t *keys, uint8_t *pt, uint8_t *ct)
{
    const char *cur = (const char *)kat_kcc23p4_harness512;
    char line[256];
    int n = 0;
    while (kat_next_line(&cur, line, sizeof line)) {
        unsigned w[6];
        if (line[0] == '#' || line[0] == 0) continue;
        if (n == HARNESS_N || sscanf(line, "%x %x %x %x %x %x", &w[0], &w[1], &w[2], &w[3], &w[4], &w[5]) != 6)
            return -1;
        put_words(keys + 8 * n, w[0], w[1]);
        put_words(pt + 8 * n, w[2], w[3]);
        put_words(ct + 8 * n, w[4], w[5]);
        n++;
    }
    return n == HARNESS_N ? 0 : -1;
}

static int harness(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    static uint8_t keys[8 * HARNESS_N], pt[8 * HARNESS_N], ct[8 * HARNESS_N], buf[8 * HARNESS_N];
    int bad = 0;
    if (load_harness(keys, pt, ct)) {
        fprintf(log, "kcc23p4: embedded harness vectors are malformed\n");
        return 1;
    }
    /* many keys, all 512 in one call (a failed call leaves zeros: every block fails) */
    if (lwcx_kcc23p4_encrypt_keys_with(impl, buf, pt, keys, HARNESS_N)) memset(buf, 0, sizeof buf);
    for (int i = 0; i < HARNESS_N; i++, (*checks)++)
        if (memcmp(buf + 8 * i, ct + 8 * i, 8)) {
            if (bad++ < 3) fprintf(log, "kcc23p4 harness: block %d encrypts wrongly\n", i);
        }
    if (lwcx_kcc23p4_decrypt_keys_with(impl, buf, ct, keys, HARNESS_N)) memset(buf, 0, sizeof buf);
    for (int i = 0; i < HARNESS_N; i++, (*checks)++)
        if (memcmp(buf + 8 * i, pt + 8 * i, 8)) {
            if (bad++ < 3) fprintf(log, "kcc23p4 harness: block %d decrypts wrongly\n", i);
        }
    /* one key: each vector through ECB, both ways */
    for (int i = 0; i < HARNESS_N; i++, (*checks)++) {
        lwcx_kcc23p4_key ks;
        uint8_t b[8], d[8];
        lwcx_kcc23p4_expand_key(&ks, keys + 8 * i);
        if (lwcx_kcc23p4_ecb_encrypt_with(impl, &ks, b, pt + 8 * i, 8) ||
            lwcx_kcc23p4_ecb_decrypt_with(impl, &ks, d, ct + 8 * i, 8) || memcmp(b, ct + 8 * i, 8) ||
            memcmp(d, pt + 8 * i, 8)) {
            if (bad++ < 3) fprintf(log, "kcc23p4 harness: block %d fails under ECB\n", i);
        }
    }
    return bad;
}

static int zero_vector(const lwcx_impl *impl, FILE *log, unsigned *checks)
{
    uint8_t zero[8] = {0}, want[8], got[8];
    int bad = 0;
    put_words(want, 0x8943319f, 0x2319a330);
    (*checks)++;
    if (lwcx_kcc23p4_encrypt_keys_with(impl, got, zero, zero, 1) || memcmp(got, want, 8)) {
        fprintf(log, "kcc23p4: zero vector (many-keys path) is wrong\n");
        bad++;
    }
    lwcx_kcc23p4_key ks;
    lwcx_kcc23p4_expand_key(&ks, zero);
    (*checks)++;
    if (lwcx_kcc23p4_ecb_encrypt_with(impl, &ks, got, zero, 8) || memcmp(got, want, 8)) {
        fprintf(log, "kcc23p4: zero vector (one-key path) is wrong\n");
        bad++;
    }
    static const uint32_t rk0[4] = {0x00000000, 0x00000001, 0x0100000b, 0x0c010050};
    (*checks)++;
    if (memcmp(ks.rk, rk0, sizeof rk0)) {
        fprintf(log, "kcc23p4: round keys of the zero key are wrong\n");
        bad++;
    }
    return bad;
}

static const kat_suite suite_harness = {"kcc23p4", "harness512", harness};
static const kat_suite suite_zero = {"kcc23p4", "zero_vector", zero_vector};

const kat_suite *const kat_suites_kcc23p4[] = {&suite_harness, &suite_zero, NULL};
