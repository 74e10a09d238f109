/* Checks and measurements in simulated time: see bench.h.
 *
 * The rig runs the firmware as fast as the host can (no pacing), plays the host on the UART
 * itself, and timestamps every byte the firmware writes to UDR. A line is "on the wire" when
 * its last byte has been shifted out: one byte time (10 bits at 115200 baud) after that
 * write. Latency is measured from the moment a switch settles (its last bounce) to that. */
#define _GNU_SOURCE
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/config.h" /* the firmware's DEBOUNCE_MS */
#include "sim.h"

#define MAX_LINES 8192

typedef struct {
    char text[96];               /* without "*HH\n" */
    avr_cycle_count_t first;     /* first byte written */
    avr_cycle_count_t end;       /* last byte on the wire */
    bool checksum_ok;
} wire_line_t;

typedef struct {
    sim_t sim;
    char partial[128];
    int partial_len;
    avr_cycle_count_t partial_first;
    wire_line_t lines[MAX_LINES];
    int n_lines;
    int read_upto;               /* lines already looked at by the checks */
    double beep_ms, beep_hz;
    int beeps;
} rig_t;

static rig_t rig;

static void tap(void *ctx, uint8_t byte, avr_cycle_count_t cycle)
{
    rig_t *r = ctx;
    if (r->partial_len == 0) {
        r->partial_first = cycle;
    }
    if (byte != '\n') {
        if (r->partial_len < (int)sizeof r->partial - 1) {
            r->partial[r->partial_len++] = (char)byte;
        }
        return;
    }
    r->partial[r->partial_len] = '\0';
    if (r->n_lines < MAX_LINES) {
        wire_line_t *l = &r->lines[r->n_lines++];
        int len = r->partial_len;
        uint8_t sum = 0;
        int star = len >= 3 && r->partial[len - 3] == '*' ? len - 3 : len;
        for (int i = 0; i < star; i++) {
            sum ^= (uint8_t)r->partial[i];
        }
        unsigned got = 0;
        l->checksum_ok = star < len && sscanf(r->partial + star + 1, "%2X", &got) == 1 && got == sum;
        memcpy(l->text, r->partial, (size_t)star);
        l->text[star] = '\0';
        l->first = r->partial_first;
        l->end = cycle + r->sim.serial.byte_cycles;
    }
    r->partial_len = 0;
}

static void on_beep(void *ctx, double ms, double hz)
{
    rig_t *r = ctx;
    r->beep_ms = ms;
    r->beep_hz = hz;
    r->beeps++;
}

static int rig_start(const char *elf, uint64_t seed)
{
    memset(&rig, 0, sizeof rig);
    if (sim_init(&rig.sim, elf, false, 0, seed) != 0) {
        return -1;
    }
    rig.sim.serial.tap = tap;
    rig.sim.serial.tap_ctx = &rig;
    rig.sim.on_beep = on_beep;
    rig.sim.ctx = &rig;
    for (int sq = 0; sq < 64; sq++) {
        sim_set_input(&rig.sim, sq, sq < 16 || sq >= 48);
    }
    return 0;
}

static avr_cycle_count_t now(void) { return rig.sim.avr->cycle; }
static avr_cycle_count_t ms(double v) { return sim_cycles(&rig.sim, v); }
static double to_ms(avr_cycle_count_t c) { return sim_ms(&rig.sim, c); }

static bool run_ms(double v)
{
    return sim_run_until(&rig.sim, now() + ms(v));
}

static void host_says(const char *text)
{
    rig.read_upto = rig.n_lines;
    serial_from_host(&rig.sim.serial, (const uint8_t *)text, strlen(text));
}

/* The lines since the last look, joined by " | ". */
static const char *new_lines(void)
{
    static char joined[8192];
    joined[0] = '\0';
    for (; rig.read_upto < rig.n_lines; rig.read_upto++) {
        if (joined[0]) {
            strcat(joined, " | ");
        }
        strncat(joined, rig.lines[rig.read_upto].text, sizeof joined - strlen(joined) - 4);
    }
    return joined;
}

static int square(const char *name)
{
    return (name[1] - '1') * 8 + (name[0] - 'a');
}

/* ---- self-test ---------------------------------------------------------------------- */

static int failures;

static void expect(bool ok, const char *what, const char *detail)
{
    printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what, detail && *detail ? ": " : "",
           detail ? detail : "");
    if (!ok) {
        failures++;
    }
}

