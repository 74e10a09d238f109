/* The event queue: see events.h. A ring buffer; EVENT_QUEUE_SIZE is at most 255. */
#include "events.h"

_Static_assert(EVENT_QUEUE_SIZE <= 255u, "the queue counts in one byte");

void queue_init(event_queue_t *q)
{
    q->head = 0;
    q->count = 0;
}

static uint8_t slot(uint8_t index)
{
    return (uint8_t)(index % EVENT_QUEUE_SIZE);
}

bool queue_push(event_queue_t *q, event_t e)
{
    if (q->count >= EVENT_QUEUE_SIZE) {
        return false;
    }
    q->items[slot((uint8_t)(q->head + q->count))] = e;
    q->count++;
    return true;
}

bool queue_pop(event_queue_t *q, event_t *e)
{
    if (q->count == 0) {
        return false;
    }
    *e = q->items[q->head];
    q->head = slot((uint8_t)(q->head + 1u));
    q->count--;
    return true;
}

void queue_drop_pegs(event_queue_t *q)
{
    uint8_t kept = 0;
    for (uint8_t i = 0; i < q->count; i++) {
        event_t e = q->items[slot((uint8_t)(q->head + i))];
        if (e & EVENT_KEY) {
            q->items[slot((uint8_t)(q->head + kept))] = e;
            kept++;
        }
    }
    q->count = kept;
}
