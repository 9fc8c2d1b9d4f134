/* lwcx: the command-line tool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench/bench.h"
#include "../kat/kat.h"
#include "commands.h"
#include "impl.h"
#include "io.h"
#include "lwcx.h"
#include "opt.h"
#include "signals.h"

/* `lwcx list` fits terminals of this many columns. */
#define LIST_WIDTH 100

/* text from column col on, in words, on lines of at most LIST_WIDTH
 * columns, the next ones indented by indent (a word longer than a line
 * stands alone on one); ends the line */
static void print_wrapped(const char *text, size_t col, size_t indent)
{
    int line_empty = 1; /* no word on this line yet */
    while (*text) {
        const size_t word = strcspn(text, " ");
        if (!line_empty && col + 1 + word > LIST_WIDTH) {
            printf("\n%*s", (int)indent, "");
            col = indent;
            line_empty = 1;
        }
        if (!line_empty) {
            putchar(' ');
            col++;
        }
        printf("%.*s", (int)word, text);
        col += word;
        line_empty = 0;
        text += word;
        while (*text == ' ') text++;
    }
    putchar('\n');
}

/* text in at most room columns: whole words, then "..." where it is cut;
 * ends the line */
static void print_cut(const char *text, size_t room)
{
    if (strlen(text) <= room) {
        printf("%s\n", text);
        return;
    }
    size_t keep = 0;
    for (size_t i = 0; i + 4 <= room && text[i]; i++)
        if (text[i] == ' ') keep = i;
    while (keep > 0 && (text[keep - 1] == ',' || text[keep - 1] == ':' || text[keep - 1] == ';')) keep--;
    printf("%.*s ...\n", (int)keep, text);
}

/* One implementation: a line of at most LIST_WIDTH columns (its description
 * cut to fit), or with verbose the whole description on the lines below;
 * why it is unavailable on the lines below in both. */
static void list_impl(const lwcx_impl *im, int chosen, int verbose)
{
    const char *why = NULL;
    const int available = lwcx_impl_available(im, &why);
    char need[128];
    lwcx_cpu_features_string(lwcx_impl_features(im), need, sizeof need);
    const int col = printf("  %c %-12s %-11s %s batch %-3u needs: %-*s%s", chosen ? '*' : ' ', lwcx_impl_name(im),
                           available ? "available" : "unavailable", lwcx_impl_constant_time(im) ? "ct " : "NCT",
                           lwcx_impl_batch(im), verbose ? 0 : 16, need[0] ? need : "-", verbose ? "" : " ");
    if (verbose) {
        printf("\n%6s", "");
        print_wrapped(lwcx_impl_description(im), 6, 6);
    } else {
        print_cut(lwcx_impl_description(im), col > 0 && col < LIST_WIDTH - 20 ? LIST_WIDTH - (size_t)col : 20);
    }
    if (!available) {
        char reason[512];
        snprintf(reason, sizeof reason, "(%s)", why);
        printf("%18s", "");
        print_wrapped(reason, 18, 19);
    }
}

/* One primitive: its implementations and the automatic choice of each call
 * kind. */
static void list_primitive(const char *prim, int verbose)
{
    char line[1024];
    snprintf(line, sizeof line, "%s: %s", prim, lwcx_primitive_description(prim));
    putchar('\n');
    print_wrapped(line, 0, 2);
    const lwcx_impl *chosen = lwcx_impl_auto(prim);
    for (size_t i = 0; i < lwcx_impl_count(prim); i++) list_impl(lwcx_impl_at(prim, i), lwcx_impl_at(prim, i) == chosen, verbose);
    size_t len = 0;
    line[0] = 0;
    for (size_t k = 0; lwcx_impl_call_kind(prim, k) && len < sizeof line; k++) {
        const char *from = NULL, *kind = lwcx_impl_call_kind(prim, k);
        const lwcx_impl *im = lwcx_impl_auto_call(prim, kind, 4096, &from);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s %s (%s)", k ? ", " : "", kind,
                                im ? lwcx_impl_name(im) : "none", from ? from : "-");
    }
    printf("    choice: ");
    print_wrapped(line, 12, 12);
}

/* line (without its newline, len bytes) in lines of at most LIST_WIDTH
 * columns, cut at spaces, what follows a cut indented two more than the line
 * (a line with no space to cut at is left whole) */
