/* The debouncer's timing, scan by scan. */
#include "check.h"
#include "debounce.h"

static uint8_t sample[CHAIN_BYTES];
static uint8_t changed[CHAIN_BYTES];

static void set(uint8_t input, int level)
{
    if (level) {
        sample[input / 8] |= (uint8_t)(1u << (input % 8));
    } else {
        sample[input / 8] &= (uint8_t)~(1u << (input % 8));
    }
}

static int stable(const debounce_t *d, uint8_t input)
{
    return (d->stable[input / 8] >> (input % 8)) & 1;
}

static void a_change_is_accepted_after_exactly_debounce_scans(void)
{
    debounce_t d;
    memset(sample, 0, sizeof sample);
    debounce_init(&d, sample);
    set(12, 1);
    /* The scan that first sees it, then DEBOUNCE_SCANS more: accepted on the last. */
    for (unsigned i = 0; i < DEBOUNCE_SCANS; i++) {
        CHECK(debounce_step(&d, sample, changed) == 0);
        CHECK(stable(&d, 12) == 0);
    }
    CHECK(debounce_step(&d, sample, changed) != 0);
    CHECK(changed[1] == (1u << 4));
    CHECK(stable(&d, 12) == 1);
    /* Reported once. */
    for (int i = 0; i < 50; i++) {
        CHECK(debounce_step(&d, sample, changed) == 0);
    }
}

static void a_glitch_shorter_than_the_window_is_never_reported(void)
{
    debounce_t d;
    memset(sample, 0xFF, sizeof sample);
    debounce_init(&d, sample);
    set(70, 0);
    for (unsigned i = 0; i < DEBOUNCE_SCANS; i++) { /* seen in DEBOUNCE_SCANS scans only */
        CHECK(debounce_step(&d, sample, changed) == 0);
    }
    set(70, 1);
    for (int i = 0; i < 100; i++) {
        CHECK(debounce_step(&d, sample, changed) == 0);
    }
    CHECK(stable(&d, 70) == 1);
}

static void bounce_restarts_the_window(void)
{
    debounce_t d;
    memset(sample, 0, sizeof sample);
    debounce_init(&d, sample);
    int flips = 0;
    /* Bounces every 7 scans for 10 times, then stays high. */
    for (int i = 0; i < 70; i++) {
        set(0, (i / 7) % 2 == 0);
        flips += debounce_step(&d, sample, changed) != 0;
    }
    CHECK(flips == 0);
    set(0, 1);
    for (int i = 0; i < 30; i++) {
        flips += debounce_step(&d, sample, changed) != 0;
    }
    CHECK(flips == 1);
    CHECK(stable(&d, 0) == 1);
}

static void many_inputs_change_in_the_same_scan(void)
{
    debounce_t d;
    memset(sample, 0, sizeof sample);
    debounce_init(&d, sample);
    memset(sample, 0xFF, sizeof sample);
    for (unsigned i = 0; i < DEBOUNCE_SCANS; i++) {
        debounce_step(&d, sample, changed);
    }
    CHECK(debounce_step(&d, sample, changed) != 0);
    for (unsigned i = 0; i < CHAIN_BYTES; i++) {
        CHECK(changed[i] == 0xFF);
        CHECK(d.stable[i] == 0xFF);
    }
}

int main(void)
{
    a_change_is_accepted_after_exactly_debounce_scans();
    a_glitch_shorter_than_the_window_is_never_reported();
    bounce_restarts_the_window();
    many_inputs_change_in_the_same_scan();
    return check_done("debounce");
}
