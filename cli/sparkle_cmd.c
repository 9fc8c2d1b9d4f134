/* lwcx hash (Esch), and the files of lwcx enc/dec for Schwaemm: the library's
 * LWCX stream (lwcx_stream_*, docs/stream-format.md) between a file or stdin
 * and an atomically committed output, so a file appears only once the whole
 * stream verified. Memory use is a few chunks whatever the file size. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "impl.h"
#include "io.h"
#include "lwcx.h"
#include "opt.h"
#include "signals.h"
#include "sparkle_cmd.h"
#include <strings.h>
#include <sys/types.h>

#define CHUNK ((size_t)LWCX_STREAM_CHUNK_BYTES)

/* ---- lwcx hash ---------------------------------------------------------- */

/* The digest of a file ("-": standard input) into out; 0, -1 with the
 * reason printed, or -2 (nothing printed) when missing_ok and the file does
 * not exist (--ignore-missing: ENOENT only, as sha256sum). */
static LWCX_NODISCARD int digest_file(lwcx_esch_variant v, const char *path, size_t outlen, uint8_t *buf,
                                      uint8_t *out, int missing_ok)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        if (missing_ok && errno == ENOENT) return -2;
        cli_error(path, "%s", strerror(errno));
        return -1;
    }
    lwcx_esch_ctx ctx;
    int st = lwcx_esch_init(&ctx, v);
    long n = 0;
    while (st == LWCX_OK && (n = io_read_full(f, path, buf, CHUNK)) > 0) st = lwcx_esch_update(&ctx, buf, (size_t)n);
    if (f != stdin) fclose(f);
    else clearerr(stdin); /* '-' twice: the second reads what is left (nothing) */
    if (st == LWCX_OK && n == 0)
        st = v == LWCX_XOESCH256 || v == LWCX_XOESCH384 ? lwcx_esch_squeeze(&ctx, out, outlen) : lwcx_esch_final(&ctx, out);
    lwcx_wipe(&ctx, sizeof ctx);
    if (st != LWCX_OK) cli_error(path, "%s", lwcx_strerror(st));
    return st == LWCX_OK && n == 0 ? 0 : -1; /* n < 0: io has said why */
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

static LWCX_NODISCARD int esch_by_name(const char *name, size_t len)
{
    for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
        const char *n = lwcx_esch_name((lwcx_esch_variant)v);
        if (strlen(n) == len && strncasecmp(n, name, len) == 0) return v;
    }
    return -1;
}

/* The check mode reads lists as sha256sum -c does, edge cases included, so
 * that a list is judged the same by both (tests/cli_hash_check.sh compares
 * them line shape by line shape). */
typedef struct check_line {
    int alg;      /* the variant to check with */
    int inferred; /* alg is the one of that many digits (no tag, no --alg) */
    char *name; /* unescaped, in place */
    const char *hex;
    size_t hexlen;
} check_line;

#define HEX_DIGITS "0123456789abcdefABCDEF"

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The length of the tag at s through its "(": a variant's name in capitals,
 * then "(" or " ("; 0 if s starts with none. */
static size_t tag_at(const char *s, int *alg)
{
    for (int v = 0; lwcx_esch_name((lwcx_esch_variant)v); v++) {
        const char *n = lwcx_esch_name((lwcx_esch_variant)v);
        size_t k = 0;
        while (n[k] && s[k] == toupper((unsigned char)n[k])) k++;
        if (n[k]) continue;
        if (s[k] == ' ') k++;
        if (s[k] != '(') continue;
        *alg = v;
        return k + 1;
    }
    return 0;
}

/* The variant a digest of hexlen digits is checked with: the tag's (which
 * --alg, if given, must name), else --alg, else the one whose digest has
 * that many digits; -1 if none fits. */
static LWCX_NODISCARD int check_alg(int tag, int forced, size_t hexlen)
{
    const int alg = tag >= 0                                     ? (forced < 0 || forced == tag ? tag : -1)
                    : forced >= 0                                ? forced
                    : hexlen == 2 * LWCX_ESCH256_DIGEST_BYTES ? LWCX_ESCH256
                    : hexlen == 2 * LWCX_ESCH384_DIGEST_BYTES ? LWCX_ESCH384
                                                                 : -1;
    if (alg < 0 || hexlen < 2 || hexlen % 2) return -1;
    if (alg == LWCX_XOESCH256 || alg == LWCX_XOESCH384) return hexlen <= 512 ? alg : -1;
    return hexlen == 2 * lwcx_esch_digest_bytes((lwcx_esch_variant)alg) ? alg : -1;
}

