/* Test helpers shared by the device tests: the chain as a board with pegs and keys would
 * drive it (closed switch = 0, check bits D6 = 1 and D7 = 0), and a host that reads the
 * device's lines, checks their checksum and keeps them as text. */
#ifndef PEG_BOARD_MODEL_H
#define PEG_BOARD_MODEL_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "device.h"
#include "lines.h"

typedef struct {
    uint8_t raw[CHAIN_BYTES];
} chain_model_t;

static inline void chain_empty(chain_model_t *c)
{
    memset(c->raw, 0xFF, BOARD_BYTES);
    c->raw[KEY_BYTE] = (uint8_t)(KEY_MASK | CHAIN_CHECK_VALUE); /* no key down, D6 high, D7 low */
}

static inline void chain_set_peg(chain_model_t *c, uint8_t square, bool present)
{
    uint8_t bit = (uint8_t)(1u << (square & 7u));
    if (present) {
        c->raw[square >> 3] &= (uint8_t)~bit;
    } else {
        c->raw[square >> 3] |= bit;
    }
}

static inline bool chain_peg(const chain_model_t *c, uint8_t square)
{
    return !((c->raw[square >> 3] >> (square & 7u)) & 1u);
}

static inline void chain_set_key(chain_model_t *c, uint8_t key, bool down)
{
    uint8_t bit = (uint8_t)(1u << key);
    if (down) {
        c->raw[KEY_BYTE] &= (uint8_t)~bit;
    } else {
        c->raw[KEY_BYTE] |= bit;
    }
}

/* The start position: ranks 1, 2, 7 and 8 full. */
static inline void chain_start_position(chain_model_t *c)
{
    chain_empty(c);
    for (uint8_t sq = 0; sq < 64; sq++) {
        if (sq < 16 || sq >= 48) {
            chain_set_peg(c, sq, true);
        }
    }
}

/* Sends a host line (without "\n") to the device. */
static inline void host_send(device_t *d, const char *text)
{
    for (const char *p = text; *p; p++) {
        device_receive(d, (uint8_t)*p);
    }
    device_receive(d, '\n');
}

/* Takes the next line the device sends, checks its framing and checksum, and returns its
 * text without "*HH\n" (a static buffer), or NULL if it has nothing to send. */
static inline const char *host_read(device_t *d)
{
    static char text[OUT_LINE_BUF];
    uint8_t n = device_next_line(d, text);
    if (n == 0) {
        return NULL;
    }
    if (n < 4 || n > LINE_MAX + 1 || text[n - 1] != '\n') {
        fprintf(stderr, "badly framed line: %s\n", text);
        return "<badly framed>";
    }
    text[n - 1] = '\0';
    uint8_t len = (uint8_t)(n - 1);
    if (line_unframe(text, &len) != UNFRAME_CHECKED) {
        fprintf(stderr, "line without a correct checksum: %s\n", text);
        return "<bad checksum>";
    }
    return text;
}

#endif
