/* Esch and XOEsch: hashing a fuzzer message in fuzzer-chosen pieces (init,
 * update..., final, or squeeze... in pieces for XOEsch) gives the one-shot
 * lwcx_esch_hash result, with every available implementation, and so do the
 * one-shot and batch forms of each implementation.
 * Input: variant byte, piece sizes (fuzz_take_pieces), output length byte
 * (XOEsch: 0..1020 bytes, in steps of 4; Esch ignores it), the message (the rest). */
#include "fuzz.h"

#define MAX_OUT 1020

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = {data, size};
    const lwcx_esch_variant v = (lwcx_esch_variant)(fuzz_byte(&in) % 4);
    fuzz_pieces ps = fuzz_take_pieces(&in);
    const int xof = v == LWCX_XOESCH256 || v == LWCX_XOESCH384;
    const unsigned outb = fuzz_byte(&in);
    const size_t outlen = xof ? 4 * outb : lwcx_esch_digest_bytes(v);
    size_t len;
    const uint8_t *msgp = fuzz_take(&in, in.n, &len);
    uint8_t *msg = fuzz_dup(msgp, len);
    uint8_t want[MAX_OUT], got[MAX_OUT], many[3][MAX_OUT];
    CHECK(lwcx_esch_hash(v, want, outlen, msg, len) == LWCX_OK);

    for (size_t i = 0; lwcx_impl_at("sparkle", i); i++) {
        const lwcx_impl *impl = lwcx_impl_at("sparkle", i);
        if (!lwcx_impl_available(impl, NULL)) continue;
        memset(got, 0, sizeof got);
        CHECK(lwcx_esch_hash_with(impl, v, got, outlen, msg, len) == LWCX_OK);
        CHECK(memcmp(got, want, outlen) == 0);

        uint8_t *outs[3] = {many[0], many[1], many[2]};
        const uint8_t *msgs[3] = {msg, msg, msg};
        CHECK(lwcx_esch_hash_many_with(impl, v, outs, outlen, msgs, len, 3) == LWCX_OK);
        for (int j = 0; j < 3; j++) CHECK(memcmp(many[j], want, outlen) == 0);

        lwcx_esch_ctx ctx;
        memset(got, 0, sizeof got);
        CHECK(lwcx_esch_init_with(impl, &ctx, v) == LWCX_OK);
        for (size_t o = 0; o < len;) {
            const size_t n = fuzz_piece(&ps, len - o);
            CHECK(lwcx_esch_update(&ctx, msg + o, n) == LWCX_OK);
            o += n;
        }
        if (!xof) {
            CHECK(lwcx_esch_final(&ctx, got) == LWCX_OK);
        } else {
            for (size_t o = 0; o < outlen || o == 0;) { /* a zero-length squeeze too */
                const size_t n = fuzz_piece(&ps, outlen - o);
                CHECK(lwcx_esch_squeeze(&ctx, got + o, n) == LWCX_OK);
                o += n;
                if (o == outlen) break;
            }
        }
        CHECK(memcmp(got, want, outlen) == 0);
    }
    free(msg);
    return 0;
}
