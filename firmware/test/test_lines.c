/* Framing: line assembly, the checksum, framing and unframing. */
#include "check.h"
#include "lines.h"

static line_status_t feed(line_reader_t *r, const char *bytes)
{
    line_status_t last = LINE_NONE;
    for (const char *p = bytes; *p; p++) {
        line_status_t s = line_reader_feed(r, (uint8_t)*p);
        if (s != LINE_NONE) {
            last = s;
        }
    }
    return last;
}

static void lines_are_assembled_and_cr_is_ignored(void)
{
    line_reader_t r;
    line_reader_init(&r);
    CHECK(feed(&r, "SCA") == LINE_NONE);
    CHECK(feed(&r, "N\r\n") == LINE_READY);
    CHECK_STR(r.text, "SCAN");
    CHECK(feed(&r, "PING\n") == LINE_READY);
    CHECK_STR(r.text, "PING");
    CHECK(feed(&r, "\n") == LINE_READY);
    CHECK_STR(r.text, "");
}

static void a_line_longer_than_80_bytes_is_dropped_and_the_next_is_read(void)
{
    line_reader_t r;
    line_reader_init(&r);
    char exact[82];
    memset(exact, 'A', 80);
    exact[80] = '\n';
    exact[81] = '\0';
    CHECK(feed(&r, exact) == LINE_READY);
    CHECK(strlen(r.text) == 80);
    char longer[300];
    memset(longer, 'B', 250);
    longer[250] = '\n';
    longer[251] = '\0';
    CHECK(feed(&r, longer) == LINE_TOO_LONG);
    CHECK(feed(&r, "PING\n") == LINE_READY);
    CHECK_STR(r.text, "PING");
}

static void a_byte_outside_ascii_spoils_its_line_only(void)
{
    line_reader_t r;
    line_reader_init(&r);
    CHECK(feed(&r, "SC\x01N\n") == LINE_BAD_BYTE);
    CHECK(feed(&r, "SC\xc3\xa9N\n") == LINE_BAD_BYTE);
    CHECK(feed(&r, "SCAN\n") == LINE_READY);
    CHECK_STR(r.text, "SCAN");
}

static void the_checksum_is_the_xor_of_the_bytes(void)
{
    /* The values the host sends (src/board/link.rs tests): HELLO?*7D, SCAN*1F. */
    CHECK(line_checksum("HELLO?", 6) == 0x7D);
    CHECK(line_checksum("SCAN", 4) == 0x1F);
    CHECK(line_checksum("", 0) == 0);
    char out[OUT_LINE_BUF];
    CHECK(line_frame(out, "SCAN", 4) == 8);
    CHECK_STR(out, "SCAN*1F\n");
    CHECK(line_frame(out, "UP e2", 5) == 9);
    CHECK(out[5] == '*' && out[8] == '\n');
}

static void unframing_checks_and_strips_the_checksum(void)
{
    char text[LINE_MAX + 1];
    uint8_t len;

    strcpy(text, "SCAN*1F");
    len = 7;
    CHECK(line_unframe(text, &len) == UNFRAME_CHECKED);
    CHECK(len == 4);
    CHECK_STR(text, "SCAN");

    strcpy(text, "SCAN*1f"); /* lower-case hex is accepted too */
    len = 7;
    CHECK(line_unframe(text, &len) == UNFRAME_CHECKED);

    strcpy(text, "SCAN*1E");
    len = 7;
    CHECK(line_unframe(text, &len) == UNFRAME_WRONG);

    strcpy(text, "SCAN*G1");
    len = 7;
    CHECK(line_unframe(text, &len) == UNFRAME_WRONG);

    strcpy(text, "SCAN");
    len = 4;
    CHECK(line_unframe(text, &len) == UNFRAME_PLAIN);
    CHECK(len == 4);

    strcpy(text, "*00"); /* an empty body with its checksum */
    len = 3;
    CHECK(line_unframe(text, &len) == UNFRAME_CHECKED);
    CHECK(len == 0);
}

static void every_framed_line_unframes_to_itself(void)
{
    const char *texts[] = {"HELLO openpeg-64 1.0.0 occupancy", "UP a1", "DOWN h8", "KEY clock",
                           "PONG", "ERR queue overflow"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char out[OUT_LINE_BUF];
        uint8_t n = line_frame(out, texts[i], (uint8_t)strlen(texts[i]));
        out[n - 1] = '\0'; /* drop the "\n" */
        uint8_t len = (uint8_t)(n - 1);
        CHECK(line_unframe(out, &len) == UNFRAME_CHECKED);
        CHECK_STR(out, texts[i]);
    }
}

int main(void)
{
    lines_are_assembled_and_cr_is_ignored();
    a_line_longer_than_80_bytes_is_dropped_and_the_next_is_read();
    a_byte_outside_ascii_spoils_its_line_only();
    the_checksum_is_the_xor_of_the_bytes();
    unframing_checks_and_strips_the_checksum();
    every_framed_line_unframes_to_itself();
    return check_done("lines");
}
