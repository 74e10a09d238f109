/* The wiring, in one place (Arduino Nano / Uno pin names in brackets). All on port B:
 *
 *   PB2 (D10)  out  PL, the parallel-load input (SH/LD) of all nine 74HC165
 *   PB5 (D13)  out  CP, the clock input (CLK) of all nine 74HC165
 *   PB4 (D12)  in   Q7 (QH) of the first 74HC165 (rank 1); a 10 kOhm pull-up to +5 V on
 *                   the board, so a broken wire reads 1 (the firmware enables no pull-up)
 *   PB1 (D9)   out  the buzzer, driven by timer 1 (OC1A)
 *   PD0/PD1 (D0/D1) the serial line (through the USB bridge of the Nano)
 *
 * The 74HC165 chain: Q7 of register k + 1 goes to DS of register k; DS of the last (keys)
 * to ground; CE of all to ground. Register 1 holds rank 1 (D0 = a1 .. D7 = h1), register 8
 * rank 8, register 9 the keys (D0..D5) and the check bits (D6 to +5 V, D7 to ground). */
#ifndef PEG_PINS_H
#define PEG_PINS_H

#include <avr/io.h>

#define CHAIN_PORT PORTB
#define CHAIN_DDR DDRB
#define CHAIN_PIN PINB
#define CHAIN_LOAD PB2
#define CHAIN_CLOCK PB5
#define CHAIN_DATA PB4

#define BUZZER_DDR DDRB
#define BUZZER_BIT PB1

#endif
