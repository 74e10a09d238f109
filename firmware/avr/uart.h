/* The serial line: 115200 baud, 8N1, interrupt-driven ring buffers both ways. */
#ifndef PEG_UART_H
#define PEG_UART_H

#include <stdbool.h>
#include <stdint.h>

void uart_init(void);
/* Takes one received byte; false if none is waiting. */
bool uart_receive(uint8_t *byte);
/* True if a received byte is waiting. */
bool uart_received_any(void);
/* Free room in the send buffer. */
uint8_t uart_send_room(void);
/* Queues bytes to send (the caller checked the room). */
void uart_send(const char *bytes, uint8_t len);

#endif
