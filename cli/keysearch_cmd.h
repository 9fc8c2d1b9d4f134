/* What `lwcx keysearch` and `lwcx-mpi` share: the options, the checkpoint,
 * the printing of found keys, the progress line and the final report, so
 * that both take the same command line and answer with the same output and
 * exit status. */
#ifndef LWCX_CLI_KEYSEARCH_CMD_H
#define LWCX_CLI_KEYSEARCH_CMD_H

#include <stddef.h>
#include <stdint.h>

#include "lwcx.h"

#define KS_MAX_PRINTED 64 /* keys printed at most; the rest are counted */

/* The parsed command line, with the search object it describes. */
typedef struct ks_cli {
    lwcx_keysearch *ks;
    const char *ckpt;
    int quit;           /* --help or --version answered: exit with the status returned */
    int resume, force, first;
    uint64_t every;     /* checkpoint period, seconds */
    uint64_t threads;   /* 0: one per CPU */
    uint64_t total;     /* keys in the range searched (the part's, with --part) */
    uint64_t chunk;     /* lwcx-mpi: keys per chunk handed to a rank */
    int progress;       /* --progress: status lines even when stderr is not a terminal */
    uint64_t root_threads; /* lwcx-mpi: rank 0's search threads (UINT64_MAX: one per CPU) */
    size_t key_bytes;
    int device;         /* KS_DEV_*: what --device asked for */
    int device_index;   /* the first N of cuda:N or opencl:N, or -1 */
    int cipher;         /* lwcx_blockcipher */
    int threads_given;  /* --threads was given */
    int verbose;        /* --verbose: name the implementation that ran */
    int impl_forced;    /* --impl was given */
    int device_given;   /* --device (or a GPU's --impl) was given */
} ks_cli;

enum { KS_DEV_AUTO, KS_DEV_CPU, KS_DEV_CUDA, KS_DEV_OPENCL };

/* lwcx-mpi's other ranks: the search record rec from rank 0, on the device
 * asked for (KS_DEV_AUTO: cuda where this rank has it, else the CPU); GPU
 * ranks get one thread unless --threads was given. NULL (message printed)
 * when the device is missing here or the record does not load. */
lwcx_keysearch *ks_load_on_device(int rank, const uint8_t *rec, size_t len, int device, int cipher, int device_index,
                                  int threads_given, uint64_t *threads);

/* mpi: lwcx-mpi's command line (--chunk; no --part; --device for the other ranks).
 * Returns 0 (o filled in, o->ks to free, unless o->quit) or the exit
 * status (message printed). */
LWCX_NODISCARD int ks_cli_parse(int argc, char **argv, int mpi, ks_cli *o);

typedef struct ks_progress {
    int tty;
    int progress;       /* --progress: whole status lines though stderr is no terminal */
    double t0, last;
    double segment_end; /* stop the library call then, to write a checkpoint */
    uint64_t before;    /* keys searched before this run (resume) */
    uint64_t total;     /* keys in the whole range */
    lwcx_keysearch *ks;
    size_t key_bytes;
    int first;          /* --first: stop at the first key */
    int write_error;    /* stdout failed */
    size_t nprinted;
    uint64_t printed[KS_MAX_PRINTED]; /* the indices of the keys printed */
} ks_progress;

double ks_now(void);
void ks_fmt_count(char *buf, size_t n, double v);
/* The progress line: on a terminal over itself, else (--progress) one
 * whole line with the time since the start; extra goes before the ETA. */
void ks_show(const ks_progress *p, uint64_t done, double t, const char *extra);
/* Prints (and flushes) each key found since the last call, once. */
void ks_print_new_keys(ks_progress *p);
/* Atomically, the search's record (final: the last one, else a periodic
 * one; the test pauses' names); 0 or -1 (message printed). */
LWCX_NODISCARD int ks_write_checkpoint(const char *path, lwcx_keysearch *ks, int final);
/* Before the search: whether the checkpoint can be written there (io_out_open's
 * checks; also removes what a killed run left); 0 or -1 (message printed). */
LWCX_NODISCARD int ks_probe_checkpoint(const char *path);
/* Merges the checkpoint at path into ks; -1 (message printed) for a damaged
 * one or one of other parameters. */
LWCX_NODISCARD int ks_read_checkpoint(const char *path, lwcx_keysearch *ks);
/* After --resume: says what the checkpoint had and prints its keys. */
void ks_resumed(const ks_cli *o, ks_progress *pr);
/* The final report on stderr, the last checkpoint (unless werr), frees
 * o->ks; returns the exit status. */
LWCX_NODISCARD int ks_finish(ks_cli *o, ks_progress *pr, double elapsed, int werr);

#endif
