/* SPARKLE: permutation vectors on every available implementation, every
 * implementation against ref for all sizes and step counts 1..12, bad arguments. */
#include "../kat/kat.h"
#include "lwcx.h"
#include "testutil.h"

int main(void)
{
    CHECK(kat_run_all(stdout, "sparkle") == 0, "known answers (see the lines above)");
    for (size_t i = 0; i < lwcx_impl_count("sparkle"); i++) {
        lwcx_impl_info info;
        if (lwcx_impl_get("sparkle", i, &info) || !info.available) continue;
        for (size_t bytes = 32; bytes <= 64; bytes += 16)
            for (unsigned steps = 1; steps <= 12; steps++) {
                uint8_t want[64], got[64];
                tu_fill(want, bytes);
                memcpy(got, want, bytes);
                lwcx_impl_select("sparkle", "ref");
                lwcx_sparkle_permute(want, bytes, steps);
                lwcx_impl_select("sparkle", info.name);
                CHECK(lwcx_sparkle_permute(got, bytes, steps) == LWCX_OK, "%s", info.name);
                CHECK(memcmp(got, want, bytes) == 0, "%s differs from ref: %zu bytes, %u steps",
                      info.name, bytes, steps);
            }
    }
    lwcx_impl_select("sparkle", NULL);
    uint8_t s[64] = {0};
    CHECK(lwcx_sparkle_permute(NULL, 32, 10) == LWCX_ERR_NULL, "null state");
    CHECK(lwcx_sparkle_permute(s, 40, 10) == LWCX_ERR_LENGTH, "40-byte state");
    CHECK(lwcx_sparkle_permute(s, 32, 0) == LWCX_ERR_ARG, "zero steps");
    CHECK(lwcx_sparkle_permute(s, 32, 13) == LWCX_ERR_ARG, "13 steps");
    return tu_finish();
}
