/* The tables the project's five write-ups (the seeds, in Korean) published,
 * as published: each figure with its unit, machine and compiler, and the bench
 * case that does the same work here. The source of each table is named; the
 * spec sheets (shared/specs/, their "Anchors") summarise the same figures.
 * Rows of derived figures (the seeds' speedup or difference rows) are left
 * out: the report computes its own. */
#include "report.h"

#define N(a) (sizeof a / sizeof a[0])

/* seed 000: the 2024 contest's problem 6 (kcc24-p6), Table 1 "optimisation
 * results", 192-byte message, cycles per call; the average row of each column
 * (its three runs are rows too: the average stands for them). Machine: Table 2. */
#define XEON "2 x Intel Xeon Gold 6130"
static const writeup_row kcc24p6_rows[] = {
    {"Original (average of 3 runs)", 25288.7, "cycles/call", WU_CYCLES, 1, 1, XEON, "x86-64", "kcc24p6",
     {{"encrypt_192B", "ref"}}, NULL},
    {"Improved (average of 3 runs)", 6912.0, "cycles/call", WU_CYCLES, 1, 1, XEON, "x86-64", "kcc24p6",
     {{"encrypt_192B", "auto"}, {"encrypt_192B", "best"}}, NULL},
};

/* seed 001: the 2023 contest's problem 4 (kcc23p4), figure 7 "speed of the
 * optimisation steps" (each step's program, mean of 10,000 runs of the
 * official harness: 512 blocks, each under its own key, cycles per block).
 * Machine: table 1 (a VirtualBox guest; the CPU is not named). */
#define VBOX "VirtualBox guest, Ubuntu 22.04.3 (CPU not named)"
#define HARNESS "harness_enc_512keys"
static const writeup_row kcc23p4_rows[] = {
    {"0_no_optim.c (the C reference)", 2489.8896, "cycles/block", WU_CYCLES, 1, 0, VBOX, "x86-64", "kcc23p4",
     {{HARNESS, "ref"}}, NULL},
    {"1_session_key_load_store.c (C)", 1618.5018, "cycles/block", WU_CYCLES, 1, 0, VBOX,
     "x86-64", "kcc23p4", {{HARNESS, "portable"}}, NULL},
    {"2_8_block_parallel_gather.c (AVX2)", 432.5616, "cycles/block", WU_CYCLES, 1, 0, VBOX, "x86-64", "kcc23p4",
     {{HARNESS, "avx2"}}, NULL},
    {"2_8_block_parallel_shuffle.c", 422.1499, "cycles/block", WU_CYCLES, 1, 0, VBOX, "x86-64", "kcc23p4",
     {{HARNESS, "avx2"}}, NULL},
    {"3_byte_reorder.c", 384.1248, "cycles/block", WU_CYCLES, 1, 0, VBOX, "x86-64", "kcc23p4",
     {{HARNESS, "avx2"}}, NULL},
    {"4_merge_2_loop.c (the submission)", 355.7709, "cycles/block", WU_CYCLES, 1, 0, VBOX, "x86-64",
     "kcc23p4", {{HARNESS, "avx2"}}, NULL},
};

/* seed 002: bitsliced PRESENT, GIFT and PIPO on CUDA GPUs. Its Table 2
 * (Tezcan's table-based PRESENT key search, reproduced), and its tables of
 * data transfer, packing and shared memory. Key rates: keys per second. The
 * device rows of this run where there are any, else the key search on one
 * CPU core. */
#define KEY_SEARCH {"keysearch_device_4M", "device"}, {"keysearch_1core", "auto"}, {"keysearch_1core", "best"}
#define TEZCAN(gpu, keys)                                                                                        \
    {gpu, keys, "keys/s", WU_RATE, 1, 0, gpu, "gpu", "present80", {KEY_SEARCH}, "table-based there, bitsliced here"}
