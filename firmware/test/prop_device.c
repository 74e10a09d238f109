/* Property test of the whole protocol device: random play on the holes and keys, with
 * contact bounce, simultaneous changes, sweeps of the whole board, random SCAN requests, and
 * a serial line of random speed (from a crawl to full speed) that limits how fast lines
 * leave, exactly as the firmware's main loop does. A host model reads the lines. Checked:
 *  - every line is framed and has a correct checksum;
 *  - every UP is for a hole the host believes full, every DOWN for one it believes empty,
 *    and every BOARD that answers a SCAN equals what the host believes: events and scans
 *    never contradict each other;
 *  - when the queue overflows, ERR queue overflow comes, then a BOARD, and the host takes the
 *    state from it; no other ERR ever comes;
 *  - no change is lost: once the board is still and the line idle, the host believes exactly
 *    the holes that are full, and it has heard every key press.
 *
 * Usage: prop_device [seed [cases]]. A failure prints the seed that reproduces it. */
#include <stdlib.h>

#include "board_model.h"
#include "check.h"
#include "rng.h"
#include "squares.h"

typedef struct {
    uint8_t believed[64];
    int keys_heard;
    int overflow_said;     /* ERR queue overflow seen, BOARD not yet */
    int overflows;
    int scan_asked;        /* a SCAN was sent and its BOARD has not come yet (SCANs sent
                              before the BOARD are answered by one BOARD) */
    char why[200];
} host_t;

