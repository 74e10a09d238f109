/* The buzzer: timer 1 in CTC mode toggles OC1A every half period; off, the pin is low. */
#include "buzzer.h"

#include <avr/io.h>

#include "pins.h"

static bool sounding;

void buzzer_init(void)
{
    BUZZER_DDR |= _BV(BUZZER_BIT);
    TCCR1A = 0;
    TCCR1B = _BV(WGM12) | _BV(CS11); /* CTC, 16 MHz / 8 */
    OCR1A = (uint16_t)(F_CPU / 8u / (2u * BUZZER_HZ) - 1u);
}

void buzzer_set(bool on)
{
    if (on == sounding) {
        return;
    }
    sounding = on;
    if (on) {
        TCNT1 = 0;
        TCCR1A = _BV(COM1A0); /* toggle OC1A on compare match */
    } else {
        TCCR1A = 0;
        PORTB &= (uint8_t)~_BV(BUZZER_BIT);
    }
}
