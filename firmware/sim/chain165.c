/* The 74HC165 chain model: see chain165.h.
 *
 * PL low loads every register's D0..D7 at once (and keeps loading while low); with PL high,
 * each rising edge of CP moves the chain one bit on. The microcontroller reads register 1's
 * Q7 first, so bit n of the stream is register n / 8, input D(7 - n % 8). After 72 bits the
 * stream is the grounded DS of the last register: zeros. */
#include "chain165.h"

#include <avr_ioport.h>
#include <string.h>

#define PIN_LOAD 2
#define PIN_DATA 4
#define PIN_CLOCK 5

/* Key register: D0..D5 keys (high when up), D6 tied high, D7 tied low. */
#define KEY_REGISTER_IDLE 0x7F

static int stream_bit(const chain165_t *c)
{
    if (c->broken) {
        return 1;
    }
    const uint8_t *bits = c->load_low ? c->inputs : c->latched;
    int n = c->shifted;
    if (n >= CHAIN_REGISTERS * 8) {
        return 0;
    }
    return (bits[n / 8] >> (7 - n % 8)) & 1;
}

static void drive_data(chain165_t *c)
{
    avr_raise_irq(c->data, (uint32_t)stream_bit(c));
}

static void on_load_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    chain165_t *c = param;
    bool low = value == 0;
    if (low && !c->load_low) {
        c->loads++;
        c->load_cycle = c->avr->cycle;
        if (c->on_load) {
            c->on_load(c->ctx, c->avr->cycle);
        }
    }
    c->load_low = low;
    if (low) {
        memcpy(c->latched, c->inputs, sizeof c->latched);
        c->shifted = 0;
    }
    drive_data(c);
}

static void on_clock_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    chain165_t *c = param;
    bool high = value != 0;
    if (high && !c->clock_high && !c->load_low) {
        c->shifted++;
        c->last_clock_cycle = c->avr->cycle;
        drive_data(c);
    }
    c->clock_high = high;
}

void chain165_init(chain165_t *c, avr_t *avr)
{
    memset(c, 0, sizeof *c);
    c->avr = avr;
    memset(c->inputs, 0xFF, sizeof c->inputs);
    c->inputs[KEY_REGISTER] = KEY_REGISTER_IDLE;
    memcpy(c->latched, c->inputs, sizeof c->latched);
    c->data = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), PIN_DATA);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), PIN_LOAD),
                            on_load_pin, c);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), PIN_CLOCK),
                            on_clock_pin, c);
    drive_data(c);
}

static void input_changed(chain165_t *c)
{
    if (c->load_low) {
        memcpy(c->latched, c->inputs, sizeof c->latched);
        drive_data(c);
    }
}

void chain165_set_square(chain165_t *c, int square, bool peg_present)
{
    uint8_t bit = (uint8_t)(1u << (square % 8));
    if (peg_present) {
        c->inputs[square / 8] &= (uint8_t)~bit;
    } else {
        c->inputs[square / 8] |= bit;
    }
    input_changed(c);
}

bool chain165_square(const chain165_t *c, int square)
{
    return !((c->inputs[square / 8] >> (square % 8)) & 1);
}

void chain165_set_key(chain165_t *c, int key, bool down)
{
    uint8_t bit = (uint8_t)(1u << key);
    if (down) {
        c->inputs[KEY_REGISTER] &= (uint8_t)~bit;
    } else {
        c->inputs[KEY_REGISTER] |= bit;
    }
    input_changed(c);
}

void chain165_set_broken(chain165_t *c, bool broken)
{
    c->broken = broken;
    drive_data(c);
}
