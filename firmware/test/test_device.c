/* The protocol device, scenario by scenario, as a host sees it. */
#include "board_model.h"
#include "check.h"
#include "squares.h"

static chain_model_t chain;
static device_t dev;

static void scans(unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        device_scan(&dev, chain.raw);
    }
}

/* Reads every line the device has, joined by " | ". */
static const char *all_lines(void)
{
    static char joined[4096];
    joined[0] = '\0';
    const char *line;
    while ((line = host_read(&dev)) != NULL) {
        if (joined[0]) {
            strcat(joined, " | ");
        }
        strcat(joined, line);
    }
    return joined;
}

static void power_up(void)
{
    chain_start_position(&chain);
    device_init(&dev, chain.raw);
}

#define START "BOARD xxxxxxxxxxxxxxxx................................xxxxxxxxxxxxxxxx"

static void hello_and_board_at_power_up_hello_on_request(void)
{
    power_up();
    CHECK_STR(all_lines(), "HELLO openpeg-64 1.0.0 occupancy | " START);
    CHECK_STR(all_lines(), "");
    host_send(&dev, "HELLO?");
    CHECK_STR(all_lines(), "HELLO openpeg-64 1.0.0 occupancy");
    host_send(&dev, "HELLO?*7D");
    CHECK_STR(all_lines(), "HELLO openpeg-64 1.0.0 occupancy");
}

static void scan_ping_and_beep(void)
{
    power_up();
    all_lines();
    host_send(&dev, "SCAN");
    CHECK_STR(all_lines(), START);
    host_send(&dev, "PING\r");
    CHECK_STR(all_lines(), "PONG");
    host_send(&dev, "BEEP 3");
    CHECK(device_buzzer_on(&dev));
    scans(2);
    CHECK(device_buzzer_on(&dev));
    scans(1);
    CHECK(!device_buzzer_on(&dev));
    host_send(&dev, "BEEP 100");
    scans(10);
    host_send(&dev, "BEEP 0"); /* stops it */
    CHECK(!device_buzzer_on(&dev));
    CHECK_STR(all_lines(), "");
}

static void a_move_is_reported_after_the_debounce_window(void)
{
    power_up();
    all_lines();
    chain_set_peg(&chain, 12, false); /* e2 lifted */
    scans(DEBOUNCE_SCANS);
    CHECK_STR(all_lines(), "");
    scans(1);
    CHECK_STR(all_lines(), "UP e2");
    chain_set_peg(&chain, 28, true); /* e4 */
    scans(DEBOUNCE_SCANS + 1);
    CHECK_STR(all_lines(), "DOWN e4");
    chain_set_key(&chain, 0, true);
    scans(DEBOUNCE_SCANS + 1);
    chain_set_key(&chain, 0, false); /* the release is not reported */
    scans(DEBOUNCE_SCANS + 1);
    CHECK_STR(all_lines(), "KEY clock");
    host_send(&dev, "SCAN");
    CHECK_STR(all_lines(), "BOARD xxxxxxxxxxxxxxxx................"
                           "....x...........xxxx.xxxxxxxxxxx");
}

static void every_key_has_its_name(void)
{
    power_up();
    all_lines();
    for (uint8_t k = 0; k < KEY_COUNT; k++) {
        chain_set_key(&chain, k, true);
    }
    scans(DEBOUNCE_SCANS + 1);
    CHECK_STR(all_lines(), "KEY clock | KEY time | KEY repeat | KEY talk | KEY yes | KEY no");
}

static void a_board_agrees_with_the_events_sent_before_it(void)
{
    power_up();
    all_lines();
    chain_set_peg(&chain, 12, false);
    scans(DEBOUNCE_SCANS + 1);
    /* UP e2 is queued; the host asks for a scan before it is sent. */
    host_send(&dev, "SCAN");
    CHECK_STR(all_lines(), "BOARD xxxxxxxxxxxxxxxx................................"
                           "xxxxxxxxxxxxxxxx | UP e2");
    host_send(&dev, "SCAN");
    CHECK_STR(all_lines(), "BOARD xxxxxxxxxxxxxxxx................................"
                           "xxxx.xxxxxxxxxxx");
}

static void several_pegs_at_once_are_all_reported(void)
{
    power_up();
    all_lines();
    for (uint8_t sq = 48; sq < 64; sq++) { /* all of Black's pegs swept off at once */
        chain_set_peg(&chain, sq, false);
    }
    scans(DEBOUNCE_SCANS + 1);
    CHECK_STR(all_lines(), "UP a7 | UP b7 | UP c7 | UP d7 | UP e7 | UP f7 | UP g7 | UP h7 | "
                           "UP a8 | UP b8 | UP c8 | UP d8 | UP e8 | UP f8 | UP g8 | UP h8");
}

