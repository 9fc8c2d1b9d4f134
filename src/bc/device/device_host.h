/* What the GPU backends (device/cuda_impl.c, device/opencl_impl.c, through
 * device/device_modes.tmpl.h) and the host loop over the kernel bodies (device/device_host.c)
 * share. Include after device/kernel_bodies.tmpl.h (kb_args). */
#ifndef LWCX_BC_DEVICE_HOST_H
#define LWCX_BC_DEVICE_HOST_H

#include <stddef.h>
#include <stdint.h>

enum { MODE_ECB_ENC, MODE_ECB_DEC, MODE_CTR, MODE_KEYS_ENC, MODE_KEYS_DEC, MODE_SEARCH, MODE_PACK, NMODES };

/* kernel names: lwcx_<cipher>_<mode> (also the tests' fake driver's) */
#define DEV_CIPHER_NAME(nm, NM, bb, kb, r, be, text) #nm,
static const char *const dev_cipher_names[KB_NCIPHERS] = {LWCX_BC_CIPHERS(DEV_CIPHER_NAME)};
static const char *const dev_mode_names[NMODES] = {"ecb_enc",  "ecb_dec", "ctr", "keys_enc",
                                                   "keys_dec", "search",  "pack"};

/* One buffer of an operation: uploaded from src (if any), downloaded to dst
 * (if any), neither for data that stays on the device (the bench's
 * resident rows); its device address (or buffer offset) goes to *field. */
typedef struct dev_io {
    const void *src;
    void *dst;
    size_t bytes;
    uint64_t *field;
    int secret; /* key material: zeroed on the device before it is released */
} dev_io;

/* The bodies on the CPU over every (block, thread) of a launch of `grid`
 * blocks of block_dim threads, the buffers in host memory: the emulated
 * GPU of the tests, and the fallback when a device call fails. One copy
 * for both backends: the six ciphers' bodies are the largest code in the
 * library to compile. */
void lwcx_dev_run_on_cpu(int c, int mode, kb_args *a, unsigned grid, unsigned block_dim, const void *sched,
                         dev_io *bufs, int nbufs);

#endif
