/* Uses the library as an outside program would: the header and library agree
 * on the version, and a kcc24p6 round trip works and rejects a forged tag. */
#include <lwcx.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    uint8_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, msg[40] = "outside the lwcx build tree", ct[40],
            back[40], tag[8];
    if (strcmp(lwcx_version(), LWCX_VERSION_STRING) != 0) {
        fprintf(stderr, "header %s, library %s\n", LWCX_VERSION_STRING, lwcx_version());
        return 1;
    }
    if (lwcx_kcc24p6_encrypt(ct, tag, msg, sizeof msg, key) != LWCX_OK
        || lwcx_kcc24p6_decrypt(back, ct, sizeof msg, tag, key) != LWCX_OK
        || memcmp(back, msg, sizeof msg) != 0) {
        fprintf(stderr, "round trip failed\n");
        return 1;
    }
    tag[0] ^= 1;
    if (lwcx_kcc24p6_decrypt(back, ct, sizeof msg, tag, key) != LWCX_ERR_AUTH) {
        fprintf(stderr, "a forged tag was accepted\n");
        return 1;
    }
    printf("lwcx %s: consumer ok\n", lwcx_version());
    return 0;
}
