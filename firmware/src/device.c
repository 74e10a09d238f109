/* The board's side of protocol v1: see device.h. */
#include "device.h"

#include <string.h>

#include "commands.h"
#include "flash.h"
#include "squares.h"

enum {
    SAY_HELLO = 1u << 0,
    SAY_PONG = 1u << 1,
    SAY_BOARD = 1u << 2, /* answer to SCAN: the board as reported */
};

enum {
    ERR_CHECKSUM = 1u << 0,
    ERR_TOO_LONG = 1u << 1,
    ERR_BAD_BYTE = 1u << 2,
    ERR_BAD_ARGS_HELLO = 1u << 3,
    ERR_BAD_ARGS_SCAN = 1u << 4,
    ERR_BAD_ARGS_PING = 1u << 5,
    ERR_BAD_ARGS_BEEP = 1u << 6,
    ERR_OVERFLOW = 1u << 7,
};

/* ERR texts, by bit, and the other fixed lines. */
static const char ERR_0[] IN_FLASH = "ERR checksum";
static const char ERR_1[] IN_FLASH = "ERR line too long";
static const char ERR_2[] IN_FLASH = "ERR not ascii";
static const char ERR_3[] IN_FLASH = "ERR bad arguments to HELLO?";
static const char ERR_4[] IN_FLASH = "ERR bad arguments to SCAN";
static const char ERR_5[] IN_FLASH = "ERR bad arguments to PING";
static const char ERR_6[] IN_FLASH = "ERR bad arguments to BEEP";
static const char ERR_7[] IN_FLASH = "ERR queue overflow";
static const char *const ERR_TEXTS[8] IN_FLASH = {
    ERR_0, ERR_1, ERR_2, ERR_3, ERR_4, ERR_5, ERR_6, ERR_7,
};
static const char ERR_CHAIN_TEXT[] IN_FLASH = "ERR sensor chain";
static const char HELLO_TEXT[] IN_FLASH =
    "HELLO " PEG_MODEL " " PEG_FIRMWARE " " PEG_SENSING;
static const char PONG_TEXT[] IN_FLASH = "PONG";
static const char BOARD_WORD[] IN_FLASH = "BOARD ";
static const char KEY_WORD[] IN_FLASH = "KEY ";
static const char DOWN_WORD[] IN_FLASH = "DOWN ";
static const char UP_WORD[] IN_FLASH = "UP ";

/* From the chain's electrical levels (closed switch = 0) to logical bits (1 = present or
 * pressed); the check bits of the key register read as 0. */
static void logical(const uint8_t raw[CHAIN_BYTES], uint8_t out[CHAIN_BYTES])
{
    for (uint8_t i = 0; i < BOARD_BYTES; i++) {
        out[i] = (uint8_t)~raw[i];
    }
    out[KEY_BYTE] = (uint8_t)(~raw[KEY_BYTE] & KEY_MASK);
}

static bool chain_reads_well(const uint8_t raw[CHAIN_BYTES])
{
    return (raw[KEY_BYTE] & CHAIN_CHECK_MASK) == CHAIN_CHECK_VALUE;
}

void device_init(device_t *d, const uint8_t raw[CHAIN_BYTES])
{
    memset(d, 0, sizeof *d);
    uint8_t levels[CHAIN_BYTES];
    logical(raw, levels);
    debounce_init(&d->inputs, levels);
    queue_init(&d->queue);
    line_reader_init(&d->reader);
    memcpy(d->reported, d->inputs.stable, BOARD_BYTES);
    /* HELLO and the board at power-up: a host whose HELLO? and SCAN were lost while the board
     * restarted (an Arduino resets when its port is opened) still learns both. */
    d->say = SAY_HELLO | SAY_BOARD;
    if (!chain_reads_well(raw)) {
        /* Nothing read is true: the board is sent once the chain reads well. */
        d->chain_fault = true;
        d->chain_good_scans = 0;
        d->resync = true;
    }
}

/* The host will get the board as it is now; queued peg events are superseded by it. */
static void start_resync(device_t *d)
{
    d->resync = true;
    queue_drop_pegs(&d->queue);
}

static void queue_event(device_t *d, event_t e)
{
    if (d->resync && !(e & EVENT_KEY)) {
        return; /* the BOARD that is owed will show it */
    }
    if (queue_push(&d->queue, e)) {
        return;
    }
    d->overflows++;
    d->errors |= ERR_OVERFLOW;
    start_resync(d);
    if (e & EVENT_KEY) {
        queue_push(&d->queue, e); /* room was made: only keys are left */
    }
}

void device_scan(device_t *d, const uint8_t raw[CHAIN_BYTES])
{
    if (d->beep_left_ms > 0) {
        d->beep_left_ms--;
    }
    if (!chain_reads_well(raw)) {
        if (!d->chain_fault) {
            d->chain_fault = true;
            d->chain_fault_said = false;
        }
        d->chain_good_scans = 0;
        return;
    }
    uint8_t levels[CHAIN_BYTES];
    logical(raw, levels);
    if (d->chain_fault) {
        /* Mended once it has read well for as long as a change must last. */
        if (++d->chain_good_scans <= DEBOUNCE_SCANS) {
            return;
        }
        d->chain_fault = false;
        debounce_init(&d->inputs, levels);
        start_resync(d);
        return;
    }
    uint8_t changed[CHAIN_BYTES];
    if (!debounce_step(&d->inputs, levels, changed)) {
        return;
    }
    for (uint8_t i = 0; i < CHAIN_BYTES; i++) {
        for (uint8_t b = 0; changed[i] >> b; b++) {
            if (!((changed[i] >> b) & 1u)) {
                continue;
            }
            bool on = (d->inputs.stable[i] >> b) & 1u;
            if (i == KEY_BYTE) {
                if (on) {
                    queue_event(d, event_key(b));
                }
            } else {
                uint8_t square = (uint8_t)(i * 8u + b);
                queue_event(d, on ? event_down(square) : event_up(square));
            }
        }
    }
}

