/* The bounded queue of changes waiting for the serial line. An event is one byte:
 * a peg entering or leaving a hole, or a key pressed. */
#ifndef PEG_EVENTS_H
#define PEG_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

typedef uint8_t event_t;

#define EVENT_KEY 0x80u  /* a key: low bits are the key's index */
#define EVENT_DOWN 0x40u /* a peg entered the hole (else: left it); low 6 bits the square */
#define EVENT_INDEX 0x3Fu

static inline event_t event_up(uint8_t square) { return (event_t)(square & EVENT_INDEX); }
static inline event_t event_down(uint8_t square)
{
    return (event_t)(EVENT_DOWN | (square & EVENT_INDEX));
}
static inline event_t event_key(uint8_t key) { return (event_t)(EVENT_KEY | (key & EVENT_INDEX)); }

typedef struct {
    event_t items[EVENT_QUEUE_SIZE];
    uint8_t head;  /* index of the oldest event */
    uint8_t count; /* events queued */
} event_queue_t;

void queue_init(event_queue_t *q);
/* Adds an event at the end; false (and nothing added) when the queue is full. */
bool queue_push(event_queue_t *q, event_t e);
/* Takes the oldest event; false when the queue is empty. */
bool queue_pop(event_queue_t *q, event_t *e);
/* Removes every peg event and keeps the keys, in order (a BOARD will say where pegs are). */
void queue_drop_pegs(event_queue_t *q);

#endif
