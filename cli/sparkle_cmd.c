/* lwcx hash (Esch), and the files of lwcx enc/dec for Schwaemm: the library's
 * LWCX stream (lwcx_stream_*, docs/stream-format.md) between a file or stdin
 * and an atomically committed output, so a file appears only once the whole
 * stream verified. Memory use is a few chunks whatever the file size. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "lwcx.h"
#include "opt.h"
#include "signals.h"
#include <strings.h>

#define CHUNK ((size_t)LWCX_STREAM_CHUNK_BYTES)

/* ---- lwcx hash ---------------------------------------------------------- */

/* The digest of a file ("-": standard input) into out; 0, or -1 with the
 * reason printed. */
static int digest_file(lwcx_esch_variant v, const char *path, size_t outlen, uint8_t *buf, uint8_t *out)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    lwcx_esch_ctx ctx;
    lwcx_esch_init(&ctx, v);
    long n;
    while ((n = io_read_full(f, path, buf, CHUNK)) > 0) lwcx_esch_update(&ctx, buf, (size_t)n);
    if (f != stdin) fclose(f);
    else clearerr(stdin); /* '-' twice: the second reads what is left (nothing) */
    if (n < 0) {
        lwcx_wipe(&ctx, sizeof ctx);
        return -1;
    }
    if (v == LWCX_XOESCH256 || v == LWCX_XOESCH384) {
        lwcx_esch_squeeze(&ctx, out, outlen);
        lwcx_wipe(&ctx, sizeof ctx);
    } else {
        lwcx_esch_final(&ctx, out);
    }
    return 0;
}

/* As coreutils: a name holding a backslash, newline or carriage return is
 * written with those escaped, and its line starts with a backslash. */
static int needs_escape(const char *name)
{
    return strpbrk(name, "\\\n\r") != NULL;
}

static void put_name(const char *name, int escape)
{
    for (; *name; name++) {
        if (escape && *name == '\\') fputs("\\\\", stdout);
        else if (escape && *name == '\n') fputs("\\n", stdout);
        else if (escape && *name == '\r') fputs("\\r", stdout);
        else putchar(*name);
    }
}

/* The tag of the BSD style: the name in capitals. */
static void put_tag(lwcx_esch_variant v)
{
    for (const char *s = lwcx_esch_name(v); *s; s++) putchar(toupper((unsigned char)*s));
}

static int esch_by_name(const char *name, size_t len)
{
    for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
        const char *n = lwcx_esch_name((lwcx_esch_variant)v);
        if (strlen(n) == len && strncasecmp(n, name, len) == 0) return v;
    }
    return -1;
}

typedef struct check_line {
    int alg;        /* from the tag, or -1 */
    char *name;     /* unescaped, in place */
    const char *hex;
    size_t hexlen;
    int escaped;
} check_line;

/* Parses one line (newline removed) of either style, in place; 0 or -1. */
static int parse_check_line(char *s, check_line *c)
{
    memset(c, 0, sizeof *c);
    c->alg = -1;
    if (*s == '\\') c->escaped = 1, s++;
    char *open = strstr(s, " (");
    char *close = NULL;
    for (char *q = strstr(s, ") = "); q; q = strstr(q + 1, ") = ")) close = q; /* the last one */
    if (open && close && close > open && (c->alg = esch_by_name(s, (size_t)(open - s))) >= 0) {
        *close = 0;
        c->name = open + 2;
        c->hex = close + 4;
    } else { /* HEX  NAME, or HEX *NAME (binary mode mark) */
        c->alg = -1;
        size_t n = strspn(s, "0123456789abcdefABCDEF");
        if (s[n] != ' ' || (s[n + 1] != ' ' && s[n + 1] != '*')) return -1;
        s[n] = 0;
        c->hex = s;
        c->name = s + n + 2;
    }
    c->hexlen = strlen(c->hex);
    if (c->hexlen < 2 || c->hexlen % 2 || c->hexlen > 512 || strspn(c->hex, "0123456789abcdefABCDEF") != c->hexlen ||
        !*c->name)
        return -1;
    if (c->escaped) { /* \\ \n \r, nothing else */
        char *w = c->name;
        for (const char *r = c->name; *r; r++) {
            if (*r != '\\') {
                *w++ = *r;
                continue;
            }
            r++;
            if (*r == '\\') *w++ = '\\';
            else if (*r == 'n') *w++ = '\n';
            else if (*r == 'r') *w++ = '\r';
            else return -1;
        }
        *w = 0;
    }
    return 0;
}

typedef struct check_opts {
    int alg;       /* --alg, or -1 */
    int quiet, status;
} check_opts;

