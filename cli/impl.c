/* --impl and --verbose (impl.h). */
#include "impl.h"

#include <stdio.h>
#include <string.h>

#include "opt.h"

int cli_impl_force(const char *prim, const char *name)
{
    if (!name) return 0;
    const lwcx_impl *im = lwcx_impl_find(prim, name);
    const char *why = NULL;
    if (!im) {
        char have[512];
        size_t n = 0;
        have[0] = 0;
        for (size_t i = 0; i < lwcx_impl_count(prim) && n < sizeof have; i++)
            n += (size_t)snprintf(have + n, sizeof have - n, "%s%s", i ? ", " : "", lwcx_impl_name(lwcx_impl_at(prim, i)));
        return cli_usage_error("--impl", "'%s': no such implementation of %s (%s has: %s)", name, prim, prim, have);
    }
    if (!lwcx_impl_available(im, &why)) {
        cli_error("--impl", "'%s': %s:%s cannot run here (%s; see 'lwcx list')", name, prim, name, why);
        return 2;
    }
    const int rc = lwcx_impl_select(prim, name);
    if (rc != LWCX_OK) {
        cli_error("--impl", "'%s': %s", name, lwcx_strerror(rc));
        return 2;
    }
    return 0;
}

int cli_impl_known(const char *name)
{
    for (size_t p = 0; p < lwcx_primitive_count(); p++)
        if (lwcx_impl_find(lwcx_primitive_name(p), name)) return 1;
    return 0;
}

const char *cli_sparkle_kind(const char *alg)
{
    /* Esch256 and Schwaemm256-128 / 192-192 permute 384 bits, Esch384 and
     * Schwaemm256-256 512, Schwaemm128-128 256 */
    static const struct {
        const char *alg, *kind;
    } kinds[] = {{"esch256", "one_state_384"},         {"xoesch256", "one_state_384"},
                 {"esch384", "one_state_512"},         {"xoesch384", "one_state_512"},
                 {"schwaemm128-128", "one_state_256"}, {"schwaemm256-128", "one_state_384"},
                 {"schwaemm192-192", "one_state_384"}, {"schwaemm256-256", "one_state_512"}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].alg, alg) == 0) return kinds[i].kind;
    return NULL;
}

void cli_impl_report(int verbose, int forced, const char *prim, const char *kind, size_t len, const lwcx_impl *impl,
                     const char *why)
{
    if (!verbose) return;
    const char *source = NULL;
    if (!kind) kind = lwcx_impl_call_kind(prim, 0); /* the primitive's only kind */
    const lwcx_impl *auto_im = lwcx_impl_auto_call(prim, kind, len, &source);
    if (!impl) impl = auto_im;
    if (!why) {
        why = !source                        ? "the automatic choice"
              : strcmp(source, "named") == 0 ? (forced ? "forced with --impl" : "named by LWCX_IMPL")
              : strcmp(source, "wisdom") == 0 ? "this machine's wisdom file, from lwcx tune"
              : strcmp(source, "table") == 0  ? "the shipped table for this CPU"
                                              : "the selection rules for this CPU's instruction sets";
    }
    fprintf(stderr, cli_cmd ? "lwcx %s: " : "lwcx: ", cli_cmd);
    fprintf(stderr, "implementation: %s:%s (%s)\n", prim, impl ? lwcx_impl_name(impl) : "none", why);
}
