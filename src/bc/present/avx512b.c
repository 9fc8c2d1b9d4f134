/* PRESENT bitsliced over 512 blocks with AVX-512 for the CPUs that run a
 * 512-bit operation as two 256-bit halves: present/avx512.c with
 * the one-key schedule as byte masks (PRESENT_MASK8), each key bit a
 * vpbroadcastb from memory instead of vpternlogd's {1to16} operand. Such a
 * core stores 32 bytes a cycle, and a 4 KiB CTR call spent a fifth of its
 * time storing: writing the 8 KiB of 32-bit masks and wiping them was 12
 * KiB more than the 2 KiB of bytes. There the broadcast takes a load slot
 * and no ALU one, and the rounds run as fast, the 4 KiB call faster
 * (docs/design/present.md, "One-key calls"); on Intel it is a
 * port-5 shuffle, 128 a round pair, so avx512 stays the choice where zmm
 * operations run at full width. */
#define PRESENT_MASK8 1
#define PRESENT_BS_DESC \
    {.name = "avx512b", \
     .description = "AVX-512 for cores that split 512-bit operations: avx512 with the one-key schedule as byte masks (2 KiB, vpbroadcastb)", \
     .features = LWCX_CPU_AVX512, \
     .batch = BS_LANES, \
     .constant_time = 1}
#define PRESENT_BS_NAME(bits) lwcx_bc_present##bits##_avx512b
#include "avx512.c"