/* Parses one line (end of line removed; a NUL ends it) in place; 0 or -1.
 * Blanks may lead; a backslash then says the name is escaped (\\ \n \r).
 * "TAG (NAME) = HEX": the name ends at the last ')', blanks around '='
 * optional. "HEX  NAME" or "HEX *NAME"; or "HEX NAME" (one blank, BSD
 * reversed): the first such line of a run decides which of the two forms
 * the later lines may take (*reversed: -1 unknown, 0, 1), as in coreutils,
 * where a well-sized digest settles it even if the name's escapes are bad. */
static LWCX_NODISCARD int parse_check_line(char *s, int forced, int zero, int *reversed, check_line *c)
{
    int escaped = 0, tag = -1;
    memset(c, 0, sizeof *c);
    while (is_blank(*s)) s++;
    if (*s == '\\' && !zero) escaped = 1, s++; /* -z: names are never escaped */
    const size_t k = tag_at(s, &tag);
    if (k) {
        c->name = s + k;
        char *close = strrchr(c->name, ')');
        if (!close) return -1;
        char *h = close + 1;
        while (is_blank(*h)) h++;
        if (*h++ != '=') return -1;
        while (is_blank(*h)) h++;
        c->hexlen = strspn(h, HEX_DIGITS);
        if (h[c->hexlen] || (c->alg = check_alg(tag, forced, c->hexlen)) < 0) return -1;
        *close = 0; /* an empty name stays: opening "" fails, as for sha256sum */
        c->hex = h;
    } else {
        c->hexlen = strspn(s, HEX_DIGITS);
        if (!is_blank(s[c->hexlen]) || (c->alg = check_alg(-1, forced, c->hexlen)) < 0) return -1;
        c->inferred = forced < 0;
        char *p = s + c->hexlen + 1;
        s[c->hexlen] = 0;
        c->hex = s;
        if (*reversed != 1 && (*p == ' ' || *p == '*') && p[1]) {
            c->name = p + 1;
            *reversed = 0;
        } else if (*reversed != 0 && *p) {
            c->name = p;
            *reversed = 1;
        } else {
            return -1;
        }
    }
    if (escaped) {
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
            else return -1; /* another escape, or a lone backslash at the end */
        }
        *w = 0;
    }
    return 0;
}

/* Why a list may not be lwcx hash's: digits, the size of the first digest
 * line that could not be read (0: none); all_failed: the number of lines,
 * every one read, whose digests all differed (their algorithm taken from
 * the size). Esch256 and SHA-256 digests are both 64 digits, so a sha256sum
 * list reads well and fails on every line. */
static void check_hint(const char *path, int forced, size_t digits, unsigned long all_failed, int zero_newlines)
{
    if (zero_newlines) { /* -z on a list of newline-ended lines: one long line */
        cli_error(path, "hint: with -z the lines end with NULs, but this list's end with newlines: leave -z out");
        return;
    }
    if (all_failed) {
        const int is256 = digits == 2 * LWCX_ESCH256_DIGEST_BYTES;
        char all[48];
        snprintf(all, sizeof all, all_failed == 1 ? "the digest differs" : "all %lu digests differ", all_failed);
        cli_error(path, "hint: %s; %zu hex digits are read as %s digests, but %s digests "
                        "(%s) have that size too: was the list made by another tool?",
                  all, digits, is256 ? "esch256" : "esch384", is256 ? "SHA-256" : "SHA-384",
                  is256 ? "sha256sum, sha3sum -a 256, b2sum -l 256" : "sha384sum, sha3sum -a 384, b2sum -l 384");
        return;
    }
    if (!digits) return;
    const char *alg = digits == 2 * LWCX_ESCH256_DIGEST_BYTES ? "esch256"
                      : digits == 2 * LWCX_ESCH384_DIGEST_BYTES ? "esch384" : NULL;
    if (alg && forced >= 0)
        cli_error(path, "hint: the digests are %zu hex digits: made with %s? try --alg %s (or leave --alg out)",
                  digits, alg, alg);
    else if (!alg && digits % 2 == 0 && digits >= 2 && digits <= 512)
        cli_error(path, "hint: the digests are %zu hex digits: made with xoesch256 or xoesch384 --length %zu? "
                        "try --alg xoesch256 (or xoesch384)%s", digits, digits / 2,
                  digits == 40 || digits == 56 || digits == 128 ? "; or the list comes from another tool (sha1sum, sha224sum, sha512sum...)" : "");
    else if (!alg)
        cli_error(path, "hint: the digests are %zu hex digits: no Esch digest has that many: the list comes from another tool?", digits);
}

