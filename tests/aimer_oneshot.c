/* The library's one-shot AIMer calls on key files of the command-line tool,
 * so that cli_aimer.sh can hold the streamed CLI against them:
 *   aimer_oneshot sign KEY.sk MSG SIG     lwcx_aimer_sign on the whole message
 *   aimer_oneshot verify KEY.pk MSG SIG   lwcx_aimer_verify: exit 0 valid, 1 not
 * The key file is read as docs/key-format.md says (its check line is the
 * CLI's business and not looked at here). Exit 2 on any other problem. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwcx.h"

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, got;
    uint8_t *b = malloc(cap);
    while (b && (got = fread(b + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap) b = realloc(b, cap *= 2); /* a test: a failed realloc just ends it */
    fclose(f);
    *len = n;
    return b;
}

int main(int argc, char **argv)
{
    if (argc != 5) return 2;
    size_t klen, mlen, slen = 0;
    char alg[32], kind[16], hex[256];
    uint8_t key[128], *msg = slurp(argv[3], &mlen);
    int rc = 2, set = 0;
    FILE *kf = fopen(argv[2], "r");
    const int got = kf ? fscanf(kf, "lwcx-key-v1 %31s %15s %255s", alg, kind, hex) : 0;
    if (kf) fclose(kf);
    if (!msg || got != 3) goto done;
    klen = strlen(hex) / 2;
    for (size_t i = 0; i < klen; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) goto done;
        key[i] = (uint8_t)v;
    }
    while (lwcx_aimer_name((lwcx_aimer_set)set) && strcmp(lwcx_aimer_name((lwcx_aimer_set)set), alg)) set++;
    if (!lwcx_aimer_name((lwcx_aimer_set)set)) goto done;
    const lwcx_aimer_set s = (lwcx_aimer_set)set;
    if (strcmp(argv[1], "sign") == 0) {
        uint8_t sig[LWCX_AIMER_MAX_SIG_BYTES];
        FILE *out = fopen(argv[4], "wb");
        if (out && lwcx_aimer_sign(s, sig, msg, mlen, key) == LWCX_OK &&
            fwrite(sig, 1, lwcx_aimer_sig_bytes(s), out) == lwcx_aimer_sig_bytes(s))
            rc = 0;
        if (out && fclose(out)) rc = 2;
    } else {
        uint8_t *sig = slurp(argv[4], &slen);
        const int v = sig ? lwcx_aimer_verify(s, sig, slen, msg, mlen, key) : LWCX_ERR_NULL;
        rc = v == LWCX_OK ? 0 : v == LWCX_ERR_AUTH || v == LWCX_ERR_LENGTH ? 1 : 2;
        free(sig);
    }
done:
    free(msg); /* the sanitizer stage checks for leaks */
    return rc;
}
