/* Names on the wire: see squares.h. */
#include "squares.h"

#include "flash.h"

/* The key names annexd knows (board_key in core/src/command/mod.rs; docs/pegboard-protocol.md). */
static const char KEY_CLOCK[] IN_FLASH = "clock";
static const char KEY_TIME[] IN_FLASH = "time";
static const char KEY_REPEAT[] IN_FLASH = "repeat";
static const char KEY_TALK[] IN_FLASH = "talk";
static const char KEY_YES[] IN_FLASH = "yes";
static const char KEY_NO[] IN_FLASH = "no";
static const char *const KEY_NAMES[KEY_COUNT] IN_FLASH = {
    KEY_CLOCK, KEY_TIME, KEY_REPEAT, KEY_TALK, KEY_YES, KEY_NO,
};

uint8_t key_name(uint8_t key, char *out)
{
    if (key >= KEY_COUNT) {
        return 0;
    }
    return flash_copy(out, (const char *)flash_ptr((const void *const *)&KEY_NAMES[key]));
}

void square_name(uint8_t square, char out[2])
{
    out[0] = (char)('a' + (square & 7u));
    out[1] = (char)('1' + ((square >> 3) & 7u));
}

void board_text(const uint8_t board[BOARD_BYTES], char out[64])
{
    uint8_t n = 0;
    for (int8_t rank = 7; rank >= 0; rank--) {
        for (uint8_t file = 0; file < 8; file++) {
            out[n++] = (board[rank] >> file) & 1u ? 'x' : '.';
        }
    }
}