typedef struct check_opts {
    int alg; /* --alg, or -1 */
    int quiet, status, strict, ignore_missing, zero;
    int reversed; /* parse_check_line's: one state for all the lists, as sha256sum */
} check_opts;

/* Verifies the list in path and prints its summary on stderr; 0 when every
 * listed file was read and matched, else 1 (the list unreadable, no well
 * formed line, --strict and a bad line, --ignore-missing and nothing
 * matched). Lines are read whole whatever their length. */
static LWCX_NODISCARD int check_list(const char *path, check_opts *o, uint8_t *buf)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        cli_error(path, "%s", strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    unsigned long lineno = 0, well = 0, good = 0, bad = 0, unread = 0, improper = 0, inferred_bad = 0;
    size_t odd_digits = 0, fail_digits = 0; /* the first improper and failing lines' digits: for the hint */
    int zero_newlines = 0;
    while ((got = getdelim(&line, &cap, o->zero ? 0 : '\n', f)) >= 0) {
        size_t len = (size_t)got;
        lineno++;
        if (len && line[len - 1] == (o->zero ? 0 : '\n')) line[--len] = 0;
        if (len && line[len - 1] == '\r' && !o->zero) line[--len] = 0;
        if (!len || line[0] == '#') continue; /* blank lines and comments, as sha256sum */
        check_line c;
        const size_t digits = strspn(line, HEX_DIGITS);
        if (o->zero && memchr(line, '\n', len)) zero_newlines = 1;
        if (parse_check_line(line, o->alg, o->zero, &o->reversed, &c)) {
            if (!odd_digits && is_blank(line[digits])) odd_digits = digits;
            improper++;
            if (!o->status) cli_error(path, "line %lu: not a digest line of lwcx hash", lineno);
            continue;
        }
        well++;
        uint8_t want[256], got_digest[256];
        const size_t outlen = c.hexlen / 2;
        if (io_parse_hex(c.hex, c.hexlen, want, outlen)) { /* cannot happen: parse checked the digits */
            improper++;
            continue;
        }
        const int r = digest_file((lwcx_esch_variant)c.alg, c.name, outlen, buf, got_digest, o->ignore_missing);
        if (r == -2) continue; /* missing, and --ignore-missing */
        const int match = !r && !memcmp(want, got_digest, outlen);
        if (r) unread++;
        else if (match) good++;
        else {
            bad++;
            inferred_bad += (unsigned long)c.inferred;
            if (!fail_digits) fail_digits = c.hexlen;
        }
        if (!o->status && !(o->quiet && match)) {
            const int esc = !o->zero && needs_escape(c.name);
            if (esc) putchar('\\');
            put_name(c.name, esc);
            printf(": %s%c", r ? "FAILED open or read" : match ? "OK" : "FAILED", o->zero ? 0 : '\n');
        }
    }
    const int err = ferror(f) || !feof(f) ? (errno ? errno : EIO) : 0; /* -1 before the end: read error, no memory */
    free(line);
    if (f != stdin) fclose(f);
    else clearerr(stdin);
    if (err) {
        cli_error(path, "read error: %s", strerror(err));
        return 1;
    }
    if (!well) {
        cli_error(path, "no properly formatted digest lines found");
        if (!o->status) check_hint(path, o->alg, odd_digits, 0, zero_newlines);
        return 1;
    }
    fflush(stdout); /* the verdicts before the summary */
    if (!o->status) {
        if (improper) cli_error(NULL, "WARNING: %lu line%s improperly formatted", improper, improper > 1 ? "s are" : " is");
        if (unread) cli_error(NULL, "WARNING: %lu listed file%s could not be read", unread, unread > 1 ? "s" : "");
        if (bad) cli_error(NULL, "WARNING: %lu computed digest%s did NOT match", bad, bad > 1 ? "s" : "");
        if (improper || (zero_newlines && (bad || unread))) check_hint(path, o->alg, odd_digits, 0, zero_newlines);
        else if (bad && bad == inferred_bad && !good && !unread) check_hint(path, o->alg, fail_digits, bad, 0);
    }
    if (o->ignore_missing && !good) {
        if (!o->status) cli_error(path, "no file was verified");
        return 1;
    }
    return bad || unread || (o->strict && improper) ? 1 : 0;
}

