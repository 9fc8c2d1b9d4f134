/* The help of every command: one table that `lwcx --help` (the synopses)
 * and `lwcx CMD --help` (the whole entry) print. tests/cli_conventions.sh
 * checks that the README's command summary lists exactly these synopses. */
#include <stdio.h>
#include <string.h>

#include "opt.h"

typedef struct cmd_help {
    const char *name;
    const char *synopsis; /* "lwcx CMD ..." lines; deeper-indented lines continue one */
    const char *summary;  /* one line for `lwcx --help` */
    const char *text;     /* the rest of `lwcx CMD --help` */
} cmd_help;

/* The end of every "exit status:" section: what the shell sees when a
 * signal ends a command (keysearch stops cleanly instead and says so). */
#define EXIT_SIGNALED                                                                              \
    "  128+N  ended by signal N (SIGHUP 129, SIGINT 130, SIGTERM 143), as the shell reports\n"

#define COMMON_OPTS                                                                                \
    "  -h, --help             this text\n"                                                         \
    "  -V, --version          the version\n"                                                       \
    "Options take their value as '--opt VALUE' or '--opt=VALUE'; '--' ends the options.\n"

/* --impl and --verbose, on every command that computes (cli/impl.h) */
#define IMPL_OPTS(WHAT)                                                                            \
    "  --impl NAME            run implementation NAME of " WHAT " (lwcx list), not the\n"        \
    "                         automatic choice; refused if it cannot run here\n"                  \
    "  -v, --verbose          say on stderr which implementation ran and why (policy, table,\n"  \
    "                         wisdom, LWCX_IMPL or --impl)\n"

/* enc and dec alike */
#define EXIT_AEAD                                                                                  \
    "exit status:\n"                                                                               \
    "  0      done (dec: every byte written was authenticated)\n"                                  \
    "  1      failed: authentication (a modified, truncated or foreign file), IN unreadable,\n"    \
    "         OUT (a read-only one included) or standard output not written; no OUT is left\n"     \
    "  2      usage error, a key file that cannot be read or used, algorithms that disagree,\n"    \
    "         OUT refused (a terminal without -o -, IN or the key file itself), kcc24p6\n"         \
    "         without --insecure\n" EXIT_SIGNALED

#define KEY_SOURCES                                                                                \
    "  --key-file FILE        the key: a key file from lwcx keygen (or raw bytes, or hex);\n"      \
    "                         a warning if others may read it (chmod 600)\n"                      \
    "  --key-env VAR          the key from environment variable VAR (hex, or a key file's text)\n" \
    "  --key-fd N             the key from open descriptor N, read as --key-file reads a file\n"  \
    "  --key HEX              the key as hex digits: visible to other users (ps), so it\n"         \
    "                         prints a warning; prefer the three above\n"

