/* The simulated board: the real firmware running on simavr's ATmega328P at 16 MHz, with the
 * 74HC165 chain model on its pins, the UART bridge, contact bounce for the switches, a watch
 * on the buzzer pin, and optional pacing of simulated time against the wall clock. */
#ifndef SIM_SIM_H
#define SIM_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <sim_avr.h>
#include <sim_elf.h>

#include "chain165.h"
#include "serial.h"

#define SIM_SQUARES 64
#define SIM_INPUTS (SIM_SQUARES + KEY_INPUTS) /* 0..63 holes a1..h8, 64..69 keys */
#define SIM_POLL_US 500                        /* the host, stdin and the buzzer are looked at */

typedef struct sim {
    avr_t *avr;
    elf_firmware_t firmware;
    chain165_t chain;
    serial_t serial;
    double speed;                  /* simulated s per wall s; 0: as fast as possible */
    struct timespec wall_start;
    avr_cycle_count_t cycle_start;
    avr_cycle_count_t sleep_cycles;/* cycles the CPU slept (for its load) */
    /* Contact bounce. */
    uint64_t rng;
    int bounce_ms;
    avr_cycle_count_t bounce_until[SIM_INPUTS]; /* 0: not bouncing */
    avr_cycle_count_t bounce_next[SIM_INPUTS];  /* its next flip */
    bool target[SIM_INPUTS];       /* the level each input settles to (true: closed) */
    avr_cycle_count_t last_edge[SIM_INPUTS];  /* the input's last change of level */
    avr_cycle_count_t settled_at[SIM_INPUTS]; /* its last edge before it stayed put */
    /* The buzzer. */
    bool buzz_level;
    uint32_t buzz_edges;
    avr_cycle_count_t buzz_first, buzz_last;
    void (*on_beep)(void *ctx, double ms, double hz);
    bool reset_requested;
    /* Called every SIM_POLL_US of simulated time. */
    void (*on_poll)(void *ctx);
    void *ctx;
} sim_t;

/* Loads the firmware and wires everything; 0 on success, else a message on stderr. */
int sim_init(sim_t *s, const char *elf_path, bool with_pty, double speed, uint64_t seed);
/* Simulated cycles in ms milliseconds. */
avr_cycle_count_t sim_cycles(const sim_t *s, double ms);
double sim_ms(const sim_t *s, avr_cycle_count_t cycles);
/* Runs until the cycle is reached; false if the CPU stopped (crashed or done). */
bool sim_run_until(sim_t *s, avr_cycle_count_t cycle);
/* Sets an input (hole or key) closed or open; with bounce configured, it bounces first. */
void sim_set_input(sim_t *s, int input, bool closed);
bool sim_input(const sim_t *s, int input);
/* Power-cycles the microcontroller (the switches keep their state), at the next instruction. */
void sim_reset(sim_t *s);
void sim_close(sim_t *s);

#endif