static void print_fitted(const char *line, size_t len)
{
    const size_t lead = strspn(line, " ");
    size_t indent = 0;
    while (indent + len > LIST_WIDTH) {
        size_t cut = LIST_WIDTH - indent;
        while (cut > lead && line[cut] != ' ') cut--;
        if (cut <= lead) break;
        printf("%*s%.*s\n", (int)indent, "", (int)cut, line);
        while (cut < len && line[cut] == ' ') cut++;
        line += cut, len -= cut;
        indent = lead + 2;
    }
    printf("%*s%.*s\n", (int)indent, "", (int)len, line);
}

/* lwcx list --explain PRIMITIVE: the selection policy as it applies here. */
static int list_explain(const char *prim)
{
    if (!lwcx_impl_count(prim)) {
        cli_error(prim, "unknown primitive (see 'lwcx list')");
        return 2;
    }
    const size_t n = lwcx_impl_explain(prim, NULL, 0);
    char *text = malloc(n + 1);
    if (!text) {
        cli_error(NULL, "out of memory");
        return 1;
    }
    lwcx_impl_explain(prim, text, n + 1);
    for (const char *line = text; *line;) {
        const size_t len = strcspn(line, "\n");
        print_fitted(line, len);
        line += len + (line[len] == '\n');
    }
    free(text);
    return 0;
}

static const opt_def list_opts[] = {{"machine", 0, 0}, {"explain", 0, OPT_V_PRIM}, {"verbose", 'v', 0}, {NULL, 0, 0}};

static int cmd_list(int argc, char **argv)
{
    const opt_def *defs = list_opts;
    enum { MACHINE, EXPLAIN, VERBOSE };
    opt_parser p;
    const char *explain = NULL;
    int machine = 0, verbose = 0, r;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        if (r == OPT_FAIL || r == OPT_QUIT) return opt_status(r);
        if (r == OPT_ARG) return cli_usage_error(p.arg, "unexpected argument");
        if (r == MACHINE) machine = 1;
        else if (r == VERBOSE) verbose = 1;
        else explain = p.arg;
    }
    if (verbose && (machine || explain))
        return cli_usage_error("--verbose", "is for the list itself, not --machine or --explain");
    if (explain) {
        if (machine) return cli_usage_error("--explain", "takes no --machine");
        return list_explain(explain);
    }
    if (machine) {
        /* for scripts: "primitive:impl available|unavailable", one per implementation built */
        for (size_t p = 0; p < lwcx_primitive_count(); p++) {
            const char *prim = lwcx_primitive_name(p);
            for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
                const lwcx_impl *im = lwcx_impl_at(prim, i);
                printf("%s:%s %s\n", prim, lwcx_impl_name(im),
                       lwcx_impl_available(im, NULL) ? "available" : "unavailable");
            }
        }
        return 0;
    }
    char feats[256];
    /* one line each, as scripts grep them (every feature named fits 100 columns) */
    printf("cpu: %s\nfeatures: %s\n", lwcx_cpu_model(),
           lwcx_cpu_features_string(lwcx_cpu_features(), feats, sizeof feats));
    const char *env = getenv("LWCX_IMPL");
    if (env) printf("LWCX_IMPL=%s\n", env);
    char wisdom[4200];
    lwcx_wisdom_status(wisdom, sizeof wisdom);
    printf("wisdom: ");
    print_wrapped(wisdom, 8, 2);
    for (size_t p = 0; p < lwcx_primitive_count(); p++) list_primitive(lwcx_primitive_name(p), verbose);
    printf("\n(* = selected; ct = constant time with respect to the key, NCT = not: it indexes\n"
           " tables or branches with key bits; choice: the automatic choice for each call kind\n"
           " (one_key: a 4 KiB call) and where it comes from: policy = the rules by instruction set,\n"
           " table = the shipped table for this CPU, wisdom = this machine's wisdom file (lwcx tune),\n"
           " named = LWCX_IMPL; --verbose: each implementation's whole description)\n");
    return 0;
}

static const opt_def kat_opts[] = {{"impl", 0, OPT_V_IMPL}, {"verbose", 'v', 0}, {NULL, 0, 0}};