static void expect_lines(const char *what, const char *want)
{
    const char *got = new_lines();
    char detail[600];
    if (strcmp(got, want) == 0) {
        snprintf(detail, sizeof detail, "%.500s", got);
        expect(true, what, detail);
    } else {
        snprintf(detail, sizeof detail, "got '%.250s', want '%.250s'", got, want);
        expect(false, what, detail);
    }
}

#define START_BOARD "BOARD xxxxxxxxxxxxxxxx................................xxxxxxxxxxxxxxxx"

int bench_self_test(const char *elf)
{
    if (rig_start(elf, 7) != 0) {
        return 1;
    }
    run_ms(20);
    bool framed = rig.n_lines == 2 && rig.lines[0].checksum_ok && rig.lines[1].checksum_ok &&
                  to_ms(rig.lines[0].end) < 10;
    expect_lines("HELLO and BOARD at power-up, HELLO within 10 ms",
                 "HELLO openpeg-64 1.0.0 occupancy | " START_BOARD);
    expect(framed, "every line carries a correct *HH checksum", NULL);

    host_says("SCAN\n");
    run_ms(20);
    expect_lines("SCAN is answered with the start position", START_BOARD);

    host_says("PING*10\n");
    run_ms(5);
    expect_lines("PING with a checksum is answered", "PONG");
    host_says("SCAN*00\nHELLO?\n");
    run_ms(10);
    expect_lines("a wrong checksum is answered with ERR", "ERR checksum | HELLO openpeg-64 1.0.0 occupancy");

    rig.sim.bounce_ms = 30;
    sim_set_input(&rig.sim, square("e2"), false);
    run_ms(100);
    expect_lines("a lift bouncing for up to 30 ms is one UP", "UP e2");

    rig.sim.bounce_ms = 0;
    sim_set_input(&rig.sim, square("f2"), false);
    run_ms(100);
    const wire_line_t *up = &rig.lines[rig.n_lines - 1];
    double latency = to_ms(up->end - rig.sim.settled_at[square("f2")]);
    expect_lines("a clean lift is one UP", "UP f2");
    char detail[160];
    snprintf(detail, sizeof detail, "%.2f ms from the switch to the line's end", latency);
    expect(latency >= DEBOUNCE_MS && latency <= DEBOUNCE_MS + 10,
           "UP is on the wire 20 ms after the switch, then within 10 ms", detail);

    sim_set_input(&rig.sim, square("d7"), false);
    run_ms(15);
    sim_set_input(&rig.sim, square("d7"), true);
    run_ms(100);
    expect_lines("a 15 ms lift (shorter than the debounce) is not reported", "");

    rig.sim.bounce_ms = 4;
    sim_set_input(&rig.sim, SIM_SQUARES + 0, true);
    run_ms(60);
    sim_set_input(&rig.sim, SIM_SQUARES + 0, false);
    run_ms(60);
    expect_lines("a bouncing key press is one KEY", "KEY clock");

    rig.sim.bounce_ms = 0; /* (with bounce, they come in the order they settle) */
    for (int sq = 48; sq < 64; sq++) {
        sim_set_input(&rig.sim, sq, false);
    }
    run_ms(100);
    expect_lines("16 pegs lifted at once are 16 UPs",
                 "UP a7 | UP b7 | UP c7 | UP d7 | UP e7 | UP f7 | UP g7 | UP h7 | "
                 "UP a8 | UP b8 | UP c8 | UP d8 | UP e8 | UP f8 | UP g8 | UP h8");

    host_says("BEEP 50\n");
    run_ms(80);
    snprintf(detail, sizeof detail, "%.1f ms at %.0f Hz", rig.beep_ms, rig.beep_hz);
    expect(rig.beeps == 1 && fabs(rig.beep_ms - 50) <= 2 && fabs(rig.beep_hz - 2000) <= 20,
           "BEEP 50 sounds the buzzer for 50 ms at 2 kHz", detail);
    host_says("BEEP loud\n");
    run_ms(10);
    expect_lines("BEEP with a bad argument is answered with ERR", "ERR bad arguments to BEEP");

    chain165_set_broken(&rig.sim.chain, true);
    run_ms(50);
    expect_lines("a cut data wire is said", "ERR sensor chain");
    sim_set_input(&rig.sim, square("a1"), false);
    chain165_set_broken(&rig.sim.chain, false);
    run_ms(50);
    expect_lines("when mended, a BOARD tells the board as it is",
                 "BOARD ................................................xxxx..xx.xxxxxxx");

    sim_reset(&rig.sim);
    run_ms(20);
    expect_lines("after a reset it says HELLO and BOARD again",
                 "HELLO openpeg-64 1.0.0 occupancy | "
                 "BOARD ................................................xxxx..xx.xxxxxxx");

    avr_cycle_count_t from = now();
    uint64_t loads = rig.sim.chain.loads;
    run_ms(1000);
    double hz = (double)(rig.sim.chain.loads - loads) / to_ms(now() - from) * 1000.0;
    snprintf(detail, sizeof detail, "%.1f Hz", hz);
    expect(hz >= 200, "the whole chain is scanned at 200 Hz or more", detail);

    printf("%s: %d check%s failed\n", failures ? "FAILED" : "self-test passed", failures,
           failures == 1 ? "" : "s");
    sim_close(&rig.sim);
    return failures ? 1 : 0;
}

