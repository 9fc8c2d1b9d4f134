/* The kernel bodies run on the CPU (device/device_host.h): the host launcher of
 * both GPU backends, compiled once. */
#include <stdlib.h>
#include <string.h>

#include "bs_word_kernel32.h"
#include "../gift/bs_core.tmpl.h"
#include "../pipo/bs_core.tmpl.h"
#include "../present/bs_core.tmpl.h"

#include "kernel_bodies.tmpl.h"
#include "device_host.h"

void lwcx_dev_run_on_cpu(int c, int mode, kb_args *a, unsigned grid, unsigned block_dim, const void *sched,
                         dev_io *bufs, int nbufs)
{
    a->sched = (uintptr_t)sched;
    void *resident[8] = {0}; /* data that would stay on the device (bench) */
    int bad = 0;
    for (int i = 0; i < nbufs && i < 8; i++) {
        if (bufs[i].dst && bufs[i].src && bufs[i].dst != bufs[i].src) memcpy(bufs[i].dst, bufs[i].src, bufs[i].bytes);
        if (!bufs[i].dst && !bufs[i].src) bad |= !(resident[i] = calloc(1, bufs[i].bytes ? bufs[i].bytes : 1));
        *bufs[i].field = (uintptr_t)(bufs[i].dst ? bufs[i].dst : bufs[i].src ? bufs[i].src : resident[i]);
    }
    for (unsigned b = 0; !bad && b < grid; b++)
        for (unsigned t = 0; t < block_dim; t++) {
            const kb_pos p = {b, t, block_dim, grid};
            switch (mode) {
            case MODE_ECB_ENC: kb_ecb(c, 1, p, a); break;
            case MODE_ECB_DEC: kb_ecb(c, 0, p, a); break;
            case MODE_CTR: kb_ctr(c, p, a); break;
            case MODE_KEYS_ENC: kb_keys(c, 1, p, a); break;
            case MODE_KEYS_DEC: kb_keys(c, 0, p, a); break;
            case MODE_PACK: kb_ecb(c, KB_PACK_ONLY, p, a); break;
            default: kb_search(c, p, a); break;
            }
        }
    for (int i = 0; i < nbufs && i < 8; i++) free(resident[i]);
}