static void wrong_host_lines_are_answered_with_err(void)
{
    power_up();
    all_lines();
    host_send(&dev, "SCAN*1E");
    CHECK_STR(all_lines(), "ERR checksum");
    char longer[200];
    memset(longer, 'S', 199);
    longer[199] = '\0';
    host_send(&dev, longer);
    CHECK_STR(all_lines(), "ERR line too long");
    host_send(&dev, "SC\x80N");
    CHECK_STR(all_lines(), "ERR not ascii");
    host_send(&dev, "BEEP loud");
    CHECK_STR(all_lines(), "ERR bad arguments to BEEP");
    host_send(&dev, "SCAN please");
    CHECK_STR(all_lines(), "ERR bad arguments to SCAN");
    host_send(&dev, "LIGHT e4 on"); /* a later version's kind: ignored */
    host_send(&dev, "");
    CHECK_STR(all_lines(), "");
    host_send(&dev, "PING*10"); /* 'P'^'I'^'N'^'G' = 0x10 */
    CHECK_STR(all_lines(), "PONG");
}

static void an_overflow_says_err_then_the_board_and_keeps_the_keys(void)
{
    power_up();
    all_lines();
    /* The host reads nothing while all 64 holes change again and again. */
    int rounds = 0;
    while (dev.overflows == 0 && rounds < 20) {
        for (uint8_t sq = 0; sq < 64; sq++) {
            chain_set_peg(&chain, sq, !chain_peg(&chain, sq));
        }
        chain_set_key(&chain, 1, rounds % 2 == 0); /* "time" pressed every other round */
        scans(DEBOUNCE_SCANS + 1);
        rounds++;
    }
    CHECK(dev.overflows == 1);
    /* A few more changes after the overflow: they are in the BOARD, not sent one by one. */
    chain_set_peg(&chain, 0, !chain_peg(&chain, 0));
    scans(DEBOUNCE_SCANS + 1);
    const char *line = host_read(&dev);
    CHECK(line && strcmp(line, "ERR queue overflow") == 0);
    line = host_read(&dev);
    char want[80] = "BOARD ";
    board_text(device_board(&dev), want + 6);
    want[70] = '\0';
    CHECK(line && strcmp(line, want) == 0);
    int keys = 0;
    while ((line = host_read(&dev)) != NULL) {
        CHECK(strcmp(line, "KEY time") == 0);
        keys++;
    }
    CHECK(keys == (rounds + 1) / 2);
}

static void a_broken_chain_is_said_and_the_board_follows_when_mended(void)
{
    power_up();
    all_lines();
    uint8_t saved[CHAIN_BYTES];
    memcpy(saved, chain.raw, sizeof saved);
    memset(chain.raw, 0xFF, sizeof chain.raw); /* the data wire is cut: all ones */
    scans(100);
    CHECK_STR(all_lines(), "ERR sensor chain");
    host_send(&dev, "SCAN");
    CHECK_STR(all_lines(), "ERR sensor chain | " START);
    memset(chain.raw, 0x00, sizeof chain.raw); /* shorted to ground: all zeros */
    scans(100);
    CHECK_STR(all_lines(), "");
    memcpy(chain.raw, saved, sizeof saved);
    chain_set_peg(&chain, 8, false); /* a2 was lifted meanwhile */
    scans(DEBOUNCE_SCANS);
    CHECK_STR(all_lines(), "");
    scans(1);
    CHECK_STR(all_lines(), "BOARD xxxxxxxxxxxxxxxx................................"
                           ".xxxxxxxxxxxxxxx");
}

static void a_board_powered_up_with_a_broken_chain_says_so_and_no_board_until_mended(void)
{
    chain_start_position(&chain);
    uint8_t good[CHAIN_BYTES];
    memcpy(good, chain.raw, sizeof good);
    memset(chain.raw, 0xFF, sizeof chain.raw);
    device_init(&dev, chain.raw);
    scans(50);
    CHECK_STR(all_lines(), "HELLO openpeg-64 1.0.0 occupancy | ERR sensor chain");
    host_send(&dev, "SCAN");
    scans(50);
    CHECK_STR(all_lines(), "ERR sensor chain");
    memcpy(chain.raw, good, sizeof good);
    scans(DEBOUNCE_SCANS + 1);
    CHECK_STR(all_lines(), START);
    chain_set_peg(&chain, 12, false);
    scans(DEBOUNCE_SCANS + 1);
    CHECK_STR(all_lines(), "UP e2");
}

int main(void)
{
    hello_and_board_at_power_up_hello_on_request();
    scan_ping_and_beep();
    a_move_is_reported_after_the_debounce_window();
    every_key_has_its_name();
    a_board_agrees_with_the_events_sent_before_it();
    several_pegs_at_once_are_all_reported();
    wrong_host_lines_are_answered_with_err();
    an_overflow_says_err_then_the_board_and_keeps_the_keys();
    a_broken_chain_is_said_and_the_board_follows_when_mended();
    a_board_powered_up_with_a_broken_chain_says_so_and_no_board_until_mended();
    return check_done("device");
}
