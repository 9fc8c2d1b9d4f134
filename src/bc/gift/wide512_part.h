/* GIFT-64's sliced-key round pair over the split wide512 word, a part at a
 * time (gift/wide512_part.c): y, x, ks as gift_bs_round2_64_s takes them. */
#ifndef LWCX_GIFT_WIDE512_PART_H
#define LWCX_GIFT_WIDE512_PART_H

void lwcx_gift64_wide512_round2_s(void *y, const void *x, const void *ks, unsigned r);

#endif
