/* The firmware's main loop on the ATmega328P: scan the chain every tick, feed the received
 * bytes to the protocol, send the lines it owes while there is room, drive the buzzer, and
 * sleep (idle) until the next interrupt. The protocol itself is in src/device.c. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "../src/device.h"
#include "buzzer.h"
#include "chain.h"
#include "tick.h"
#include "uart.h"

/* Free RAM is filled with this pattern before main, so that the deepest the stack ever went
 * can be read from a RAM dump (the simulator's benchmark does). */
#define STACK_PAINT 0xC5u
extern uint8_t __heap_start;
void paint_stack(void) __attribute__((naked, used, section(".init3")));
void paint_stack(void)
{
    uint8_t *p = &__heap_start;
    while (p <= (uint8_t *)RAMEND) {
        *p++ = STACK_PAINT;
    }
}

static device_t device;

int main(void)
{
    uint8_t raw[CHAIN_BYTES];
    chain_init();
    buzzer_init();
    uart_init();
    tick_init();
    chain_read(raw);
    device_init(&device, raw);
    set_sleep_mode(SLEEP_MODE_IDLE);
    sei();
    for (;;) {
        uint8_t byte;
        while (uart_receive(&byte)) {
            device_receive(&device, byte);
        }
        if (tick_take()) {
            chain_read(raw);
            device_scan(&device, raw);
        }
        buzzer_set(device_buzzer_on(&device));
        while (uart_send_room() >= OUT_LINE_BUF) {
            char line[OUT_LINE_BUF];
            uint8_t len = device_next_line(&device, line);
            if (len == 0) {
                break;
            }
            uart_send(line, len);
        }
        /* Sleep unless a tick or a byte came in meanwhile (the instruction after sei runs
         * before any interrupt, so none can slip in between). Every interrupt wakes the
         * loop: ticks, received bytes, and the send buffer draining. */
        cli();
        if (!tick_pending() && !uart_received_any()) {
            sleep_enable();
            sei();
            sleep_cpu();
            sleep_disable();
        }
        sei();
    }
}