/* Verifies the list in path; counts into bad/unread/malformed/good. */
static int check_list(const char *path, const check_opts *o, uint8_t *buf, unsigned long cnt[4])
{
    enum { GOOD, BAD, UNREAD, MALFORMED };
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    char line[8192];
    unsigned long lineno = 0, well = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t len = strlen(line);
        int whole = len && line[len - 1] == '\n';
        if (whole) line[--len] = 0;
        else if (!feof(f)) { /* too long to be ours: skip the rest */
            int ch;
            while ((ch = getc(f)) != EOF && ch != '\n') {}
        }
        check_line c;
        int alg = -1;
        if ((whole || feof(f)) && parse_check_line(line, &c) == 0) {
            if (c.alg >= 0) alg = (o->alg < 0 || o->alg == c.alg) ? c.alg : -1;
            else if (o->alg >= 0) alg = o->alg;
            else if (c.hexlen == 2 * LWCX_ESCH256_DIGEST_BYTES) alg = LWCX_ESCH256;
            else if (c.hexlen == 2 * LWCX_ESCH384_DIGEST_BYTES) alg = LWCX_ESCH384;
        }
        const int xof = alg == LWCX_XOESCH256 || alg == LWCX_XOESCH384;
        if (alg < 0 || (!xof && c.hexlen != 2 * lwcx_esch_digest_bytes((lwcx_esch_variant)alg))) {
            cnt[MALFORMED]++;
            if (!o->status) cli_error(path, "line %lu: not a digest line of lwcx hash", lineno);
            continue;
        }
        well++;
        uint8_t want[256], got[256];
        const size_t outlen = c.hexlen / 2;
        io_parse_hex(c.hex, c.hexlen, want, outlen);
        const int esc = needs_escape(c.name);
        int r = digest_file((lwcx_esch_variant)alg, c.name, outlen, buf, got);
        const char *verdict = r ? "FAILED open or read" : memcmp(want, got, outlen) ? "FAILED" : "OK";
        cnt[r ? UNREAD : memcmp(want, got, outlen) ? BAD : GOOD]++;
        if (!o->status && !(o->quiet && !r && !memcmp(want, got, outlen))) {
            if (esc) putchar('\\');
            put_name(c.name, esc);
            printf(": %s\n", verdict);
        }
    }
    int err = ferror(f);
    if (f != stdin) fclose(f);
    if (err) {
        cli_error(path, "read error");
        return -1;
    }
    if (!well) {
        cli_error(path, "no properly formatted digest lines found");
        return -1;
    }
    return 0;
}

int cmd_hash(int argc, char **argv)
{
    static const opt_def defs[] = {{"alg", 0, 1},   {"length", 0, 1}, {"tag", 0, 0},   {"check", 'c', 0},
                                   {"quiet", 0, 0}, {"status", 0, 0}, {NULL, 0, 0}};
    enum { ALG, LENGTH, TAG, CHECK, QUIET, STATUS };
    const char *alg = NULL;
    uint64_t length = 0;
    int tag = 0, check = 0, quiet = 0, status = 0, r, nfiles = 0, rc = 0;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    opt_parser p;
    if (!files) return 1;
    opt_init(&p, argc, argv);
    while ((r = opt_next(&p, defs)) != OPT_END) {
        switch (r) {
        case OPT_FAIL:
        case OPT_QUIT: free(files); return opt_status(r);
        case ALG: alg = p.arg; break;
        case LENGTH:
            if (opt_u64("--length", p.arg, 1, 256, "1 .. 256 bytes", &length)) {
                free(files);
                return 2;
            }
            break;
        case TAG: tag = 1; break;
        case CHECK: check = 1; break;
        case QUIET: quiet = 1; break;
        case STATUS: status = 1; break;
        default: files[nfiles++] = (char *)p.arg;
        }
    }
    int v = alg ? esch_by_name(alg, strlen(alg)) : check ? -1 : LWCX_ESCH256;
    if (alg && (v < 0 || strcmp(alg, lwcx_esch_name((lwcx_esch_variant)v)) != 0)) {
        free(files);
        return cli_usage_error(alg, "unknown algorithm (available: esch256, esch384, xoesch256, xoesch384)");
    }
    const int xof = v == LWCX_XOESCH256 || v == LWCX_XOESCH384;
    const char *misuse = length && !xof ? "--length is for the XOF variants (xoesch256, xoesch384)"
                         : check && (tag || length) ? "--check takes neither --tag nor --length"
                         : !check && (quiet || status) ? "--quiet and --status go with --check"
                                                       : NULL;
    if (misuse) {
        free(files);
        return cli_usage_error(length && !xof ? "--length" : check ? "--check" : quiet ? "--quiet" : "--status",
                               "%s", misuse);
    }
    uint8_t *buf = malloc(CHUNK);
    if (!buf) {
        free(files);
        return 1;
    }
    if (!nfiles) files[nfiles++] = "-";
    if (check) {
        check_opts o = {v, quiet, status};
        unsigned long cnt[4] = {0};
        for (int i = 0; i < nfiles; i++)
            if (check_list(files[i], &o, buf, cnt)) rc = 1;
        if (!status) {
            if (cnt[3]) cli_error(NULL, "WARNING: %lu line%s improperly formatted", cnt[3], cnt[3] > 1 ? "s are" : " is");
            if (cnt[2]) cli_error(NULL, "WARNING: %lu listed file%s could not be read", cnt[2], cnt[2] > 1 ? "s" : "");
            if (cnt[1]) cli_error(NULL, "WARNING: %lu computed digest%s did NOT match", cnt[1], cnt[1] > 1 ? "s" : "");
        }
        if (cnt[1] || cnt[2]) rc = 1;
    } else {
        const size_t outlen = length ? (size_t)length : lwcx_esch_digest_bytes((lwcx_esch_variant)v);
        for (int i = 0; i < nfiles; i++) {
            uint8_t out[256];
            if (digest_file((lwcx_esch_variant)v, files[i], outlen, buf, out)) {
                rc = 1;
                continue;
            }
            const int esc = needs_escape(files[i]);
            if (esc) putchar('\\');
            if (tag) {
                put_tag((lwcx_esch_variant)v);
                fputs(" (", stdout);
                put_name(files[i], esc);
                fputs(") = ", stdout);
            }
            for (size_t k = 0; k < outlen; k++) printf("%02x", out[k]);
            if (!tag) {
                fputs("  ", stdout);
                put_name(files[i], esc);
            }
            putchar('\n');
        }
    }
    free(buf);
    free(files);
    return rc;
}

