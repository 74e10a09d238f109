/* Debouncing of every input of the chain (64 holes and the keys), one sample a scan.
 *
 * An input's accepted level changes only when the input has read its new level in
 * DEBOUNCE_SCANS + 1 consecutive scans, i.e. for at least DEBOUNCE_MS: contact bounce, a
 * peg wobbling in its hole or a glitch shorter than that is never reported. */
#ifndef PEG_DEBOUNCE_H
#define PEG_DEBOUNCE_H

#include <stdint.h>

#include "config.h"

#define DEBOUNCE_INPUTS (CHAIN_BYTES * 8u)

typedef struct {
    uint8_t stable[CHAIN_BYTES];  /* accepted levels, bit b of byte i = input 8i + b */
    uint8_t last[CHAIN_BYTES];    /* the previous sample */
    uint8_t age[DEBOUNCE_INPUTS]; /* scans the input has kept its level (saturating) */
} debounce_t;

/* Starts with sample as the accepted levels (power-up: nothing is reported). */
void debounce_init(debounce_t *d, const uint8_t sample[CHAIN_BYTES]);

/* Feeds one scan. Sets in changed[] the bits of the inputs whose accepted level flipped in
 * this scan (their new level is in d->stable); returns nonzero if there was any. */
uint8_t debounce_step(debounce_t *d, const uint8_t sample[CHAIN_BYTES],
                      uint8_t changed[CHAIN_BYTES]);

#endif
