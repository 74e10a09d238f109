/* The simulated microcontroller's UART, joined to a pseudo-terminal (a host such as
 * `annexd board-watch` opens it like a USB serial port) and/or to a tap that sees every
 * byte with its cycle. Bytes from the host enter the UART at the line's pace (115200 baud,
 * 10 bits a byte), as on a real wire. */
#ifndef SIM_SERIAL_H
#define SIM_SERIAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

#define SERIAL_BAUD 115200u
#define SERIAL_IN_SIZE 4096u
#define SERIAL_OUT_SIZE 65536u

typedef struct {
    avr_t *avr;
    avr_irq_t *to_avr;           /* the UART's input */
    int master, slave;           /* the pseudo-terminal, -1 without one */
    char path[128];              /* its slave side, for the host */
    uint8_t in[SERIAL_IN_SIZE];  /* host to microcontroller, waiting for the line */
    size_t in_head, in_len;
    uint8_t out[SERIAL_OUT_SIZE];/* microcontroller to host, waiting for the pty */
    size_t out_len;
    uint64_t dropped;            /* bytes lost because nobody read the pty for too long */
    avr_cycle_count_t byte_cycles;
    /* Sees every byte the microcontroller sends, with the cycle it was written to UDR. */
    void (*tap)(void *ctx, uint8_t byte, avr_cycle_count_t cycle);
    void *tap_ctx;
} serial_t;

/* Connects to UART 0; with_pty makes the pseudo-terminal (0 on success, -1 with errno). */
int serial_init(serial_t *s, avr_t *avr, bool with_pty);
/* Queues bytes from the host (a test without a pty uses this directly). */
void serial_from_host(serial_t *s, const uint8_t *bytes, size_t n);
/* Moves bytes between the pty and the buffers without blocking. */
void serial_poll(serial_t *s);
/* After a reset of the microcontroller: restarts the line's pacing timer. */
void serial_after_reset(serial_t *s);
/* Writes what is left for the host, waiting at most timeout_ms (wall clock). */
void serial_flush(serial_t *s, int timeout_ms);
void serial_close(serial_t *s);

#endif
