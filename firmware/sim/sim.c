/* The simulated board: see sim.h. */
#define _GNU_SOURCE
#include "sim.h"

#include <avr_ioport.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define BUZZER_PIN 1
#define BOUNCE_STEP_US 100

/* simavr's sleep callback has no parameter: the one simulation of this process. */
static sim_t *the_sim;

static uint64_t next_random(sim_t *s)
{
    uint64_t z = (s->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

avr_cycle_count_t sim_cycles(const sim_t *s, double ms)
{
    return (avr_cycle_count_t)(ms * s->avr->frequency / 1000.0 + 0.5);
}

double sim_ms(const sim_t *s, avr_cycle_count_t cycles)
{
    return (double)cycles * 1000.0 / s->avr->frequency;
}

static void log_to_stderr(avr_t *avr, const int level, const char *format, va_list ap)
{
    if (avr ? level <= avr->log : level <= LOG_ERROR) {
        vfprintf(stderr, format, ap);
    }
}

/* The CPU sleeps until its next timer: with pacing, wait for the wall clock to catch up. */
static void paced_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
    sim_t *s = the_sim;
    s->sleep_cycles += how_long;
    if (s->speed <= 0) {
        return;
    }
    double due_ns = (double)(avr->cycle + how_long - s->cycle_start) * 1e9 /
                    avr->frequency / s->speed;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed_ns = (double)(now.tv_sec - s->wall_start.tv_sec) * 1e9 +
                        (double)(now.tv_nsec - s->wall_start.tv_nsec);
    if (due_ns > elapsed_ns) {
        double wait = due_ns - elapsed_ns;
        struct timespec pause = {(time_t)(wait / 1e9), (long)((long long)wait % 1000000000LL)};
        nanosleep(&pause, NULL);
    }
}

/* Drives an input; a change of level is remembered as the input's last edge. */
static void apply_level(sim_t *s, int input, bool closed)
{
    if (sim_input(s, input) != closed) {
        s->last_edge[input] = s->avr->cycle;
    }
    if (input < SIM_SQUARES) {
        chain165_set_square(&s->chain, input, closed);
    } else {
        chain165_set_key(&s->chain, input - SIM_SQUARES, closed);
    }
}

/* Contact bounce: until the input settles it flips between the two levels, each level held
 * for a random time from 0.1 ms to half the bounce (at most 19 ms: never as long as the
 * debounce window, so a correct firmware reports none of it). */
static avr_cycle_count_t bounce_hold(sim_t *s)
{
    double max_ms = s->bounce_ms / 2.0;
    if (max_ms > 19.0) {
        max_ms = 19.0;
    }
    if (max_ms < 0.1) {
        max_ms = 0.1;
    }
    double u = (double)(next_random(s) >> 11) / 9007199254740992.0;
    return sim_cycles(s, 0.1 + u * (max_ms - 0.1));
}

static avr_cycle_count_t bounce_timer(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    sim_t *s = param;
    bool any = false;
    for (int i = 0; i < SIM_INPUTS; i++) {
        if (s->bounce_until[i] == 0) {
            continue;
        }
        if (avr->cycle >= s->bounce_until[i]) {
            s->bounce_until[i] = 0;
            apply_level(s, i, s->target[i]);
            s->settled_at[i] = s->last_edge[i]; /* the last bounce may already have settled */
        } else {
            if (avr->cycle >= s->bounce_next[i]) {
                apply_level(s, i, !sim_input(s, i));
                s->bounce_next[i] = avr->cycle + bounce_hold(s);
            }
            any = true;
        }
    }
    return any ? when + sim_cycles(s, BOUNCE_STEP_US / 1000.0) : 0;
}

static void on_buzzer_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    sim_t *s = param;
    /* The timer's toggles come with simavr's "output" flag, then again as the plain level:
     * count changes of the level only. */
    bool level = value & 1u;
    if (level == s->buzz_level) {
        return;
    }
    s->buzz_level = level;
    if (s->buzz_edges == 0) {
        s->buzz_first = s->avr->cycle;
    }
    s->buzz_last = s->avr->cycle;
    s->buzz_edges++;
}

/* A tone that has stopped for 5 ms is reported with its length and pitch. */
static void check_buzzer(sim_t *s)
{
    if (s->buzz_edges == 0 || s->avr->cycle - s->buzz_last < sim_cycles(s, 5)) {
        return;
    }
    double span = sim_ms(s, s->buzz_last - s->buzz_first);
    uint32_t halves = s->buzz_edges - 1;
    double hz = halves && span > 0 ? halves / (2.0 * span / 1000.0) : 0;
    double ms = hz > 0 ? span + 500.0 / hz : span;
    s->buzz_edges = 0;
    if (s->on_beep && halves >= 2) {
        s->on_beep(s->ctx, ms, hz);
    }
}

