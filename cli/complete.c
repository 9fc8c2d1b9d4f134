/* lwcx --complete [--mpi] WORD...: what the shell completions
 * (completions/lwcx.bash, completions/_lwcx, and lwcx-mpi's) offer for the
 * last WORD, from the commands' own option tables (commands.h), so that
 * they cannot drift from what the commands take. WORD... are the words
 * after the program's name (with --mpi: lwcx-mpi's, which are keysearch's);
 * the last is the one being completed, "" when it is empty. Prints one
 * candidate per line, those that start with that word; a line "@files"
 * asks the shell to offer file names as well. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "lwcx.h"
#include "opt.h"

typedef struct ctx {
    const cli_command *cmd;
    int mpi;
    const char *cur;    /* the word completed */
    const char *prefix; /* printed before each candidate ("--alg=", "a,b,") */
    const char *alg;    /* --alg or --cipher given, else NULL */
    const char *prim;   /* a primitive named as an argument (kat, bench, tune) */
    int merge;          /* keysearch --merge */
} ctx;

static void offer(const ctx *c, const char *word)
{
    if (word && strncmp(word, c->cur, strlen(c->cur)) == 0) printf("%s%s\n", c->prefix, word);
}

/* The options a command takes: its table, less those it refuses. */
static int takes(const ctx *c, const opt_def *d)
{
    if (c->cmd->allowed) {
        char opts[2][40];
        const char *allowed = c->cmd->allowed(c->cmd->name);
        snprintf(opts[0], sizeof opts[0], "--%s", d->name);
        snprintf(opts[1], sizeof opts[1], "-%c", d->short_name ? d->short_name : '-');
        /* the long or the short form, a whole word of the list */
        for (int k = 0; k < 2; k++)
            for (const char *s = strstr(allowed, opts[k]); s; s = strstr(s + 1, opts[k]))
                if ((s == allowed || s[-1] == ' ') && (s[strlen(opts[k])] == ' ' || s[strlen(opts[k])] == 0)) return 1;
        return 0;
    }
    if (c->cmd->opts == ks_opts) /* lwcx-mpi has no --part, no --impl; keysearch no --root-threads */
        return c->mpi ? strcmp(d->name, "part") != 0 && strcmp(d->name, "impl") != 0
                      : strcmp(d->name, "root-threads") != 0;
    return 1;
}

static const opt_def *find_opt(const ctx *c, const char *word, size_t len)
{
    for (const opt_def *d = c->cmd->opts; d->name; d++) {
        if (!takes(c, d)) continue;
        if (word[1] == '-' && strlen(d->name) == len - 2 && strncmp(word + 2, d->name, len - 2) == 0) return d;
        if (word[1] != '-' && len == 2 && d->short_name == word[1]) return d;
    }
    return NULL;
}

static void offer_impls_of(const ctx *c, const char *prim)
{
    for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
        const lwcx_impl *im = lwcx_impl_at(prim, i);
        if (lwcx_impl_available(im, NULL)) offer(c, lwcx_impl_name(im));
    }
}

/* The implementations that can run here, of the command's primitive where it
 * is known; of every primitive it may use otherwise (a name once). */
static void offer_impls(const ctx *c)
{
    const char *name = c->cmd->name, *one = NULL;
    if (strcmp(name, "hash") == 0) one = "sparkle";
    else if (!strcmp(name, "keygen") || !strcmp(name, "sign") || !strcmp(name, "verify")) one = "aimer";
    else if ((!strcmp(name, "enc") || !strcmp(name, "dec")) && c->alg)
        one = strcmp(c->alg, "kcc24p6") == 0 ? "kcc24p6" : "sparkle";
    else if (!strcmp(name, "keysearch") && c->alg) one = c->alg;
    else if (c->prim) one = c->prim;
    if (one) {
        offer_impls_of(c, one);
        return;
    }
    char seen[2048] = " ";
    for (size_t p = 0; p < lwcx_primitive_count(); p++) {
        const char *prim = lwcx_primitive_name(p);
        int is_bc = 0;
        for (int k = 0; lwcx_bc_name((lwcx_blockcipher)k); k++) is_bc |= strcmp(lwcx_bc_name((lwcx_blockcipher)k), prim) == 0;
        if (strcmp(name, "keysearch") == 0 && !is_bc) continue; /* the block ciphers' */
        if ((!strcmp(name, "enc") || !strcmp(name, "dec")) && strcmp(prim, "sparkle") && strcmp(prim, "kcc24p6")) continue;
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *im = lwcx_impl_at(prim, i);
            char key[64];
            snprintf(key, sizeof key, " %s ", lwcx_impl_name(im));
            if (!lwcx_impl_available(im, NULL) || strstr(seen, key)) continue;
            if (strlen(seen) + strlen(key) < sizeof seen) strcat(seen, key + 1);
            offer(c, lwcx_impl_name(im));
        }
    }
}

static void offer_ciphers(const ctx *c)
{
    for (int k = 0; lwcx_bc_name((lwcx_blockcipher)k); k++) offer(c, lwcx_bc_name((lwcx_blockcipher)k));
}

/* --alg: the command's algorithms */
static void offer_algs(const ctx *c)
{
    const char *name = c->cmd->name;
    const int aead = !strcmp(name, "enc") || !strcmp(name, "dec"),
              keygen = !strcmp(name, "keygen") || !strcmp(name, "key");
    if (!strcmp(name, "hash"))
        for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) offer(c, lwcx_esch_name((lwcx_esch_variant)v));
    if (aead || keygen) {
        for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++)
            offer(c, lwcx_schwaemm_name((lwcx_schwaemm_variant)v));
        offer(c, "kcc24p6");
    }
    if (keygen) {
        offer_ciphers(c);
        for (int s = 0; lwcx_aimer_name((lwcx_aimer_set)s); s++) offer(c, lwcx_aimer_name((lwcx_aimer_set)s));
    }
}

