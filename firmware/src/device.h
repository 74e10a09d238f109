/* The board's side of protocol v1 as a pure state machine: scans of the shift-register
 * chain and bytes from the host go in, lines for the host and the buzzer's state come out.
 * No register, pin or timer is touched here, so the whole of it runs and is tested on the
 * host as well as on the microcontroller.
 *
 * - HELLO and BOARD at power-up; HELLO on HELLO?; PONG on PING; BOARD on SCAN; BEEP sounds
 *   the buzzer.
 * - Each debounced change of a hole is queued as UP or DOWN, a key press as KEY.
 * - A BOARD always agrees with the events sent before it: it shows the board as the host
 *   knows it, and the events still queued follow it.
 * - If the queue overflows (the line is slower than the pegs), the queued peg events are
 *   dropped, ERR queue overflow is said, then a BOARD of the board as it is now; keys are
 *   kept. No change is lost: the host reads the state from the BOARD.
 * - A chain that does not read its check bits (broken wire, no power on the registers) is
 *   said as ERR sensor chain, nothing is reported while it lasts, and a BOARD follows
 *   when it reads well again.
 * - Host lines with a wrong checksum, too long, with bytes outside ASCII or with bad
 *   arguments are answered with ERR; kinds this firmware does not know are ignored. */
#ifndef PEG_DEVICE_H
#define PEG_DEVICE_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "debounce.h"
#include "events.h"
#include "lines.h"

typedef struct {
    debounce_t inputs;            /* levels as logical bits: 1 = peg in the hole / key down */
    event_queue_t queue;          /* changes not yet sent */
    line_reader_t reader;         /* the host's line being received */
    uint8_t reported[BOARD_BYTES];/* the board as told to the host by the lines sent so far */
    uint8_t say;                  /* SAY_* lines owed to the host */
    uint8_t errors;               /* ERR_* lines owed to the host */
    bool resync;                  /* a BOARD of the current state is owed; peg events wait */
    bool chain_fault;             /* the check bits read wrong */
    bool chain_fault_said;        /* ERR sensor chain has been sent for this fault */
    uint8_t chain_good_scans;     /* good scans since the fault, until it counts as mended */
    uint16_t beep_left_ms;        /* tone time left */
    uint16_t overflows;           /* queue overflows since power-up (for the curious) */
} device_t;

/* raw: the chain as read, byte i = register i (ranks 1..8, then keys), bit b = input Db;
 * a closed switch (peg present, key pressed) reads 0. */
void device_init(device_t *d, const uint8_t raw[CHAIN_BYTES]);
/* One scan of the chain, every 1/SCAN_HZ s. */
void device_scan(device_t *d, const uint8_t raw[CHAIN_BYTES]);
/* One byte from the host. */
void device_receive(device_t *d, uint8_t byte);
/* The next line to send, with "*HH\n", into out[OUT_LINE_BUF]; returns its length, 0 if
 * there is nothing to send. Call it only when the line can be sent whole. */
uint8_t device_next_line(device_t *d, char out[OUT_LINE_BUF]);
/* True while the buzzer should sound. */
bool device_buzzer_on(const device_t *d);
/* The accepted state of the 64 holes (bit f of byte r: file f, rank r + 1). */
const uint8_t *device_board(const device_t *d);

#endif
