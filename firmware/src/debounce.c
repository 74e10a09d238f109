/* Debouncing: see debounce.h. Only inputs that moved or wait to be accepted cost time; a
 * quiet chain is nine comparisons a scan. */
#include "debounce.h"

void debounce_init(debounce_t *d, const uint8_t sample[CHAIN_BYTES])
{
    for (uint8_t i = 0; i < CHAIN_BYTES; i++) {
        d->stable[i] = sample[i];
        d->last[i] = sample[i];
    }
    for (uint8_t i = 0; i < DEBOUNCE_INPUTS; i++) {
        d->age[i] = DEBOUNCE_SCANS;
    }
}

uint8_t debounce_step(debounce_t *d, const uint8_t sample[CHAIN_BYTES],
                      uint8_t changed[CHAIN_BYTES])
{
    uint8_t any = 0;
    for (uint8_t i = 0; i < CHAIN_BYTES; i++) {
        uint8_t moved = sample[i] ^ d->last[i];
        uint8_t waiting = sample[i] ^ d->stable[i];
        uint8_t flipped = 0;
        d->last[i] = sample[i];
        uint8_t busy = moved | waiting;
        for (uint8_t b = 0; busy; b++, busy >>= 1) {
            if (!(busy & 1u)) {
                continue;
            }
            uint8_t bit = (uint8_t)(1u << b);
            uint8_t *age = &d->age[i * 8u + b];
            if (moved & bit) {
                *age = 0;
            } else if (*age < DEBOUNCE_SCANS) {
                (*age)++;
            }
            if ((waiting & bit) && *age >= DEBOUNCE_SCANS) {
                flipped |= bit;
            }
        }
        d->stable[i] ^= flipped;
        changed[i] = flipped;
        any |= flipped;
    }
    return any;
}
