/* The option parser and messages shared by every lwcx command (opt.h). */
#include "opt.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lwcx.h"

const char *cli_cmd = NULL;

static void verror(const char *subject, const char *fmt, va_list ap)
{
    fprintf(stderr, cli_cmd ? "lwcx %s: " : "lwcx: ", cli_cmd);
    if (subject) fprintf(stderr, "%s: ", subject);
    vfprintf(stderr, fmt, ap);
}

void cli_error(const char *subject, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(subject, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cli_usage_error(const char *subject, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(subject, fmt, ap);
    va_end(ap);
    if (cli_cmd) fprintf(stderr, " (see 'lwcx %s --help')\n", cli_cmd);
    else fputs(" (see 'lwcx --help')\n", stderr);
    return 2;
}

const char *cli_plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

int cli_flush_stdout(void)
{
    static int said; /* once, however many callers check */
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    if (!said++) cli_error("standard output", "write error: %s", strerror(errno ? errno : EIO));
    return -1;
}

void opt_init(opt_parser *p, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->argc = argc;
    p->argv = argv;
}

int opt_status(int r)
{
    if (r == OPT_FAIL) return 2;
    return cli_flush_stdout() ? 1 : 0;
}

static int quit_help(void)
{
    const char *h = cli_help(cli_cmd);
    if (h) fputs(h, stdout);
    return OPT_QUIT;
}

int opt_next(opt_parser *p, const opt_def *defs)
{
    p->arg = p->name = NULL;
    if (p->i >= p->argc) return OPT_END;
    const char *a = p->argv[p->i++];
    if (p->only_args || a[0] != '-' || a[1] == 0) {
        p->arg = a;
        return OPT_ARG;
    }
    if (strcmp(a, "--") == 0) {
        p->only_args = 1;
        return opt_next(p, defs);
    }
    const char *inline_value = NULL;
    int found = -1;
    if (a[1] == '-') { /* --name or --name=value */
        const char *eq = strchr(a, '=');
        const size_t len = eq ? (size_t)(eq - a) : strlen(a);
        snprintf(p->name_buf, sizeof p->name_buf, "%.*s", (int)(len < 60 ? len : 60), a);
        p->name = p->name_buf;
        if (eq) inline_value = eq + 1;
        for (int k = 0; defs[k].name && found < 0; k++)
            if (strlen(defs[k].name) == len - 2 && memcmp(defs[k].name, a + 2, len - 2) == 0) found = k;
        if (found < 0 && !eq && strcmp(a, "--help") == 0) return quit_help();
        if (found < 0 && !eq && strcmp(a, "--version") == 0) {
            printf("lwcx %s\n", lwcx_version());
            return OPT_QUIT;
        }
    } else { /* -x, -x value, -xvalue */
        snprintf(p->name_buf, sizeof p->name_buf, "-%c", a[1]);
        p->name = p->name_buf;
        for (int k = 0; defs[k].name && found < 0; k++)
            if (defs[k].short_name == a[1]) found = k;
        if (found < 0 && a[2] == 0 && a[1] == 'h') return quit_help();
        if (found < 0 && a[2] == 0 && a[1] == 'V') {
            printf("lwcx %s\n", lwcx_version());
            return OPT_QUIT;
        }
        if (found >= 0 && a[2]) {
            if (!defs[found].takes_value) {
                cli_usage_error(a, "unknown option (options are given one by one)");
                return OPT_FAIL;
            }
            inline_value = a + 2;
        }
    }
    if (found < 0) {
        cli_usage_error(a[1] == '-' ? p->name : a, "unknown option");
        return OPT_FAIL;
    }
    if (!defs[found].takes_value) {
        if (inline_value) {
            cli_usage_error(p->name, "takes no value");
            return OPT_FAIL;
        }
        return found;
    }
    if (inline_value) {
        p->arg = inline_value;
    } else if (defs[found].takes_value == OPT_V_FILE_OPT) { /* "" when no path follows */
        const char *next = p->i < p->argc ? p->argv[p->i] : NULL;
        p->arg = next && next[0] != '-' ? p->argv[p->i++] : "";
    } else if (p->i < p->argc) {
        p->arg = p->argv[p->i++];
    } else {
        cli_usage_error(p->name, "needs a value");
        return OPT_FAIL;
    }
    return found;
}

int opt_u64(const char *opt, const char *value, uint64_t min, uint64_t max, const char *range_text,
            uint64_t *out)
{
    const char *s = value;
    char *end = NULL;
    unsigned long long v = 0;
    int ok = *s && *s != '-' && *s != '+' && *s != ' ';
    errno = 0;
    if (ok && strncmp(s, "2^", 2) == 0) {
        const unsigned long e = strtoul(s + 2, &end, 10);
        ok = !errno && end != s + 2 && !*end && s[2] != '-' && s[2] != '+';
        if (ok && e > 63) {
            cli_usage_error(opt, "'%s': too large (allowed: %s)", value, range_text);
            return -1;
        }
        v = ok ? 1ull << e : 0;
    } else if (ok) {
        const int base = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10;
        v = strtoull(s, &end, base);
        ok = end != s && !*end;
        if (ok && errno == ERANGE) {
            cli_usage_error(opt, "'%s': too large (allowed: %s)", value, range_text);
            return -1;
        }
    }
    if (!ok) {
        cli_usage_error(opt, "'%s': not a number (N, 0xHEX or 2^E; allowed: %s)", value, range_text);
        return -1;
    }
    if (v < min || v > max) {
        cli_usage_error(opt, "'%s': out of range (allowed: %s)", value, range_text);
        return -1;
    }
    *out = v;
    return 0;
}
