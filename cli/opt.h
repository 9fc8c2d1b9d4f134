/* The command line conventions every lwcx command shares: one option
 * parser (--name value, --name=value, -x value, -xvalue, "--" ends the
 * options, "-" is an argument), --help/-h and --version/-V answered the
 * same way by all, and one error format, "lwcx CMD: SUBJECT: reason", where
 * SUBJECT is what the user typed (a path, an option). */
#ifndef LWCX_CLI_OPT_H
#define LWCX_CLI_OPT_H

#include <stdint.h>

#include "lwcx.h" /* LWCX_NODISCARD */

typedef struct opt_def {
    const char *name; /* the long name without "--" */
    char short_name;  /* or 0 */
    int takes_value;  /* 0: a flag; else one of OPT_V_*, which also says what
                         the shell completion offers for the value */
} opt_def;

/* What an option's value is (opt_def.takes_value), for the completion
 * (cli/complete.c): any nonzero value takes one. */
enum {
    OPT_V_TEXT = 1, /* anything: nothing to offer */
    OPT_V_FILE,     /* a path */
    OPT_V_FILE_OPT, /* an optional path: the next word if it is no option */
    OPT_V_ALG,      /* one of the command's algorithms */
    OPT_V_CIPHER,   /* a block cipher of keysearch */
    OPT_V_PRIM,     /* a primitive */
    OPT_V_IMPL,     /* an implementation (of the command's primitive) */
    OPT_V_IMPLS,    /* a list of implementations, comma-separated */
    OPT_V_DEVICE    /* cpu, cuda, opencl[:N] */
};

/* opt_next's answers besides an index into the definitions. */
enum {
    OPT_END = -1,  /* no arguments left */
    OPT_ARG = -2,  /* a plain argument, in p->arg */
    OPT_FAIL = -3, /* a usage error, message printed: exit 2 */
    OPT_QUIT = -4  /* --help or --version printed: exit 0 (or 1 if stdout failed) */
};

typedef struct opt_parser {
    int argc, i, only_args;
    char **argv;
    const char *arg;  /* the option's value, or the plain argument */
    const char *name; /* the option as written, without "=value" ("--alg", "-o") */
    char name_buf[64];
} opt_parser;

/* The command being run ("enc"), for messages; set once by main. */
extern const char *cli_cmd;

void opt_init(opt_parser *p, int argc, char **argv);
/* The next option (its index in defs, which end with a NULL name) or one
 * of the OPT_ values. */
LWCX_NODISCARD int opt_next(opt_parser *p, const opt_def *defs);
/* The exit status for OPT_FAIL / OPT_QUIT. */
LWCX_NODISCARD int opt_status(int r);

/* "lwcx CMD: SUBJECT: reason" on stderr (SUBJECT may be NULL). */
void cli_error(const char *subject, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A usage error: the message, then "(see 'lwcx CMD --help')"; returns 2. */
int cli_usage_error(const char *subject, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The help text of a command (cli/help.c), NULL if there is none. */
const char *cli_help(const char *cmd);
/* The summary of every command, for `lwcx --help`. */
void cli_print_summary(void);

/* An unsigned number for option opt: decimal, 0xHEX or 2^E, within
 * [min, max]; else prints "OPT: 'VALUE': reason (allowed: RANGE)" and
 * returns -1. range_text describes the range in words. */
LWCX_NODISCARD int opt_u64(const char *opt, const char *value, uint64_t min, uint64_t max, const char *range_text,
            uint64_t *out);

/* one if n is 1, else many: "1 check", "2 checks", "0 checks" */
const char *cli_plural(uint64_t n, const char *one, const char *many);

/* Fails (exit 1, message) if standard output could not be written; the
 * message is printed once, however often it is asked. */
LWCX_NODISCARD int cli_flush_stdout(void);

#endif
