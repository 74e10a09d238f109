/* The serial line: see uart.h. 115200 baud at 16 MHz uses the double-speed mode with
 * UBRR = 16 (117647 baud, +2.1 %, as every Arduino does). */
#include "uart.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#define BAUD 115200
#define BAUD_TOL 3 /* +2.1 %: what every Arduino at 16 MHz uses, and it works */
#include <util/setbaud.h>

#define RX_SIZE 64u /* powers of two */
#define TX_SIZE 128u

static volatile uint8_t rx_buf[RX_SIZE];
static volatile uint8_t rx_head, rx_tail;
static volatile uint8_t tx_buf[TX_SIZE];
static volatile uint8_t tx_head, tx_tail;

void uart_init(void)
{
    /* U2X before the rate: the hardware does not mind the order, but simavr computes the
     * byte time when UBRR is written, with the U2X of that moment. */
#if USE_2X
    UCSR0A = _BV(U2X0);
#else
    UCSR0A = 0;
#endif
    UBRR0H = UBRRH_VALUE;
    UBRR0L = UBRRL_VALUE;
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8N1 */
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

ISR(USART_RX_vect)
{
    uint8_t byte = UDR0;
    uint8_t next = (uint8_t)((rx_head + 1u) & (RX_SIZE - 1u));
    if (next != rx_tail) { /* a full buffer drops the byte; the line will be too long or wrong */
        rx_buf[rx_head] = byte;
        rx_head = next;
    }
}

ISR(USART_UDRE_vect)
{
    if (tx_head == tx_tail) {
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (uint8_t)((tx_tail + 1u) & (TX_SIZE - 1u));
}

bool uart_receive(uint8_t *byte)
{
    if (rx_head == rx_tail) {
        return false;
    }
    *byte = rx_buf[rx_tail];
    rx_tail = (uint8_t)((rx_tail + 1u) & (RX_SIZE - 1u));
    return true;
}

bool uart_received_any(void)
{
    return rx_head != rx_tail;
}

uint8_t uart_send_room(void)
{
    uint8_t used;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { used = (uint8_t)((tx_head - tx_tail) & (TX_SIZE - 1u)); }
    return (uint8_t)(TX_SIZE - 1u - used);
}

void uart_send(const char *bytes, uint8_t len)
{
    for (uint8_t i = 0; i < len; i++) {
        tx_buf[tx_head] = (uint8_t)bytes[i];
        tx_head = (uint8_t)((tx_head + 1u) & (TX_SIZE - 1u));
    }
    UCSR0B |= _BV(UDRIE0);
}