static const writeup_row present_gpu_rows[] = {
    TEZCAN("NVIDIA MX 250", 116197180),      TEZCAN("NVIDIA GTX 860M", 121949098),
    TEZCAN("NVIDIA Tesla K20", 340904013),   TEZCAN("NVIDIA GTX 970", 377758044),
    TEZCAN("NVIDIA RTX 2070 Super", 887917367), TEZCAN("NVIDIA RTX 3070", 1885204563),
};
static const writeup_row transfer_rows[] = {
    {"bitsliced, keys sent to the GPU", 604.8, "Mkeys/s", WU_RATE, 1e6, 0, "NVIDIA RTX 3060", "gpu",
     "present80", {KEY_SEARCH}, "there the keys were copied to the GPU; here they are made where they are tried"},
    {"bitsliced, keys made on the GPU", 7891.7, "Mkeys/s", WU_RATE, 1e6, 0, "NVIDIA RTX 3060", "gpu",
     "present80", {KEY_SEARCH}, NULL},
};
#define GPU_NOT_NAMED "a CUDA GPU (not named for this table)"
static const writeup_row packing_rows[] = {
    {"GIFT-64 without packing", 736.7403, "Mh/s", WU_RATE, 1e6, 0, GPU_NOT_NAMED, "gpu", "gift64",
     {KEY_SEARCH}, "Mh/s read as millions of keys tried per second"},
    {"GIFT-64 with packing and unpacking", 641.2404, "Mh/s", WU_RATE, 1e6, 0, GPU_NOT_NAMED, "gpu", "gift64",
     {KEY_SEARCH}, "Mh/s read as millions of keys tried per second"},
    {"GIFT-128 without packing", 314.9770, "Mh/s", WU_RATE, 1e6, 0, GPU_NOT_NAMED, "gpu", "gift128",
     {KEY_SEARCH}, "Mh/s read as millions of keys tried per second"},
    {"GIFT-128 with packing and unpacking", 193.1445, "Mh/s", WU_RATE, 1e6, 0, GPU_NOT_NAMED, "gpu", "gift128",
     {KEY_SEARCH}, "Mh/s read as millions of keys tried per second"},
};
static const writeup_row shared_mem_rows[] = {
    {"without shared memory", 604.8, "Mkeys/s", WU_RATE, 1e6, 0, GPU_NOT_NAMED, "gpu",
     "present80", {KEY_SEARCH}, NULL},
    {"with shared memory", 617.2, "Mkeys/s", WU_RATE, 1e6, 0, GPU_NOT_NAMED, "gpu", "present80",
     {KEY_SEARCH}, NULL},
};

/* seed 003: AIMer on ARMv8, the table of its performance results (cycles per
 * call; the "Diff." rows left out). The write-up's AIMer is v1 with its
 * parameters; the bench measures v2.1, the "f" set of each level. */