static int square_of(const char *name)
{
    if (strlen(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8') {
        return -1;
    }
    return (name[1] - '1') * 8 + (name[0] - 'a');
}

/* Applies one line; returns 0 (with host->why) if it contradicts what came before. */
static int host_line(host_t *h, const char *line)
{
    if (strncmp(line, "UP ", 3) == 0 || strncmp(line, "DOWN ", 5) == 0) {
        int down = line[0] == 'D';
        int sq = square_of(line + (down ? 5 : 3));
        if (sq < 0 || h->believed[sq] == 2 || h->believed[sq] == down) {
            snprintf(h->why, sizeof h->why, "'%s' contradicts the host's board", line);
            return 0;
        }
        if (h->overflow_said) {
            snprintf(h->why, sizeof h->why, "'%s' between ERR queue overflow and BOARD", line);
            return 0;
        }
        h->believed[sq] = (uint8_t)down;
        return 1;
    }
    if (strncmp(line, "BOARD ", 6) == 0 && strlen(line) == 70) {
        uint8_t board[64];
        for (int i = 0; i < 64; i++) {
            char c = line[6 + i];
            if (c != 'x' && c != '.') {
                snprintf(h->why, sizeof h->why, "bad BOARD character '%c'", c);
                return 0;
            }
            board[(7 - i / 8) * 8 + i % 8] = c == 'x';
        }
        if (h->overflow_said) {
            h->overflow_said = 0; /* the resynchronising scan: take it */
            memcpy(h->believed, board, 64);
            h->scan_asked = 0;
            return 1;
        }
        if (!h->scan_asked) {
            snprintf(h->why, sizeof h->why, "a BOARD nobody asked for");
            return 0;
        }
        h->scan_asked = 0;
        if (h->believed[0] == 2) { /* the power-up BOARD */
            memcpy(h->believed, board, 64);
            return 1;
        }
        if (memcmp(board, h->believed, 64) != 0) {
            snprintf(h->why, sizeof h->why, "a BOARD that contradicts the events before it");
            return 0;
        }
        return 1;
    }
    if (strncmp(line, "KEY ", 4) == 0) {
        h->keys_heard++;
        return 1;
    }
    if (strcmp(line, "ERR queue overflow") == 0) {
        h->overflow_said = 1;
        h->overflows++;
        return 1;
    }
    if (strncmp(line, "HELLO ", 6) == 0) {
        return 1;
    }
    snprintf(h->why, sizeof h->why, "unexpected line '%s'", line);
    return 0;
}

/* One case; returns 1 if every property held. */
static int run_case(uint64_t seed)
{
    rng_t r = {seed};
    chain_model_t chain;
    chain_empty(&chain);
    for (uint8_t sq = 0; sq < 64; sq++) {
        chain_set_peg(&chain, sq, rng_chance(&r, 50));
    }
    device_t dev;
    device_init(&dev, chain.raw);
    host_t host;
    memset(&host, 0, sizeof host);
    /* The board says HELLO and BOARD at power-up; the host believes nothing before. */
    host.scan_asked = 1;
    memset(host.believed, 2, sizeof host.believed);
    /* Line speed in bytes a scan: 11 is 115200 baud at 1 kHz; slower lines overflow. */
    int line_rate = (int)rng_range(&r, 1, 11);
    int tx_size = 128, tx_used = 0;
    int scans = (int)rng_range(&r, 500, 4000);
    int presses = 0;
    /* Per square: scans left of bounce, and the level it settles to. */
    int bounce_left[64] = {0};
    uint8_t target[64];
    for (uint8_t sq = 0; sq < 64; sq++) {
        target[sq] = chain_peg(&chain, sq);
    }
    /* The "repeat" key: scans of press bounce, held, release bounce, then released. */
    int key_press_bounce = 0, key_held = 0, key_release_bounce = 0, key_released = 0;
    for (int t = 0; t < scans + 3000; t++) {
        int still = t >= scans;
        if (!still) {
            int what = (int)rng_range(&r, 0, 999);
            if (what < 30) { /* a peg moves (or several at once) */
                int n = what < 25 ? 1 : (int)rng_range(&r, 2, 8);
                for (int i = 0; i < n; i++) {
                    uint8_t sq = (uint8_t)rng_range(&r, 0, 63);
                    target[sq] = !target[sq];
                    bounce_left[sq] = (int)rng_range(&r, 0, DEBOUNCE_SCANS - 1);
                }
            } else if (what < 32) { /* the whole board changes at once */
                for (uint8_t sq = 0; sq < 64; sq++) {
                    if (rng_chance(&r, 70)) {
                        target[sq] = !target[sq];
                        bounce_left[sq] = (int)rng_range(&r, 0, 10);
                    }
                }
            } else if (what < 36 && key_press_bounce + key_held + key_release_bounce +
                                             key_released == 0) {
                key_press_bounce = (int)rng_range(&r, 0, 8);
                key_held = (int)rng_range(&r, DEBOUNCE_SCANS + 1, 200);
                key_release_bounce = (int)rng_range(&r, 0, 8);
                key_released = DEBOUNCE_SCANS + 1;
                presses++;
            } else if (what < 40) {
                host_send(&dev, "SCAN");
                host.scan_asked = 1;
            }
        }
        for (uint8_t sq = 0; sq < 64; sq++) {
            if (bounce_left[sq] > 0) {
                bounce_left[sq]--;
                chain_set_peg(&chain, sq, rng_chance(&r, 50));
            } else {
                chain_set_peg(&chain, sq, target[sq]);
            }
        }
        if (key_press_bounce > 0) {
            key_press_bounce--;
            chain_set_key(&chain, 2, rng_chance(&r, 50));
        } else if (key_held > 0) {
            key_held--;
            chain_set_key(&chain, 2, true);
        } else if (key_release_bounce > 0) {
            key_release_bounce--;
            chain_set_key(&chain, 2, rng_chance(&r, 50));
        } else if (key_released > 0) {
            key_released--;
            chain_set_key(&chain, 2, false);
        }
        device_scan(&dev, chain.raw);
        /* The main loop: send while a whole line fits, then the line drains. */
        while (tx_size - tx_used >= (int)OUT_LINE_BUF) {
            char text[OUT_LINE_BUF];
            uint8_t n = device_next_line(&dev, text);
            if (n == 0) {
                break;
            }
            tx_used += n;
            text[n - 1] = '\0';
            uint8_t len = (uint8_t)(n - 1);
            if (line_unframe(text, &len) != UNFRAME_CHECKED) {
                fprintf(stderr, "scan %d: line without a correct checksum: %s\n", t, text);
                return 0;
            }
            if (!host_line(&host, text)) {
                fprintf(stderr, "scan %d: %s\n", t, host.why);
                return 0;
            }
        }
        tx_used = tx_used > line_rate ? tx_used - line_rate : 0;
    }
    for (uint8_t sq = 0; sq < 64; sq++) {
        if (host.believed[sq] != chain_peg(&chain, sq)) {
            char name[3] = {0};
            square_name(sq, name);
            fprintf(stderr, "at the end the host believes %s %s\n", name,
                    host.believed[sq] ? "full" : "empty");
            return 0;
        }
    }
    if (host.keys_heard != presses) {
        fprintf(stderr, "%d key presses, %d heard\n", presses, host.keys_heard);
        return 0;
    }
    if (host.overflows != dev.overflows || host.overflow_said || host.scan_asked) {
        fprintf(stderr, "overflows %d said %d, resync pending %d, scans unanswered %d\n",
                dev.overflows, host.overflows, host.overflow_said, host.scan_asked);
        return 0;
    }
    return 1 + (host.overflows > 0);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 20240602u;
    long cases = argc > 2 ? strtol(argv[2], NULL, 0) : 400;
    rng_t seeds = {seed};
    long with_overflow = 0;
    for (long c = 0; c < cases; c++) {
        uint64_t case_seed = argc > 2 && cases == 1 ? seed : rng_next(&seeds);
        int result = run_case(case_seed);
        CHECK(result > 0);
        if (check_failed) {
            fprintf(stderr, "prop_device: case %ld failed; reproduce with: prop_device %llu 1\n",
                    c, (unsigned long long)case_seed);
            return 1;
        }
        with_overflow += result == 2;
    }
    printf("prop_device: %ld random games passed, %ld with a queue overflow (seed %llu)\n", cases,
           with_overflow, (unsigned long long)seed);
    /* The overflow path must have been exercised, or the test proves less than it says. */
    if (cases >= 100 && with_overflow == 0) {
        fprintf(stderr, "prop_device: no case overflowed the queue\n");
        return 1;
    }
    return 0;
}
