/* The board's fixed figures: who it says it is, how fast it scans, how long it debounces,
 * how much it can queue. Everything else in the firmware is derived from these. */
#ifndef PEG_CONFIG_H
#define PEG_CONFIG_H

/* HELLO <model> <firmware> <sensing> */
#define PEG_MODEL "openpeg-64"
#define PEG_FIRMWARE "1.0.0"
#define PEG_SENSING "occupancy"

/* The whole chain of shift registers is read this many times a second (one scan a tick). */
#define SCAN_HZ 1000u
/* A change is accepted once the input has kept its new level this long (protocol: >= 20 ms). */
#define DEBOUNCE_MS 20u
/* The same in scans: an input must read the same in DEBOUNCE_SCANS + 1 consecutive scans. */
#define DEBOUNCE_SCANS (DEBOUNCE_MS * SCAN_HZ / 1000u)

/* Eight registers for the ranks (rank 1 nearest the microcontroller), a ninth for the keys. */
#define CHAIN_BYTES 9u
#define BOARD_BYTES 8u
#define KEY_BYTE 8u
/* In the key register, D0..D5 are keys; D6 is wired to +5 V and D7 to ground, so that a
 * broken or shorted chain is noticed (it reads all ones or all zeros). */
#define KEY_COUNT 6u
#define KEY_MASK 0x3Fu
#define CHAIN_CHECK_MASK 0xC0u
#define CHAIN_CHECK_VALUE 0x40u

/* Changes waiting for the serial line; on overflow the board says ERR and sends a BOARD. */
#define EVENT_QUEUE_SIZE 128u

/* Protocol: at most 80 bytes a line, without its "\n". */
#define LINE_MAX 80u
/* The longest line the board sends, with "*HH\n" and a NUL: BOARD is 6 + 64 + 3 + 1. */
#define OUT_LINE_BUF 84u

/* A BEEP longer than this is cut to it. */
#define BEEP_MAX_MS 2000u

#endif
