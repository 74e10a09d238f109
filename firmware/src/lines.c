/* Protocol framing: see lines.h. */
#include "lines.h"

#include "flash.h"

static const char HEX[16] IN_FLASH = "0123456789ABCDEF";

void line_reader_init(line_reader_t *r)
{
    r->len = 0;
    r->too_long = false;
    r->bad_byte = false;
    r->text[0] = '\0';
}

line_status_t line_reader_feed(line_reader_t *r, uint8_t byte)
{
    if (byte == '\n') {
        line_status_t status = LINE_READY;
        if (r->too_long) {
            status = LINE_TOO_LONG;
        } else if (r->bad_byte) {
            status = LINE_BAD_BYTE;
        }
        r->text[r->len] = '\0';
        if (status != LINE_READY) {
            line_reader_init(r);
        } else {
            /* The caller reads text now; the next byte starts a new line. */
            r->len = 0;
        }
        return status;
    }
    if (byte == '\r') {
        return LINE_NONE;
    }
    if (r->too_long) {
        return LINE_NONE;
    }
    if (r->len >= LINE_MAX) {
        r->too_long = true;
        return LINE_NONE;
    }
    if (byte < 0x20 || byte > 0x7e) {
        r->bad_byte = true;
    }
    r->text[r->len++] = (char)byte;
    return LINE_NONE;
}

uint8_t line_checksum(const char *text, uint8_t len)
{
    uint8_t sum = 0;
    for (uint8_t i = 0; i < len; i++) {
        sum ^= (uint8_t)text[i];
    }
    return sum;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    return -1;
}

unframe_t line_unframe(char *text, uint8_t *len)
{
    if (*len < 3 || text[*len - 3] != '*') {
        return UNFRAME_PLAIN;
    }
    int hi = hex_value(text[*len - 2]);
    int lo = hex_value(text[*len - 1]);
    uint8_t body = *len - 3;
    if (hi < 0 || lo < 0 || (uint8_t)(hi * 16 + lo) != line_checksum(text, body)) {
        return UNFRAME_WRONG;
    }
    *len = body;
    text[body] = '\0';
    return UNFRAME_CHECKED;
}

uint8_t line_frame(char *out, const char *text, uint8_t len)
{
    uint8_t sum = 0;
    for (uint8_t i = 0; i < len; i++) {
        out[i] = text[i];
        sum ^= (uint8_t)text[i];
    }
    out[len] = '*';
    out[len + 1] = (char)flash_byte(&HEX[sum >> 4]);
    out[len + 2] = (char)flash_byte(&HEX[sum & 15]);
    out[len + 3] = '\n';
    out[len + 4] = '\0';
    return len + 4;
}
