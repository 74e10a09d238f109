/* A model of the board's nine daisy-chained 74HC165 on the simulated microcontroller's pins:
 * it watches PL (PB2) and CP (PB5) and drives Q7 into PB4, bit by bit, from the levels of
 * the 64 reed switches and the key register, as the real chain would. */
#ifndef SIM_CHAIN165_H
#define SIM_CHAIN165_H

#include <stdbool.h>
#include <stdint.h>

#include <sim_avr.h>

#define CHAIN_REGISTERS 9
#define KEY_REGISTER 8
#define KEY_INPUTS 6

typedef struct {
    avr_t *avr;
    avr_irq_t *data;                    /* PB4, the microcontroller's input */
    uint8_t inputs[CHAIN_REGISTERS];    /* electrical levels at D0..D7 now (1 = high) */
    uint8_t latched[CHAIN_REGISTERS];   /* what the last parallel load took */
    int shifted;                        /* clock edges since the load */
    bool load_low;
    bool clock_high;
    bool broken;                        /* the data wire is cut: the pull-up reads 1 */
    /* Measurements: scans begun, and the cycles of the last scan's load and last clock. */
    uint64_t loads;
    avr_cycle_count_t load_cycle;
    avr_cycle_count_t last_clock_cycle;
    void (*on_load)(void *ctx, avr_cycle_count_t cycle);
    void *ctx;
} chain165_t;

/* Connects the model to the pins; every hole empty, no key down. */
void chain165_init(chain165_t *c, avr_t *avr);
/* A hole's reed switch: closed (peg present) pulls its input low. square: 0 = a1 .. 63 = h8. */
void chain165_set_square(chain165_t *c, int square, bool peg_present);
bool chain165_square(const chain165_t *c, int square);
/* A key (0..5: clock time repeat talk yes no) held down or not. */
void chain165_set_key(chain165_t *c, int key, bool down);
/* Cuts or mends the data wire. */
void chain165_set_broken(chain165_t *c, bool broken);

#endif