/* ---- benchmark ---------------------------------------------------------------------- */

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct {
    double min, median, p95, max;
} spread_t;

static spread_t spread(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_double);
    spread_t s = {v[0], v[n / 2], v[(int)(n * 0.95)], v[n - 1]};
    return s;
}

/* The index of the first line at or after 'from' whose text is 'text', or -1. */
static int find_line(int from, const char *text)
{
    for (int i = from; i < rig.n_lines; i++) {
        if (strcmp(rig.lines[i].text, text) == 0) {
            return i;
        }
    }
    return -1;
}

static uint64_t bench_rng = 12345;
static double uniform(void)
{
    bench_rng = bench_rng * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(bench_rng >> 11) / 9007199254740992.0;
}

int bench_run(const char *elf)
{
    if (rig_start(elf, 11) != 0) {
        return 1;
    }
    run_ms(100);
    rig.read_upto = rig.n_lines;
    double cycles_per_ms = (double)ms(1);

    /* Scan rate, scan length and CPU load, idle board, 10 s. */
    avr_cycle_count_t from = now(), slept = rig.sim.sleep_cycles;
    uint64_t loads = rig.sim.chain.loads;
    run_ms(10000);
    double seconds = to_ms(now() - from) / 1000.0;
    double scan_hz = (double)(rig.sim.chain.loads - loads) / seconds;
    double idle_load = 1.0 - (double)(rig.sim.sleep_cycles - slept) / (double)(now() - from);
    avr_cycle_count_t scan_len = rig.sim.chain.last_clock_cycle - rig.sim.chain.load_cycle;

    /* Single changes at random moments against the scan tick: clean edges, then edges
     * after 0..5 ms of bounce (random levels every 0.1 ms). From the switch's last edge to
     * its line. */
    spread_t clean_end = {0}, clean_first = {0}, bouncy_end = {0};
    int measured = 0;
    for (int pass = 0; pass < 2; pass++) {
        enum { SINGLES = 400 };
        static double to_end[SINGLES], to_first[SINGLES];
        rig.sim.bounce_ms = pass == 0 ? 0 : 5;
        for (int i = 0; i < SINGLES; i++) {
            run_ms(uniform() * 3.0);
            int sq = (int)(uniform() * 64);
            bool full = !sim_input(&rig.sim, sq);
            int from_line = rig.n_lines;
            sim_set_input(&rig.sim, sq, full);
            run_ms(60);
            char text[16];
            snprintf(text, sizeof text, "%s %c%c", full ? "DOWN" : "UP", 'a' + sq % 8,
                     '1' + sq / 8);
            int at = find_line(from_line, text);
            if (at < 0 || rig.n_lines != from_line + 1) {
                fprintf(stderr, "bench: change %d (%s) not reported once\n", i, text);
                return 1;
            }
            avr_cycle_count_t settled = rig.sim.settled_at[sq];
            to_end[i] = to_ms(rig.lines[at].end - settled);
            to_first[i] = to_ms(rig.lines[at].first - settled);
        }
        measured = SINGLES;
        if (pass == 0) {
            clean_end = spread(to_end, SINGLES);
            clean_first = spread(to_first, SINGLES);
        } else {
            bouncy_end = spread(to_end, SINGLES);
        }
    }
    rig.sim.bounce_ms = 0;

    /* Pegs changing at once: settle to the last line on the wire. */
    int sizes[] = {2, 4, 8, 16, 32, 64};
    double burst_ms[6];
    for (int k = 0; k < 6; k++) {
        run_ms(uniform() * 3.0);
        int from_line = rig.n_lines;
        for (int i = 0; i < sizes[k]; i++) {
            int sq = sizes[k] == 64 ? i : (i * 67 + k * 13) % 64;
            sim_set_input(&rig.sim, sq, !sim_input(&rig.sim, sq));
        }
        avr_cycle_count_t settled = now();
        run_ms(200);
        if (rig.n_lines - from_line != sizes[k]) {
            fprintf(stderr, "bench: %d changes at once gave %d lines\n", sizes[k],
                    rig.n_lines - from_line);
            return 1;
        }
        burst_ms[k] = to_ms(rig.lines[rig.n_lines - 1].end - settled);
    }

    /* PING to PONG: from the end of "PING\n" on the wire to the end of "PONG*HH\n". */
    double ping[50];
    for (int i = 0; i < 50; i++) {
        run_ms(uniform() * 2.0);
        int from_line = rig.n_lines;
        host_says("PING\n");
        avr_cycle_count_t sent = now() + 5 * rig.sim.serial.byte_cycles;
        run_ms(10);
        int at = find_line(from_line, "PONG");
        if (at < 0) {
            fprintf(stderr, "bench: no PONG\n");
            return 1;
        }
        ping[i] = to_ms(rig.lines[at].end - sent);
    }
    spread_t pong = spread(ping, 50);

    /* CPU load while 8 pegs move every 25 ms for 2 s. */
    from = now();
    slept = rig.sim.sleep_cycles;
    for (int t = 0; t < 80; t++) {
        for (int i = 0; i < 8; i++) {
            int sq = (t * 8 + i) % 64;
            sim_set_input(&rig.sim, sq, !sim_input(&rig.sim, sq));
        }
        run_ms(25);
    }
    double busy_load = 1.0 - (double)(rig.sim.sleep_cycles - slept) / (double)(now() - from);

    /* Stack: the deepest the stack went, from the paint the firmware put on free RAM. */
    avr_t *avr = rig.sim.avr;
    unsigned heap_start = 0x100 + rig.sim.firmware.datasize + rig.sim.firmware.bsssize;
    unsigned lowest = avr->ramend + 1;
    for (unsigned a = heap_start; a <= avr->ramend; a++) {
        if (avr->data[a] != 0xC5) {
            lowest = a;
            break;
        }
    }
    unsigned stack_peak = avr->ramend + 1 - lowest;
    unsigned static_ram = rig.sim.firmware.datasize + rig.sim.firmware.bsssize;

    printf("| measure (simulated ATmega328P, 16 MHz) | figure |\n|---|---|\n");
    printf("| scan rate of the whole chain (72 inputs), idle, over %.0f s | %.1f Hz |\n", seconds,
           scan_hz);
    printf("| one scan (PL pulse to the 72nd clock) | %llu cycles = %.1f us |\n",
           (unsigned long long)scan_len, scan_len / cycles_per_ms * 1000.0);
    printf("| switch changed -> last byte of its line on the wire (%d clean changes, any phase) "
           "| min %.2f / median %.2f / p95 %.2f / max %.2f ms (max %.0f cycles) |\n",
           measured, clean_end.min, clean_end.median, clean_end.p95, clean_end.max,
           clean_end.max * cycles_per_ms);
    printf("| ... less the %u ms debounce: from stable to on the wire "
           "| min %.2f / median %.2f / max %.2f ms (max %.0f cycles) |\n",
           DEBOUNCE_MS, clean_end.min - DEBOUNCE_MS,
           clean_end.median - DEBOUNCE_MS, clean_end.max - DEBOUNCE_MS,
           (clean_end.max - DEBOUNCE_MS) * cycles_per_ms);
    printf("| switch changed -> first byte of its line | min %.2f / median %.2f / max %.2f ms "
           "(max %.0f cycles) |\n",
           clean_first.min, clean_first.median, clean_first.max, clean_first.max * cycles_per_ms);
    printf("| last bounce -> last byte of its line (%d changes bouncing 0-5 ms) "
           "| min %.2f / median %.2f / max %.2f ms |\n",
           measured, bouncy_end.min, bouncy_end.median, bouncy_end.max);
    for (int k = 0; k < 6; k++) {
        printf("| %d pegs changing at once -> last of their lines on the wire | %.1f ms |\n",
               sizes[k], burst_ms[k]);
    }
    printf("| PING on the wire -> PONG on the wire | median %.2f / max %.2f ms |\n", pong.median,
           pong.max);
    printf("| CPU busy, idle board | %.1f %% |\n", idle_load * 100.0);
    printf("| CPU busy, 8 pegs moving every 25 ms | %.1f %% |\n", busy_load * 100.0);
    printf("| RAM: static (.data + .bss) + deepest stack seen | %u + %u = %u of 2048 bytes |\n",
           static_ram, stack_peak, static_ram + stack_peak);
    sim_close(&rig.sim);
    return 0;
}
