/* Writes the seed corpus of the harnesses: make_seeds DIR writes
 * DIR/<harness>/<seed> (the tree's copy: tests/fuzz/corpus). Each seed is a
 * meaningful input in its harness's layout (see the harness's comment):
 * genuine ciphertexts, streams, records and the genuine AIMer signature. */
#include <errno.h>
#include <sys/stat.h>

#include "fuzz.h"

static const char *root;

/* A seed under construction. */
static uint8_t blob[80000];
static size_t blob_len;

static void put(const void *p, size_t n)
{
    CHECK(blob_len + n <= sizeof blob);
    if (n) memcpy(blob + blob_len, p, n);
    blob_len += n;
}

static void put_byte(unsigned b)
{
    const uint8_t x = (uint8_t)b;
    put(&x, 1);
}

/* Writes the blob as root/harness/name and empties it. */
static void seed(const char *harness, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, harness);
    CHECK(mkdir(path, 0777) == 0 || errno == EEXIST);
    snprintf(path, sizeof path, "%s/%s/%s", root, harness, name);
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(blob, 1, blob_len, f) == blob_len && fclose(f) == 0);
    blob_len = 0;
}

static const uint8_t text[] = "a seed message of a few words, longer than a block or two";

static void schwaemm(void)
{
    uint8_t key[32], nonce[32], tag[32], ct[sizeof text];
    fuzz_key(key, sizeof key);
    memset(nonce, 0x4e, sizeof nonce);
    for (lwcx_schwaemm_variant v = 0; v < 4; v++) {
        const size_t nb = lwcx_schwaemm_nonce_bytes(v), tb = lwcx_schwaemm_tag_bytes(v);
        for (size_t len = 0; len <= sizeof text; len += sizeof text) { /* empty, and with AD */
            const size_t adlen = len ? 3 : 0;
            CHECK(lwcx_schwaemm_encrypt(v, ct, tag, text, len, text, adlen, nonce, key) == LWCX_OK);
            put_byte(v), put(nonce, nb), put_byte((unsigned)adlen), put(text, adlen);
            put(tag, tb), put(ct, len);
            char name[64];
            snprintf(name, sizeof name, "genuine-%s%s", lwcx_schwaemm_name(v), len ? "" : "-empty");
            seed("fuzz_schwaemm", name);
        }
    }
}

static void kcc24p6(void)
{
    static const size_t lens[] = {0, 19, 255};
    uint8_t key[8], tag[8], msg[255], ct[255];
    fuzz_key(key, sizeof key);
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 13);
    for (size_t i = 0; i < 3; i++) {
        CHECK(lwcx_kcc24p6_encrypt(ct, tag, msg, lens[i], key) == LWCX_OK);
        const size_t p = lwcx_kcc24p6_processed_len(lens[i]);
        put(tag, 8), put(ct, p), put(msg + p, lens[i] - p);
        char name[32];
        snprintf(name, sizeof name, "genuine-%zu", lens[i]);
        seed("fuzz_kcc24p6", name);
    }
}

/* A whole stream of len bytes of text (repeated), as encrypt writes it. */
static void stream(lwcx_schwaemm_variant v, size_t len, const char *name)
{
    uint8_t key[32], nonce[32];
    static uint8_t msg[LWCX_STREAM_CHUNK_BYTES + 100], out[sizeof blob];
    fuzz_key(key, sizeof key);
    memset(nonce, 0x4e, sizeof nonce);
    for (size_t i = 0; i < len; i++) msg[i] = text[i % (sizeof text - 1)];
    lwcx_stream *s;
    size_t n1, n2;
    CHECK(lwcx_stream_encrypt_new(&s, v, key, nonce) == LWCX_OK);
    CHECK(lwcx_stream_update(s, out, sizeof out, &n1, msg, len) == LWCX_OK);
    CHECK(lwcx_stream_final(s, out + n1, sizeof out - n1, &n2) == LWCX_OK);
    lwcx_stream_free(s);
    put_byte(v), put_byte(1), put_byte(100), put_byte(0xa0); /* pieces of 100 and 16 KiB */
    put_byte(0), put(out, n1 + n2);
    seed("fuzz_stream", name);
}

static void esch(void)
{
    for (lwcx_esch_variant v = 0; v < 4; v++) {
        put_byte(v), put_byte(1), put_byte(5), put_byte(17); /* pieces of 5 and 17 */
        put_byte(25), put(text, sizeof text - 1);            /* XOEsch: 100 bytes */
        seed("fuzz_esch", lwcx_esch_name(v));
    }
}

static void bc(void)
{
    uint8_t key[32], iv[16];
    for (lwcx_blockcipher c = 0; c < 6; c++) {
        fuzz_key(key, sizeof key);
        memset(iv, 0xff, sizeof iv); /* the counter wraps at once */
        put_byte(c), put(key, sizeof key), put(iv, sizeof iv), put(text, sizeof text - 1);
        seed("fuzz_bc", lwcx_bc_name(c));
    }
}