static int cmd_kat(int argc, char **argv)
{
    const opt_def *defs = kat_opts;
    enum { IMPL, VERBOSE };
    opt_parser p;
    const char *only = NULL, *impl = NULL;
    int r, verbose = 0;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        if (r == OPT_FAIL || r == OPT_QUIT) return opt_status(r);
        if (r == IMPL) {
            impl = p.arg;
            continue;
        }
        if (r == VERBOSE) {
            verbose = 1;
            continue;
        }
        if (only) return cli_usage_error(p.arg, "unexpected argument (one primitive at most)");
        only = p.arg;
        if (!lwcx_impl_count(only)) {
            cli_error(only, "unknown primitive (see 'lwcx list')");
            return 2;
        }
    }
    /* --impl: that implementation of the primitive named, else of every
     * primitive that has it; refused if none has it or none can run it here */
    int have = 0, runs = 0;
    const char *why = NULL, *where = NULL;
    for (size_t i = 0; impl && i < lwcx_primitive_count(); i++) {
        const char *prim = lwcx_primitive_name(i);
        const lwcx_impl *im = only && strcmp(only, prim) != 0 ? NULL : lwcx_impl_find(prim, impl);
        if (!im) continue;
        have++;
        if (lwcx_impl_available(im, &why)) runs++;
        else where = prim;
    }
    if (impl && !have && only) return cli_impl_force(only, impl); /* says what only has */
    if (impl && !have)
        return cli_usage_error("--impl", "'%s': no primitive has such an implementation (see 'lwcx list --machine')", impl);
    if (impl && !runs) {
        cli_error("--impl", "'%s': %s:%s cannot run here (%s; see 'lwcx list')", impl, where, impl, why);
        return 2;
    }
    const int failed = kat_run(stdout, only, impl, verbose);
    if (failed) printf("kat: %d %s FAILED\n", failed, cli_plural((uint64_t)failed, "check", "checks"));
    else printf("kat: all passed\n");
    return failed ? 1 : 0;
}

static const opt_def bench_opts[] = {
    {"quick", 0, 0}, {"json", 0, OPT_V_FILE}, {"compare", 0, 0}, {"impl", 0, OPT_V_IMPLS}, {NULL, 0, 0}};

static int cmd_bench(int argc, char **argv)
{
    const opt_def *defs = bench_opts;
    enum { QUICK, JSON, COMPARE, IMPL };
    bench_options opt = {0, stdout, NULL, NULL, 0};
    const char *json_path = NULL;
    const char **prims = calloc((size_t)argc + 1, sizeof *prims);
    size_t nprims = 0;
    int rc = 2, compare = 0, r;
    opt_parser p;
    if (!prims) return 1;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        if (r == OPT_FAIL || r == OPT_QUIT) {
            free(prims);
            return opt_status(r);
        }
        if (r == QUICK) opt.quick = 1;
        else if (r == JSON) json_path = p.arg;
        else if (r == COMPARE) compare = 1;
        else if (r == IMPL) opt.impls = p.arg;
        else prims[nprims++] = p.arg;
    }
    if (compare) {
        if (nprims != 2 || opt.quick || json_path || opt.impls) {
            free(prims);
            return cli_usage_error("--compare", "needs two JSON files (from lwcx bench --json) and nothing else");
        }
        rc = bench_compare(prims[0], prims[1], stdout);
        free(prims);
        return rc;
    }
    io_out json; /* the output policy of every command (io.h) */
    if (json_path) {
        if (io_out_open_as(&json, json_path, IO_OUT_PUBLIC) != 0) {
            rc = 1;
            goto out;
        }
        opt.json = json.f;
        if (json.kind == IO_STDOUT) opt.table = stderr; /* keep stdout pure JSON */
    }
    rc = bench_run(prims, nprims, &opt) ? 2 : 0;
    if (json_path && rc) io_out_abort(&json);
    else if (json_path && io_out_commit(&json) != 0) rc = 1;
out:
    free(prims);
    return rc;
}

/* lwcx tune: the fastest implementation of each call kind, measured here,
 * into the wisdom file. */
static const opt_def tune_opts[] = {
    {"quick", 0, 0}, {"rounds", 0, OPT_V_TEXT}, {"out", 0, OPT_V_FILE}, {"dry-run", 0, 0}, {NULL, 0, 0}};

