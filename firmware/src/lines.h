/* Protocol framing, both directions: assembling received bytes into lines (at most 80
 * bytes, "\r" ignored), the "*HH" XOR checksum, and framing an outgoing line. */
#ifndef PEG_LINES_H
#define PEG_LINES_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

/* Assembles bytes into lines. */
typedef struct {
    char text[LINE_MAX + 1]; /* the line so far, NUL-terminated when complete */
    uint8_t len;
    bool too_long; /* more than LINE_MAX bytes since the last "\n": the rest is skipped */
    bool bad_byte; /* a byte outside printable ASCII was seen in this line */
} line_reader_t;

typedef enum {
    LINE_NONE,     /* nothing complete yet */
    LINE_READY,    /* reader->text holds a complete line (without "\r\n") */
    LINE_TOO_LONG, /* a line longer than LINE_MAX ended; it is dropped */
    LINE_BAD_BYTE, /* a line with a byte outside printable ASCII ended; it is dropped */
} line_status_t;

void line_reader_init(line_reader_t *r);
/* Feeds one byte. */
line_status_t line_reader_feed(line_reader_t *r, uint8_t byte);

/* The XOR of the bytes. */
uint8_t line_checksum(const char *text, uint8_t len);

typedef enum {
    UNFRAME_PLAIN,   /* no checksum: the text is the whole line */
    UNFRAME_CHECKED, /* a correct "*HH" was removed */
    UNFRAME_WRONG,   /* "*HH" present but wrong (or not hex digits) */
} unframe_t;

/* Checks and strips a trailing "*HH" in place (the text is shortened by 3). */
unframe_t line_unframe(char *text, uint8_t *len);

/* Writes text, "*HH" and "\n" to out (which holds len + 4 bytes plus a NUL); returns the
 * number of bytes written, without the NUL. */
uint8_t line_frame(char *out, const char *text, uint8_t len);

#endif
