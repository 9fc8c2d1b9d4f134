/* The commands of lwcx and their option tables: main runs them, the shell
 * completion (complete.c) answers from the same tables. */
#ifndef LWCX_CLI_COMMANDS_H
#define LWCX_CLI_COMMANDS_H

#include <stddef.h>

#include "opt.h"

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const opt_def *opts;
    /* the options of opts this command takes, as "--name -x ..." (NULL: all) */
    const char *(*allowed)(const char *cmd);
    int args; /* what its arguments are: OPT_V_FILE, OPT_V_PRIM, or 0 (none) */
} cli_command;

extern const cli_command cli_commands[];
extern const size_t cli_ncommands;

int cmd_enc(int argc, char **argv);
int cmd_dec(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_keysearch(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_key(int argc, char **argv);

extern const opt_def aead_opts[];  /* enc, dec */
extern const opt_def hash_opts[];  /* hash */
extern const opt_def ks_opts[];    /* keysearch, lwcx-mpi */
extern const opt_def aimer_opts[]; /* keygen, sign, verify: those aimer_allowed names */
extern const opt_def key_opts[];   /* key */
const char *aimer_allowed(const char *cmd);

/* lwcx --complete WORD...: the candidates for the last word (complete.c). */
int cli_complete(int nwords, char **words);

#endif