static const cmd_help helps[] = {
    {"list", "lwcx list [--verbose|--machine]\nlwcx list --explain PRIMITIVE\n",
     "primitives and implementations: available here, selected, constant time",
     "Lists the CPU's features and, per primitive, every implementation built: available\n"
     "here or not, selected (*), constant time with respect to the key (ct) or not (NCT).\n"
     "Then, per primitive, the automatic choice for each call kind and where it comes from\n"
     "(policy, table, wisdom, named), and the wisdom file's status. Lines fit 100 columns:\n"
     "each description is cut to fit (...); --verbose prints it whole on the lines below.\n"
     "With --explain, the selection policy of one primitive as it applies here: for each\n"
     "call kind (many keys, one key by call size, key search, one state...) the\n"
     "implementation chosen, and for each implementation, in order of preference, its\n"
     "condition and whether it holds (docs/design/selection.md).\n"
     "exit status:\n"
     "  0      listed\n"
     "  1      standard output could not be written\n"
     "  2      usage error, or LWCX_IMPL / LWCX_CPU_DISABLE not valid\n" EXIT_SIGNALED
     "options:\n"
     "  -v, --verbose          each implementation's whole description\n"
     "  --machine              'prim:impl available|unavailable' lines, for scripts\n"
     "  --explain PRIMITIVE    which implementation takes which call here, and why\n" COMMON_OPTS},
    {"kat", "lwcx kat [PRIMITIVE] [--impl NAME] [-v]\n",
     "every built-in test vector on every available implementation",
     "Runs the built-in known-answer tests (of one primitive, or all) on every available\n"
     "implementation, or with --impl only on implementation NAME (of every primitive that\n"
     "has it); -v also names the implementations left out because they cannot run here.\n"
     "exit status:\n"
     "  0      every check passed\n"
     "  1      a check failed, or standard output could not be written\n"
     "  2      usage error, unknown primitive, an implementation unknown or unusable here\n" EXIT_SIGNALED
     "options:\n"
     "  --impl NAME            only implementation NAME (see lwcx list)\n"
     "  -v, --verbose          also list the implementations that cannot run here\n" COMMON_OPTS},
    {"bench",
     "lwcx bench [PRIMITIVE...] [--quick] [--impl NAME[,NAME...]] [--json FILE|-]\n"
     "lwcx bench --compare A.json B.json\n",
     "cycles per unit, min and median, speedup over ref",
     "Times every available implementation: cycles per unit, minimum and median, and the\n"
     "speedup over ref. Ends with a summary per primitive (the automatic choice of each call\n"
     "kind, the fastest implementation and its speedup over ref, a geometric mean over the\n"
     "cases) and the write-ups' published tables beside this run's figures for the same work\n"
     "(rows of cases not run: not measured); --json has both too (summary, writeups).\n"
     "--compare prints the rows two --json runs share, with the ratio B/A.\n"
     "exit status:\n"
     "  0      done\n"
     "  1      the JSON file or standard output could not be written\n"
     "  2      usage error, unknown primitive or implementation; --compare: a file\n"
     "         unreadable or not the output of --json\n" EXIT_SIGNALED
     "options:\n"
     "  --quick                fewer repetitions\n"
     "  --impl NAME,...        time only these implementations (and ref, for the speedup)\n"
     "  --json FILE            also write the results as JSON ('-': JSON on stdout, table on stderr)\n"
     "  --compare A B          compare two JSON result files\n" COMMON_OPTS},
    {"tune", "lwcx tune [PRIMITIVE...] [--quick] [--rounds N] [--out FILE] [--dry-run]\n",
     "measure which implementation is fastest here, for every call kind: the wisdom file",
     "Times every CPU implementation of each primitive (all, or those named) on the bench's\n"
     "cases of each call kind (one state, one key, many keys, key search...), interleaved,\n"
     "N rounds (at least 3) over all cases; a kind's winner has the least mean cost over the\n"
     "rounds. Writes the winners to the wisdom file (LWCX_WISDOM, else\n"
     "$XDG_CONFIG_HOME/lwcx/wisdom or ~/.config/lwcx/wisdom), which the library reads\n"
     "before the shipped per-CPU table and the rules, on this CPU and version only. 'lwcx\n"
     "list' shows where each choice comes from; LWCX_WISDOM=off ignores the file.\n"
     "exit status:\n"
     "  0      measured (and written)\n"
     "  1      the wisdom file or standard output could not be written\n"
     "  2      usage error, unknown primitive\n" EXIT_SIGNALED
     "options:\n"
     "  --quick                fewer repetitions in each round\n"
     "  --rounds N             rounds over every case (3 to 100; default 3)\n"
     "  --out FILE             write the wisdom here, not to the default file\n"
     "  --dry-run              measure and print the winners, write nothing\n" COMMON_OPTS},
    {"enc",
     "lwcx enc [--alg ALG] (--key-file FILE | --key-env VAR | --key-fd N | --key HEX)\n"
     "         [--insecure] [--impl NAME] [-v] [-o OUT|-] [IN|-]\n",
     "authenticated encryption of a file (Schwaemm, streamed)",
     "Encrypts IN (default: standard input). ALG: schwaemm256-128 (or schwaemm128-128,\n"
     "schwaemm192-192, schwaemm256-256): any size, streamed in 64 KiB chunks, a random nonce\n"
     "stored in the output (docs/stream-format.md). Without --alg the algorithm is the one\n"
     "the key file names (lwcx keygen); a key file for another algorithm than --alg is refused.\n"
     "ALG kcc24p6 needs --insecure: it is a contest construction, not a safe cipher: its\n"
     "nonce is fixed (a key used twice leaks the XOR of the plaintexts) and its tag does not\n"
     "depend on the key (a wrong key decrypts to garbage without an error, and anyone can\n"
     "forge a message); at most 248 bytes, whole 8-byte blocks, output ciphertext || tag.\n"
     "Output: OUT, or standard output with '-o -'; without -o, standard output unless it is\n"
     "a terminal. An existing OUT is replaced (atomically, once everything is written);\n"
     "OUT must not be IN, nor a read-only file.\n"
     EXIT_AEAD
     "options:\n"
     "  --alg ALG              the algorithm (default: the key file's)\n"
     KEY_SOURCES
     "  --insecure             allow kcc24p6\n"
     IMPL_OPTS("sparkle (Schwaemm) or kcc24p6")
     "  -o, --output OUT       where to write ('-': standard output, even a terminal)\n" COMMON_OPTS},
    {"dec",
     "lwcx dec [--alg ALG] (--key-file FILE | --key-env VAR | --key-fd N | --key HEX)\n"
     "         [--insecure] [--impl NAME] [-v] [-o OUT|-] [IN|-]\n",
     "verify and decrypt what enc wrote; nothing is written on any failure",
     "Verifies and decrypts IN (default: standard input). The algorithm is --alg, else the\n"
     "key file's, else the one IN's header records; when two of them disagree, both are\n"
     "named and nothing is done. On any failure no output file is left. kcc24p6 needs\n"
     "--insecure (see lwcx enc --help: a wrong key is not detected). An existing OUT is\n"
     "replaced; OUT must not be IN, nor a read-only file.\n"
     EXIT_AEAD
     "options:\n"
     "  --alg ALG              the algorithm (default: the key file's, or IN's header)\n"
     KEY_SOURCES
     "  --insecure             allow kcc24p6\n"
     IMPL_OPTS("sparkle (Schwaemm) or kcc24p6")
     "  -o, --output OUT       where to write (default and '-': standard output)\n" COMMON_OPTS},
    {"hash",
     "lwcx hash [--alg ALG] [--length BYTES] [--tag] [-z] [--impl NAME] [-v] [FILE...|-]\n"
     "lwcx hash --check [--quiet|--status] [--strict] [--ignore-missing] [-z] [--alg ALG]\n"
     "          [LIST...|-]\n",
     "Esch digests, as sha256sum prints them; --check verifies a list",
     "Prints one 'HEX  NAME' line per file (standard input when no file or '-' is given), or\n"
     "with --tag one 'ALG (NAME) = HEX' line (BSD style). A name holding a newline, carriage\n"
     "return or backslash is escaped (\\n, \\r, \\\\) and its line starts with a backslash.\n"
     "ALG: esch256 (default), esch384, xoesch256, xoesch384 (XOFs: --length BYTES, 1..256,\n"
     "default 32 / 48). --check reads such lines (both styles) and verifies each file:\n"
     "'NAME: OK' or 'NAME: FAILED'; the algorithm is the tag's, else --alg, else the one\n"
     "whose digest has that many hex digits. Lists are read as sha256sum -c reads them.\n"
     "When a list's lines cannot be read, or all differ, a hint says which algorithm or tool\n"
     "their size suggests (a sha256sum list has esch256's size). -z ends each line with a\n"
     "NUL, not a newline, and escapes no name (as sha256sum -z); with --check, the list's\n"
     "lines end with NULs too, as hash -z writes them, and so do the verdicts.\n"
     "exit status:\n"
     "  0      every digest printed; --check: every listed file read and matched\n"
     "  1      a file could not be read, or standard output not written; --check: a digest\n"
     "         differed, a listed file could not be read, no line well formed, a malformed\n"
     "         line with --strict, no file verified with --ignore-missing\n"
     "  2      usage error\n" EXIT_SIGNALED
     "options:\n"
     "  --alg ALG              the algorithm\n"
     "  --length BYTES         the XOF output length in bytes (not bits)\n"
     "  --tag                  BSD-style lines\n"
     "  -c, --check            verify the digests listed in LIST\n"
     "  --quiet                with --check: print only failures\n"
     "  --status               with --check: print nothing, only the exit status says\n"
     "  --strict               with --check: a malformed line is a failure (exit 1)\n"
     "  --ignore-missing       with --check: say nothing of listed files that do not exist\n"
     "  -z, --zero             NUL-terminated lines, names not escaped (--check: the list's too)\n"
     IMPL_OPTS("sparkle (Esch)") COMMON_OPTS},
    {"keysearch",
     "lwcx keysearch [--cipher NAME] --pt HEX --ct HEX [--pt2 HEX --ct2 HEX]\n"
     "               (--key-base HEX | --key-file FILE) [--mask HEX] [--start N] --count N\n"
     "               [--threads N] [--first] [--checkpoint FILE [--resume|--force] [--every SECONDS]]\n"
     "               [--device cpu|cuda[:N[,M...]]|opencl[:N[,M...]]] [--chunk N] [--part I/N]\n"
     "               [--impl NAME] [--progress] [-v]\n"
     "       lwcx keysearch --resume FILE [--threads N] [--first] [--every SECONDS] [--device DEV]\n"
     "               [--impl NAME] [--progress] [-v]\n"
     "       lwcx keysearch --merge FILE... [--start N --count N]\n",
     "exhaustive key search of a block cipher over a range of keys",
     "Key index i is the base key with the bits of --mask flipped as the bits of i say\n"
     "(lowest first); without --mask, i is XORed into the last 8 key bytes; the indices\n"
     "searched are start <= i < start + count. N: decimal, 0xHEX or 2^E. NAME: present80,\n"
     "present128, gift64, gift128, pipo128, pipo256 (default: the key file's algorithm).\n"
     "Each key found is printed on stdout as soon as it is confirmed on every pair; on a\n"
     "terminal stderr shows keys done, keys found, keys/s and the ETA; elsewhere (a log)\n"
     "--progress prints a status line every second and at the end: time, keys done/total,\n"
     "keys found, keys/s, ETA. Ctrl-C stops and writes the checkpoint, which is also\n"
     "rewritten every SECONDS (default 60). --resume FILE continues the checkpoint FILE\n"
     "with the parameters it holds (cipher, pairs, base key, mask, range, part): those\n"
     "given must be its, or the one that differs is named ('--checkpoint FILE --resume'\n"
     "is the same); an existing checkpoint is replaced only with --force.\n"
     "--part I/N searches part I (1 .. N) of N equal parts of the range, e.g. one per\n"
     "task of a batch job array, each with its own checkpoint; --merge FILE... reads\n"
     "the parts' checkpoints and reports the parts finished, the keys found (stdout),\n"
     "the parts missing and the gaps and overlaps left in the whole range, which each\n"
     "part's checkpoint names (parts of another job are refused; --start/--count: the\n"
     "range for checkpoints written without --part). Across machines with MPI:\n"
     "lwcx-mpi(1).\n"
     "exit status:\n"
     "  0      at least one key found (--merge: in the parts)\n"
     "  1      no key in the range (--merge: none, and no gaps)\n"
     "  2      bad arguments (--count 0 included), a checkpoint refused or damaged, a device\n"
     "         that cannot be used\n"
     "  3      I/O error: the checkpoint or standard output (1 is kept for an empty range)\n"
     "  130    stopped by SIGINT, SIGTERM or SIGHUP before a key was found, checkpoint written\n"
     "         (--merge: gaps left and no key)\n"
     "options:\n"
     "  --cipher NAME          the block cipher\n"
     "  --pt HEX, --ct HEX     a known plaintext block and its ciphertext\n"
     "  --pt2 HEX, --ct2 HEX   a second pair (to rule out false keys)\n"
     "  --key-base HEX         the base key\n"
     "  --key-file FILE        the base key and cipher from a key file (lwcx keygen)\n"
     "  --mask HEX             the unknown key bits (at most 63)\n"
     "  --start N              the first index (default 0)\n"
     "  --count N              how many keys (1 .. 2^64 - 2^32)\n"
     "  --threads N            worker threads (1 .. 1024; 0 or none: one per CPU)\n"
     "  --first                stop every thread at the first key found\n"
     "  --device cpu|cuda[:N[,M...]]|opencl[:N[,M...]]\n"
     "                         where to search (default: the CUDA GPUs if there are any;\n"
     "                         one thread feeds each GPU unless --threads says otherwise);\n"
     "                         cuda: every CUDA GPU (CUDA_VISIBLE_DEVICES narrows them),\n"
     "                         cuda:N,M: CUDA devices N, M; opencl: every OpenCL GPU,\n"
     "                         opencl:N,M: OpenCL devices N, M (lwcx-mpi: one N a rank)\n"
     "  --chunk N              keys a thread takes at a time (default: 2^16 on the CPU,\n"
     "                         2^30 per CUDA GPU, 2^24 per OpenCL device)\n"
     "  --checkpoint FILE      where to keep the progress\n"
     "  --resume [FILE]        continue from the checkpoint (FILE, or --checkpoint's), with\n"
     "                         its parameters\n"
     "  --force                replace an existing checkpoint\n"
     "  --every SECONDS        checkpoint interval (1 .. 1000000)\n"
     "  --part I/N             search only part I of N equal parts of the range\n"
     "  --merge                merge the checkpoints of parts (the FILE arguments)\n"
     "  --progress             status lines on stderr even when it is not a terminal\n"
     IMPL_OPTS("the cipher (cuda, opencl: as --device)") COMMON_OPTS},
    {"keygen", "lwcx keygen --alg ALG [-o FILE] [--force] [--impl NAME] [-v]\n",
     "a new random key (a key file naming its algorithm), or an AIMer key pair",
     "Makes a key from the operating system's random source and writes it as a key file\n"
     "(docs/key-format.md: three text lines, the first 'lwcx-key-v1 ALG secret'), mode 0600;\n"
     "without -o on standard output. An existing file is replaced only with --force.\n"
     "ALG and key size:\n"
     "  schwaemm128-128, schwaemm256-128   16 bytes     (lwcx enc/dec)\n"
     "  schwaemm192-192                    24 bytes\n"
     "  schwaemm256-256                    32 bytes\n"
     "  kcc24p6                            8 bytes      (lwcx enc/dec --insecure)\n"
     "  present80                          10 bytes     (keysearch targets)\n"
     "  present128, gift64, gift128, pipo128   16 bytes\n"
     "  pipo256                            32 bytes\n"
     "  aimer128f, aimer128s               pk 32, sk 48 bytes  (lwcx sign/verify)\n"
     "  aimer192f, aimer192s               pk 48, sk 72 bytes\n"
     "  aimer256f, aimer256s               pk 64, sk 96 bytes\n"
     "AIMer: -o NAME is required and writes NAME.sk (mode 0600) and NAME.pk.\n"
     "exit status:\n"
     "  0      written\n"
     "  1      no random source, the library failed, or standard output not written\n"
     "  2      usage error, an existing file without --force, a key file not written\n" EXIT_SIGNALED
     "options:\n"
     "  --alg ALG              the algorithm\n"
     "  -o, --output FILE      the key file ('-': standard output)\n"
     "  --force                replace existing files\n"
     IMPL_OPTS("aimer (AIMer key pairs only)") COMMON_OPTS},
    {"key",
     "lwcx key import [--alg ALG] [--public] [-o FILE|-] [--force] [IN|-]\n"
     "lwcx key export --format FMT [--public] [-o OUT|-] [--force] [IN|-]\n"
     "lwcx key public [--format FMT] [-o OUT|-] [--force] [IN|-]\n"
     "lwcx key info [--alg ALG] [IN|-]\n",
     "keys between key files, raw bytes, hex, PEM and DER",
     "Reads a key in any of these forms (IN, default standard input) and writes it in another:\n"
     "  keyfile  an lwcx key file (lwcx keygen, docs/key-format.md)\n"
     "  raw      the key bytes; AIMer: the official layouts, pk = IV || ct, sk = pt || pk\n"
     "  hex      the key bytes as hex digits, one line\n"
     "  pem, der AIMer only: PKCS#8 (secret key) or SubjectPublicKeyInfo (public key), as\n"
     "           the OpenSSL provider and Bouncy Castle write them (docs/aimer-openssl.md)\n"
     "A key file, PEM and DER name their algorithm; raw bytes and hex need --alg (an AIMer\n"
     "secret or public key is told by its length). import writes a key file; export writes\n"
     "FMT; public writes the public key of an AIMer secret key (default: a key file); info\n"
     "says what a key is. An AIMer secret key is checked (its public part must match) before\n"
     "it is written. Outputs are written atomically: a secret key in mode 0600, a public one\n"
     "0666 less the umask; an existing file is replaced only with --force; raw and DER are\n"
     "not written to a terminal without '-o -'. Encrypted PEM keys are refused (decrypt\n"
     "them with openssl pkcs8 first).\n"
     "exit status:\n"
     "  0      written (info: printed)\n"
     "  1      standard output could not be written\n"
     "  2      usage error, a key that cannot be read, parsed or checked, an existing file\n"
     "         without --force, the output not written\n" EXIT_SIGNALED
     "options:\n"
     "  --alg ALG              the algorithm of a raw or hex key (checked against others)\n"
     "  --format FMT           keyfile, raw, hex, pem or der\n"
     "  --public               the public key of an AIMer secret key\n"
     "  -o, --output FILE      where to write ('-', the default: standard output)\n"
     "  --force                replace an existing file\n" COMMON_OPTS},
    {"sign", "lwcx sign --key NAME.sk [--impl NAME] [-v] [-o SIG|-] [FILE|-]\n",
     "an AIMer signature of a file (streamed)",
     "Signs FILE (default: standard input) with an AIMer secret key from lwcx keygen and\n"
     "writes the raw signature (docs/key-format.md). Not to a terminal unless '-o -'.\n"
     "exit status:\n"
     "  0      signed\n"
     "  1      the library failed\n"
     "  2      usage error, a key file that cannot be read or used, FILE unreadable, the\n"
     "         signature not written (standard output included), SIG refused (a terminal\n"
     "         without '-o -', FILE or the key itself)\n"
     EXIT_SIGNALED
     "options:\n"
     "  --key NAME.sk          the secret key\n"
     "  -o, --output SIG       the signature file\n"
     IMPL_OPTS("aimer") COMMON_OPTS},
    {"verify", "lwcx verify --pk NAME.pk --sig SIG [--quiet] [--impl NAME] [-v] [FILE|-]\n",
     "verify an AIMer signature: exit 0 valid, 1 invalid, 2 error",
     "Verifies the signature SIG of FILE (default: standard input) under an AIMer public key.\n"
     "exit status:\n"
     "  0      valid\n"
     "  1      invalid (a signature of the wrong size included), or the verdict not written\n"
     "  2      usage error, a key file that cannot be read or used, SIG or FILE unreadable\n"
     EXIT_SIGNALED
     "options:\n"
     "  --pk NAME.pk           the public key\n"
     "  --sig SIG              the signature\n"
     "  -q, --quiet            print nothing on success\n"
     IMPL_OPTS("aimer") COMMON_OPTS},
};

