/* The commands that drive the simulated board, one a line (from standard input, or a test):
 *
 *   UP <sq>            the peg leaves the hole (sq: a1 .. h8)
 *   DOWN <sq>          a peg enters the hole
 *   KEY <name>         press and release a key (clock time repeat talk yes no), 60 ms down
 *                      (plus the bounce time)
 *   PRESS <name>       hold a key down;  RELEASE <name>  let it go
 *   SET <64 chars>     every hole at once, in FEN order as in a BOARD line ('.' empty,
 *                      'x' or a piece letter full); SET start, SET empty
 *   WAIT <ms>          the next lines happen <ms> of simulated time later
 *   BOUNCE <ms>        every later change bounces for up to <ms> before it settles (0: none):
 *                      the contact flips, each level held 0.1 ms to min(<ms>/2, 19 ms)
 *   CHAIN broken|ok    cut or mend the chain's data wire
 *   RESET              power-cycle the microcontroller
 *   SYNC [word]        print "SYNC word" on standard output when the simulation gets there
 *   # ...              a comment; empty lines are ignored
 *
 * Command words may be lower-case. A line that is not understood is said on standard error
 * with its number and skipped. */
#ifndef SIM_SCRIPT_H
#define SIM_SCRIPT_H

#include <stdbool.h>
#include <stdio.h>

#include "sim.h"

#define SCRIPT_QUEUE 4096

typedef enum {
    SC_SET_INPUT, SC_KEY, SC_WAIT, SC_BOUNCE, SC_CHAIN, SC_RESET, SC_SYNC, SC_SET_ALL,
} script_kind_t;

typedef struct {
    script_kind_t kind;
    int input;        /* SC_SET_INPUT, SC_KEY */
    int value;        /* level, ms, broken */
    char text[72];    /* SC_SYNC word, SC_SET_ALL cells */
} script_cmd_t;

typedef struct {
    sim_t *sim;
    FILE *out;        /* where SYNC lines go */
    script_cmd_t queue[SCRIPT_QUEUE];
    int head, len;
    avr_cycle_count_t wait_until;
    avr_cycle_count_t release_at[KEY_INPUTS];
    int errors;       /* lines not understood */
} script_t;

void script_init(script_t *sc, sim_t *sim, FILE *out);
/* Parses one line and queues it; false (and a message on stderr) if it is not understood. */
bool script_line(script_t *sc, const char *line, long lineno);
/* Runs the commands that are due; call it often (every poll of the simulation). */
void script_step(script_t *sc);
/* True when nothing is queued, waited for or held for a KEY. */
bool script_idle(const script_t *sc);
/* The 64 cells of a SET line into holes (index 0 = a1); false if it is not one. */
bool script_parse_cells(const char *text, bool full[64]);

#endif