/* hash's options, in the order of cmd_hash's enum */
const opt_def hash_opts[] = {{"alg", 0, OPT_V_ALG}, {"length", 0, OPT_V_TEXT},  {"tag", 0, 0},
                             {"check", 'c', 0},     {"quiet", 0, 0},            {"status", 0, 0},
                             {"strict", 0, 0},      {"ignore-missing", 0, 0},   {"zero", 'z', 0},
                             {"impl", 0, OPT_V_IMPL}, {"verbose", 'v', 0},      {NULL, 0, 0}};

LWCX_NODISCARD int cmd_hash(int argc, char **argv)
{
    const opt_def *defs = hash_opts;
    enum { ALG, LENGTH, TAG, CHECK, QUIET, STATUS, STRICT, IGNORE_MISSING, ZERO, IMPL, VERBOSE };
    const char *alg = NULL, *impl = NULL;
    uint64_t length = 0;
    int tag = 0, check = 0, quiet = 0, status = 0, strict = 0, ignore_missing = 0, zero = 0, verbose = 0, r, nfiles = 0,
        rc = 0;
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
        case STRICT: strict = 1; break;
        case IGNORE_MISSING: ignore_missing = 1; break;
        case ZERO: zero = 1; break;
        case IMPL: impl = p.arg; break;
        case VERBOSE: verbose = 1; break;
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
                         : !check && (quiet || status || strict || ignore_missing)
                             ? "--quiet, --status, --strict and --ignore-missing go with --check"
                             : NULL;
    if (misuse) {
        free(files);
        return cli_usage_error(length && !xof ? "--length"
                               : check        ? "--check"
                               : quiet        ? "--quiet"
                               : status       ? "--status"
                               : strict       ? "--strict"
                                              : "--ignore-missing",
                               "%s", misuse);
    }
    if (cli_impl_force("sparkle", impl)) { /* Esch hashes with the sparkle permutation */
        free(files);
        return 2;
    }
    uint8_t *buf = malloc(CHUNK);
    if (!buf) {
        free(files);
        return 1;
    }
    if (!nfiles) files[nfiles++] = "-";
    if (check) {
        check_opts o = {v, quiet, status, strict, ignore_missing, zero, -1};
        for (int i = 0; i < nfiles; i++)
            if (check_list(files[i], &o, buf)) rc = 1;
    } else {
        const size_t outlen = length ? (size_t)length : lwcx_esch_digest_bytes((lwcx_esch_variant)v);
        for (int i = 0; i < nfiles; i++) {
            uint8_t out[256];
            if (digest_file((lwcx_esch_variant)v, files[i], outlen, buf, out, 0)) {
                rc = 1;
                continue;
            }
            const int esc = !zero && needs_escape(files[i]); /* -z: no escapes, as sha256sum -z */
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
            putchar(zero ? 0 : '\n');
        }
    }
    /* what ran: one variant's permutation (a list's may be several) */
    if (rc == 0 || check)
        cli_impl_report(verbose, !!impl, "sparkle", cli_sparkle_kind(lwcx_esch_name((lwcx_esch_variant)(v < 0 ? LWCX_ESCH256 : v))), 0,
                        NULL, NULL);
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

/* Pushes the input through the stream a chunk at a time. */
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