#define M2 "Apple M2 (4 x 3.49 GHz + 4 x 2.42 GHz)"
#define V1 "AIMer v1 parameters there, v2.1 here"
#define AIMER(set, what, opt, ref)                                                                                \
    {#set " " #what ", Optimization", opt, "cycles/call", WU_CYCLES, 1, 1, M2, "arm64", "aimer",                \
     {{"aimer" #set "f_" #what, "auto"}, {"aimer" #set "f_" #what, "best"}}, V1},                                 \
    {#set " " #what ", Reference", ref, "cycles/call", WU_CYCLES, 1, 1, M2, "arm64", "aimer",                     \
     {{"aimer" #set "f_" #what, "ref"}}, V1}
static const writeup_row aimer_rows[] = {
    AIMER(128, keygen, 81856, 115200),     AIMER(128, sign, 13381888, 19937792),
    AIMER(128, verify, 13325632, 17729280), AIMER(192, keygen, 174080, 200768),
    AIMER(192, sign, 18502976, 33674496),  AIMER(192, verify, 16925248, 31699968),
    AIMER(256, keygen, 375680, 415872),    AIMER(256, sign, 34388544, 69730752),
    AIMER(256, verify, 32914752, 67622272),
};

/* seed 004: SPARKLE on ARMv8, Table 5 (ns per permutation, big step counts,
 * mean over ten million calls). The table is an image in the write-up; its
 * figures are those the spec sheet sparkle.md gives. NEON puts the branches
 * in SIMD lanes, as avx2 does here. */
#define A72 "Cortex-A72 (Raspberry Pi 4B)"
#define SPARKLE(bits, steps, c, a64, neon)                                                                         \
    {"SPARKLE" #bits ", C reference", c, "ns/call", WU_NS, 1, 1, A72, "arm64", "sparkle",                       \
     {{"sparkle" #bits "_" #steps "steps", "ref"}}, NULL},                                                         \
    {"SPARKLE" #bits ", ARM A64", a64, "ns/call", WU_NS, 1, 1, A72, "arm64", "sparkle",                          \
     {{"sparkle" #bits "_" #steps "steps", "auto"}, {"sparkle" #bits "_" #steps "steps", "best"}}, NULL},          \
    {"SPARKLE" #bits ", NEON ASIMD", neon, "ns/call", WU_NS, 1, 1, A72, "arm64", "sparkle",                      \
     {{"sparkle" #bits "_" #steps "steps", "neon"}, {"sparkle" #bits "_" #steps "steps", "avx2"}}, NULL}
static const writeup_row sparkle_rows[] = {
    SPARKLE(256, 10, 399.7, 232.7, 608.8),
    SPARKLE(384, 11, 609.9, 336.2, 662.4),
    SPARKLE(512, 12, 849.5, 503.5, 730.5),
};

const writeup_table bench_writeups[] = {
    {"000_dcd24854b8fe0ef6", "kcc24-p6 (2024 contest, problem 6)", "Table 1 (optimisation results)",
     "seed 000, Tables 1 and 2; spec kcc24-p6.md, Anchors", "GCC 11.4.0, -O3", kcc24p6_rows, N(kcc24p6_rows)},
    {"001_349f736c135f41d7", "kcc23-p4 (2023 contest, problem 4)", "figure 7 (the optimisation steps)",
     "seed 001, section 3.2.1 and table 1; spec kcc23-p4.md, Anchors", "gcc 11.4.0", kcc23p4_rows,
     N(kcc23p4_rows)},
    {"002_adb1f169d5ae478c", "PRESENT, GIFT, PIPO on CUDA GPUs", "Table 2 (table-based PRESENT-80 key search, Tezcan)",
     "seed 002, Table 2 (Tezcan, J. Systems Architecture 2022); spec block-ciphers.md, Anchors", "not stated",
     present_gpu_rows, N(present_gpu_rows)},
    {"002_adb1f169d5ae478c", "PRESENT, GIFT, PIPO on CUDA GPUs", "data transfer (key search)",
     "seed 002, table of data transfer; spec block-ciphers.md, Anchors", "not stated", transfer_rows,
     N(transfer_rows)},
    {"002_adb1f169d5ae478c", "PRESENT, GIFT, PIPO on CUDA GPUs", "packing and unpacking (GIFT)",
     "seed 002, table of packing and unpacking; spec block-ciphers.md, Anchors", "not stated", packing_rows,
     N(packing_rows)},
    {"002_adb1f169d5ae478c", "PRESENT, GIFT, PIPO on CUDA GPUs", "shared memory (PRESENT-80)",
     "seed 002, table of shared memory", "not stated", shared_mem_rows, N(shared_mem_rows)},
    {"003_835b4ef38c20bc1a", "AIMer on ARMv8 (PMULL)", "performance results (KeyGen, Sign, Verify)",
     "seed 003, section of performance results; spec aimer.md, Anchors", "not named, -O3", aimer_rows,
     N(aimer_rows)},
    {"004_348aa517850a4605", "SPARKLE on ARMv8 (A64, NEON)", "Table 5 (ns per permutation)",
     "seed 004, Table 5 and section IV; figures from spec sparkle.md, Anchors", "GCC 11.2.0, -O3", sparkle_rows,
     N(sparkle_rows)},
};
const size_t bench_nwriteups = N(bench_writeups);
