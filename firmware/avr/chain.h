/* Reading the nine daisy-chained 74HC165 shift registers. */
#ifndef PEG_CHAIN_H
#define PEG_CHAIN_H

#include <stdint.h>

#include "../src/config.h"

void chain_init(void);
/* Loads all inputs at once and shifts them in: raw[i] = register i + 1, bit b = input Db. */
void chain_read(uint8_t raw[CHAIN_BYTES]);

#endif
