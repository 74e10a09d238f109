/* Reading the 74HC165 chain by toggling two pins: a low pulse on PL latches all 72 inputs at
 * once (a consistent snapshot), then each rising edge of CP shifts the next bit to Q7.
 * Register 1's D7 comes first. About 50 us at 16 MHz. */
#include "chain.h"

#include "pins.h"

void chain_init(void)
{
    CHAIN_DDR |= _BV(CHAIN_LOAD) | _BV(CHAIN_CLOCK);
    CHAIN_DDR &= (uint8_t)~_BV(CHAIN_DATA);
    CHAIN_PORT &= (uint8_t)~_BV(CHAIN_DATA); /* no internal pull-up: the board has one */
    CHAIN_PORT |= _BV(CHAIN_LOAD);
    CHAIN_PORT &= (uint8_t)~_BV(CHAIN_CLOCK);
}

void chain_read(uint8_t raw[CHAIN_BYTES])
{
    CHAIN_PORT &= (uint8_t)~_BV(CHAIN_LOAD);
    __asm__ __volatile__("nop"); /* PL low for at least 100 ns */
    CHAIN_PORT |= _BV(CHAIN_LOAD);
    for (uint8_t i = 0; i < CHAIN_BYTES; i++) {
        uint8_t v = 0;
        for (uint8_t b = 0; b < 8; b++) {
            v <<= 1;
            if (CHAIN_PIN & _BV(CHAIN_DATA)) {
                v |= 1u;
            }
            CHAIN_PORT |= _BV(CHAIN_CLOCK);
            CHAIN_PORT &= (uint8_t)~_BV(CHAIN_CLOCK);
        }
        raw[i] = v;
    }
}