static avr_cycle_count_t poll_timer(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)avr;
    sim_t *s = param;
    serial_poll(&s->serial);
    check_buzzer(s);
    if (s->on_poll) {
        s->on_poll(s->ctx);
    }
    return when + sim_cycles(s, SIM_POLL_US / 1000.0);
}

static void start_timers(sim_t *s)
{
    avr_cycle_timer_register(s->avr, sim_cycles(s, SIM_POLL_US / 1000.0), poll_timer, s);
    for (int i = 0; i < SIM_INPUTS; i++) {
        if (s->bounce_until[i]) {
            avr_cycle_timer_register(s->avr, 1, bounce_timer, s);
            break;
        }
    }
    serial_after_reset(&s->serial);
}

int sim_init(sim_t *s, const char *elf_path, bool with_pty, double speed, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    the_sim = s;
    s->speed = speed;
    s->rng = seed;
    avr_global_logger_set(log_to_stderr);
    if (elf_read_firmware(elf_path, &s->firmware) != 0) {
        fprintf(stderr, "pegboard-sim: cannot read the firmware %s\n", elf_path);
        return -1;
    }
    s->avr = avr_make_mcu_by_name("atmega328p");
    if (!s->avr) {
        fprintf(stderr, "pegboard-sim: simavr has no atmega328p\n");
        return -1;
    }
    avr_init(s->avr);
    s->avr->log = LOG_ERROR;
    s->firmware.frequency = 16000000;
    avr_load_firmware(s->avr, &s->firmware);
    s->avr->frequency = 16000000;
    s->avr->sleep = paced_sleep;
    chain165_init(&s->chain, s->avr);
    if (serial_init(&s->serial, s->avr, with_pty) != 0) {
        fprintf(stderr, "pegboard-sim: cannot make a pseudo-terminal: %s\n", strerror(errno));
        return -1;
    }
    avr_irq_register_notify(avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ('B'), BUZZER_PIN),
                            on_buzzer_pin, s);
    start_timers(s);
    clock_gettime(CLOCK_MONOTONIC, &s->wall_start);
    s->cycle_start = s->avr->cycle;
    return 0;
}

bool sim_run_until(sim_t *s, avr_cycle_count_t cycle)
{
    while (s->avr->cycle < cycle) {
        if (s->reset_requested) {
            s->reset_requested = false;
            avr_reset(s->avr); /* also clears every cycle timer */
            start_timers(s);
        }
        int state = avr_run(s->avr);
        if (state == cpu_Done || state == cpu_Crashed) {
            fprintf(stderr, "pegboard-sim: the microcontroller stopped (state %d) at cycle %llu\n",
                    state, (unsigned long long)s->avr->cycle);
            return false;
        }
    }
    return true;
}

void sim_set_input(sim_t *s, int input, bool closed)
{
    if (input < 0 || input >= SIM_INPUTS) {
        return;
    }
    s->target[input] = closed;
    if (s->bounce_until[input] == 0 && sim_input(s, input) == closed) {
        return; /* no change */
    }
    int ms = s->bounce_ms > 0 ? (int)(next_random(s) % (uint64_t)(s->bounce_ms + 1)) : 0;
    if (ms == 0) {
        s->bounce_until[input] = 0;
        apply_level(s, input, closed);
        s->settled_at[input] = s->last_edge[input];
        return;
    }
    s->bounce_until[input] = s->avr->cycle + sim_cycles(s, ms);
    s->bounce_next[input] = s->avr->cycle; /* the first flip at once */
    if (avr_cycle_timer_status(s->avr, bounce_timer, s) == 0) {
        avr_cycle_timer_register(s->avr, 1, bounce_timer, s);
    }
}

bool sim_input(const sim_t *s, int input)
{
    if (input < SIM_SQUARES) {
        return chain165_square(&s->chain, input);
    }
    return !((s->chain.inputs[KEY_REGISTER] >> (input - SIM_SQUARES)) & 1);
}

void sim_reset(sim_t *s)
{
    /* Not from inside a cycle timer (simavr would go on walking the timers it just cleared):
     * between two instructions, in sim_run_until. */
    s->reset_requested = true;
}

void sim_close(sim_t *s)
{
    serial_close(&s->serial);
    if (s->avr) {
        avr_terminate(s->avr);
    }
}
