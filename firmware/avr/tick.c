/* The scan tick: timer 0 in CTC mode, 16 MHz / 64 / 250 = 1 kHz. */
#include "tick.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "../src/config.h"

_Static_assert(F_CPU / 64u / SCAN_HZ <= 256u, "timer 0 counts to 256");

static volatile uint8_t ticks;

void tick_init(void)
{
    TCCR0A = _BV(WGM01);
    OCR0A = (uint8_t)(F_CPU / 64u / SCAN_HZ - 1u);
    TIMSK0 = _BV(OCIE0A);
    TCCR0B = _BV(CS01) | _BV(CS00);
}

ISR(TIMER0_COMPA_vect)
{
    if (ticks < 255u) {
        ticks++;
    }
}

uint8_t tick_take(void)
{
    uint8_t n;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
    {
        n = ticks;
        ticks = 0;
    }
    return n;
}

uint8_t tick_pending(void)
{
    return ticks;
}
