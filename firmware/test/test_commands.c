/* Parsing the host's requests. */
#include "check.h"
#include "commands.h"
#include "config.h"

static void the_four_requests_are_known(void)
{
    CHECK(command_parse("HELLO?").kind == CMD_HELLO);
    CHECK(command_parse("SCAN").kind == CMD_SCAN);
    CHECK(command_parse("PING").kind == CMD_PING);
    command_t beep = command_parse("BEEP 120");
    CHECK(beep.kind == CMD_BEEP);
    CHECK(beep.beep_ms == 120);
    /* Words are separated by spaces; extra ones do no harm. */
    CHECK(command_parse("  SCAN ").kind == CMD_SCAN);
    CHECK(command_parse("BEEP   0").kind == CMD_BEEP);
}

static void a_long_beep_is_cut(void)
{
    CHECK(command_parse("BEEP 2000").beep_ms == 2000);
    CHECK(command_parse("BEEP 2001").beep_ms == BEEP_MAX_MS);
    CHECK(command_parse("BEEP 4294967295").beep_ms == BEEP_MAX_MS);
    CHECK(command_parse("BEEP 99999999999999999999").beep_ms == BEEP_MAX_MS);
}

static void known_kinds_with_bad_arguments_are_errors(void)
{
    command_t c = command_parse("BEEP loud");
    CHECK(c.kind == CMD_BAD_ARGS && c.bad_kind == CMD_BEEP);
    CHECK(command_parse("BEEP").kind == CMD_BAD_ARGS);
    CHECK(command_parse("BEEP -5").kind == CMD_BAD_ARGS);
    CHECK(command_parse("BEEP 5 6").kind == CMD_BAD_ARGS);
    c = command_parse("SCAN now");
    CHECK(c.kind == CMD_BAD_ARGS && c.bad_kind == CMD_SCAN);
    c = command_parse("PING 1");
    CHECK(c.kind == CMD_BAD_ARGS && c.bad_kind == CMD_PING);
    c = command_parse("HELLO? you");
    CHECK(c.kind == CMD_BAD_ARGS && c.bad_kind == CMD_HELLO);
}

static void unknown_kinds_and_empty_lines_are_not_errors(void)
{
    CHECK(command_parse("LIGHT e4 on").kind == CMD_UNKNOWN);
    CHECK(command_parse("scan").kind == CMD_UNKNOWN); /* kinds are upper-case */
    CHECK(command_parse("HELLO").kind == CMD_UNKNOWN);
    CHECK(command_parse("SCANNER").kind == CMD_UNKNOWN);
    CHECK(command_parse("").kind == CMD_NONE);
    CHECK(command_parse("   ").kind == CMD_NONE);
}

int main(void)
{
    the_four_requests_are_known();
    a_long_beep_is_cut();
    known_kinds_with_bad_arguments_are_errors();
    unknown_kinds_and_empty_lines_are_not_errors();
    return check_done("commands");
}