static void handle_line(device_t *d, char *text, uint8_t len)
{
    if (line_unframe(text, &len) == UNFRAME_WRONG) {
        d->errors |= ERR_CHECKSUM;
        return;
    }
    command_t cmd = command_parse(text);
    switch (cmd.kind) {
    case CMD_HELLO:
        d->say |= SAY_HELLO;
        break;
    case CMD_SCAN:
        d->say |= SAY_BOARD;
        if (d->chain_fault) {
            d->chain_fault_said = false; /* say it again with the (old) board */
        }
        break;
    case CMD_PING:
        d->say |= SAY_PONG;
        break;
    case CMD_BEEP:
        d->beep_left_ms = cmd.beep_ms;
        break;
    case CMD_BAD_ARGS:
        switch (cmd.bad_kind) {
        case CMD_HELLO: d->errors |= ERR_BAD_ARGS_HELLO; break;
        case CMD_SCAN: d->errors |= ERR_BAD_ARGS_SCAN; break;
        case CMD_PING: d->errors |= ERR_BAD_ARGS_PING; break;
        default: d->errors |= ERR_BAD_ARGS_BEEP; break;
        }
        break;
    case CMD_NONE:
    case CMD_UNKNOWN:
        break;
    }
}

void device_receive(device_t *d, uint8_t byte)
{
    switch (line_reader_feed(&d->reader, byte)) {
    case LINE_READY:
        handle_line(d, d->reader.text, (uint8_t)strlen(d->reader.text));
        break;
    case LINE_TOO_LONG:
        d->errors |= ERR_TOO_LONG;
        break;
    case LINE_BAD_BYTE:
        d->errors |= ERR_BAD_BYTE;
        break;
    case LINE_NONE:
        break;
    }
}

/* Frames a fixed text kept in flash. */
static uint8_t frame_text(char out[OUT_LINE_BUF], const char *flash_text)
{
    char text[LINE_MAX];
    return line_frame(out, text, flash_copy(text, flash_text));
}

static uint8_t frame_board(char out[OUT_LINE_BUF], const uint8_t board[BOARD_BYTES])
{
    char text[6 + 64];
    uint8_t n = flash_copy(text, BOARD_WORD);
    board_text(board, text + n);
    return line_frame(out, text, (uint8_t)(n + 64u));
}

static uint8_t frame_event(char out[OUT_LINE_BUF], event_t e)
{
    char text[16];
    uint8_t n;
    if (e & EVENT_KEY) {
        n = flash_copy(text, KEY_WORD);
        n = (uint8_t)(n + key_name(e & EVENT_INDEX, text + n));
    } else {
        n = flash_copy(text, (e & EVENT_DOWN) ? DOWN_WORD : UP_WORD);
        square_name(e & EVENT_INDEX, text + n);
        n = (uint8_t)(n + 2u);
    }
    return line_frame(out, text, n);
}

/* Records a peg event as known to the host. */
static void note_reported(device_t *d, event_t e)
{
    if (e & EVENT_KEY) {
        return;
    }
    uint8_t square = e & EVENT_INDEX;
    uint8_t bit = (uint8_t)(1u << (square & 7u));
    if (e & EVENT_DOWN) {
        d->reported[square >> 3] |= bit;
    } else {
        d->reported[square >> 3] &= (uint8_t)~bit;
    }
}

uint8_t device_next_line(device_t *d, char out[OUT_LINE_BUF])
{
    if (d->say & SAY_HELLO) {
        d->say &= (uint8_t)~SAY_HELLO;
        return frame_text(out, HELLO_TEXT);
    }
    if (d->errors) {
        for (uint8_t b = 0; b < 8; b++) {
            if (d->errors & (1u << b)) {
                d->errors &= (uint8_t)~(1u << b);
                return frame_text(out, (const char *)flash_ptr((const void *const *)&ERR_TEXTS[b]));
            }
        }
    }
    if (d->chain_fault && !d->chain_fault_said) {
        d->chain_fault_said = true;
        return frame_text(out, ERR_CHAIN_TEXT);
    }
    if (d->say & SAY_PONG) {
        d->say &= (uint8_t)~SAY_PONG;
        return frame_text(out, PONG_TEXT);
    }
    if (d->resync && !d->chain_fault) {
        /* The board as it is: it answers a SCAN too. */
        d->resync = false;
        d->say &= (uint8_t)~SAY_BOARD;
        memcpy(d->reported, d->inputs.stable, BOARD_BYTES);
        return frame_board(out, d->reported);
    }
    if ((d->say & SAY_BOARD) && !d->resync) { /* (an owed resync answers it, once it can) */
        d->say &= (uint8_t)~SAY_BOARD;
        return frame_board(out, d->reported);
    }
    event_t e;
    if (queue_pop(&d->queue, &e)) {
        note_reported(d, e);
        return frame_event(out, e);
    }
    return 0;
}

bool device_buzzer_on(const device_t *d)
{
    return d->beep_left_ms > 0;
}

const uint8_t *device_board(const device_t *d)
{
    return d->inputs.stable;
}
