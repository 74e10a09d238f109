/* Names on the wire: squares a1..h8 (index = 8 * rank + file, rank 0 = rank 1), the keys,
 * and the 64 characters of a BOARD line in FEN order (a8..h8 down to a1..h1). */
#ifndef PEG_SQUARES_H
#define PEG_SQUARES_H

#include <stdint.h>

#include "config.h"

/* Writes the name of a key (by its input D0..D5 in the key register), without NUL;
 * returns its length. */
uint8_t key_name(uint8_t key, char *out);

/* Writes the two characters of the square's name (no NUL). */
void square_name(uint8_t square, char out[2]);

/* Writes 64 characters: 'x' for an occupied hole, '.' for an empty one, in FEN order.
 * board: bit f of byte r is the square of file f and rank r + 1. */
void board_text(const uint8_t board[BOARD_BYTES], char out[64]);

#endif
