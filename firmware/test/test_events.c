/* The bounded event queue. */
#include "check.h"
#include "events.h"

static void events_come_out_in_order_and_the_queue_is_bounded(void)
{
    event_queue_t q;
    queue_init(&q);
    event_t e;
    CHECK(!queue_pop(&q, &e));
    for (unsigned i = 0; i < EVENT_QUEUE_SIZE; i++) {
        CHECK(queue_push(&q, event_up((uint8_t)(i % 64))));
    }
    CHECK(!queue_push(&q, event_down(5)));
    CHECK(q.count == EVENT_QUEUE_SIZE);
    for (unsigned i = 0; i < EVENT_QUEUE_SIZE; i++) {
        CHECK(queue_pop(&q, &e));
        CHECK(e == event_up((uint8_t)(i % 64)));
    }
    CHECK(!queue_pop(&q, &e));
}

static void the_ring_wraps_around(void)
{
    event_queue_t q;
    queue_init(&q);
    event_t e;
    for (unsigned round = 0; round < 3 * EVENT_QUEUE_SIZE; round++) {
        CHECK(queue_push(&q, event_down((uint8_t)(round % 64))));
        CHECK(queue_push(&q, event_key((uint8_t)(round % 6))));
        CHECK(queue_pop(&q, &e) && e == event_down((uint8_t)(round % 64)));
        CHECK(queue_pop(&q, &e) && e == event_key((uint8_t)(round % 6)));
    }
    CHECK(q.count == 0);
}

static void dropping_pegs_keeps_the_keys_in_order(void)
{
    event_queue_t q;
    queue_init(&q);
    event_t e;
    /* Start part-way round the ring. */
    for (int i = 0; i < 100; i++) {
        queue_push(&q, event_up(1));
        queue_pop(&q, &e);
    }
    for (uint8_t i = 0; i < 60; i++) {
        queue_push(&q, event_up(i));
        if (i % 20 == 0) {
            queue_push(&q, event_key((uint8_t)(i / 20)));
        }
        queue_push(&q, event_down(i));
    }
    queue_drop_pegs(&q);
    CHECK(q.count == 3);
    for (uint8_t k = 0; k < 3; k++) {
        CHECK(queue_pop(&q, &e) && e == event_key(k));
    }
    CHECK(!queue_pop(&q, &e));
}

static void events_encode_their_square_and_kind(void)
{
    CHECK(event_up(63) == 63);
    CHECK(event_down(0) == EVENT_DOWN);
    CHECK((event_key(5) & EVENT_KEY) && (event_key(5) & EVENT_INDEX) == 5);
    CHECK(!(event_down(63) & EVENT_KEY));
}

int main(void)
{
    events_come_out_in_order_and_the_queue_is_bounded();
    the_ring_wraps_around();
    dropping_pegs_keeps_the_keys_in_order();
    events_encode_their_square_and_kind();
    return check_done("events");
}