static int cmd_tune(int argc, char **argv)
{
    const opt_def *defs = tune_opts;
    enum { QUICK, ROUNDS, OUT, DRY };
    bench_options opt = {0, stdout, NULL, NULL, 0};
    const char *out = NULL;
    const char **prims = calloc((size_t)argc + 1, sizeof *prims);
    size_t nprims = 0, npicks = 0;
    int rounds = 3, dry = 0, r;
    opt_parser p;
    if (!prims) return 1;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        if (r == OPT_FAIL || r == OPT_QUIT) {
            free(prims);
            return opt_status(r);
        }
        if (r == QUICK) opt.quick = 1;
        else if (r == OUT) out = p.arg;
        else if (r == DRY) dry = 1;
        else if (r == ROUNDS) {
            char *end;
            const long v = strtol(p.arg, &end, 10);
            if (*end || v < 3 || v > 100) {
                free(prims);
                return cli_usage_error("--rounds", "takes a number from 3 to 100");
            }
            rounds = (int)v;
        } else prims[nprims++] = p.arg;
    }
    lwcx_wisdom_pick picks[64];
    int rc = bench_tune(prims, nprims, &opt, rounds, picks, sizeof picks / sizeof picks[0], &npicks) ? 2 : 0;
    free(prims);
    if (rc || dry) return rc;
    char where[4096];
    const int st = lwcx_wisdom_save(out, picks, npicks, where, sizeof where);
    if (st != LWCX_OK) {
        char status[4200];
        lwcx_wisdom_status(status, sizeof status);
        cli_error(out ? out : status, "the wisdom file could not be written");
        return 1;
    }
    printf("lwcx tune: %zu choices written to %s (read by processes started from now on)\n", npicks, where);
    return 0;
}

const cli_command cli_commands[] = {
    {"list", cmd_list, list_opts, NULL, 0},
    {"kat", cmd_kat, kat_opts, NULL, OPT_V_PRIM},
    {"bench", cmd_bench, bench_opts, NULL, OPT_V_PRIM},
    {"tune", cmd_tune, tune_opts, NULL, OPT_V_PRIM},
    {"enc", cmd_enc, aead_opts, NULL, OPT_V_FILE},
    {"dec", cmd_dec, aead_opts, NULL, OPT_V_FILE},
    {"hash", cmd_hash, hash_opts, NULL, OPT_V_FILE},
    {"keysearch", cmd_keysearch, ks_opts, NULL, 0},
    {"keygen", cmd_keygen, aimer_opts, aimer_allowed, 0},
    {"sign", cmd_sign, aimer_opts, aimer_allowed, OPT_V_FILE},
    {"verify", cmd_verify, aimer_opts, aimer_allowed, OPT_V_FILE},
    {"key", cmd_key, key_opts, NULL, OPT_V_FILE},
};
const size_t cli_ncommands = sizeof cli_commands / sizeof cli_commands[0];

/* --help and --version answer whatever the environment says. */
static int asks_help(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h") || !strcmp(argv[i], "--version") ||
            !strcmp(argv[i], "-V"))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    io_std_init(); /* before anything is opened */
    sig_init();
    if (argc < 2) {
        fputs("usage: lwcx COMMAND [ARGS] (see 'lwcx --help')\n", stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        if (strcmp(cmd, "help") == 0 && argc > 2) { /* lwcx help CMD */
            const char *h = cli_help(argv[2]);
            if (!h) {
                fprintf(stderr, "lwcx: %s: unknown command (try 'lwcx --help')\n", argv[2]);
                return 2;
            }
            fputs(h, stdout);
        } else {
            cli_print_summary();
        }
        return cli_flush_stdout() ? 1 : 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("lwcx %s\n", lwcx_version());
        return cli_flush_stdout() ? 1 : 0;
    }
    if (strcmp(cmd, "--complete") == 0) return cli_complete(argc - 2, argv + 2); /* the shell completions' */
    for (size_t i = 0; i < cli_ncommands; i++) {
        if (strcmp(cmd, cli_commands[i].name) != 0) continue;
        cli_cmd = cli_commands[i].name;
        char msg[160];
        if (!asks_help(argc - 2, argv + 2) && lwcx_impl_env_check(msg, sizeof msg) != LWCX_OK) {
            fprintf(stderr, "lwcx: %s\n", msg);
            return 2;
        }
        int rc = cli_commands[i].run(argc - 2, argv + 2);
        /* output that could not be written is an error, as with sha256sum > /dev/full */
        if (cli_flush_stdout() != 0 && rc == 0) rc = 1;
        return rc;
    }
    fprintf(stderr, "lwcx: %s: unknown command (try 'lwcx --help')\n", cmd);
    return 2;
}
