/* AIMer v2.1 parameter sets: the round constants and the sizes of each
 * set. */
#include "aimer_impl.h"

/* The round constants: consecutive 64-bit pieces of the fractional part of
 * pi (0x243f6a88...), each set continuing where the smaller one stops;
 * words little-endian. */
static const uint64_t c128[2][AIMER_MAX_WORDS] = {
    {0x13198a2e03707344u, 0x243f6a8885a308d3u},
    {0x082efa98ec4e6c89u, 0xa4093822299f31d0u},
};
static const uint64_t c192[2][AIMER_MAX_WORDS] = {
    {0xc0ac29b7c97c50ddu, 0xbe5466cf34e90c6cu, 0x452821e638d01377u},
    {0xd1310ba698dfb5acu, 0x9216d5d98979fb1bu, 0x3f84d5b5b5470917u},
};
static const uint64_t c256[3][AIMER_MAX_WORDS] = {
    {0x24a19947b3916cf7u, 0xba7c9045f12c7f99u, 0xb8e1afed6a267e96u, 0x2ffd72dbd01adfb7u},
    {0x0d95748f728eb658u, 0xa458fea3f4933d7eu, 0x636920d871574e69u, 0x0801f2e2858efc16u},
    {0xc5d1b023286085f0u, 0x9c30d5392af26013u, 0x7b54a41dc25a59b5u, 0x718bcd5882154aeeu},
};

#define SET(nm, fld, bits, l, e1, e2, e3, es, n_, logn, t, consts, sig)                                  \
    {                                                                                               \
        .name = nm, .field = fld, .n = bits, .words = bits / 64, .lambda = bits / 8, .L = l,        \
        .e = {e1, e2, e3}, .e_star = es, .N = n_, .logN = logn, .T = t, .c = consts,                  \
        .pk_bytes = 2 * (bits / 8), .sk_bytes = 3 * (bits / 8), .sig_bytes = sig                    \
    }
static const aimer_params sets[] = {
    SET("aimer128f", AIMER_GF128, 128, 2, 49, 91, 0, 3, 16, 4, 33, c128, 5888),
    SET("aimer128s", AIMER_GF128, 128, 2, 49, 91, 0, 3, 256, 8, 17, c128, 4160),
    SET("aimer192f", AIMER_GF192, 192, 2, 17, 47, 0, 5, 16, 4, 49, c192, 13056),
    SET("aimer192s", AIMER_GF192, 192, 2, 17, 47, 0, 5, 256, 8, 25, c192, 9120),
    SET("aimer256f", AIMER_GF256, 256, 3, 11, 141, 7, 3, 16, 4, 65, c256, 25120),
    SET("aimer256s", AIMER_GF256, 256, 3, 11, 141, 7, 3, 256, 8, 33, c256, 17056),
};

const aimer_params *lwcx_aimer_params_get(lwcx_aimer_set set)
{
    return (unsigned)set < sizeof sets / sizeof sets[0] ? &sets[set] : NULL;
}
