/* pegboard-sim: the OpenPeg 64 firmware on a simulated ATmega328P (simavr), with its switches,
 * keys and buzzer, and its serial line on a pseudo-terminal.
 *
 *   pegboard-sim [--speed X] [--bounce MS] [--seed N] [--board start|empty|<64>]
 *                [--link PATH] FIRMWARE.elf
 *       Prints the pseudo-terminal's path as its first line, then takes the commands of
 *       script.h on standard input (UP e2, DOWN e4, KEY clock, WAIT 50, ...) and prints
 *       "BEEP <ms> ms <hz> Hz" when the buzzer sounded and "SYNC ..." when asked. Ends
 *       cleanly on end of input (after the last change has been sent) or on SIGINT/SIGTERM.
 *   pegboard-sim --self-test FIRMWARE.elf    checks of the firmware in simulated time
 *   pegboard-sim --bench FIRMWARE.elf        scan rate, latency, load, stack, measured
 *
 * --speed: simulated seconds per wall-clock second (1: real time, the default; 0: as fast as
 * the host can). The firmware's timing is always exact in simulated time. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "script.h"
#include "sim.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

typedef struct {
    sim_t sim;
    script_t script;
    char line[512];
    size_t line_len;
    long lineno;
    bool input_ended;
} app_t;

static void on_beep(void *ctx, double ms, double hz)
{
    (void)ctx;
    printf("BEEP %.0f ms %.0f Hz\n", ms, hz);
    fflush(stdout);
}

/* Reads what standard input has, without blocking, and queues its lines. */
static void read_stdin(app_t *a)
{
    if (a->input_ended) {
        return;
    }
    char buf[1024];
    for (;;) {
        ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
        if (n == 0) {
            a->input_ended = true;
            if (a->line_len > 0) { /* a last line without "\n" */
                a->line[a->line_len] = '\0';
                script_line(&a->script, a->line, ++a->lineno);
                a->line_len = 0;
            }
            return;
        }
        if (n < 0) {
            if (errno != EAGAIN && errno != EINTR) {
                a->input_ended = true;
            }
            return;
        }
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n') {
                a->line[a->line_len] = '\0';
                script_line(&a->script, a->line, ++a->lineno);
                a->line_len = 0;
            } else if (a->line_len < sizeof a->line - 1) {
                a->line[a->line_len++] = buf[i];
            }
        }
    }
}

static void on_poll(void *ctx)
{
    app_t *a = ctx;
    read_stdin(a);
    script_step(&a->script);
}

static int usage(void)
{
    fprintf(stderr,
            "usage: pegboard-sim [--speed X] [--bounce MS] [--seed N] [--board start|empty|<64 cells>]\n"
            "                    [--link PATH] FIRMWARE.elf\n"
            "       pegboard-sim --self-test FIRMWARE.elf\n"
            "       pegboard-sim --bench FIRMWARE.elf\n");
    return 2;
}

int main(int argc, char **argv)
{
    double speed = 1.0;
    int bounce = 0;
    unsigned long long seed = 1;
    const char *board = "start", *link = NULL, *elf = NULL;
    int mode = 0; /* 0 interactive, 1 self-test, 2 bench */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--self-test")) {
            mode = 1;
        } else if (!strcmp(a, "--bench")) {
            mode = 2;
        } else if (!strcmp(a, "--speed") && v) {
            char *end;
            speed = strtod(v, &end);
            if (*end || speed < 0) {
                fprintf(stderr, "pegboard-sim: --speed wants a number >= 0, not '%s'\n", v);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--bounce") && v) {
            bounce = atoi(v);
            i++;
        } else if (!strcmp(a, "--seed") && v) {
            seed = strtoull(v, NULL, 0);
            i++;
        } else if (!strcmp(a, "--board") && v) {
            board = v;
            i++;
        } else if (!strcmp(a, "--link") && v) {
            link = v;
            i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "pegboard-sim: unknown option %s\n", a);
            return usage();
        } else if (!elf) {
            elf = a;
        } else {
            return usage();
        }
    }
    if (!elf) {
        return usage();
    }
    if (mode == 1) {
        return bench_self_test(elf);
    }
    if (mode == 2) {
        return bench_run(elf);
    }

    static app_t app;
    bool full[64];
    if (!script_parse_cells(board, full)) {
        fprintf(stderr, "pegboard-sim: --board wants start, empty or 64 cells ('.' or 'x')\n");
        return 2;
    }
    if (sim_init(&app.sim, elf, true, speed, seed) != 0) {
        return 1;
    }
    for (int sq = 0; sq < 64; sq++) {
        sim_set_input(&app.sim, sq, full[sq]);
    }
    app.sim.bounce_ms = bounce;
    app.sim.on_beep = on_beep;
    app.sim.on_poll = on_poll;
    app.sim.ctx = &app;
    script_init(&app.script, &app.sim, stdout);
    fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    if (link) {
        unlink(link);
        if (symlink(app.sim.serial.path, link) != 0) {
            fprintf(stderr, "pegboard-sim: cannot make the link %s: %s\n", link, strerror(errno));
            return 1;
        }
    }
    printf("%s\n", app.sim.serial.path);
    fflush(stdout);

    /* Run until input ends and everything it asked for has happened and been sent. */
    avr_cycle_count_t step = sim_cycles(&app.sim, 1);
    avr_cycle_count_t end_at = 0;
    int status = 0;
    while (!stop_requested) {
        if (!sim_run_until(&app.sim, app.sim.avr->cycle + step)) {
            status = 1;
            break;
        }
        if (app.input_ended && script_idle(&app.script)) {
            /* The last change settles, is debounced and sent: 100 ms and the bounce. */
            if (end_at == 0) {
                end_at = app.sim.avr->cycle + sim_cycles(&app.sim, 100 + app.sim.bounce_ms);
            } else if (app.sim.avr->cycle >= end_at) {
                break;
            }
        }
    }
    serial_flush(&app.sim.serial, 1000);
    if (app.sim.serial.dropped) {
        fprintf(stderr, "pegboard-sim: %llu bytes were lost: nobody read the serial line\n",
                (unsigned long long)app.sim.serial.dropped);
    }
    if (link) {
        unlink(link);
    }
    sim_close(&app.sim);
    return status;
}