#define NHELPS (sizeof helps / sizeof helps[0])

/* "usage: " before the first synopsis line, spaces before the others. */
static void print_synopsis(const cmd_help *h, const char *first, const char *other)
{
    const char *s = h->synopsis;
    for (int line = 0; *s; line++) {
        const char *nl = strchr(s, '\n');
        printf("%s%.*s\n", line ? other : first, (int)(nl - s), s);
        s = nl + 1;
    }
}

const char *cli_help(const char *cmd)
{
    static char buf[8192];
    for (size_t i = 0; i < NHELPS; i++)
        if (cmd && strcmp(helps[i].name, cmd) == 0) {
            /* the synopsis then the text, as one string */
            size_t n = 0;
            const char *s = helps[i].synopsis;
            for (int line = 0; *s; line++) {
                const char *nl = strchr(s, '\n');
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%.*s\n", line ? "       " : "usage: ",
                                      (int)(nl - s), s);
                s = nl + 1;
            }
            snprintf(buf + n, sizeof buf - n, "\n%s%s\n%s", helps[i].summary, ".", helps[i].text);
            return buf;
        }
    return NULL;
}

void cli_print_summary(void)
{
    printf("usage: lwcx COMMAND [ARGS]   (lwcx COMMAND --help: the command's options)\n\ncommands:\n");
    for (size_t i = 0; i < NHELPS; i++) {
        printf("  %-10s %s\n", helps[i].name, helps[i].summary);
    }
    printf("\nsynopses:\n");
    for (size_t i = 0; i < NHELPS; i++) print_synopsis(&helps[i], "  ", "  ");
    printf("  lwcx --help | --version\n"
           "\n"
           "environment:\n"
           "  LWCX_IMPL=prim:impl,...       force implementations (a bare name applies to all)\n"
           "  LWCX_CPU_DISABLE=avx2,...     hide CPU features from the dispatcher\n"
           "\n"
           "exit status: 0 success, 2 usage error, 128+N ended by signal N; the others (failures)\n"
           "per command: lwcx COMMAND --help\n");
}