/* ---- lwcx enc / dec --alg schwaemm... ----------------------------------- */

int stream_variant(const char *alg)
{
    for (int v = 0; lwcx_schwaemm_name((lwcx_schwaemm_variant)v); v++)
        if (strcmp(lwcx_schwaemm_name((lwcx_schwaemm_variant)v), alg) == 0) return v;
    return -1;
}

/* Pushes the input through the stream a chunk at a time; pre holds bytes
 * already read from f (dec reads the header first). */
int stream_file(int variant, const uint8_t *key, FILE *f, const char *in, const uint8_t *pre,
                size_t prelen, const char *out, int decrypt)
{
    const char *in_name = strcmp(in, "-") ? in : "standard input";
    lwcx_stream *s = NULL;
    int rc = decrypt ? lwcx_stream_decrypt_new(&s, (lwcx_schwaemm_variant)variant, key)
                     : lwcx_stream_encrypt_new(&s, (lwcx_schwaemm_variant)variant, key, NULL);
    if (rc) {
        cli_error(NULL, "%s", rc == LWCX_ERR_UNSUPPORTED ? "no random source for the nonce" : lwcx_strerror(rc));
        return 1;
    }
    const size_t cap = 2 * CHUNK + LWCX_STREAM_HEADER_BYTES; /* a chunk in gives at most one record and the header out */
    uint8_t *ibuf = malloc(CHUNK), *obuf = malloc(cap);
    io_out o;
    int ok = ibuf && obuf && io_out_open(&o, out) == 0, opened = ok;
    while (ok) {
        long n = prelen ? (long)prelen : io_read_full(f, in, ibuf, CHUNK);
        if (prelen) memcpy(ibuf, pre, prelen), prelen = 0;
        size_t olen = 0;
        if (n < 0) {
            ok = 0;
            break;
        }
        if (n) sig_test_pause("read");
        rc = n ? lwcx_stream_update(s, obuf, cap, &olen, ibuf, (size_t)n)
               : lwcx_stream_final(s, obuf, cap, &olen);
        ok = io_out_write(&o, obuf, olen) == 0 && rc == LWCX_OK; /* olen: verified bytes only */
        if (ok && olen) sig_test_pause("write");
        if (!n) break;
    }
    if (rc) {
        /* what the failure left: nothing in a file, or what went through already */
        char left[64 + 4096];
        const unsigned long long went = opened && !io_out_atomic(&o) ? o.written : 0;
        if (went) fflush(o.f); /* through before the message says so */
        if (went)
            snprintf(left, sizeof left, "; the %llu bytes written to %.4000s before it %s", went, io_out_name(&o),
                     decrypt ? "were verified" : "are incomplete");
        else
            snprintf(left, sizeof left, "; nothing written");
        cli_error(in_name, "%s%s", lwcx_stream_error(s) ? lwcx_stream_error(s) : lwcx_strerror(rc), left);
    }
    ok = ok && io_out_commit(&o) == 0;
    if (!ok && opened) io_out_abort(&o);
    if (ibuf) lwcx_wipe(ibuf, CHUNK);
    if (obuf) lwcx_wipe(obuf, cap);
    free(ibuf);
    free(obuf);
    lwcx_stream_free(s);
    return ok ? 0 : 1;
}
