/* The scan tick: timer 0 interrupts SCAN_HZ times a second. */
#ifndef PEG_TICK_H
#define PEG_TICK_H

#include <stdint.h>

void tick_init(void);
/* Ticks since the last call (normally 0 or 1). */
uint8_t tick_take(void);
/* True if a tick is waiting (call with interrupts off to decide to sleep). */
uint8_t tick_pending(void);

#endif
