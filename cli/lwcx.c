/* lwcx: the command-line tool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench/bench.h"
#include "../kat/kat.h"
#include "lwcx.h"

static const char usage[] =
    "usage: lwcx COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  list [--machine]              primitives and implementations: available here, selected,\n"
    "                                constant time or not (--machine: 'prim:impl available' lines)\n"
    "  kat [PRIMITIVE]               run every built-in test vector on every available\n"
    "                                implementation (exit status 1 on any failure)\n"
    "  bench [PRIMITIVE...] [--quick] [--json FILE|-]\n"
    "                                cycles per unit, min and median, speedup over ref\n"
    "  bench --compare A.json B.json  the rows two runs share, with the ratio B/A\n"
    "  enc --alg ALG (--key HEX | --key-file FILE) [-o OUT] [IN|-]\n"
    "                                authenticated encryption. ALG schwaemm256-128 (or\n"
    "                                schwaemm128-128, -192-192, -256-256): any size,\n"
    "                                streamed in 64 KiB chunks, random nonce stored in the\n"
    "                                output. ALG kcc24p6: at most 248 bytes, ciphertext || tag\n"
    "  dec --alg ALG (--key HEX | --key-file FILE) [-o OUT] [IN|-]\n"
    "                                verify and decrypt; on any failure no output file is left\n"
    "  hash [--alg esch256|esch384|xoesch256|xoesch384] [--length N] [FILE...|-]\n"
    "                                Esch digests, one 'HEX  NAME' line per file\n"
    "  keysearch --cipher NAME --pt HEX --ct HEX [--pt2 HEX --ct2 HEX] --key-base HEX\n"
    "            [--start N] --count N [--threads N] [--checkpoint FILE [--resume]]\n"
    "                                exhaustive key search: key i = key-base XOR i in its\n"
    "                                last 8 bytes, start <= i < start+count (N: decimal,\n"
    "                                0xHEX or 2^E). Found keys on stdout; Ctrl-C stops\n"
    "                                and writes the checkpoint. Exit 0 found, 1 none,\n"
    "                                2 bad arguments, 3 I/O error, 130 stopped, none yet\n"
    "  --help, -h                    this text\n"
    "  --version                     the version\n"
    "\n"
    "environment:\n"
    "  LWCX_IMPL=prim:impl,...       force implementations (a bare name applies to all)\n"
    "  LWCX_CPU_DISABLE=avx2,...     hide CPU features from the dispatcher\n";

int cmd_enc(int argc, char **argv);
int cmd_dec(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_keysearch(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);

static int cmd_list(int argc, char **argv)
{
    if (argc == 1 && strcmp(argv[0], "--machine") == 0) {
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
    if (argc > 0) {
        fprintf(stderr, "lwcx list: unexpected argument '%s'\n", argv[0]);
        return 2;
    }
    char feats[256];
    printf("cpu: %s\nfeatures: %s\n", lwcx_cpu_model(),
           lwcx_cpu_features_string(lwcx_cpu_features(), feats, sizeof feats));
    const char *env = getenv("LWCX_IMPL");
    if (env) printf("LWCX_IMPL=%s\n", env);
    for (size_t p = 0; p < lwcx_primitive_count(); p++) {
        const char *prim = lwcx_primitive_name(p);
        printf("\n%s: %s\n", prim, lwcx_primitive_description(prim));
        const lwcx_impl *chosen = lwcx_impl_auto(prim);
        for (size_t i = 0; i < lwcx_impl_count(prim); i++) {
            const lwcx_impl *im = lwcx_impl_at(prim, i);
            const char *why = NULL;
            int available = lwcx_impl_available(im, &why);
            char need[128];
            lwcx_cpu_features_string(lwcx_impl_features(im), need, sizeof need);
            printf("  %c %-12s %-11s %s batch %-3u needs: %-16s %s\n", im == chosen ? '*' : ' ',
                   lwcx_impl_name(im), available ? "available" : "unavailable",
                   lwcx_impl_constant_time(im) ? "ct " : "NCT", lwcx_impl_batch(im),
                   need[0] ? need : "-", lwcx_impl_description(im));
            if (!available) printf("%18s(%s)\n", "", why);
        }
    }
    printf("\n(* = selected; ct = constant time with respect to the key, NCT = not: it indexes\n"
           " tables or branches with key bits)\n");
    return 0;
}

static int cmd_kat(int argc, char **argv)
{
    const char *only = NULL;
    if (argc > 1 || (argc == 1 && argv[0][0] == '-')) {
        fprintf(stderr, "lwcx kat: unexpected argument '%s'\n", argv[argc - 1]);
        return 2;
    }
    if (argc == 1) {
        only = argv[0];
        if (!lwcx_impl_count(only)) {
            fprintf(stderr, "lwcx kat: unknown primitive '%s' (see 'lwcx list')\n", only);
            return 2;
        }
    }
    int failed = kat_run_all(stdout, only);
    printf(failed ? "kat: %d check(s) FAILED\n" : "kat: all passed\n", failed);
    return failed ? 1 : 0;
}

static int cmd_bench(int argc, char **argv)
{
    bench_options opt = {0, stdout, NULL};
    const char *json_path = NULL;
    const char **prims = calloc((size_t)argc + 1, sizeof *prims);
    size_t nprims = 0;
    int rc = 2;
    if (!prims) return 1;
    if (argc >= 1 && strcmp(argv[0], "--compare") == 0) {
        free(prims);
        if (argc != 3) {
            fprintf(stderr, "lwcx bench --compare: needs two JSON files (from lwcx bench --json)\n");
            return 2;
        }
        return bench_compare(argv[1], argv[2], stdout);
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            opt.quick = 1;
        } else if (strcmp(argv[i], "--json") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "lwcx bench: --json needs a file name (or - for stdout)\n");
                goto out;
            }
            json_path = argv[++i];
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "lwcx bench: unknown option '%s'\n", argv[i]);
            goto out;
        } else {
            prims[nprims++] = argv[i];
        }
    }
    if (json_path && strcmp(json_path, "-") == 0) {
        opt.json = stdout;
        opt.table = stderr; /* keep stdout pure JSON */
    } else if (json_path) {
        opt.json = fopen(json_path, "w");
        if (!opt.json) {
            perror(json_path);
            rc = 1;
            goto out;
        }
    }
    rc = bench_run(prims, nprims, &opt) ? 2 : 0;
    if (opt.json && opt.json != stdout && fclose(opt.json) != 0) {
        perror(json_path);
        rc = 1;
    }
