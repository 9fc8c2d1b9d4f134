/* The block ciphers, one line each: the one table of their identity and
 * sizes. Macros only (no includes, no types), so that plain C (modes.c, the
 * device backends' host side), CUDA (device/cuda_kernels.cu) and OpenCL C
 * (device/opencl_kernels.cl, preprocessed at build time) all read it.
 *
 * X(name, NAME, block bytes, key bytes, rounds, bit order, description):
 * name is the registry primitive's and the kernels' (lwcx_<name>_<mode>),
 * NAME the suffix of lwcx_blockcipher's LWCX_<NAME> and of the kernels'
 * KB_<NAME>; bit order 1 when the cores number a block's and a key's bits
 * as one big-endian integer, 0 little-endian (PIPO). The order is
 * lwcx_blockcipher's (modes.c checks it). */
#ifndef LWCX_BC_CIPHERS_H
#define LWCX_BC_CIPHERS_H

#define LWCX_BC_CIPHERS(X)                                                                           \
    X(present80, PRESENT80, 8, 10, 31, 1, "PRESENT-80 block cipher: 64-bit block, 80-bit key, 31 rounds")    \
    X(present128, PRESENT128, 8, 16, 31, 1, "PRESENT-128 block cipher: 64-bit block, 128-bit key, 31 rounds") \
    X(gift64, GIFT64, 8, 16, 28, 1, "GIFT-64 block cipher: 64-bit block, 128-bit key, 28 rounds")            \
    X(gift128, GIFT128, 16, 16, 40, 1, "GIFT-128 block cipher: 128-bit block, 128-bit key, 40 rounds")       \
    X(pipo128, PIPO128, 8, 16, 13, 0, "PIPO-64/128 block cipher: 64-bit block, 128-bit key, 13 rounds")      \
    X(pipo256, PIPO256, 8, 32, 17, 0, "PIPO-64/256 block cipher: 64-bit block, 256-bit key, 17 rounds")

/* the number of ciphers */
#define LWCX_BC_CIPHER_ONE_(nm, NM, bb, kb, r, be, text) +1
#define LWCX_BC_NCIPHERS (0 LWCX_BC_CIPHERS(LWCX_BC_CIPHER_ONE_))

#endif