static void offer_devices(const ctx *c)
{
    offer(c, "cpu");
    offer(c, "cuda");
    offer(c, "opencl");
    const unsigned n = lwcx_impl_devices(lwcx_impl_find(c->alg ? c->alg : lwcx_bc_name((lwcx_blockcipher)0), "opencl"));
    for (unsigned i = 0; i < n && i < 16; i++) {
        char dev[24];
        snprintf(dev, sizeof dev, "opencl:%u", i);
        offer(c, dev);
    }
}

static void offer_value(ctx *c, int kind)
{
    switch (kind) {
    case OPT_V_FILE:
    case OPT_V_FILE_OPT: puts("@files"); break;
    case OPT_V_ALG: offer_algs(c); break;
    case OPT_V_CIPHER: offer_ciphers(c); break;
    case OPT_V_PRIM:
        for (size_t p = 0; p < lwcx_primitive_count(); p++) offer(c, lwcx_primitive_name(p));
        break;
    case OPT_V_IMPL: offer_impls(c); break;
    case OPT_V_IMPLS: { /* NAME,NAME...: the last one */
        const char *comma = strrchr(c->cur, ',');
        char before[256];
        if (comma) {
            snprintf(before, sizeof before, "%s%.*s", c->prefix, (int)(comma + 1 - c->cur), c->cur);
            c->prefix = before;
            c->cur = comma + 1;
        }
        offer_impls(c);
        break;
    }
    case OPT_V_DEVICE: offer_devices(c); break;
    default: break;
    }
}

static void offer_options(const ctx *c)
{
    for (const opt_def *d = c->cmd->opts; d->name; d++) {
        char opt[40];
        snprintf(opt, sizeof opt, "--%s", d->name);
        if (takes(c, d)) offer(c, opt);
    }
    if (c->cmd->opts == ks_opts && !c->mpi) offer(c, "--merge");
    offer(c, "--help");
    offer(c, "--version");
}

int cli_complete(int nwords, char **words)
{
    ctx c = {0};
    c.prefix = "";
    if (nwords > 0 && strcmp(words[0], "--mpi") == 0) {
        c.mpi = 1;
        words++, nwords--;
    }
    c.cur = nwords > 0 ? words[nwords - 1] : "";
    if (!c.mpi && nwords <= 1) { /* the command */
        for (size_t i = 0; i < cli_ncommands; i++) offer(&c, cli_commands[i].name);
        offer(&c, "--help");
        offer(&c, "--version");
        return 0;
    }
    int first = c.mpi ? 0 : 1;
    for (size_t i = 0; i < cli_ncommands && !c.cmd; i++)
        if (strcmp(cli_commands[i].name, c.mpi ? "keysearch" : words[0]) == 0) c.cmd = &cli_commands[i];
    if (!c.cmd) return 0;
    /* the words before: the values that narrow what is offered, and
     * whether the last of them waits for its value */
    const opt_def *pending = NULL;
    int only_args = 0;
    for (int i = first; i < nwords - 1; i++) {
        const char *w = words[i];
        if (pending) {
            if (strcmp(w, "=") == 0) continue; /* bash splits --opt=value at '=' */
            if (pending->takes_value == OPT_V_ALG || pending->takes_value == OPT_V_CIPHER) c.alg = w;
            pending = NULL;
            continue;
        }
        if (only_args || w[0] != '-' || w[1] == 0) {
            if (lwcx_impl_count(w)) c.prim = w;
            continue;
        }
        if (strcmp(w, "--") == 0) {
            only_args = 1;
            continue;
        }
        if (strcmp(w, "--merge") == 0) c.merge = 1;
        const char *eq = strchr(w, '=');
        const opt_def *d = find_opt(&c, w, eq ? (size_t)(eq - w) : strlen(w));
        if (d && d->takes_value && !eq) pending = d;
        else if (d && eq && (d->takes_value == OPT_V_ALG || d->takes_value == OPT_V_CIPHER)) c.alg = eq + 1;
    }
    if (pending && strcmp(c.cur, "=") == 0) return 0; /* "--opt=" in bash: the value is the next word */
    if (pending && (pending->takes_value != OPT_V_FILE_OPT || c.cur[0] != '-')) {
        offer_value(&c, pending->takes_value);
        return 0;
    }
    const char *eq = c.cur[0] == '-' && !only_args ? strchr(c.cur, '=') : NULL;
    if (eq) { /* --opt=VALUE in one word (zsh, or bash without '=' in COMP_WORDBREAKS) */
        const opt_def *d = find_opt(&c, c.cur, (size_t)(eq - c.cur));
        char before[64];
        snprintf(before, sizeof before, "%.*s", (int)(eq + 1 - c.cur), c.cur);
        c.prefix = before;
        c.cur = eq + 1;
        if (d && d->takes_value) offer_value(&c, d->takes_value);
        return 0;
    }
    if (c.cur[0] == '-' && !only_args) {
        offer_options(&c);
        return 0;
    }
    if (c.cmd->args == OPT_V_FILE || c.merge) puts("@files");
    else if (c.cmd->args == OPT_V_PRIM) offer_value(&c, OPT_V_PRIM);
    return 0;
}