out:
    free(prims);
    return rc;
}

/* Run at exit: output that could not be written is an error (exit 1), as
 * with sha256sum > /dev/full, not a silent success. */
static void check_stdout(void)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "lwcx: error writing to standard output\n");
        _exit(1);
    }
}

int main(int argc, char **argv)
{
    atexit(check_stdout);
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("lwcx %s\n", lwcx_version());
        return 0;
    }
    char msg[160];
    if (lwcx_impl_env_check(msg, sizeof msg) != LWCX_OK) {
        fprintf(stderr, "lwcx: %s\n", msg);
        return 2;
    }
    if (strcmp(cmd, "list") == 0) return cmd_list(argc - 2, argv + 2);
    if (strcmp(cmd, "kat") == 0) return cmd_kat(argc - 2, argv + 2);
    if (strcmp(cmd, "bench") == 0) return cmd_bench(argc - 2, argv + 2);
    if (strcmp(cmd, "enc") == 0) return cmd_enc(argc - 2, argv + 2);
    if (strcmp(cmd, "dec") == 0) return cmd_dec(argc - 2, argv + 2);
    if (strcmp(cmd, "hash") == 0) return cmd_hash(argc - 2, argv + 2);
    if (strcmp(cmd, "keysearch") == 0) return cmd_keysearch(argc - 2, argv + 2);
    if (strcmp(cmd, "keygen") == 0) return cmd_keygen(argc - 2, argv + 2);
    if (strcmp(cmd, "sign") == 0) return cmd_sign(argc - 2, argv + 2);
    if (strcmp(cmd, "verify") == 0) return cmd_verify(argc - 2, argv + 2);
    fprintf(stderr, "lwcx: unknown command '%s' (try 'lwcx --help')\n", cmd);
    return 2;
}
