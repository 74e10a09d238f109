/* The host's requests (protocol v1, host to device): HELLO?, SCAN, PING, BEEP <ms>. */
#ifndef PEG_COMMANDS_H
#define PEG_COMMANDS_H

#include <stdint.h>

typedef enum {
    CMD_NONE,     /* an empty line: nothing to do */
    CMD_HELLO,    /* HELLO? */
    CMD_SCAN,     /* SCAN */
    CMD_PING,     /* PING */
    CMD_BEEP,     /* BEEP <ms>; ms in command_t.beep_ms */
    CMD_UNKNOWN,  /* a kind this firmware does not know: ignored (later versions may add kinds) */
    CMD_BAD_ARGS, /* a known kind with arguments that do not fit it; which one in bad_kind */
} command_kind_t;

typedef struct {
    command_kind_t kind;
    command_kind_t bad_kind; /* CMD_BAD_ARGS: CMD_HELLO, CMD_SCAN, CMD_PING or CMD_BEEP */
    uint16_t beep_ms;        /* CMD_BEEP: already cut to BEEP_MAX_MS */
} command_t;

/* Parses the text of one line (checksum already removed). Words are separated by spaces. */
command_t command_parse(const char *text);

#endif