/* A record as the library saves it: cipher c, a key planted at index 5000
 * of [0, 8192) (2 pairs), some ranges searched out of order, with part: as
 * part 1 of 2 of [0, 16384) (record version 2); after the harness's mode
 * byte (odd: it mends the checksum of mutated records). */
static void record(lwcx_blockcipher c, int complete, int part, unsigned mode, const char *name)
{
    const size_t bs = lwcx_bc_block_bytes(c), kb = lwcx_bc_key_bytes(c);
    uint8_t key[32], base[32], pt[32], ct[32];
    fuzz_key(key, kb);
    memcpy(base, key, kb);
    base[kb - 2] ^= 5000 >> 8, base[kb - 1] ^= 5000 & 0xff;
    for (size_t i = 0; i < 2 * bs; i++) pt[i] = (uint8_t)i;
    CHECK(lwcx_bc_ecb_encrypt(c, key, ct, pt, 2 * bs) == LWCX_OK);
    lwcx_keysearch *ks;
    CHECK(lwcx_keysearch_new(&ks, c, pt, ct, 2, base, NULL, 0, 8192) == LWCX_OK);
    if (part) CHECK(lwcx_keysearch_set_part(ks, 0, 16384, 1, 2) == LWCX_OK);
    CHECK(lwcx_keysearch_search(ks, 4096, 2048) == LWCX_OK);
    CHECK(lwcx_keysearch_search(ks, 0, 1024) == LWCX_OK);
    CHECK(lwcx_keysearch_done(ks, 7000, 100) == LWCX_OK);
    if (complete) CHECK(lwcx_keysearch_run(ks, 1, NULL, NULL) == LWCX_OK);
    CHECK(lwcx_keysearch_found_count(ks) == 1);
    size_t len;
    put_byte(mode);
    CHECK(lwcx_keysearch_save(ks, blob + 1, sizeof blob - 1, &len) == LWCX_OK);
    blob_len += len;
    lwcx_keysearch_free(ks);
    seed("fuzz_keysearch_record", name);
}

static void aimer(void)
{
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sig[LWCX_AIMER_MAX_SIG_BYTES];
    const size_t sigbytes = lwcx_aimer_sig_bytes(FUZZ_AIMER_SET);
    fuzz_aimer_genuine(pk, sig);
    put_byte((unsigned)strlen(FUZZ_AIMER_MSG)), put(FUZZ_AIMER_MSG, strlen(FUZZ_AIMER_MSG));
    put(sig, sigbytes);
    seed("fuzz_aimer_verify", "genuine");
    put_byte(0), put(sig, sigbytes); /* the same signature of the empty message */
    seed("fuzz_aimer_verify", "other-message");
    put(FUZZ_AIMER_MSG, strlen(FUZZ_AIMER_MSG)), put(sig, sigbytes); /* signed message */
    seed("fuzz_aimer_verify", "attached");
}

/* An AIMer key pair in each structure and encoding. */
static void keycodec(void)
{
    uint8_t pk[LWCX_AIMER_MAX_PK_BYTES], sk[LWCX_AIMER_MAX_SK_BYTES], out[1024];
    CHECK(lwcx_aimer_keygen(LWCX_AIMER192S, pk, sk) == LWCX_OK);
    static const char *const names[2][2] = {{"public-der", "public-pem"}, {"private-der", "private-pem"}};
    for (int priv = 0; priv < 2; priv++)
        for (int e = 0; e < 2; e++) {
            size_t n;
            CHECK(lwcx_aimer_key_encode(LWCX_AIMER192S, priv ? sk : pk, priv ? 72 : 48, (lwcx_key_encoding)e, out,
                                        sizeof out, &n) == LWCX_OK);
            put(out, n);
            seed("fuzz_keycodec", names[priv][e]);
        }
    lwcx_wipe(sk, sizeof sk);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR (the corpus root, e.g. tests/fuzz/corpus)\n", argv[0]);
        return 2;
    }
    root = argv[1];
    CHECK(mkdir(root, 0777) == 0 || errno == EEXIST);
    schwaemm();
    kcc24p6();
    for (lwcx_schwaemm_variant v = 0; v < 4; v++) stream(v, 40, lwcx_schwaemm_name(v));
    stream(LWCX_SCHWAEMM128_128, 0, "empty");
    stream(LWCX_SCHWAEMM128_128, LWCX_STREAM_CHUNK_BYTES + 40, "two-chunks");
    esch();
    bc();
    record(LWCX_PRESENT80, 0, 0, 1, "present80-partial");
    record(LWCX_PRESENT80, 0, 1, 1, "present80-part");
    record(LWCX_GIFT128, 1, 0, 1, "gift128-complete");
    record(LWCX_PIPO256, 0, 0, 0, "pipo256-partial-checked");
    aimer();
    keycodec();
    return 0;
}
