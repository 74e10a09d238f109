/* Parsing the host's requests: see commands.h. */
#include "commands.h"

#include <stdbool.h>

#include "config.h"
#include "flash.h"

/* Splits text into at most max words (runs of non-spaces); returns how many there were. */
static uint8_t split(const char *text, const char **words, uint8_t *lens, uint8_t max)
{
    uint8_t n = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ') {
            p++;
        }
        if (!*p) {
            break;
        }
        const char *start = p;
        while (*p && *p != ' ') {
            p++;
        }
        if (n < max) {
            words[n] = start;
            lens[n] = (uint8_t)(p - start);
        }
        if (n < 255u) {
            n++;
        }
    }
    return n;
}

/* True if the word is exactly the NUL-terminated name in flash. */
static bool word_is(const char *word, uint8_t len, const char *name)
{
    uint8_t i = 0;
    for (; i < len; i++) {
        if ((char)flash_byte(name + i) != word[i]) {
            return false;
        }
    }
    return flash_byte(name + i) == '\0';
}

/* A decimal number (any length: a big one saturates above BEEP_MAX_MS); false if not one. */
static bool parse_ms(const char *word, uint8_t len, uint16_t *value)
{
    if (len == 0) {
        return false;
    }
    uint16_t v = 0;
    for (uint8_t i = 0; i < len; i++) {
        if (word[i] < '0' || word[i] > '9') {
            return false;
        }
        v = (uint16_t)(v * 10u + (uint16_t)(word[i] - '0'));
        if (v > BEEP_MAX_MS) {
            v = BEEP_MAX_MS + 1u;
        }
    }
    *value = v > BEEP_MAX_MS ? BEEP_MAX_MS : v;
    return true;
}

static const char NAME_HELLO[] IN_FLASH = "HELLO?";
static const char NAME_SCAN[] IN_FLASH = "SCAN";
static const char NAME_PING[] IN_FLASH = "PING";
static const char NAME_BEEP[] IN_FLASH = "BEEP";

command_t command_parse(const char *text)
{
    const char *words[2];
    uint8_t lens[2];
    uint8_t n = split(text, words, lens, 2);
    command_t cmd = {CMD_UNKNOWN, CMD_NONE, 0};
    if (n == 0) {
        cmd.kind = CMD_NONE;
        return cmd;
    }
    command_kind_t kind;
    uint8_t args;
    if (word_is(words[0], lens[0], NAME_HELLO)) {
        kind = CMD_HELLO;
        args = 0;
    } else if (word_is(words[0], lens[0], NAME_SCAN)) {
        kind = CMD_SCAN;
        args = 0;
    } else if (word_is(words[0], lens[0], NAME_PING)) {
        kind = CMD_PING;
        args = 0;
    } else if (word_is(words[0], lens[0], NAME_BEEP)) {
        kind = CMD_BEEP;
        args = 1;
    } else {
        return cmd;
    }
    if (n != 1u + args || (kind == CMD_BEEP && !parse_ms(words[1], lens[1], &cmd.beep_ms))) {
        cmd.kind = CMD_BAD_ARGS;
        cmd.bad_kind = kind;
        return cmd;
    }
    cmd.kind = kind;
    return cmd;
}
