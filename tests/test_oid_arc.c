/* The build option LWCX_AIMER_OID_ARC: the key codec compiled here with
 * another arc (as -DLWCX_AIMER_OID_ARC=1.2.3.4.99999 would build it) writes
 * that arc's identifiers, reads its own keys back, and takes a key of the
 * library's arc (the build's) for another algorithm's, and the other way
 * round. */
#include <string.h>

#define LWCX_AIMER_OID_ARC "1.2.3.4.99999"
#define lwcx_aimer_key_encode other_arc_encode
#define lwcx_aimer_key_decode other_arc_decode
#include "../src/core/keycodec.c"
#undef lwcx_aimer_key_encode
#undef lwcx_aimer_key_decode
/* the library's own, on the build's arc (lwcx.h declared them renamed above) */
int lwcx_aimer_key_encode(lwcx_aimer_set set, const uint8_t *key, size_t keylen, lwcx_key_encoding enc, uint8_t *out,
                          size_t cap, size_t *outlen);
int lwcx_aimer_key_decode(const uint8_t *in, size_t len, lwcx_aimer_set *set, uint8_t *key, size_t cap,
                          size_t *keylen);

#include "testutil.h"

int main(void)
{
    /* 1.2.3.4.99999.N: 1.2 is 42, 99999 is 0x1869f in base 128 */
    static const uint8_t arc[] = {0x06, 0x07, 0x2a, 0x03, 0x04, 0x86, 0x8d, 0x1f};
    for (int s = 0; lwcx_aimer_name((lwcx_aimer_set)s); s++) {
        const lwcx_aimer_set set = (lwcx_aimer_set)s;
        uint8_t pk[128], sk[256], der[512], mine[512], back[256];
        size_t n = 0, m = 0, len = 0;
        lwcx_aimer_set got;
        CHECK_OK(lwcx_aimer_keygen(set, pk, sk));
        for (int priv = 0; priv < 2; priv++) {
            const uint8_t *key = priv ? sk : pk;
            const size_t keylen = priv ? lwcx_aimer_sk_bytes(set) : lwcx_aimer_pk_bytes(set);
            CHECK_OK(other_arc_encode(set, key, keylen, LWCX_KEY_DER, der, sizeof der, &n));
            const uint8_t *at = NULL;
            for (size_t i = 0; i + sizeof arc < n && !at; i++)
                if (!memcmp(der + i, arc, sizeof arc)) at = der + i;
            CHECK(at && at[sizeof arc] == (uint8_t)(s + 1), "%s: the other arc's identifier", lwcx_aimer_name(set));
            CHECK(other_arc_decode(der, n, &got, back, sizeof back, &len) == LWCX_OK && got == set && len == keylen &&
                      !memcmp(back, key, keylen),
                  "%s: a round trip on the other arc", lwcx_aimer_name(set));
            CHECK(lwcx_aimer_key_decode(der, n, &got, back, sizeof back, &len) == LWCX_ERR_NO_IMPL,
                  "%s: the library took the other arc's key", lwcx_aimer_name(set));
            CHECK_OK(lwcx_aimer_key_encode(set, key, keylen, LWCX_KEY_DER, mine, sizeof mine, &m));
            CHECK(other_arc_decode(mine, m, &got, back, sizeof back, &len) == LWCX_ERR_NO_IMPL,
                  "%s: the other arc took the library's key", lwcx_aimer_name(set));
        }
    }
    return tu_finish();
}
