/* Core: registry, selection by API and by LWCX_IMPL, CPU features, helpers.
 * With EXPECT_IMPL set (by CTest), checks that the first automatic choice for
 * kcc23p4 honours the environment. */
#include "lwcx.h"
#include "testutil.h"

int main(void)
{
    const char *expect = getenv("EXPECT_IMPL");
    const char *first = lwcx_impl_selected("kcc23p4");
    CHECK(first != NULL, "a selection exists");
    if (expect) CHECK(first && strcmp(first, expect) == 0, "LWCX_IMPL gave %s, want %s", first, expect);

    /* the automatic choice is the first available in preference order */
    lwcx_impl_info info, best = {0};
    size_t n = lwcx_impl_count("kcc23p4");
    CHECK(n >= 2, "at least ref and portable");
    for (size_t i = 0; i < n; i++) {
        CHECK(lwcx_impl_get("kcc23p4", i, &info) == LWCX_OK, "impl %zu", i);
        if (info.available && !best.name) best = info;
    }
    CHECK(lwcx_impl_get("kcc23p4", n, &info) == LWCX_ERR_NO_IMPL, "past the end");
    CHECK(lwcx_impl_get("kcc23p4", 0, NULL) == LWCX_ERR_NULL, "null info");
    /* back to automatic: the environment's choice if any, else the fastest available */
    CHECK(lwcx_impl_select("kcc23p4", NULL) == LWCX_OK, "automatic");
    const char *autoname = expect ? expect : best.name;
    CHECK(strcmp(lwcx_impl_selected("kcc23p4"), autoname) == 0, "auto picks %s", autoname);
    lwcx_impl_get("kcc23p4", n - 1, &info);
    CHECK(strcmp(info.name, "ref") == 0 && info.available && info.features == 0, "ref is last, needs nothing");

    CHECK(lwcx_impl_select("kcc23p4", "portable") == LWCX_OK, "force portable");
    CHECK(strcmp(lwcx_impl_selected("kcc23p4"), "portable") == 0, "portable selected");
    CHECK(lwcx_impl_select("kcc23p4", "nonesuch") == LWCX_ERR_NO_IMPL, "unknown impl");
    CHECK(lwcx_impl_select("nonesuch", "ref") == LWCX_ERR_NO_IMPL, "unknown primitive");
    CHECK(lwcx_impl_select(NULL, "ref") == LWCX_ERR_NULL, "null primitive");
    CHECK(lwcx_impl_selected("nonesuch") == NULL, "unknown primitive has no selection");
    /* an implementation whose features are missing cannot be forced */
    for (size_t i = 0; i < n; i++) {
        lwcx_impl_get("kcc23p4", i, &info);
        if (!info.available)
            CHECK(lwcx_impl_select("kcc23p4", info.name) == LWCX_ERR_UNSUPPORTED, "%s", info.name);
    }
    lwcx_impl_select("kcc23p4", NULL);

    CHECK(lwcx_primitive_count() >= 1, "primitives");
    CHECK(lwcx_primitive_name(lwcx_primitive_count()) == NULL, "past the end");
    char buf[256];
    lwcx_cpu_features_string(lwcx_cpu_features(), buf, sizeof buf);
    printf("cpu: %s; features: %s; kcc23p4 -> %s\n", lwcx_cpu_model(), buf, lwcx_impl_selected("kcc23p4"));

    uint8_t a[33], b[33];
    tu_fill(a, sizeof a);
    memcpy(b, a, sizeof a);
    CHECK(lwcx_ct_compare(a, b, sizeof a) == 0, "equal");
    for (size_t i = 0; i < 8 * sizeof a; i++) {
        b[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECK(lwcx_ct_compare(a, b, sizeof a) == -1, "bit %zu", i);
        b[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    lwcx_wipe(a, sizeof a);
    int zero = 1;
    for (size_t i = 0; i < sizeof a; i++) zero &= a[i] == 0;
    CHECK(zero, "wiped");
    CHECK(strcmp(lwcx_strerror(LWCX_ERR_AUTH), lwcx_strerror(LWCX_OK)) != 0, "messages differ");
    CHECK(strcmp(lwcx_version(), LWCX_VERSION_STRING) == 0, "version");
    return tu_finish();
}
